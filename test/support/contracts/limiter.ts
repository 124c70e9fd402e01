import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { RateLimiter } from "../../../src/infra/ratelimit/limiter.js";

/**
 * The behaviour every `RateLimiter` implementation owes the service, declared as vitest tests.
 * `open(now)` returns (at least) two limiters sharing one quota, as two processes would have
 * them (in process: the same limiter twice), whose windows follow the clock `now`. Each test uses
 * keys of its own and closes its limiters afterwards.
 *
 * The clock places a request in its window; the contract moves it only at the first hit of a
 * window and across windows. (Within a window the Redis limiter's `resetSeconds` comes from the
 * key's TTL, which runs on Redis' clock, not on `now`: a fake clock moved forward inside a window
 * would see the in-process limiter count down and Redis not. With real clocks they agree.)
 *
 * Not part of the contract: one key used with different window lengths (the in-process limiter
 * keeps one window per key, Redis one per key and length); the service's keys carry their policy.
 */
export function describeRateLimiterContract(name: string, open: (now: () => number) => RateLimiter[]): void {
  describe(`RateLimiter contract: ${name}`, () => {
    const opened: RateLimiter[] = [];
    const openLimiters = (now: () => number) => {
      const limiters = open(now);
      expect(limiters.length).toBeGreaterThanOrEqual(2);
      opened.push(...limiters);
      return limiters as [RateLimiter, RateLimiter, ...RateLimiter[]];
    };
    afterEach(async () => {
      await Promise.all([...new Set(opened.splice(0))].map((limiter) => limiter.close()));
    });

    it("lets exactly `limit` through when 50 requests race across instances", async () => {
      const t = windowStart(60) + 5_000;
      const limiters = openLimiters(() => t);
      const key = newKey();
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => limiters[i % limiters.length]!.consume(key, 10, 60)));
      const allowed = results.filter((r) => r.allowed);
      expect(allowed).toHaveLength(10);
      // Each allowed request saw its own count: remaining 9, 8, …, 0 once each.
      expect(allowed.map((r) => r.remaining).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      for (const r of results) {
        expect(r.limit).toBe(10);
        if (!r.allowed) expect(r.remaining).toBe(0);
      }
      // Still shut for this window, on every instance.
      for (const limiter of limiters) expect(await limiter.consume(key, 10, 60)).toMatchObject({ allowed: false, remaining: 0 });
    });

    it("counts `remaining` down to 0, then refuses, whichever instance is asked", async () => {
      const t = windowStart(60) + 1_000;
      const [one, two] = openLimiters(() => t);
      const key = newKey();
      const results = [];
      for (let i = 0; i < 7; i++) results.push(await (i % 2 ? two : one).consume(key, 5, 60));
      expect(results.map((r) => [r.allowed, r.remaining])).toEqual([
        [true, 4],
        [true, 3],
        [true, 2],
        [true, 1],
        [true, 0],
        [false, 0],
        [false, 0],
      ]);
      expect(results.every((r) => r.limit === 5)).toBe(true);
    });

    it("reports resetSeconds within 1..window (the rest of the window, rounded up), and resets with the next window", async () => {
      const start = windowStart(60);
      let t = start + 10_500; // 10.5 s into a 60 s window
      const [one, two] = openLimiters(() => t);
      const key = newKey();
      for (let i = 0; i < 3; i++) expect(await one.consume(key, 3, 60)).toMatchObject({ resetSeconds: 50 });
      expect(await two.consume(key, 3, 60)).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 50 });

      t = start + 60_000; // the next window, at its very start
      expect(await two.consume(key, 3, 60)).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
      expect(await one.consume(key, 3, 60)).toMatchObject({ allowed: true, remaining: 1 });

      t = start + 2 * 60_000 - 1; // 1 ms before the end of the window after: still at least 1 s
      expect(await one.consume(newKey(), 1, 60)).toEqual({ allowed: true, limit: 1, remaining: 0, resetSeconds: 1 });

      // Short windows: aligned on their own length. (Not too close to the window's end: a Redis
      // key lives the rest of the window in real time, and this clock stands still.)
      t = windowStart(1) + 200;
      const short = newKey();
      expect(await one.consume(short, 1, 1)).toEqual({ allowed: true, limit: 1, remaining: 0, resetSeconds: 1 });
      expect(await two.consume(short, 1, 1)).toMatchObject({ allowed: false, resetSeconds: 1 });
      t += 800;
      expect(await two.consume(short, 1, 1)).toEqual({ allowed: true, limit: 1, remaining: 0, resetSeconds: 1 });
    });

    it("keeps keys independent", async () => {
      const t = windowStart(60) + 30_000;
      const [one, two] = openLimiters(() => t);
      const spent = newKey();
      const fresh = newKey();
      for (let i = 0; i < 3; i++) await one.consume(spent, 2, 60);
      expect(await two.consume(spent, 2, 60)).toMatchObject({ allowed: false, remaining: 0 });
      expect(await two.consume(fresh, 2, 60)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 30 });
      expect(await one.consume(`${fresh}:suffix`, 2, 60)).toMatchObject({ allowed: true, remaining: 1 });
      expect(await one.consume(fresh, 2, 60)).toMatchObject({ allowed: true, remaining: 0 });
    });
  });
}

const newKey = () => `key_${randomUUID()}`;

/**
 * The start of a window of `seconds` near the real time (so keys a Redis limiter writes expire
 * soon after the test), a few windows ahead so that `t + window` stays in the future.
 */
function windowStart(seconds: number): number {
  const ms = seconds * 1000;
  return (Math.floor(Date.now() / ms) + 1) * ms;
}
