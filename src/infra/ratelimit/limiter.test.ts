import { describe, expect, it } from "vitest";
import { createInProcessRateLimiter } from "./limiter.js";
import { describeRateLimiterContract } from "../../../test/support/contracts/limiter.js";

// One process: both "instances" are the same limiter.
describeRateLimiterContract("in-process", (now) => {
  const limiter = createInProcessRateLimiter(now);
  return [limiter, limiter];
});

describe("in-process rate limiter", () => {
  it("counts down resetSeconds with its clock inside a window", async () => {
    let t = 60_000 * 1000 + 10_500;
    const limiter = createInProcessRateLimiter(() => t);
    expect(await limiter.consume("a", 5, 60)).toMatchObject({ remaining: 4, resetSeconds: 50 });
    t += 20_000;
    expect(await limiter.consume("a", 5, 60)).toMatchObject({ remaining: 3, resetSeconds: 30 });
    t += 29_400;
    expect(await limiter.consume("a", 5, 60)).toMatchObject({ remaining: 2, resetSeconds: 1 });
  });
});
