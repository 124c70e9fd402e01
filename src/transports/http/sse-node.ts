import type { ServerResponse } from "node:http";
import { classify, errorObject } from "../../contract/render.js";
import { onAbort } from "../../domain/abort.js";
import { closedEvent, formatEvent, keepAliveMs, streamOpen, type EventStreamResponse } from "./sse.js";

/**
 * Event streams written straight to Node's response: how the Node entry (node-front.ts) writes an
 * `EventStreamResponse` (sse.ts), the same wire format as the fetch entry's ReadableStream without
 * a fetch Response, ReadableStream, reader or per-stream timer. An open stream holds only its
 * socket, the events' iterator and a few closures, so ten thousand of them fit in one process
 * (bench (e)).
 */

/** Every open stream, for the ONE keep-alive timer they share (instead of one interval each). */
const open = new Set<ServerResponse>();
let ticker: NodeJS.Timeout | undefined;

function keepAlive(): void {
  for (const res of open) {
    // A stream whose client does not read keeps its backlog; a comment would only add to it.
    if (!res.writableNeedDrain) res.write(": keep-alive\n\n");
  }
}

function track(res: ServerResponse): void {
  open.add(res);
  ticker ??= setInterval(keepAlive, keepAliveMs).unref();
}

function untrack(res: ServerResponse): void {
  open.delete(res);
  if (open.size === 0 && ticker) {
    clearInterval(ticker);
    ticker = undefined;
  }
}

/** Open Node event streams in this process (tests, diagnostics). */
export function openNodeStreams(): number {
  return open.size;
}

/**
 * Streams the answer's events to `res`, whose head is already written: `: stream open`, then each
 * event as it comes (waiting for `drain` when the client reads slowly), then the end. When the
 * client goes away the iterator is ended at once (which unsubscribes and frees its slot); when
 * the server shuts down, or reading the events fails, the stream ends with `stream.closed`, as
 * the fetch entry's stream does.
 */
export function pipeEvents({ events, options }: EventStreamResponse, res: ServerResponse): void {
  let ended = false;
  let lastId: string | number | undefined;
  /** Ends the stream (with a last chunk) unless it has ended; whether it was still open. */
  const stop = (last?: string): boolean => {
    if (ended) return false;
    ended = true;
    untrack(res);
    stopClosing();
    res.off("close", gone);
    if (!res.destroyed) res.end(last);
    return true;
  };
  const release = () => void events.return?.(undefined)?.catch(() => undefined);
  const gone = () => {
    if (stop()) release();
  };
  const stopClosing = onAbort(options.closing, () => {
    if (stop(closedEvent({ reason: "shutdown" }, lastId))) release();
  });
  res.once("close", gone);
  track(res);
  res.write(streamOpen);
  void (async () => {
    try {
      for (;;) {
        const next = await events.next();
        if (ended) return;
        if (next.done) return void stop();
        lastId = next.value.id;
        if (!res.write(formatEvent(next.value))) await drained(res);
        if (ended) return;
      }
    } catch (error) {
      if (ended) return;
      stop(closedEvent({ reason: "error", error: errorObject(classify(error, options.logger), options.requestId) }, lastId));
    }
  })();
}

/** Resolves once `res` drained its backlog, or closed. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off("drain", done).off("close", done);
      resolve();
    };
    res.on("drain", done).on("close", done);
  });
}
