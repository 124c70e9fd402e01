/**
 * Finding the true grid of upscaled pixel art: edge profiles → a comb fit for the period and
 * phase (shared by both axes: cells are square) → cut lines aligned to the edges one by one.
 * The confidence (0–1) multiplies how much of the edge energy sits on the grid lines with how
 * uniform the cells' centres are: near 1 for pixel art, low for a photo or noise.
 */
import type { DetectedGrid } from "../driver.js";
import type { RgbaImage } from "../pipeline/rgba.js";
import { type Cells, cutLines, standOut } from "./cuts.js";
import { type CombFit, fitPeriod } from "./period.js";
import { edgeProfiles, smooth } from "./profile.js";
import { sampleCells, uniformity } from "./sample.js";

export type { DetectedGrid };

export interface GridFit {
  detected: DetectedGrid;
  xs: number[];
  ys: number[];
  /** One pixel per cell (median of the cell's centre). */
  cells: RgbaImage;
  /** What the confidence is made of: the combs' sharpness and the cells' uniformity, each 0–1. */
  evidence: { comb: number; uniform: number; lines: number };
}

const round = (v: number, digits: number): number => Math.round(v * 10 ** digits) / 10 ** digits;
const clamp01 = (v: number): number => Math.max(0, Math.min(1, v));

/** The grid's start: the first kept cell's left edge, measured back from its right edge when the picture cut it. */
function offsetOf(cells: Cells, period: number): number {
  const [first = 0, second = 0] = cells.bounds;
  return first > 0 ? first : round(second - period, 1);
}

/** Sharpness of the comb (the share of the teeth's energy the insides lack), 0–1. */
const sharpness = (fit: CombFit): number => clamp01(fit.contrast);

export interface DetectOptions {
  /** Cells wanted across / down: the period is then searched within ±12 % of side / cells. */
  width?: number;
  height?: number;
}

/** The grid of `image`; undefined when the picture is too small to hold one (under 4 px a side). */
export function detectGrid(image: RgbaImage, options: DetectOptions = {}): GridFit | undefined {
  const { width: w, height: h } = image;
  if (w < 4 || h < 4) return undefined;
  const raw = edgeProfiles(image);
  const columns = smooth(raw.columns);
  const rows = smooth(raw.rows);
  let fx: CombFit;
  let fy: CombFit;
  if (options.width !== undefined && options.height !== undefined) {
    const px = w / options.width;
    const py = h / options.height;
    [fx] = fitPeriod([columns], { min: Math.max(1, px * 0.88), max: Math.max(1, px * 1.12) }) as [CombFit];
    [fy] = fitPeriod([rows], { min: Math.max(1, py * 0.88), max: Math.max(1, py * 1.12) }) as [CombFit];
  } else {
    const max = Math.max(2.5, Math.min(w, h) / 8);
    [fx, fy] = fitPeriod([columns, rows], { min: 2, max }) as [CombFit, CombFit];
  }
  const cx = cutLines(raw.columns, fx, w);
  const cy = cutLines(raw.rows, fy, h);
  const cells = sampleCells(image, cx.bounds, cy.bounds);
  const comb = (sharpness(fx) + sharpness(fy)) / 2;
  const lines = (standOut(raw.columns, cx.bounds) + standOut(raw.rows, cy.bounds)) / 2;
  const uniform = uniformity(image, cx.bounds, cy.bounds, cells);
  // measured: degraded sprites comb 0.13–0.45 (median 0.35), uniform ≥ 0.96; a photo 0.09 and 0.79, noise 0.004 and 0.05
  // and on most lines (measured: the set 0.6–1; a disc 0.25–0.4, a photo ~0.3)
  const confidence = clamp01((comb - 0.08) / 0.3) * clamp01((uniform - 0.5) / 0.4) * clamp01((lines - 0.4) / 0.3);
  return {
    detected: {
      scale: round((fx.period + fy.period) / 2, 2),
      width: cells.width,
      height: cells.height,
      offsetX: offsetOf(cx, fx.period),
      offsetY: offsetOf(cy, fy.period),
      confidence: round(confidence, 2),
    },
    xs: cx.bounds,
    ys: cy.bounds,
    cells,
    evidence: { comb, uniform, lines },
  };
}
