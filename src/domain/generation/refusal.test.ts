import { describe, expect, it } from "vitest";
import { maxRetryAfterSeconds } from "../../contract/errors.js";
import { slotWaitSeconds, unmeasuredSlotWaitSeconds } from "./refusal.js";

describe("the active limit's Retry-After (slotWaitSeconds)", () => {
  const now = 1_000_000;
  const state = (activeSince: number[], heldMs: number[], active = activeSince.length) => ({ active, activeSince, heldMs, now });

  it("is when the oldest active generation has held its slot as long as the median ended one", () => {
    expect(slotWaitSeconds(state([now - 4_000, now - 1_000], [9_000, 10_000, 60_000]), 1)).toBe(6); // median 10 s − 4 s held
    expect(slotWaitSeconds(state([now - 4_000, now - 1_000], [9_000, 10_000, 60_000]), 2)).toBe(9); // the second oldest, for two slots
    expect(slotWaitSeconds(state([now - 4_000], [9_000, 11_000]), 1)).toBe(6); // an even count: the mean of the middle two
  });

  it("says 1 s when a slot is due (overdue, or freed since the refusal), and never more than the contract's cap", () => {
    expect(slotWaitSeconds(state([now - 30_000], [10_000]), 1)).toBe(1);
    expect(slotWaitSeconds(state([now - 1_000], [10_000]), 0)).toBe(1);
    expect(slotWaitSeconds(state([now], [3_600_000]), 1)).toBe(maxRetryAfterSeconds);
    // Two active generations older than the latest ones read: the first to end, and overdue.
    expect(slotWaitSeconds(state([now], [10_000], 3), 2)).toBe(1);
    expect(slotWaitSeconds(state([now], [10_000], 3), 3)).toBe(10);
  });

  it("falls back to a short wait when nothing was measured, or when ends alone cannot make room", () => {
    expect(slotWaitSeconds(state([now - 1_000, now], []), 1)).toBe(unmeasuredSlotWaitSeconds);
    expect(slotWaitSeconds(state([now], [10_000]), 2)).toBe(unmeasuredSlotWaitSeconds); // a batch larger than the limit
  });
});
