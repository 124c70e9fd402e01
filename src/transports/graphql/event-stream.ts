import { AppError, errorStatus, type ErrorCode } from "../../domain/errors.js";
import type { GenerationEventMessage } from "../../infra/events/bus.js";
import { requestState, setRequestState } from "../http/request-state.js";
import { parseSse } from "../http/sse.js";

const subscription = `subscription GenerationEvents($id: ID!, $after: Int) {
  generationEvents(id: $id, after: $after) { seq type data }
}`;

/**
 * A generation's events, obtained by executing `Subscription.generationEvents` through the
 * graphql-sse handler in this process: the REST streams are the GraphQL subscription, re-framed.
 * The caller's identity is the outer request's (the same request state).
 */
export function createEventStreamer(graphqlSse: (request: Request) => Promise<Response>) {
  return async function* streamEvents(outer: Request, id: string, after: number): AsyncGenerator<GenerationEventMessage> {
    const controller = new AbortController();
    const inner = new Request(new URL("/graphql/stream", outer.url), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ query: subscription, variables: { id, after } }),
      signal: controller.signal,
    });
    setRequestState(inner, requestState(outer));
    try {
      const response = await graphqlSse(inner);
      if (!response.ok || !response.body) throw new AppError("internal_error", `graphql-sse answered ${response.status}`);
      for await (const message of parseSse(response.body)) {
        if (message.event === "complete") return;
        if (message.event !== "next") continue;
        const result = JSON.parse(message.data) as {
          data?: { generationEvents?: { seq: number; type: string; data: Record<string, unknown> } } | null;
          errors?: { message: string; extensions?: { code?: string } }[];
        };
        const error = result.errors?.[0];
        if (error) {
          const code = (error.extensions?.code ?? "internal_error") as ErrorCode;
          throw new AppError(code in errorStatus ? code : "internal_error", error.message);
        }
        const event = result.data?.generationEvents;
        if (event) yield { generationId: id, ...event };
      }
    } finally {
      controller.abort(); // ends the subscription (unsubscribes from the bus)
    }
  };
}

export type EventStreamer = ReturnType<typeof createEventStreamer>;
