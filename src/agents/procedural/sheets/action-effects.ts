/**
 * Effects some actions draw over the composed figure (more-actions.ts): the bars of a cage, a
 * creature lifted to hang from above, a stream spat from the face.
 */
import { lean } from "./pose-kit.js";
import type { View } from "./view.js";
import { M, type SpriteGrid } from "../sprites/index.js";

/** Vertical bars with a rail above and below, over the figure and a little around it. */
export function bars(g: SpriteGrid): void {
  const { n } = g;
  let [x0, y0, x1, y1] = [n, n, -1, -1];
  for (let k = 0; k < n * n; k++) {
    if (!g.cells[k]) continue;
    const i = k % n;
    const j = Math.floor(k / n);
    [x0, y0, x1, y1] = [Math.min(x0, i), Math.min(y0, j), Math.max(x1, i), Math.max(y1, j)];
  }
  if (x1 < 0) return;
  const pad = Math.max(1, Math.round(n / 32));
  [x0, y0, x1, y1] = [Math.max(1, x0 - pad), Math.max(1, y0 - pad), Math.min(n - 2, x1 + pad), Math.min(n - 2, y1)];
  const gap = Math.max(3, Math.round(n / 8));
  const width = Math.max(1, Math.round(n / 40));
  const set = (i: number, j: number, m: number) => g.setCell(i, j, m, 0);
  for (let i = x0; i <= x1; i++) for (let t = 0; t < width; t++) set(i, y0 + t, M.METAL), set(i, y1 - t, M.METAL);
  for (let i = x0; i <= x1; i += gap)
    for (let t = 0; t < width && i + t <= x1; t++) for (let j = y0; j <= y1; j++) set(i + t, j, j === y0 || j === y1 ? M.DARK : M.METAL);
  for (let j = y0; j <= y1; j++) set(x1, j, M.METAL);
}

/** The whole figure moved up (a creature hanging from something above). */
export function lifted(g: SpriteGrid, by: number): void {
  const { n } = g;
  const cells = g.cells.slice();
  const tone = g.tone.slice();
  g.cells.fill(0);
  g.tone.fill(0);
  for (let k = 0; k < n * n; k++) if (cells[k]) g.setCell(k % n, Math.floor(k / n) - by, cells[k] as number, tone[k] as number);
}

/** A stream spat from the head (ink, venom, fire): puffs growing away from the face, in the figure's accent. */
export function spat(g: SpriteGrid, view: View): void {
  const { n } = g;
  const dir = lean(view);
  let [y0, y1, front, frontRow] = [n, -1, dir > 0 ? -1 : n, 0];
  for (let k = 0; k < n * n; k++) if (g.cells[k]) [y0, y1] = [Math.min(y0, Math.floor(k / n)), Math.max(y1, Math.floor(k / n))];
  if (y1 < 0) return;
  // the face: the cell furthest forward in the top two fifths
  for (let j = y0; j <= y0 + Math.round((y1 - y0) * 0.4); j++)
    for (let i = 0; i < n; i++) if (g.get(i, j) !== M.EMPTY && (dir > 0 ? i > front : i < front)) [front, frontRow] = [i, j];
  const r0 = Math.max(1, Math.round(n / 24));
  let [ci, cj] = [front + dir * (r0 + 1), frontRow];
  for (let k = 0; k < 3; k++) {
    const r = r0 + k;
    for (let j = cj - r; j <= cj + r; j++)
      for (let i = ci - r; i <= ci + r; i++)
        if ((i - ci) ** 2 + (j - cj) ** 2 <= r * r + 0.5 && i > 0 && j > 0 && i < n - 1 && j < n - 1 && g.get(i, j) === M.EMPTY) g.setCell(i, j, M.ACCENT);
    [ci, cj] = [ci + dir * (2 * r + 1), cj + (k === 0 ? 0 : 1)];
  }
}
