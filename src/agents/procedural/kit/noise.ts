/**
 * Periodic noise for seamless textures. Lattice coordinates wrap with integer periods, so a
 * function sampled over the unit square [0,1)² matches itself across the left/right and
 * top/bottom edges.
 */
import { hashInts, type Random } from "./random.js";

const fade = (t: number): number => t * t * t * (t * (t * 6 - 15) + 10);
const wrap = (i: number, period: number): number => ((i % period) + period) % period;

export class PeriodicNoise {
  private readonly perm = new Uint8Array(512);
  private readonly gx = new Float32Array(256);
  private readonly gy = new Float32Array(256);

  constructor(rng: Random) {
    const p = Array.from({ length: 256 }, (_, i) => i);
    for (let i = 255; i > 0; i--) {
      const j = Math.floor(rng.next() * (i + 1));
      [p[i], p[j]] = [p[j] ?? 0, p[i] ?? 0];
    }
    for (let i = 0; i < 512; i++) this.perm[i] = p[i & 255] ?? 0;
    for (let i = 0; i < 256; i++) {
      const a = rng.next() * Math.PI * 2;
      this.gx[i] = Math.cos(a);
      this.gy[i] = Math.sin(a);
    }
  }

  /** Gradient noise at lattice position (x, y), wrapping with periods px and py; about -1..1. */
  noise(x: number, y: number, px: number, py: number): number {
    const { perm, gx, gy } = this;
    const xf = Math.floor(x);
    const yf = Math.floor(y);
    const dx = x - xf;
    const dy = y - yf;
    let x0 = xf % px;
    if (x0 < 0) x0 += px;
    let y0 = yf % py;
    if (y0 < 0) y0 += py;
    const x1 = x0 + 1 === px ? 0 : x0 + 1;
    const y1 = (y0 + 1 === py ? 0 : y0 + 1) & 255;
    const ya = y0 & 255;
    const pa = perm[x0 & 255] as number;
    const pb = perm[x1 & 255] as number;
    const ha = perm[pa + ya] as number;
    const hb = perm[pb + ya] as number;
    const hc = perm[pa + y1] as number;
    const hd = perm[pb + y1] as number;
    const a = (gx[ha] as number) * dx + (gy[ha] as number) * dy;
    const b = (gx[hb] as number) * (dx - 1) + (gy[hb] as number) * dy;
    const c = (gx[hc] as number) * dx + (gy[hc] as number) * (dy - 1);
    const d = (gx[hd] as number) * (dx - 1) + (gy[hd] as number) * (dy - 1);
    const u = fade(dx);
    const v = fade(dy);
    const top = a + (b - a) * u;
    const bottom = c + (d - c) * u;
    return (top + (bottom - top) * v) * 1.41;
  }

  /**
   * Fractal sum over the unit square: (u, v) in [0,1), base frequencies fx/fy (integers, lattice
   * cells per tile), each octave doubling them. Returns roughly -1..1, usually within ±0.6.
   */
  fbm(u: number, v: number, fx: number, fy: number, octaves: number, gain = 0.5): number {
    let sum = 0;
    let amp = 1;
    let norm = 0;
    let px = fx;
    let py = fy;
    for (let o = 0; o < octaves; o++) {
      // Per-octave offsets keep the octaves' lattice lines from lining up on the tile edges
      // (the period stays 1 in u and v because the lattice itself wraps).
      sum += amp * this.noise(u * px + 0.37 + o * 0.61, v * py + 0.71 + o * 0.29, px, py);
      norm += amp;
      amp *= gain;
      px *= 2;
      py *= 2;
    }
    return sum / norm;
  }

  /** Ridged variant (sharp creases at zero crossings), 0..1. */
  ridged(u: number, v: number, f: number, octaves: number): number {
    let sum = 0;
    let amp = 1;
    let norm = 0;
    let p = f;
    for (let o = 0; o < octaves; o++) {
      sum += amp * (1 - Math.abs(this.noise(u * p + 0.53 + o * 0.47, v * p + 0.19 + o * 0.83, p, p)));
      norm += amp;
      amp *= 0.5;
      p *= 2;
    }
    return sum / norm;
  }
}

export interface WorleySample {
  /** Distance to the nearest feature point, in cell units. */
  f1: number;
  /** Distance to the second nearest feature point, in cell units. */
  f2: number;
  /** A stable id (0..1) of the nearest cell, for per-cell variation. */
  id: number;
  /** Offset from the nearest feature point, in cell units. */
  dx: number;
  dy: number;
}

/**
 * Periodic Worley (cellular) noise with `cells` x `cells` jittered feature points per tile.
 *
 * One point per lattice cell makes the cell borders crowd along the lattice lines (about 1.4 times
 * the mean density there, 0.5 times halfway between, for a jitter of 0.9). The lattice is therefore
 * moved by `offset` cells (a quarter by default), where the density is the mean: the tile edge
 * then crosses as many cell borders as any line inside, instead of running along a lattice line
 * and showing as a faint straight seam when the texture is tiled. Layouts that centre their cells
 * on the tile edge on purpose (cobbles, mosaic, flagstones) pass 0 and shift by half a cell themselves.
 */
export class PeriodicWorley {
  private readonly result: WorleySample = { f1: 0, f2: 0, id: 0, dx: 0, dy: 0 };
  private readonly px: Float64Array;
  private readonly py: Float64Array;
  private readonly ids: Float64Array;

  constructor(
    private readonly cells: number,
    salt: number,
    jitter = 0.85,
    private readonly offset = 0.25,
  ) {
    const count = cells * cells;
    this.px = new Float64Array(count);
    this.py = new Float64Array(count);
    this.ids = new Float64Array(count);
    for (let gy = 0; gy < cells; gy++) {
      for (let gx = 0; gx < cells; gx++) {
        const h = hashInts(gx, gy, salt);
        const k = gy * cells + gx;
        this.px[k] = 0.5 + ((h & 0xffff) / 65535 - 0.5) * jitter;
        this.py[k] = 0.5 + ((h >>> 16) / 65535 - 0.5) * jitter;
        this.ids[k] = hashInts(gx, gy, salt ^ 0x5bd1e995) / 4294967296;
      }
    }
  }

  /** Samples at (u, v) in the unit square. The returned object is reused between calls. */
  sample(u: number, v: number): WorleySample {
    const n = this.cells;
    const x = u * n + this.offset;
    const y = v * n + this.offset;
    const cx = Math.floor(x);
    const cy = Math.floor(y);
    let f1 = Infinity;
    let f2 = Infinity;
    let best = 0;
    let bx = 0;
    let by = 0;
    for (let j = -1; j <= 1; j++) {
      const gy = wrap(cy + j, n);
      for (let i = -1; i <= 1; i++) {
        const k = gy * n + wrap(cx + i, n);
        const dx = x - (cx + i + (this.px[k] ?? 0));
        const dy = y - (cy + j + (this.py[k] ?? 0));
        const d = Math.sqrt(dx * dx + dy * dy);
        if (d < f1) {
          f2 = f1;
          f1 = d;
          best = k;
          bx = dx;
          by = dy;
        } else if (d < f2) {
          f2 = d;
        }
      }
    }
    const r = this.result;
    r.f1 = f1;
    r.f2 = f2;
    r.id = this.ids[best] ?? 0;
    r.dx = bx;
    r.dy = by;
    return r;
  }
}
