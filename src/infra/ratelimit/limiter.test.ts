import { describe, expect, it } from "vitest";
import { createInProcessRateLimiter } from "./limiter.js";

describe("in-process rate limiter", () => {
  it("lets exactly `limit` through per window per key, then resets", async () => {
    let t = 60_000 * 1000 + 10_500;
    const limiter = createInProcessRateLimiter(() => t);
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await limiter.consume("a", 5, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, false, false]);
    expect(results[0]).toMatchObject({ remaining: 4, resetSeconds: 50 });
    expect(results[6]).toMatchObject({ remaining: 0 });
    expect((await limiter.consume("b", 5, 60)).allowed).toBe(true);
    t += 50_000;
    expect(await limiter.consume("a", 5, 60)).toMatchObject({ allowed: true, remaining: 4, resetSeconds: 60 });
  });
});
