export interface SseEvent {
  event: string;
  id?: string | number;
  data: unknown;
}

/**
 * A text/event-stream Response fed by `events`, with a `: keep-alive` comment every
 * `keepAliveMs` while open. When the client goes away the iterator is closed (which unsubscribes);
 * nothing else is affected: a generation goes on without its watcher.
 */
export function sseResponse(
  events: AsyncIterable<SseEvent>,
  options: { keepAliveMs?: number; headers?: Record<string, string>; status?: number; closing?: AbortSignal } = {},
): Response {
  const encoder = new TextEncoder();
  const iterator = events[Symbol.asyncIterator]();
  let keepAlive: NodeJS.Timeout | undefined;
  let lastId: string | number | undefined;
  // When the server shuts down, the stream ends with `stream.closed`; the client resumes
  // elsewhere with Last-Event-ID (the generation itself goes on).
  let onClosing: (() => void) | undefined;
  const closing = new Promise<"closing">((resolve) => {
    onClosing = () => resolve("closing");
    if (options.closing?.aborted) resolve("closing");
    else options.closing?.addEventListener("abort", onClosing, { once: true });
  });
  const cleanup = () => {
    clearInterval(keepAlive);
    if (onClosing) options.closing?.removeEventListener("abort", onClosing);
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(": stream open\n\n"));
      keepAlive = setInterval(() => {
        try {
          controller.enqueue(encoder.encode(": keep-alive\n\n"));
        } catch {
          cleanup();
        }
      }, options.keepAliveMs ?? 15_000);
    },
    async pull(controller) {
      try {
        const next = await Promise.race([iterator.next(), closing]);
        if (next === "closing") {
          cleanup();
          controller.enqueue(encoder.encode(`retry: 1000\n${formatEvent({ event: "stream.closed", data: { reason: "shutdown", lastEventId: lastId ?? null, retryable: true } })}`));
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
        cleanup();
        controller.error(error);
      }
    },
    async cancel() {
      cleanup();
      await iterator.return?.(undefined);
    },
  });
  return new Response(stream, {
    status: options.status ?? 200,
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
      ...options.headers,
    },
  });
}

export function formatEvent(e: SseEvent): string {
  return `event: ${e.event}\n${e.id === undefined ? "" : `id: ${e.id}\n`}data: ${JSON.stringify(e.data)}\n\n`;
}

/** Parses a text/event-stream body into events (for consuming graphql-sse in-process). */
export async function* parseSse(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: string; id?: string }> {
  const decoder = new TextDecoder();
  let buffer = "";
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = "message";
        let id: string | undefined;
        const data: string[] = [];
        for (const line of block.split("\n")) {
          if (line.startsWith(":")) continue;
          const colon = line.indexOf(":");
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
          if (field === "event") event = value;
          else if (field === "data") data.push(value);
          else if (field === "id") id = value;
        }
        if (data.length > 0) yield { event, data: data.join("\n"), ...(id === undefined ? {} : { id }) };
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
