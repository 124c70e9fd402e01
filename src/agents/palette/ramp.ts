/**
 * Shading ramps drawn from a palette: what a procedural agent shades with when a palette is asked,
 * so that light and shadow still read after the colours are restricted.
 */
import type { Rgb } from "./color.js";
import { toOklab } from "./oklab.js";

/** Weight of the colour difference (OKLab a, b) against the lightness error in a step's cost. */
const HUE_WEIGHT = 2;
/** Cost of using a colour on two neighbouring steps: a repeat wins only over a much worse pick. */
const REPEAT_COST = 0.08;
/** Lightness span (OKLab L) between neighbouring steps, before the ramp is fitted to the palette. */
const STEP_SPAN = 0.14;

/**
 * `steps` palette colours for shading `base`, dark → light: OKLab lightness never decreases along
 * the ramp, and the colours are distinct unless the palette lacks enough of them near the base's
 * hue (then a colour repeats on neighbouring steps; a 5-step ramp from 4 colours repeats one).
 *
 * The ramp aims at `steps` lightness targets centred on the base's lightness, STEP_SPAN apart
 * (fitted inside the palette's own lightness range). Each step's cost for a colour is
 * (L − target)² + HUE_WEIGHT · ((a − a₀)² + (b − b₀)²), the second term keeping to the base's hue
 * and chroma; a dynamic programme over the palette sorted by lightness picks the cheapest
 * non-decreasing sequence, REPEAT_COST added for each repeat. Deterministic (ties: the darker,
 * then the earlier colour).
 */
export function rampFromPalette(base: Rgb, steps: number, palette: readonly Rgb[]): Rgb[] {
  if (!Number.isInteger(steps) || steps < 1) throw new RangeError(`A ramp has at least one step, not ${steps}.`);
  if (palette.length === 0) throw new RangeError("A palette needs at least one colour.");
  const labs = palette.map(toOklab);
  const order = labs.map((_, i) => i).sort((i, j) => labs[i]!.L - labs[j]!.L || i - j);
  const sorted = order.map((i) => labs[i]!);
  const b0 = toOklab(base);

  const lowest = sorted[0]!.L;
  const highest = sorted.at(-1)!.L;
  const span = Math.min(STEP_SPAN * (steps - 1), highest - lowest);
  const start = Math.min(Math.max(b0.L - span / 2, lowest), highest - span);
  const target = (k: number) => (steps === 1 ? b0.L : start + (span * k) / (steps - 1));

  const n = sorted.length;
  const hue = sorted.map((c) => HUE_WEIGHT * ((c.a - b0.a) ** 2 + (c.b - b0.b) ** 2));
  const cost = (k: number, j: number) => (sorted[j]!.L - target(k)) ** 2 + hue[j]!;
  // best[k][j]: the cheapest ramp of steps 0..k ending with sorted colour j; from[k][j]: step k−1's colour.
  let best = Array.from({ length: n }, (_, j) => cost(0, j));
  const from: Int32Array[] = [];
  for (let k = 1; k < steps; k++) {
    const next = new Array<number>(n);
    const back = new Int32Array(n);
    // Running minimum of best[i] over i < j (a distinct, lighter-or-equal predecessor).
    let runMin = Number.POSITIVE_INFINITY;
    let runArg = 0;
    for (let j = 0; j < n; j++) {
      const repeat = best[j]! + REPEAT_COST;
      if (runMin <= repeat) {
        next[j] = runMin + cost(k, j);
        back[j] = runArg;
      } else {
        next[j] = repeat + cost(k, j);
        back[j] = j;
      }
      if (best[j]! < runMin) {
        runMin = best[j]!;
        runArg = j;
      }
    }
    best = next;
    from.push(back);
  }
  let j = 0;
  for (let i = 1; i < n; i++) if (best[i]! < best[j]!) j = i;
  const picks = [j];
  for (let k = steps - 1; k > 0; k--) {
    j = from[k - 1]![j]!;
    picks.push(j);
  }
  return picks.reverse().map((s) => palette[order[s]!]!);
}
