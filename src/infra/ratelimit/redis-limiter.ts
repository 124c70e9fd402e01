import type { Redis } from "ioredis";
import { DependencyUnavailableError } from "../dependency.js";
import type { Logger } from "../logger.js";
import { closeRedisConnection, createRedisConnection } from "../redis.js";
import type { RateLimiter } from "./limiter.js";

export interface RedisRateLimiterOptions {
  url: string;
  /** Prefix of the window keys. Default `ratelimit:`. */
  prefix?: string;
  logger?: Logger;
  /** The clock that places a request in its window (tests). Default `Date.now`. */
  now?: () => number;
}

/**
 * One hit on a window: INCR, and on the first hit (or a key that somehow lost its TTL) PEXPIRE
 * to the end of the window. Returns the count and the remaining TTL in ms. Atomic, so processes
 * sharing the key never let more than `limit` through.
 */
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

type WithHit = Redis & { rateLimitHit(key: string, ttlMs: number): Promise<[number, number]> };

/**
 * Fixed-window rate limiting shared by every process on the same Redis: same semantics as the
 * in-process limiter (`limit` requests per window per key, windows aligned on multiples of the
 * window length), with the window start taken from this process's clock (keep clocks in sync).
 * A request over the limit still counts, which changes nothing: `remaining` is 0 either way.
 * Commands fail fast while Redis is away (the error reaches the caller).
 */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const prefix = options.prefix ?? "ratelimit:";
  const now = options.now ?? Date.now;
  const redis = createRedisConnection(options.url, { name: "rate-limiter", maxRetriesPerRequest: 2, logger: options.logger });
  redis.defineCommand("rateLimitHit", { numberOfKeys: 1, lua: hitScript });
  const client = redis as WithHit;
  let closing: Promise<void> | undefined;

  return {
    async consume(key, limit, windowSeconds) {
      const t = now();
      const windowMs = windowSeconds * 1000;
      const start = Math.floor(t / windowMs) * windowMs;
      const ttlMs = Math.max(1, start + windowMs - t);
      let count: number;
      let ttl: number;
      try {
        [count, ttl] = await client.rateLimitHit(`${prefix}${windowSeconds}:${start}:${key}`, ttlMs);
      } catch (error) {
        throw new DependencyUnavailableError("redis", "The rate limiter cannot reach Redis.", { cause: error });
      }
      return {
        allowed: count <= limit,
        limit,
        remaining: Math.max(0, limit - count),
        resetSeconds: Math.max(1, Math.ceil(ttl / 1000)),
      };
    },
    close() {
      closing ??= closeRedisConnection(redis);
      return closing;
    },
  };
}
