/**
 * Block layouts shared by masonry, panels and roofs: rows of blocks of random lengths (ashlar,
 * logs), a recursive split of the tile into rectangles (tech panels, hull plates) and overlapping
 * rows of tabs (shingles, scales, thatch). All wrap around the tile edges.
 */
import type { Random } from "../../kit/random.js";

export interface RowBlock {
  row: number;
  /** Index of the block in its row (wrapped). */
  index: number;
  /** Distance to the nearest block edge, in row heights. */
  edge: number;
  /** Position inside the block: 0..1 across its length and its height. */
  fx: number;
  fy: number;
}

/** Rows of blocks with joints at random places (each row's joints sorted, in 0..1). */
export function rowJoints(rng: Random, rows: number, minLength: number, maxLength: number): number[][] {
  return Array.from({ length: rows }, () => {
    const start = rng.next();
    const joints: number[] = [];
    for (let at = 0; at < 1 - minLength; at += rng.range(minLength, maxLength)) joints.push((start + at) % 1);
    // no joint on the tile edge: a mortar line there would show as a seam
    const keep = Math.min(0.15, 0.02 + 0.12 / rows);
    return joints.map((j) => (j < keep ? j + keep : j > 1 - keep ? j - keep : j)).sort((a, b) => a - b);
  });
}

/** The block of a row layout under (u, v); `aspect` = row height / tile width in u units. */
export function rowBlockAt(u: number, v: number, joints: readonly (readonly number[])[]): RowBlock {
  const rows = joints.length;
  const pv = v * rows + 0.5;
  const row = Math.floor(pv) % rows;
  const fy = pv - Math.floor(pv);
  const own = joints[row] ?? [];
  let index = 0;
  let before = -1;
  let after = 2;
  for (let k = 0; k < own.length; k++) {
    const j = own[k] ?? 0;
    if (j <= u) {
      index = k + 1;
      before = j;
    } else if (j < after) after = j;
  }
  if (before < 0) before = (own[own.length - 1] ?? 0) - 1;
  if (after > 1.5) after = (own[0] ?? 0) + 1;
  const length = Math.max(1e-6, after - before);
  const gapX = Math.min(u - before, after - u) * rows;
  return { row, index: index % Math.max(1, own.length), edge: Math.min(gapX, Math.min(fy, 1 - fy)), fx: (u - before) / length, fy };
}

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  id: number;
}

/** Splits the unit tile into rectangles, larger first, `depth` levels deep. */
export function splitRects(rng: Random, depth: number, minSide: number): Rect[] {
  const out: Rect[] = [];
  const split = (r: Rect, level: number): void => {
    const w = r.x1 - r.x0;
    const h = r.y1 - r.y0;
    if (level >= depth || (level > 1 && rng.chance(0.25)) || Math.max(w, h) < minSide * 2) {
      out.push({ ...r, id: rng.next() });
      return;
    }
    const vertical = w > h * 1.3 ? true : h > w * 1.3 ? false : rng.chance(0.5);
    const at = rng.pick([0.25, 0.5, 0.5, 0.75]);
    if (vertical) {
      const x = r.x0 + w * at;
      split({ ...r, x1: x }, level + 1);
      split({ ...r, x0: x }, level + 1);
    } else {
      const y = r.y0 + h * at;
      split({ ...r, y1: y }, level + 1);
      split({ ...r, y0: y }, level + 1);
    }
  };
  split({ x0: 0, y0: 0, x1: 1, y1: 1, id: 0 }, 0);
  return out;
}

/** Where to put the tile edge: in the middle of the widest gap between rectangle edges, per axis. */
export function rectShift(rects: readonly Rect[]): [number, number] {
  const middle = (edges: number[]): number => {
    const sorted = [...new Set(edges.map((e) => e % 1))].sort((a, b) => a - b);
    let best = 0;
    let at = 0;
    for (let k = 0; k < sorted.length; k++) {
      const a = sorted[k] ?? 0;
      const b = k + 1 < sorted.length ? (sorted[k + 1] ?? 1) : (sorted[0] ?? 0) + 1;
      if (b - a > best) {
        best = b - a;
        at = (a + b) / 2;
      }
    }
    return at % 1;
  };
  return [middle(rects.flatMap((r) => [r.x0, r.x1])), middle(rects.flatMap((r) => [r.y0, r.y1]))];
}

/** The rectangle under (u, v), the layout moved by `shift`, and the distance to its border. */
export function rectAt(rects: readonly Rect[], tu: number, tv: number, shift: readonly [number, number]): { rect: Rect; edge: number; fx: number; fy: number } {
  const u = (tu + shift[0]) % 1;
  const v = (tv + shift[1]) % 1;
  const rect = rects.find((r) => u >= r.x0 && u < r.x1 && v >= r.y0 && v < r.y1) ?? (rects[0] as Rect);
  const edge = Math.min(u - rect.x0, rect.x1 - u, v - rect.y0, rect.y1 - v);
  return { rect, edge, fx: (u - rect.x0) / (rect.x1 - rect.x0), fy: (v - rect.y0) / (rect.y1 - rect.y0) };
}

export type TabShape = "round" | "square" | "pointed" | "ragged";

export interface Tab {
  row: number;
  col: number;
  /** 0..1 across the tab, 0..1 down its visible part (1 at the bottom edge). */
  x: number;
  y: number;
  /** Depth below the tab's own bottom edge inside the tab under it (for the cast shadow), 0..1. */
  under: number;
}

/** How far a tab hangs below its row at x (0..1 across), in row heights. */
function hang(shape: TabShape, x: number, ragged: number): number {
  const c = 2 * x - 1;
  if (shape === "round") return 0.45 * Math.sqrt(Math.max(0, 1 - c * c));
  if (shape === "pointed") return 0.5 * (1 - Math.abs(c)) ** 0.8;
  if (shape === "ragged") return 0.12 + ragged * 0.2;
  return 0.02;
}

/**
 * Overlapping rows of tabs (rows even, so the half offset wraps): the tab of the row above hangs
 * over the top of the row below, as shingles do on a roof.
 */
export function tabAt(u: number, v: number, rows: number, cols: number, shape: TabShape, ragged = 0): Tab {
  const pv = v * rows + 0.5; // row edges away from the tile edge
  const ry = Math.floor(pv);
  const y = pv - ry;
  const tabOf = (row: number): { col: number; x: number } => {
    const offset = (((row % 2) + 2) % 2) * 0.5;
    const px = u * cols + offset + 0.25;
    const c = Math.floor(px);
    return { col: ((c % cols) + cols) % cols, x: px - c };
  };
  const above = tabOf(ry - 1);
  const reach = hang(shape, above.x, ragged);
  if (y < reach) return { row: (((ry - 1) % rows) + rows) % rows, col: above.col, x: above.x, y: (1 + y) / (1 + reach), under: 0 };
  const own = tabOf(ry);
  return {
    row: ((ry % rows) + rows) % rows,
    col: own.col,
    x: own.x,
    y: (y - reach * 0.0) / (1 + hang(shape, own.x, ragged)),
    under: Math.max(0, 1 - (y - reach) * 6),
  };
}
