import { FastResponse } from "srvx";
import { classify, errorObject } from "../../contract/render.js";
import { onAbort } from "../../domain/abort.js";
import type { Logger } from "../../infra/logger.js";

export interface SseEvent {
  event: string;
  id?: string | number;
  data: unknown;
}

export interface SseOptions {
  headers?: Record<string, string>;
  status?: number;
  /** Aborted when the server shuts down: the stream ends with `stream.closed` (reason `shutdown`). */
  closing?: AbortSignal;
  /** Quoted in a `stream.closed` event that reports an error. */
  requestId: string;
  /** Where an unexpected error of the events is logged. */
  logger: Logger;
}

/** How often an open stream gets a `: keep-alive` comment (the contract: at least every 15 s). */
export const keepAliveMs = 15_000;

/** The headers of every event stream. */
export const sseHeaders: Readonly<Record<string, string>> = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  "x-accel-buffering": "no",
};

/** The first bytes of every event stream, sent with the headers. */
export const streamOpen = ": stream open\n\n";

/** The final event of a stream the server ends (shutdown, or the events failed): the client resumes with Last-Event-ID. */
export function closedEvent(data: Record<string, unknown>, lastId: string | number | undefined): string {
  return `retry: 1000\n${formatEvent({ event: "stream.closed", data: { ...data, lastEventId: lastId ?? null, retryable: true } })}`;
}

/**
 * An event stream answer: a Response (srvx's FastResponse, the class h3 answers with, so h3 passes
 * it on as it is) that carries its events instead of a body. Each entry writes them its own way:
 * the Node entry straight to Node's response (sse-node.ts: no fetch Response, ReadableStream or
 * timer per stream), the fetch entry as a ReadableStream (`streamedResponse` below). Either way a
 * `: keep-alive` comment goes out every 15 s; when the client goes away the events end at once
 * (which unsubscribes; a generation goes on without its watcher); the stream ends with a
 * `stream.closed` event when the server shuts down (`reason: "shutdown"`) or when reading the
 * events fails (`reason: "error"`, with the contract's error object): the client resumes with
 * Last-Event-ID.
 */
export class EventStreamResponse extends FastResponse {
  readonly events: AsyncIterator<SseEvent>;
  constructor(
    events: AsyncIterable<SseEvent>,
    readonly options: SseOptions,
  ) {
    super(null, { status: options.status ?? 200, headers: { ...sseHeaders, ...options.headers } });
    this.events = events[Symbol.asyncIterator]();
  }
}

export function sseResponse(events: AsyncIterable<SseEvent>, options: SseOptions): EventStreamResponse {
  return new EventStreamResponse(events, options);
}

/**
 * The fetch entry's Response for an event stream: its events as a ReadableStream. `signal` is the
 * caller's request's: aborted when the client goes away, which ends the events at once (not at the
 * next write).
 */
export function streamedResponse(response: EventStreamResponse, signal?: AbortSignal): Response {
  const { events: iterator, options } = response;
  const encoder = new TextEncoder();
  let keepAlive: NodeJS.Timeout | undefined;
  let lastId: string | number | undefined;
  let onClosing: (() => void) | undefined;
  const closing = new Promise<"closing">((resolve) => (onClosing = () => resolve("closing")));
  const stopListening = onAbort(options.closing, () => onClosing?.());
  let ended = false;
  const cleanup = () => {
    ended = true;
    clearInterval(keepAlive);
    stopListening();
    stopWatchingClient();
  };
  const stopWatchingClient = onAbort(signal, () => {
    if (ended) return;
    cleanup();
    void iterator.return?.(undefined);
  });
  const closed = (data: Record<string, unknown>) => encoder.encode(closedEvent(data, lastId));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(streamOpen));
      keepAlive = setInterval(() => {
        try {
          controller.enqueue(encoder.encode(": keep-alive\n\n"));
        } catch {
          cleanup();
        }
      }, keepAliveMs);
    },
    async pull(controller) {
      try {
        const next = await Promise.race([iterator.next(), closing]);
        // The client went away (or the body was canceled) while we waited: the stream is closed already.
        if (ended) return;
        if (next === "closing") {
          cleanup();
          controller.enqueue(closed({ reason: "shutdown" }));
          controller.close();
          void iterator.return?.(undefined);
          return;
        }
        if (next.done) {
          cleanup();
          controller.close();
          return;
        }
        lastId = next.value.id;
        controller.enqueue(encoder.encode(formatEvent(next.value)));
      } catch (error) {
        if (ended) return;
        cleanup();
        controller.enqueue(closed({ reason: "error", error: errorObject(classify(error, options.logger), options.requestId) }));
        controller.close();
      }
    },
    async cancel() {
      cleanup();
      await iterator.return?.(undefined);
    },
  });
  return new Response(stream, { status: response.status, headers: response.headers });
}

export function formatEvent(e: SseEvent): string {
  return `event: ${e.event}\n${e.id === undefined ? "" : `id: ${e.id}\n`}data: ${JSON.stringify(e.data)}\n\n`;
}

/**
 * `source`'s items as SSE events, ending after the first item `last` accepts. Unlike an async
 * generator (whose `return()` waits until its body reaches a `yield`), ending this iterator ends
 * `source` at once: a client that goes away frees what the source holds immediately.
 */
export function frameEvents<T>(source: AsyncIterator<T>, frame: (item: T) => SseEvent, last: (item: T) => boolean): AsyncIterableIterator<SseEvent> {
  let finished = false;
  const iterator: AsyncIterableIterator<SseEvent> = {
    async next() {
      if (finished) return { done: true, value: undefined };
      const step = await source.next();
      if (step.done) {
        finished = true;
        return { done: true, value: undefined };
      }
      if (last(step.value)) {
        finished = true;
        void source.return?.(undefined);
      }
      return { done: false, value: frame(step.value) };
    },
    async return() {
      finished = true;
      await source.return?.(undefined);
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
