import type pg from "pg";
import type { Logger } from "../logger.js";

export interface ListenHandlers {
  /** A notification arrived on the channel. */
  onNotify(payload: string | undefined): void;
  /** True once the LISTEN is in place; false as soon as the connection is lost (before any reconnect). */
  onLive(live: boolean): void;
}

export interface Listener {
  close(): Promise<void>;
}

/**
 * LISTEN on one PostgreSQL channel over a connection of its own (a pooled one would be handed to
 * other statements). A lost connection (server restart, network cut, `pg_terminate_backend`) is
 * reported at once (`onLive(false)`) and retried with backoff (0.1 s doubling to 5 s) until `close`.
 * Notifications sent while it was away are lost, which is why `onLive(false)` matters: the caller
 * must stop trusting what the notifications were keeping fresh.
 */
export function listenTo(Client: typeof pg.Client, url: string, channel: string, handlers: ListenHandlers, logger: Logger): Listener {
  let closed = false;
  let client: pg.Client | undefined;
  let retryMs = 100;
  let timer: NodeJS.Timeout | undefined;
  let live = false;

  const setLive = (next: boolean) => {
    if (live === next) return;
    live = next;
    handlers.onLive(next);
  };

  const lost = (current: pg.Client, error?: unknown) => {
    if (client !== current) return; // already handled
    client = undefined;
    setLive(false);
    current.removeAllListeners("notification");
    void current.end().catch(() => undefined);
    if (closed) return;
    if (error) logger.warn("database notifications lost; retrying", { channel, error, retryMs });
    timer = setTimeout(connect, retryMs);
    timer.unref();
    retryMs = Math.min(5_000, retryMs * 2);
  };

  async function connect(): Promise<void> {
    timer = undefined;
    if (closed) return;
    const current = new Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    client = current;
    current.on("error", (error) => lost(current, error));
    current.on("end", () => lost(current, new Error("connection ended")));
    current.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload);
    });
    try {
      await current.connect();
      await current.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      if (client !== current || closed) return;
      retryMs = 100;
      setLive(true);
    } catch (error) {
      lost(current, error);
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      setLive(false);
      await current?.end().catch(() => undefined);
    },
  };
}
