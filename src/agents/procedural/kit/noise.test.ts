import { describe, expect, it } from "vitest";
import { PeriodicNoise, PeriodicWorley } from "./noise.js";
import { Random } from "./random.js";

describe("periodic noise", () => {
  it("wraps with its integer periods", () => {
    const noise = new PeriodicNoise(new Random(7));
    for (const [x, y] of [
      [0.3, 0.7],
      [2.9, 1.1],
      [5.5, 3.25],
    ] as const) {
      expect(noise.noise(x + 6, y, 6, 4)).toBeCloseTo(noise.noise(x, y, 6, 4), 9);
      expect(noise.noise(x, y + 4, 6, 4)).toBeCloseTo(noise.noise(x, y, 6, 4), 9);
    }
    expect(noise.fbm(0, 0.3, 3, 3, 5)).toBeCloseTo(noise.fbm(1, 0.3, 3, 3, 5), 9);
  });

  it("stays within a sane range and is not constant", () => {
    const noise = new PeriodicNoise(new Random(1));
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < 2000; i++) {
      const v = noise.fbm((i % 50) / 50, Math.floor(i / 50) / 40, 4, 4, 4);
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    expect(min).toBeGreaterThan(-1.2);
    expect(max).toBeLessThan(1.2);
    expect(max - min).toBeGreaterThan(0.3);
  });

  it("gives Worley distances that match across the tile edge", () => {
    const worley = new PeriodicWorley(5, 99);
    const a = { ...worley.sample(0.999999, 0.4) };
    const b = { ...worley.sample(0, 0.4) };
    expect(a.f1).toBeCloseTo(b.f1, 4);
    expect(a.id).toBe(b.id);
  });
});

describe("Random", () => {
  it("is deterministic per seed", () => {
    const a = new Random(123);
    const b = new Random(123);
    const c = new Random(124);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
    for (const v of seqA) expect(v >= 0 && v < 1).toBe(true);
  });
});
