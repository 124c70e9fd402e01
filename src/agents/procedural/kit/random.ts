/**
 * Seeded randomness for the generators. Everything here is deterministic: the same seed always
 * yields the same sequence. Never use Math.random or the clock in a generator.
 */

/** 32-bit FNV-1a hash of a string, optionally chained from a previous hash. */
export function hashString(text: string, basis = 0x811c9dc5): number {
  let hash = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Mixes several 32-bit integers into one well-scrambled 32-bit seed. */
export function mixSeeds(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const value of values) {
    h = Math.imul(h ^ (value >>> 0), 0x85ebca6b) >>> 0;
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35) >>> 0;
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** 32-bit hash of two integers and a salt (allocation-free, for per-pixel use). */
export function hashInts(x: number, y: number, salt: number): number {
  let h = Math.imul((x | 0) ^ 0x27d4eb2d, 0x85ebca6b) ^ Math.imul((y | 0) ^ 0x165667b1, 0xc2b2ae35) ^ Math.imul(salt | 0, 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  h = Math.imul(h, 0x297a2d39);
  h ^= h >>> 15;
  return h >>> 0;
}

/** Hash of two integer lattice coordinates plus a salt, in [0, 1). Handy for per-cell variation. */
export function hash2(x: number, y: number, salt: number): number {
  return hashInts(x, y, salt) / 4294967296;
}

/** The mulberry32 generator: fast, small state, good enough for procedural art. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded random stream with a few convenience helpers. */
export class Random {
  private readonly source: () => number;

  constructor(readonly seed: number) {
    this.source = mulberry32(seed);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.source();
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.source();
  }

  /** Integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.source() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.source() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.source() * items.length)];
    if (item === undefined) throw new Error("Random.pick needs a non-empty list");
    return item;
  }

  /** An independent stream derived from this stream's seed and a label. */
  fork(label: string): Random {
    return new Random(mixSeeds(this.seed, hashString(label)));
  }
}
