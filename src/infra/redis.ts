import { Redis } from "ioredis";
import type { Logger } from "./logger.js";

export interface RedisConnectionOptions {
  /** Shown in `CLIENT LIST` and in log lines. */
  name?: string;
  /**
   * How many reconnection attempts a command survives before it is rejected. `null` (the
   * default, which BullMQ workers require) waits for Redis however long it takes; a small number
   * makes a command fail fast while Redis is away (best-effort publishes, rate limiting).
   */
  maxRetriesPerRequest?: number | null;
  /** Connect on the first command instead of at once. */
  lazyConnect?: boolean;
  logger?: Logger;
}

/** Connection errors (refused, reset) repeat on every reconnection attempt: log one per this many ms. */
const errorLogIntervalMs = 30_000;

/**
 * An ioredis connection that logs its errors (an unhandled `error` event would only print to
 * stderr) at most once per 30 s for the same message. The URL is never logged (it may hold a password).
 */
export function createRedisConnection(url: string, options: RedisConnectionOptions = {}): Redis {
  const client = new Redis(url, {
    maxRetriesPerRequest: options.maxRetriesPerRequest === undefined ? null : options.maxRetriesPerRequest,
    lazyConnect: options.lazyConnect ?? false,
    ...(options.name ? { connectionName: options.name } : {}),
  });
  let lastMessage = "";
  let lastAt = 0;
  client.on("error", (error: Error) => {
    const now = Date.now();
    if (error.message === lastMessage && now - lastAt < errorLogIntervalMs) return;
    lastMessage = error.message;
    lastAt = now;
    options.logger?.warn("redis connection error", { connection: options.name, error });
  });
  return client;
}

/**
 * Closes a connection: QUIT (pending replies arrive first) when it is up, bounded by `timeoutMs`,
 * else (or after that) a hard disconnect. Never throws; closing twice is harmless.
 */
export async function closeRedisConnection(client: Redis, timeoutMs = 2_000): Promise<void> {
  if (client.status === "end") return;
  if (client.status !== "ready") {
    client.disconnect();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.quit(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
        timer.unref();
      }),
    ]);
  } catch {
    // The connection went away meanwhile: nothing left to close gracefully.
  } finally {
    clearTimeout(timer);
    const status: string = client.status; // changed by the await above
    if (status !== "end") client.disconnect();
  }
}

/**
 * Connection options for BullMQ (which bundles its own ioredis, so it gets options, not one of
 * our connections). `blocking` connections (workers) must retry forever (`maxRetriesPerRequest:
 * null`); a producer keeps ioredis' default so an `enqueue` fails rather than hangs when Redis
 * stays away.
 */
export function bullMqConnectionOptions(url: string, options: { blocking: boolean; name?: string }) {
  return {
    url,
    ...(options.blocking ? { maxRetriesPerRequest: null } : {}),
    ...(options.name ? { connectionName: options.name } : {}),
  };
}
