import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisRateLimiter } from "./redis-limiter.js";

const url = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
const prefix = `test-ratelimit-${randomUUID()}:`;

async function deleteKeys(redis: Redis, pattern: string): Promise<number> {
  let deleted = 0;
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 1000);
    cursor = next;
    if (keys.length > 0) deleted += await redis.del(...keys);
  } while (cursor !== "0");
  return deleted;
}

describe("redis rate limiter", () => {
  let admin: Redis;
  beforeAll(() => {
    admin = new Redis(url);
  });
  afterAll(async () => {
    await deleteKeys(admin, `${prefix}*`);
    await admin.quit();
  });

  it("lets exactly `limit` through when 50 requests race across two processes", async () => {
    const one = createRedisRateLimiter({ url, prefix });
    const two = createRedisRateLimiter({ url, prefix });
    try {
      const key = `key_${randomUUID()}`;
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? one : two).consume(key, 10, 60)));
      const allowed = results.filter((r) => r.allowed);
      expect(allowed).toHaveLength(10);
      // Each allowed request saw its own count: remaining 9, 8, …, 0 once each.
      expect(allowed.map((r) => r.remaining).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      for (const r of results) {
        expect(r.limit).toBe(10);
        expect(r.remaining).toBeGreaterThanOrEqual(0);
        expect(r.resetSeconds).toBeGreaterThanOrEqual(1);
        expect(r.resetSeconds).toBeLessThanOrEqual(60);
        if (!r.allowed) expect(r.remaining).toBe(0);
      }
      // Another key has its own quota.
      expect(await one.consume(`other_${randomUUID()}`, 10, 60)).toMatchObject({ allowed: true, remaining: 9 });
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it("has the in-process limiter's semantics: fixed windows, reset seconds, a new window resets", async () => {
    let t = 60_000 * 1000 + 10_500; // 10.5 s into a 60 s window
    const limiter = createRedisRateLimiter({ url, prefix, now: () => t });
    try {
      const key = `key_${randomUUID()}`;
      const results = [];
      for (let i = 0; i < 7; i++) results.push(await limiter.consume(key, 5, 60));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, false, false]);
      expect(results[0]).toMatchObject({ limit: 5, remaining: 4, resetSeconds: 50 });
      expect(results[6]).toMatchObject({ remaining: 0 });

      // The window's key expires with the window (so Redis does not keep old windows).
      const keys = await admin.keys(`${prefix}*${key}`);
      expect(keys).toHaveLength(1);
      const ttl = await admin.pttl(keys[0]!);
      expect(ttl).toBeGreaterThan(40_000);
      expect(ttl).toBeLessThanOrEqual(49_500);

      t += 50_000; // the next window
      expect(await limiter.consume(key, 5, 60)).toMatchObject({ allowed: true, remaining: 4, resetSeconds: 60 });
    } finally {
      await limiter.close();
    }
  });

  it("reports at least one second to reset at the very end of a window", async () => {
    const t = 60_000 * 2000 - 1; // 1 ms before the window ends
    const limiter = createRedisRateLimiter({ url, prefix, now: () => t });
    try {
      const result = await limiter.consume(`key_${randomUUID()}`, 1, 60);
      expect(result).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 1 });
    } finally {
      await limiter.close();
    }
  });
});
