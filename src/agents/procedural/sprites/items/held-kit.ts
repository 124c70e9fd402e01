/** The kit the held-item drawers share: the hand's layout in cells, boxes, shafts, fists, flames. */
import { M, type Mode, type SpriteAnchors, type SpriteGrid } from "../grid.js";

/** Cell coordinates of the image-left hand and the column an upright item stands in. */
export interface Layout {
  n: number;
  /** Cells per design pixel of a 32-cell sprite (0.5 on a 16-cell grid). */
  s: number;
  hires: boolean;
  /** First and last cell of the arm, first and last row of the hand. */
  armL: number;
  armR: number;
  handT: number;
  handB: number;
  /** The rightmost cell of an item's column (one design pixel outside the arm). */
  colR: number;
  anchors: SpriteAnchors;
}

/** A length of k design pixels in cells, at least one. */
export const len = (l: Layout, k: number): number => Math.max(1, Math.round(k * l.s));

/** Applies `m` to the cells of an inclusive rectangle of cells. */
export function box(g: SpriteGrid, i0: number, j0: number, i1: number, j1: number, m: number, mode: Mode = "set"): void {
  for (let j = Math.min(j0, j1); j <= Math.max(j0, j1); j++) {
    for (let i = Math.min(i0, i1); i <= Math.max(i0, i1); i++) if (i >= 0 && j >= 0 && i < g.n && j < g.n) g.apply(i, j, m, mode);
  }
}

export interface Drawn {
  /** Columns [i0, i1] from the fist to the arm, drawn over the item on the hand's rows. */
  fist?: [number, number];
  /** Columns of the grip the fist closes over (the rest of `fist` is forearm). */
  grip?: [number, number];
}

export interface ItemGrids {
  /** Parts that get a separating line where they cover the body. */
  item: SpriteGrid;
  /** Thin parts laid over without a line (a bowstring). */
  over: SpriteGrid;
}

export type Drawer = (grids: ItemGrids, l: Layout, holder: string) => Drawn;

/** An upright column of `width` cells ending at `colR`: returns its first and last cell. */
export function column(l: Layout, width: number): [number, number] {
  return [l.colR - width + 1, l.colR];
}

/** A fist that wraps the column [left, right] and a forearm that joins it to the arm. */
export const fistOver = (l: Layout, left: number, right: number): Drawn => ({ fist: [left - (l.hires ? len(l, 0.5) : 0), l.armR], grip: [left, right] });

/** A wooden shaft from row `top` to row `bottom`, with darker rings on large grids. */
export function shaft(t: SpriteGrid, l: Layout, width: number, top: number, bottom: number): [number, number] {
  const [cl, cr] = column(l, width);
  box(t, cl, top, cr, bottom, M.WOOD);
  if (l.hires) for (let j = top + len(l, 3); j < bottom - 1; j += len(l, 4)) box(t, cl, j, cr, j + Math.max(0, len(l, 0.5) - 1), M.WOOD, "darken");
  return [cl, cr];
}

/** A teardrop flame: orange outside, yellow inside. */
export function fire(t: SpriteGrid, l: Layout, cx: number, cy: number, r: number): void {
  t.ellipse(cx, cy, r, r, M.FIRE);
  t.poly(
    [
      [cx - r * 0.9, cy - r * 0.2],
      [cx + r * 0.15, cy - r * 2.6],
      [cx + r * 0.9, cy - r * 0.2],
    ],
    M.FIRE,
  );
  t.ellipse(cx, cy + r * 0.15, r * 0.55, r * 0.55, M.EMBER, "paint");
  t.poly(
    [
      [cx - r * 0.45, cy],
      [cx + r * 0.05, cy - r * 1.5],
      [cx + r * 0.45, cy],
    ],
    M.EMBER,
    "paint",
  );
  if (l.hires) t.ellipse(cx, cy + r * 0.25, r * 0.25, r * 0.25, M.SHINE, "paint");
}
