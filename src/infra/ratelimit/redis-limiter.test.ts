import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DependencyUnavailableError } from "../dependency.js";
import { deleteRedisKeys, describeWithRedis, rejection, startRedisProxy, unreachableRedisUrl, type RedisProxy } from "../../../test/support/redis.js";
import type { RateLimiter } from "./limiter.js";
import { describeRateLimiterContract } from "../../../test/support/contracts/limiter.js";
import { createRedisRateLimiter } from "./redis-limiter.js";

describe("redis rate limiter without Redis", () => {
  it("rejects consume fast with DependencyUnavailableError (redis)", async () => {
    const limiter = createRedisRateLimiter({ url: await unreachableRedisUrl() });
    try {
      const { error, ms } = await rejection(limiter.consume("key", 5, 60));
      expect(error).toBeInstanceOf(DependencyUnavailableError);
      expect((error as DependencyUnavailableError).dependency).toBe("redis");
      expect(ms).toBeLessThan(3_000);
    } finally {
      await limiter.close();
    }
  });
});

describeWithRedis("redis rate limiter", (url) => {
  const prefix = `test-ratelimit-${randomUUID()}:`;
  let admin: Redis;
  beforeAll(() => {
    admin = new Redis(url);
  });
  afterAll(async () => {
    await deleteRedisKeys(admin, `${prefix}*`);
    await admin.quit();
  });

  // Two limiters, two connections: as two processes would have.
  describeRateLimiterContract("redis", (now) => [createRedisRateLimiter({ url, prefix, now }), createRedisRateLimiter({ url, prefix, now })]);

  describe("redis specifics", () => {
    const opened: RateLimiter[] = [];
    const proxies: RedisProxy[] = [];
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((l) => l.close()));
      await Promise.all(proxies.splice(0).map((p) => p.down()));
    });

    it("stores one key per window that expires with the window, placed by the `now` clock", async () => {
      const t = 60_000 * 1000 + 10_500; // long ago, 10.5 s into a 60 s window
      const limiter = createRedisRateLimiter({ url, prefix, now: () => t });
      opened.push(limiter);
      const key = `key_${randomUUID()}`;
      expect(await limiter.consume(key, 5, 60)).toMatchObject({ allowed: true, remaining: 4, resetSeconds: 50 });
      const keys = await admin.keys(`${prefix}*${key}`);
      expect(keys).toEqual([`${prefix}60:${60_000 * 1000}:${key}`]);
      const ttl = await admin.pttl(keys[0]!);
      expect(ttl).toBeGreaterThan(40_000);
      expect(ttl).toBeLessThanOrEqual(49_500);
    });

    it("gives a key that lost its TTL one again", async () => {
      const t = 60_000 * 1000 + 30_000;
      const limiter = createRedisRateLimiter({ url, prefix, now: () => t });
      opened.push(limiter);
      const key = `key_${randomUUID()}`;
      await limiter.consume(key, 5, 60);
      const redisKey = `${prefix}60:${60_000 * 1000}:${key}`;
      await admin.persist(redisKey);
      expect(await admin.pttl(redisKey)).toBe(-1);
      expect(await limiter.consume(key, 5, 60)).toMatchObject({ allowed: true, remaining: 3, resetSeconds: 30 });
      expect(await admin.pttl(redisKey)).toBeGreaterThan(25_000);
    });

    it("fails while Redis is away and works again once it is back", async () => {
      const proxy = await startRedisProxy(url);
      proxies.push(proxy);
      const limiter = createRedisRateLimiter({ url: proxy.url, prefix });
      opened.push(limiter);
      const key = `key_${randomUUID()}`;
      expect(await limiter.consume(key, 5, 60)).toMatchObject({ allowed: true, remaining: 4 });
      await proxy.down();
      const { error, ms } = await rejection(limiter.consume(key, 5, 60));
      expect(error).toBeInstanceOf(DependencyUnavailableError);
      expect(ms).toBeLessThan(3_000);
      await proxy.up();
      const deadline = Date.now() + 10_000;
      for (;;) {
        const result = await limiter.consume(key, 5, 60).catch(() => undefined);
        if (result) {
          expect(result.allowed).toBe(true);
          break;
        }
        if (Date.now() > deadline) throw new Error("the limiter did not come back");
        await new Promise((r) => setTimeout(r, 100));
      }
    });
  });
});
