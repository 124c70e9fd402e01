/** The Redis the benchmark's multi-process rows use (scale-out, the worker's footprint): its URL, a health check, cleanup. */
import { Redis } from "ioredis";

export const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Removes every Redis key of a run's REDIS_PREFIX (BullMQ keeps finished jobs; rate-limit windows). */
export async function deleteRedisKeys(redis: Redis, prefix: string): Promise<number> {
  let deleted = 0;
  for (const pattern of [`${prefix}:*`, `${prefix}-bull:*`]) {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 1000);
      cursor = next;
      if (keys.length) deleted += await redis.unlink(...keys);
    } while (cursor !== "0");
  }
  return deleted;
}

/** True when Redis answers PING within 2 s. */
export async function redisAvailable(url = redisUrl): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2_000, retryStrategy: () => null });
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Runs `fn` with a connection to the benchmark's Redis, closed after. */
export async function withRedis<T>(fn: (redis: Redis) => Promise<T>, url = redisUrl): Promise<T> {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  try {
    return await fn(redis);
  } finally {
    redis.disconnect();
  }
}
