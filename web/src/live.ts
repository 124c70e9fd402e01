import { createClient } from "graphql-sse";
import { ApiError, errorMessage, type GraphQLErrorShape } from "./api";
import { eventFields, type GenerationEvent } from "./contract";
import { fields } from "./selection";

// Live progress: the generationEvents subscription over graphql-sse (distinct connections mode:
// one POST with Accept: text/event-stream per subscription).

const sse = createClient({ url: "/graphql/stream", credentials: "same-origin", retryAttempts: 3 });

const terminal = new Set(["generation.completed", "generation.failed"]);

export interface Follow {
  /** Every event once, in order (a reconnection resumes after the last one seen). */
  onEvent(event: GenerationEvent): void;
  onError(error: ApiError): void;
}

/**
 * Follows a generation until its completed or failed event. A stream that ends early (the
 * server restarting sends stream.closed) is resumed after the last event seen. Returns a stop function.
 */
export function followGeneration(id: string, sink: Follow): () => void {
  let lastSeq = 0;
  let stopped = false;
  let done = false;
  let resumes = 0;
  let dispose: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    dispose = sse.subscribe<{ generationEvents: GenerationEvent }>(
      {
        query: `subscription Follow($id: ID!, $after: Int) { generationEvents(id: $id, after: $after) { ${fields(eventFields)} } }`,
        variables: { id, after: lastSeq },
      },
      {
        next(result) {
          if (stopped) return;
          const first = result.errors?.[0] as GraphQLErrorShape | undefined;
          if (first) {
            done = true;
            sink.onError(new ApiError(first.message, first.extensions?.code ?? "graphql_error", undefined, first.extensions?.details ?? {}));
            return;
          }
          const event = result.data?.generationEvents;
          if (!event || event.seq <= lastSeq) return;
          lastSeq = event.seq;
          resumes = 0;
          if (terminal.has(event.type)) done = true;
          sink.onEvent(event);
        },
        error(error) {
          if (stopped || done) return;
          done = true;
          sink.onError(error instanceof ApiError ? error : new ApiError(errorMessage(error) || "The progress stream failed.", "stream_error", undefined));
        },
        complete() {
          if (stopped || done) return;
          // Ended without a final event: resume where we stood.
          if (resumes++ < 5) timer = setTimeout(open, 500 * resumes);
          else sink.onError(new ApiError("Lost the progress stream. The generation goes on: find it in History.", "stream_error", undefined));
        },
      },
    );
  };
  open();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    dispose?.();
  };
}

/** An event of a kit's stream: an item's generation event (naming the item), or kit.completed carrying the kit. */
export interface KitStreamEvent {
  seq: number;
  type: string;
  item: string | null;
  data: Record<string, unknown>;
}

/**
 * Follows a kit (the kitEvents subscription) until its kit.completed, whose data is the kit as GET
 * /api/v1/kits/:id answers it. When the stream fails, the caller reads the kit instead. Returns a stop function.
 */
export function followKit(id: string, sink: { onEvent(event: KitStreamEvent): void; onDone(kit: unknown): void; onError(error: ApiError): void }): () => void {
  let stopped = false;
  let done = false;
  const dispose = sse.subscribe<{ kitEvents: KitStreamEvent }>(
    { query: "subscription FollowKit($id: ID!) { kitEvents(id: $id) { seq type item data } }", variables: { id } },
    {
      next(result) {
        if (stopped || done) return;
        const first = result.errors?.[0] as GraphQLErrorShape | undefined;
        if (first) {
          done = true;
          sink.onError(new ApiError(first.message, first.extensions?.code ?? "graphql_error", undefined, first.extensions?.details ?? {}));
          return;
        }
        const event = result.data?.kitEvents;
        if (!event) return;
        if (event.type === "kit.completed") {
          done = true;
          sink.onDone(event.data);
        } else sink.onEvent(event);
      },
      error(error) {
        if (stopped || done) return;
        done = true;
        sink.onError(error instanceof ApiError ? error : new ApiError(errorMessage(error) || "The kit's stream failed.", "stream_error", undefined));
      },
      complete() {
        if (stopped || done) return;
        done = true;
        sink.onError(new ApiError("The kit's stream ended early.", "stream_error", undefined));
      },
    },
  );
  return () => {
    stopped = true;
    dispose();
  };
}
