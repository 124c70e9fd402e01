/** Column remapping, shifting and copying of material grids (with per-cell labels), for the sheet views. */
import { SpriteGrid } from "../sprites/index.js";

/** A copy of rig-like grids remapped column by column: column i takes source column map(i) (or empties). */
export function remapColumns(g: SpriteGrid, labels: Uint8Array[], map: (i: number) => number): { grid: SpriteGrid; labels: Uint8Array[] } {
  const { n } = g;
  const grid = new SpriteGrid(n);
  const out = labels.map(() => new Uint8Array(n * n));
  for (let i = 0; i < n; i++) {
    const s = map(i);
    if (s < 0 || s >= n) continue;
    for (let j = 0; j < n; j++) {
      const from = j * n + s;
      const to = j * n + i;
      grid.cells[to] = g.cells[from] as number;
      grid.tone[to] = g.tone[from] as number;
      labels.forEach((l, x) => {
        (out[x] as Uint8Array)[to] = l[from] as number;
      });
    }
  }
  return { grid, labels: out };
}

export const mirrorMap = (n: number) => (i: number) => n - 1 - i;

/** Narrowing by k about column centre cx (nearest column). */
export const narrowMap = (k: number, cx: number) => (i: number) => Math.floor(cx + (i + 0.5 - cx) / k);

export function shifted(g: SpriteGrid, dx: number, dy: number): SpriteGrid {
  const { n } = g;
  const out = new SpriteGrid(n);
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const k = j * n + i;
      if (g.cells[k]) out.setCell(i + dx, j + dy, g.cells[k] as number, g.tone[k] as number);
    }
  }
  return out;
}

export function copyGrid(g: SpriteGrid): SpriteGrid {
  const out = new SpriteGrid(g.n);
  out.cells.set(g.cells);
  out.tone.set(g.tone);
  return out;
}
