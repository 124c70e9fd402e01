/**
 * One colour per cell, read from the cell's centre: the middle half of the cell on each axis (at
 * least one pixel), per-channel median. The blurred, ringing edges of the cell are never read, and
 * a median ignores the noise and JPEG speckles that a mean would smear in.
 */
import type { RgbaImage } from "../pipeline/rgba.js";

/** The range of pixels read in a cell [a, b): its middle half, at least one pixel. */
export function core(a: number, b: number): [number, number] {
  const size = b - a;
  const margin = size >= 3 ? Math.max(1, Math.floor(size / 4)) : 0;
  return [a + margin, Math.max(a + margin + 1, b - margin)];
}

function median(values: number[]): number {
  values.sort((x, y) => x - y);
  const n = values.length;
  return n % 2 === 1 ? (values[(n - 1) / 2] ?? 0) : Math.round(((values[n / 2 - 1] ?? 0) + (values[n / 2] ?? 0)) / 2);
}

/** The art at cell resolution: one pixel per cell of `xs` × `ys` (bounds as from `cutLines`). */
export function sampleCells(image: RgbaImage, xs: number[], ys: number[]): RgbaImage {
  const cols = xs.length - 1;
  const rows = ys.length - 1;
  const out = Buffer.alloc(Math.max(0, cols * rows * 4));
  const { data, width } = image;
  const channels: number[][] = [[], [], [], []];
  for (let cy = 0; cy < rows; cy++) {
    const [y0, y1] = core(ys[cy] ?? 0, ys[cy + 1] ?? 0);
    for (let cx = 0; cx < cols; cx++) {
      const [x0, x1] = core(xs[cx] ?? 0, xs[cx + 1] ?? 0);
      for (const c of channels) c.length = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = (y * width + x) * 4;
          for (let c = 0; c < 4; c++) channels[c]!.push(data[i + c] ?? 0);
        }
      }
      const o = (cy * cols + cx) * 4;
      for (let c = 0; c < 4; c++) out[o + c] = median(channels[c]!);
    }
  }
  return { data: out, width: cols, height: rows };
}

/**
 * How uniform the cells' centres are: the share of centre pixels within `tolerance` (sum of
 * absolute RGBA differences) of their cell's colour, over the cells that differ from a neighbour
 * (flat areas prove nothing). Near 1 for real pixel art; lower for a photo, and for a smooth shape
 * read on a coarse grid (its outline crosses the middle of the cells along it).
 */
export function uniformity(image: RgbaImage, xs: number[], ys: number[], cells: RgbaImage, tolerance = 48): number {
  const { data, width } = image;
  let inside = 0;
  let total = 0;
  for (let cy = 0; cy < cells.height; cy++) {
    const [y0, y1] = core(ys[cy] ?? 0, ys[cy + 1] ?? 0);
    for (let cx = 0; cx < cells.width; cx++) {
      const [x0, x1] = core(xs[cx] ?? 0, xs[cx + 1] ?? 0);
      const o = (cy * cells.width + cx) * 4;
      if (!differs(cells, cx, cy, tolerance)) continue;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = (y * width + x) * 4;
          let d = 0;
          for (let c = 0; c < 4; c++) d += Math.abs((data[i + c] ?? 0) - (cells.data[o + c] ?? 0));
          if (d <= tolerance) inside++;
          total++;
        }
      }
    }
  }
  return total === 0 ? 0 : inside / total;
}

/** True when a 4-neighbour cell's colour differs from this cell's by more than `tolerance`. */
function differs(cells: RgbaImage, cx: number, cy: number, tolerance: number): boolean {
  const o = (cy * cells.width + cx) * 4;
  for (const [dx, dy] of [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ] as const) {
    const nx = cx + dx;
    const ny = cy + dy;
    if (nx < 0 || ny < 0 || nx >= cells.width || ny >= cells.height) continue;
    const q = (ny * cells.width + nx) * 4;
    let d = 0;
    for (let c = 0; c < 4; c++) d += Math.abs((cells.data[o + c] ?? 0) - (cells.data[q + c] ?? 0));
    if (d > tolerance) return true;
  }
  return false;
}
