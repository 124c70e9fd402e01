/**
 * Edge-energy profiles: how much the picture changes across each vertical (columns) or horizontal
 * (rows) pixel boundary. Boundary b lies between pixel b − 1 and pixel b (b = 1 … side − 1; entries
 * 0 and `side` are 0). The grid lines of upscaled pixel art are where this energy concentrates.
 */
import type { RgbaImage } from "../pipeline/rgba.js";

export interface EdgeProfiles {
  /** Length width + 1: energy across the boundary left of column b. */
  columns: Float64Array;
  /** Length height + 1: energy across the boundary above row b. */
  rows: Float64Array;
}

/** A per-pixel difference that caps single huge steps, so a few strong outlines do not drown the faint lines. */
function step(d: Uint8Array | Buffer, i: number, j: number): number {
  const dr = Math.abs((d[i] ?? 0) - (d[j] ?? 0));
  const dg = Math.abs((d[i + 1] ?? 0) - (d[j + 1] ?? 0));
  const db = Math.abs((d[i + 2] ?? 0) - (d[j + 2] ?? 0));
  const da = Math.abs((d[i + 3] ?? 0) - (d[j + 3] ?? 0));
  return Math.min(160, dr + dg + db + da);
}

/** The column and row edge-energy profiles of an image, each the mean over the other axis. */
export function edgeProfiles(image: RgbaImage): EdgeProfiles {
  const { data, width: w, height: h } = image;
  const columns = new Float64Array(w + 1);
  const rows = new Float64Array(h + 1);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const i = (row + x) * 4;
      if (x > 0) columns[x]! += step(data, i, i - 4);
      if (y > 0) rows[y]! += step(data, i, i - w * 4);
    }
  }
  for (let x = 0; x <= w; x++) columns[x]! /= h;
  for (let y = 0; y <= h; y++) rows[y]! /= w;
  return { columns, rows };
}

/** A [1, 2, 1] / 4 smoothing (tolerates lines that wander by a pixel). */
export function smooth(profile: Float64Array): Float64Array {
  const out = new Float64Array(profile.length);
  const n = profile.length;
  for (let i = 0; i < n; i++) {
    const a = profile[Math.max(0, i - 1)] ?? 0;
    const b = profile[i] ?? 0;
    const c = profile[Math.min(n - 1, i + 1)] ?? 0;
    out[i] = (a + 2 * b + c) / 4;
  }
  return out;
}

/** The profile at a fractional position (linear interpolation; 0 outside). */
export function at(profile: Float64Array, t: number): number {
  if (t < 0 || t > profile.length - 1) return 0;
  const i = Math.floor(t);
  const f = t - i;
  const a = profile[i] ?? 0;
  return f === 0 ? a : a + ((profile[i + 1] ?? 0) - a) * f;
}
