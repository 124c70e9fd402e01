/**
 * Drawing helpers shared by the creature body plans: tilted ellipses, limbs, grid flips and
 * re-centring (side-view creatures are not mirror-symmetric), fur patterns, per-seed variation.
 */
import type { Point } from "../../kit/geometry.js";
import type { Random } from "../../kit/random.js";
import { M, type Mode, type SpriteGrid, type SpriteTraits } from "../grid.js";

/** A value within ±amount (relative) of `base`, per seed. */
export const vary = (rng: Random, base: number, amount = 0.12): number => base * rng.range(1 - amount, 1 + amount);

/** One of the options (a single value is itself). */
export function choose<T>(rng: Random, options: T | readonly T[]): T {
  return Array.isArray(options) ? rng.pick(options as readonly T[]) : (options as T);
}

/** An ellipse rotated by `angle` radians (drawn as a polygon). */
export function tilted(g: SpriteGrid, cx: number, cy: number, rx: number, ry: number, angle: number, m: number, mode: Mode = "set"): void {
  const points: Point[] = [];
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  for (let k = 0; k < 24; k++) {
    const t = (k / 24) * Math.PI * 2;
    const x = Math.cos(t) * rx;
    const y = Math.sin(t) * ry;
    points.push([cx + x * c - y * s, cy + x * s + y * c]);
  }
  g.poly(points, m, mode);
}

/** A limb of normalised thickness `w` from (x0, y0) to (x1, y1), at least one cell thick. */
export function limb(g: SpriteGrid, x0: number, y0: number, x1: number, y1: number, w: number, m: number, mode: Mode = "set"): void {
  const t = Math.max(1, Math.round(w * g.n));
  const half = (t - 1) / 2 / g.n;
  g.line(x0 - half, y0, x1 - half, y1, m, t, mode);
}

/** A tapering chain of discs along points (tails, tentacles, necks). */
export function chain(g: SpriteGrid, points: readonly Point[], r0: number, r1: number, m: number, mode: Mode = "set"): void {
  const steps = Math.max(2, Math.ceil(g.n / 4));
  for (let k = 0; k < points.length - 1; k++) {
    const [xa, ya] = points[k] as Point;
    const [xb, yb] = points[k + 1] as Point;
    for (let s = 0; s <= steps; s++) {
      const f = (k + s / steps) / (points.length - 1);
      const r = Math.max(0.5 / g.n, r0 + (r1 - r0) * f);
      const x = xa + ((xb - xa) * s) / steps;
      const y = ya + ((yb - ya) * s) / steps;
      g.ellipse(x, y, r, r, m, mode);
    }
  }
}

/** Mirrors the grid left to right (cells and tone): a side-view creature faces the other way. */
export function flip(g: SpriteGrid): void {
  const { n } = g;
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n / 2; i++) {
      const a = j * n + i;
      const b = j * n + n - 1 - i;
      const ca = g.cells[a] ?? 0;
      const ta = g.tone[a] ?? 0;
      g.cells[a] = g.cells[b] ?? 0;
      g.tone[a] = g.tone[b] ?? 0;
      g.cells[b] = ca;
      g.tone[b] = ta;
    }
  }
}

/** The filled cells' bounding box [i0, j0, i1, j1] (inclusive), or undefined when empty. */
export function bounds(g: SpriteGrid): [number, number, number, number] | undefined {
  const { n } = g;
  let i0 = n;
  let j0 = n;
  let i1 = -1;
  let j1 = -1;
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      if (!g.cells[j * n + i]) continue;
      i0 = Math.min(i0, i);
      i1 = Math.max(i1, i);
      j0 = Math.min(j0, j);
      j1 = Math.max(j1, j);
    }
  }
  return i1 < 0 ? undefined : [i0, j0, i1, j1];
}

/** Moves the drawing by whole cells (cells shifted off the grid are lost). */
export function shift(g: SpriteGrid, di: number, dj: number): void {
  if (di === 0 && dj === 0) return;
  const { n } = g;
  const cells = Uint8Array.from(g.cells);
  const tone = Int8Array.from(g.tone);
  g.cells.fill(0);
  g.tone.fill(0);
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const si = i - di;
      const sj = j - dj;
      if (si < 0 || sj < 0 || si >= n || sj >= n) continue;
      g.cells[j * n + i] = cells[sj * n + si] ?? 0;
      g.tone[j * n + i] = tone[sj * n + si] ?? 0;
    }
  }
}

/** Centres the drawing horizontally and stands it on the ground line (at most `ground`). */
export function recenter(g: SpriteGrid, ground = 0.93): void {
  const box = bounds(g);
  if (!box) return;
  const [i0, , i1, j1] = box;
  const di = Math.round((g.n - 1 - i1 - i0) / 2);
  const dj = Math.min(0, Math.floor(ground * g.n) - j1);
  shift(g, di, dj);
}

/**
 * Scales the drawing about its bottom centre by `s` (nearest cell): "tiny" creatures shrink,
 * "giant" ones grow to fill the frame.
 */
export function scaleGrid(g: SpriteGrid, s: number): void {
  const box = bounds(g);
  if (!box || s === 1) return;
  const { n } = g;
  const [i0, , i1, j1] = box;
  const cx = (i0 + i1 + 1) / 2;
  const by = j1 + 1;
  const cells = Uint8Array.from(g.cells);
  const tone = Int8Array.from(g.tone);
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const si = Math.floor(cx + (i + 0.5 - cx) / s);
      const sj = Math.floor(by + (j + 0.5 - by) / s);
      const inside = si >= 0 && sj >= 0 && si < n && sj < n;
      g.cells[j * n + i] = inside ? (cells[sj * n + si] ?? 0) : 0;
      g.tone[j * n + i] = inside ? (tone[sj * n + si] ?? 0) : 0;
    }
  }
}

export type Pattern = "none" | "spots" | "stripes" | "patches" | "bands" | "speckles";

/** Paints a coat pattern onto the cells of material `on` inside the box (normalised). */
export function coat(g: SpriteGrid, rng: Random, pattern: Pattern, box: [number, number, number, number], on: number, m: number): void {
  const [x0, y0, x1, y1] = box;
  const w = x1 - x0;
  const h = y1 - y0;
  const paintOn = (x: number, y: number, rx: number, ry: number): void => {
    const { n } = g;
    for (let j = Math.floor((y - ry) * n); j <= Math.ceil((y + ry) * n); j++) {
      for (let i = Math.floor((x - rx) * n); i <= Math.ceil((x + rx) * n); i++) {
        const px = (i + 0.5) / n;
        const py = (j + 0.5) / n;
        if (((px - x) / rx) ** 2 + ((py - y) / ry) ** 2 <= 1 && g.get(i, j) === on) g.setCell(i, j, m);
      }
    }
  };
  if (pattern === "spots" || pattern === "speckles") {
    const count = pattern === "spots" ? rng.int(4, 7) : rng.int(8, 14);
    const r = pattern === "spots" ? Math.max(g.u * 0.9, Math.min(w, h) * 0.12) : Math.max(g.u * 0.6, Math.min(w, h) * 0.05);
    for (let k = 0; k < count; k++) paintOn(x0 + w * rng.range(0.1, 0.9), y0 + h * rng.range(0.1, 0.9), r * rng.range(0.7, 1.3), r * rng.range(0.7, 1.2));
  } else if (pattern === "patches") {
    for (let k = rng.int(2, 4); k > 0; k--)
      paintOn(x0 + w * rng.range(0.1, 0.9), y0 + h * rng.range(0.1, 0.8), w * rng.range(0.12, 0.22), h * rng.range(0.18, 0.35));
  } else if (pattern === "stripes") {
    const count = rng.int(3, 5);
    for (let k = 0; k < count; k++) {
      const x = x0 + w * ((k + 0.5) / count) + rng.range(-0.02, 0.02);
      const t = Math.max(g.u * 0.8, w * 0.05);
      g.poly(
        [
          [x - t, y0],
          [x + t, y0],
          [x + t * 0.3 + rng.range(-0.02, 0.02), y0 + h * rng.range(0.55, 0.8)],
        ],
        m,
        "paint",
      );
    }
  } else if (pattern === "bands") {
    const count = g.n <= 16 ? 2 : rng.int(2, 4);
    for (let k = 0; k < count; k++) {
      const y = y0 + h * ((k + 0.6) / (count + 0.4));
      const t = Math.max(g.cell * 0.5, h * 0.06);
      for (let j = Math.floor((y - t) * g.n); j < Math.ceil((y + t) * g.n); j++) for (let i = 0; i < g.n; i++) if (g.get(i, j) === on) g.setCell(i, j, m);
    }
  }
}

/** A side-view eye: a white with a dark pupil on large grids, a dark cell on small ones. */
export function sideEye(g: SpriteGrid, x: number, y: number, big = false, traits?: SpriteTraits): void {
  const u = g.u;
  if (traits?.asleep) {
    // a closed lid
    g.line(x - u * (g.n <= 16 ? 1 : 1.5), y, x + u * (g.n <= 16 ? 0.5 : 1.5), y, M.DARK, 1, "paint");
    return;
  }
  if (g.n <= 16) {
    g.dot(x, y, traits?.scary ? M.GLOW : M.DARK, 1, "paint");
    if (traits?.cute) g.dot(x, y - g.cell, M.EYE, 1, "paint");
    return;
  }
  const r = u * (big || traits?.cute ? 1.5 : 1);
  g.ellipse(x, y, r, r, traits?.scary ? M.GLOW : M.EYE, "paint");
  if (traits?.scary) g.line(x - r * 1.4, y - r * 1.6, x + r * 1.2, y - r * 0.8, M.DARK, 1, "paint");
  g.ellipse(x - r * 0.3, y + r * 0.1, r * 0.6, r * 0.7, M.DARK, "paint");
  if (g.hires) g.dot(x - r * 0.5, y - r * 0.3, M.SHINE, Math.max(1, Math.round(g.px / 2)), "paint");
}
