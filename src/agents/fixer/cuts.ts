/**
 * Cut lines along one axis: the cell boundaries of a grid whose cells are not all the same width
 * (a model's "pixel art", a non-integer upscale). Starting from the comb's regular teeth, each
 * line moves within ±r px to where the edge energy is, by dynamic programming over all lines at
 * once: score = Σ energy at the lines − λ · Σ (gap − period)², so two lines never chase one edge
 * and a line between two cells of the same colour (no edge) stays where the rhythm puts it.
 */
import type { CombFit } from "./period.js";

export interface Cells {
  /** Cell boundaries in px, increasing: cell k spans [bounds[k], bounds[k + 1]). */
  bounds: number[];
  /** Where the first full cell starts (the grid's offset, 0 ≤ offset < period). */
  offset: number;
}

/** How far a line may move from its regular place. */
const reach = (period: number): number => Math.max(0, Math.min(2, Math.floor(period * 0.3)));

/**
 * The cells along an axis of `length` px. The comb's teeth are aligned to the edges (`align`),
 * the period and phase re-fitted by least squares on the lines that sit on real edges (weighted
 * by their energy: a line crossing plain background says nothing), and aligned again. A partial
 * cell at either end counts when the regular grid puts at least half of it inside the picture.
 * `profile` is the raw (unsmoothed) energy, boundaries 0…length.
 */
export function cutLines(profile: Float64Array, fit: CombFit, length: number): Cells {
  let { period, phase } = fit;
  const r = reach(period);
  let lines: number[] = [];
  let teeth: number[] = [];
  for (let pass = 0; pass < 3; pass++) {
    teeth = teethOf(period, phase, length);
    lines = align(profile, teeth, period, r, length);
    if (pass < 2) ({ period, phase } = refit(profile, teeth, lines, period, phase));
  }
  const bounds = [0, ...lines, length];
  // a partial cell at either end: kept when the regular grid puts half of it inside
  if (bounds.length > 2 && (teeth[0] ?? 0) < period / 2) bounds.shift();
  const n = bounds.length;
  if (n > 2 && length - (teeth[teeth.length - 1] ?? length) < period / 2) bounds.pop();
  return { bounds, offset: ((phase % period) + period) % period };
}

/** The regular teeth strictly inside (0, length). */
function teethOf(period: number, phase: number, length: number): number[] {
  const start = phase - Math.floor(phase / period) * period;
  const teeth: number[] = [];
  for (let t = start; t < length - 0.5; t += period) if (t > 0.5) teeth.push(t);
  return teeth;
}

/** Period and phase from the aligned lines, by weighted least squares (line k ≈ phase + k · period). */
function refit(profile: Float64Array, teeth: number[], lines: number[], period: number, phase: number): { period: number; phase: number } {
  const first = Math.round(((teeth[0] ?? 0) - phase) / period);
  let sw = 0;
  let sk = 0;
  let sx = 0;
  let skk = 0;
  let skx = 0;
  for (const [i, x] of lines.entries()) {
    const w = profile[x] ?? 0;
    const k = first + i;
    sw += w;
    sk += w * k;
    sx += w * x;
    skk += w * k * k;
    skx += w * k * x;
  }
  const det = sw * skk - sk * sk;
  if (sw <= 0 || det <= 1e-9) return { period, phase };
  const p = (sw * skx - sk * sx) / det;
  const q = (sx - p * sk) / sw;
  // a refit far from the comb is noise, not a better grid
  if (!(p > period * 0.97 && p < period * 1.03)) return { period, phase };
  return { period: p, phase: q };
}

/** Dynamic programming over the lines' positions (integers within ±r of the rounded teeth). */
function align(profile: Float64Array, teeth: number[], period: number, r: number, length: number): number[] {
  const n = teeth.length;
  if (n === 0) return [];
  const width = 2 * r + 1;
  const scale = Math.max(1e-9, mean(profile));
  const lambda = 0.5 / Math.max(1, period);
  const score = new Float64Array(n * width);
  const from = new Int32Array(n * width);
  const position = (k: number, j: number): number => Math.round(teeth[k] ?? 0) - r + j;
  const valid = (x: number): boolean => x >= 1 && x <= length - 1;
  for (let j = 0; j < width; j++) {
    const x = position(0, j);
    score[j] = valid(x) ? (profile[x] ?? 0) / scale - lambda * (x - (teeth[0] ?? 0)) ** 2 * 0.1 : Number.NEGATIVE_INFINITY;
  }
  for (let k = 1; k < n; k++) {
    for (let j = 0; j < width; j++) {
      const x = position(k, j);
      let best = Number.NEGATIVE_INFINITY;
      let arg = 0;
      if (valid(x)) {
        for (let i = 0; i < width; i++) {
          const prev = score[(k - 1) * width + i] ?? Number.NEGATIVE_INFINITY;
          const gap = x - position(k - 1, i);
          if (gap < 1 || prev === Number.NEGATIVE_INFINITY) continue;
          const s = prev - lambda * (gap - period) ** 2;
          if (s > best) {
            best = s;
            arg = i;
          }
        }
        best += (profile[x] ?? 0) / scale;
      }
      score[k * width + j] = best;
      from[k * width + j] = arg;
    }
  }
  let j = 0;
  for (let i = 1; i < width; i++) if ((score[(n - 1) * width + i] ?? 0) > (score[(n - 1) * width + j] ?? 0)) j = i;
  const lines = new Array<number>(n);
  for (let k = n - 1; k >= 0; k--) {
    lines[k] = position(k, j);
    j = from[k * width + j] ?? 0;
  }
  // one line per tooth, inside and increasing (a tooth near either end may have had no valid place)
  for (let k = 0; k < n; k++) lines[k] = Math.min(length - 1, Math.max(k === 0 ? 1 : (lines[k - 1] ?? 0) + 1, lines[k] ?? 1));
  return lines;
}

function mean(profile: Float64Array): number {
  let s = 0;
  for (const v of profile) s += v;
  return s / Math.max(1, profile.length);
}

/**
 * The share of the cut lines that stand out: of the lines where anything changes (on the line or
 * in the middle of the cell after it), those with more than twice the energy of that middle. Real
 * pixel art has its edges on the lines and flat cells between; a smooth shape (a disc) puts one
 * strong edge on a few lines and the same faint staircase on every column, lines and middles alike.
 */
export function standOut(profile: Float64Array, bounds: readonly number[]): number {
  let mean = 0;
  for (const v of profile) mean += v;
  mean /= Math.max(1, profile.length);
  let on = 0;
  let active = 0;
  for (let k = 1; k < bounds.length - 1; k++) {
    const line = bounds[k] ?? 0;
    const next = bounds[k + 1] ?? line;
    const tooth = profile[line] ?? 0;
    const middle = profile[Math.round((line + next) / 2)] ?? 0;
    if (tooth + middle <= mean * 0.25) continue;
    active++;
    if (tooth > 2 * middle) on++;
  }
  return active === 0 ? 0 : on / active;
}
