/**
 * The grid's period and phase along one or both axes, by comb fitting on edge-energy profiles.
 *
 * A comb of period p and phase φ has teeth at φ + k·p. Its score is the mean energy at the teeth
 * minus the mean energy between them (at the half and, for wide periods, the third and quarter
 * offsets), weighed by the number of teeth (see `combScore`), so
 * - the true period scores high (teeth on the lines, the cells' insides quiet),
 * - half the period scores about half (every other tooth falls inside a cell),
 * - twice or three times the period scores near 0 (the in-between offsets fall on lines too).
 * Odd multiples that still slip through lose the tie: the smallest period within 85 % of the best wins.
 * Candidates are spaced by 0.3 % and the best few refined to 0.02 %, so a grid of 100 cells
 * drifts by under a pixel; uneven cells are then followed by `cuts.ts`.
 */
import { at } from "./profile.js";

export interface CombFit {
  period: number;
  /** The first tooth, 0 ≤ phase < period. */
  phase: number;
  /** Mean energy at the teeth minus between them. */
  score: number;
  /** Mean energy at the teeth. */
  teeth: number;
  /** (teeth − insides) / teeth: 1 when all the energy is on the lines. */
  contrast: number;
}

/** Offsets (fractions of the period) whose energy counts against a comb: the cells' insides, when ≥ 1.5 px from a tooth. */
function between(period: number): number[] {
  const offsets = [0.5];
  if (period / 3 >= 1.5) offsets.push(1 / 3, 2 / 3);
  if (period / 4 >= 1.5) offsets.push(0.25, 0.75);
  return offsets;
}

/**
 * The comb's score at one period and phase on a (smoothed) profile of boundaries 0…L: the contrast
 * between teeth and insides, times √(number of teeth). The square root weighs the evidence: a comb
 * of a few wide teeth can always be placed on a few strong outlines by chance, thirty-two cannot.
 */
export function combScore(
  profile: Float64Array,
  period: number,
  phase: number,
  offsets: readonly number[] = between(period),
  sums = new Float64Array(offsets.length * 2),
): { score: number; teeth: number; contrast: number } {
  const L = profile.length - 1;
  let sum = 0;
  let count = 0;
  sums.fill(0);
  const m = offsets.length;
  for (let t = phase; t <= L; t += period) {
    if (t >= 1 && t <= L - 1) {
      sum += at(profile, t);
      count++;
    }
    for (let k = 0; k < m; k++) {
      const u = t + (offsets[k] ?? 0) * period;
      if (u >= 1 && u <= L - 1) {
        sums[k]! += at(profile, u);
        sums[m + k]!++;
      }
    }
  }
  if (count === 0) return { score: 0, teeth: 0, contrast: 0 };
  const teeth = sum / count;
  let worst = 0;
  for (let k = 0; k < m; k++) if ((sums[m + k] ?? 0) > 0) worst = Math.max(worst, (sums[k] ?? 0) / (sums[m + k] ?? 1));
  return { score: (teeth - worst) * Math.sqrt(count), teeth, contrast: teeth > 0 ? (teeth - worst) / teeth : 0 };
}

/** The best phase for one period (phases every `step` px). */
export function bestPhase(profile: Float64Array, period: number, step: number): CombFit {
  let best: CombFit = { period, phase: 0, score: Number.NEGATIVE_INFINITY, teeth: 0, contrast: 0 };
  const offsets = between(period);
  const sums = new Float64Array(offsets.length * 2);
  for (let phase = 0; phase < period; phase += step) {
    const { score, teeth, contrast } = combScore(profile, period, phase, offsets, sums);
    if (score > best.score) best = { period, phase, score, teeth, contrast };
  }
  return best;
}

export interface PeriodSearch {
  /** Smallest and largest period tried (px per cell). */
  min: number;
  max: number;
}

const phaseStep = (period: number): number => Math.max(0.5, period / 24);

/**
 * The period shared by the given profiles (x and y of square cells), each profile with its own phase.
 * Returns one fit per profile, at the common period refined per profile within ±1 %.
 */
export function fitPeriod(profiles: Float64Array[], search: PeriodSearch): CombFit[] {
  const candidates: { period: number; score: number }[] = [];
  for (let p = search.min; p <= search.max; p *= 1.005) {
    let score = 0;
    for (const profile of profiles) score += bestPhase(profile, p, phaseStep(p)).score;
    candidates.push({ period: p, score });
  }
  if (candidates.length === 0) return profiles.map(() => ({ period: search.min, phase: 0, score: 0, teeth: 0, contrast: 0 }));
  // local maxima, refined; then the smallest within 85 % of the best
  const peaks: { period: number; score: number }[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i]!;
    const left = candidates[i - 1]?.score ?? Number.NEGATIVE_INFINITY;
    const right = candidates[i + 1]?.score ?? Number.NEGATIVE_INFINITY;
    if (c.score >= left && c.score >= right && c.score > 0) peaks.push(c);
  }
  peaks.sort((a, b) => b.score - a.score);
  const refined = peaks.slice(0, 6).map((peak) => refine(profiles, peak.period));
  if (refined.length === 0) return profiles.map((profile) => bestPhase(profile, search.min, phaseStep(search.min)));
  const top = Math.max(...refined.map((r) => r.score));
  const chosen = refined.filter((r) => r.score >= 0.85 * top).sort((a, b) => a.period - b.period)[0]!;
  return profiles.map((profile) => refineOne(profile, chosen.period));
}

function refine(profiles: Float64Array[], around: number): { period: number; score: number } {
  let best = { period: around, score: Number.NEGATIVE_INFINITY };
  for (let p = around * 0.985; p <= around * 1.015; p += around * 0.001) {
    let score = 0;
    for (const profile of profiles) score += bestPhase(profile, p, Math.min(0.25, phaseStep(p))).score;
    if (score > best.score) best = { period: p, score };
  }
  return best;
}

/** One profile's own period within ±1 % of the shared one, and its phase to 0.1 px. */
function refineOne(profile: Float64Array, around: number): CombFit {
  let best: CombFit = { period: around, phase: 0, score: Number.NEGATIVE_INFINITY, teeth: 0, contrast: 0 };
  for (let p = around * 0.99; p <= around * 1.01; p += around * 0.001) {
    const fit = bestPhase(profile, p, 0.1);
    if (fit.score > best.score) best = fit;
  }
  return best;
}
