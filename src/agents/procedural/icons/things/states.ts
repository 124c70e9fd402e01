/**
 * States of things that change their drawing: a "rolled" scroll is tied shut, a rope is "coiled"
 * or hangs knotted, a chest is "open" with its gold showing. A wrapped shape reads the words of its state; unasked, a seed picks one.
 */
import { circle, ellipse, PathBuilder, rect, roundRect, star } from "../../kit/geometry.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import { bar, detail, line, poly, shadeRight, solid, steps } from "./kit.js";
import type { Random } from "../../kit/random.js";

const ROLLED_WORDS = ["rolled", "roll", "rolls", "closed", "sealed", "tied"];
const OPEN_WORDS = ["open", "opened", "unrolled", "unfurled"];
const COILED_WORDS = ["coiled", "coil", "coils", "wound"];
const has = (words: ReadonlySet<string> | undefined, list: readonly string[]): boolean => list.some((w) => words?.has(w));

/** A scroll rolled shut and tied with a ribbon, a wax seal on it. */
function rolledScroll(rng: Random, map: boolean): Part[] {
  const [y0, h] = [0.38, rng.range(0.22, 0.26)];
  const body = roundRect(0.12, y0, 0.76, h, 0.04);
  const parts: Part[] = [solid(body, "primary"), detail(rect(0.12, y0 + h * 0.62, 0.76, h * 0.38), "primary-", { clips: [[body]] })];
  parts.push(detail(rect(0.12, y0 + h * 0.12, 0.76, 0.02), "primary+", { clips: [[body]] }));
  parts.push(solid(ellipse(0.88, y0 + h / 2, 0.05, h / 2), "primary-"), detail(ellipse(0.88, y0 + h / 2, 0.025, h * 0.25), "primary--"));
  if (rng.chance(0.5)) parts.push(solid(poly(0.14, y0 + h, 0.04, y0 + h + 0.14, 0.26, y0 + h + 0.12, 0.3, y0 + h), "primary"));
  if (map) {
    // a map rolled up: its trail and its cross show on the outer turn
    for (const x of steps(0.18, 0.38, 4)) parts.push(detail(rect(x, y0 + h * 0.45 + Math.sin(x * 30) * 0.03, 0.03, 0.014), "accent"));
    parts.push(line(poly(0.66, y0 + h * 0.3, 0.76, y0 + h * 0.7), "accent", 0.02), line(poly(0.76, y0 + h * 0.3, 0.66, y0 + h * 0.7), "accent", 0.02));
  }
  parts.push(solid(rect(0.46, y0 - 0.01, 0.08, h + 0.02), "secondary"));
  parts.push(bar(poly(0.5, y0 + h, 0.42, y0 + h + 0.18), "secondary", 0.04), bar(poly(0.5, y0 + h, 0.6, y0 + h + 0.16), "secondary", 0.04));
  if (rng.chance(0.6)) parts.push(solid(circle(0.5, y0 + h / 2, 0.075), "secondary-"), detail(circle(0.5, y0 + h / 2, 0.04), "secondary"));
  return rotateParts(parts, rng.range(-35, -15));
}

/** The scroll (or map), open or rolled shut ("rolled parchment scroll"); a map rolls only when asked. */
export function rollable(scroll: IconShape, map = false): IconShape {
  return {
    ...scroll,
    reads: [...(scroll.reads ?? []), ...ROLLED_WORDS, ...(map ? [] : OPEN_WORDS)],
    build(rng, hasEmblem, words) {
      const rolled = has(words, ROLLED_WORDS) || (!map && !has(words, OPEN_WORDS) && rng.chance(0.3));
      return rolled ? rolledScroll(rng, map) : scroll.build(rng, hasEmblem, words);
    },
  };
}

/** A length of rope hanging in an S, knotted, its ends frayed. */
function hangingRope(rng: Random): Part[] {
  const path = new PathBuilder(0.3, 0.06).cubicTo(0.9, 0.3, 0.1, 0.6, 0.68, 0.92).build();
  const parts: Part[] = [bar(path, "primary", 0.09)];
  for (const t of steps(0.06, 0.94, 16)) {
    const i = Math.round(t * (path.length - 1));
    const [x, y] = path[i] ?? [0.5, 0.5];
    parts.push(line(poly(x - 0.035, y - 0.02, x + 0.035, y + 0.02), "secondary", 0.012));
  }
  const [kx, ky] = path[Math.round(path.length * rng.range(0.4, 0.55))] ?? [0.5, 0.5];
  parts.push(solid(ellipse(kx, ky, 0.09, 0.07, 0.4), "primary"), shadeRight(ellipse(kx, ky, 0.09, 0.07, 0.4), "primary-", kx));
  parts.push(line(poly(kx - 0.06, ky - 0.02, kx + 0.05, ky + 0.04), "secondary", 0.014));
  for (const [x, y, d] of [
    [0.3, 0.06, -1],
    [0.68, 0.92, 1],
  ] as const)
    for (const dx of [-0.03, 0, 0.03]) parts.push(line(poly(x + dx, y, x + dx * 1.6, y + d * 0.06), "primary-", 0.014));
  return rotateParts(parts, rng.range(-15, 15));
}

/** The rope, coiled or hanging knotted ("coiled rope"). */
export function coilable(rope: IconShape): IconShape {
  return {
    ...rope,
    reads: [...(rope.reads ?? []), ...COILED_WORDS],
    build(rng, hasEmblem, words) {
      const hanging = !has(words, COILED_WORDS) && rng.chance(0.3);
      return hanging ? hangingRope(rng) : rope.build(rng, hasEmblem, words);
    },
  };
}

const OPENED_WORDS = ["open", "opened", "looted"];

/** A chest with its lid thrown back, gold heaped in it and shining. */
function openChest(rng: Random): Part[] {
  const [x0, x1] = [rng.range(0.08, 0.12), rng.range(0.88, 0.92)];
  const seam = rng.range(0.5, 0.54);
  const lid = poly(x0 + 0.02, seam - 0.02, x1 - 0.02, seam - 0.02, x1 - 0.08, 0.08, x0 + 0.08, 0.08);
  const body = rect(x0, seam, x1 - x0, 0.9 - seam);
  const parts: Part[] = [solid(lid, "primary-"), detail(poly(x0 + 0.08, seam - 0.04, x1 - 0.08, seam - 0.04, x1 - 0.12, 0.14, x0 + 0.12, 0.14), "primary--")];
  for (const x of [x0 + 0.12, x1 - 0.12]) parts.push(detail(rect(x - 0.03, 0, 0.06, 1), "secondary-", { clips: [[lid]] }));
  const heap: [number, number][] = [];
  for (let i = 0; i < 9; i++) heap.push([rng.range(x0 + 0.12, x1 - 0.12), seam - rng.range(0, 0.15)]);
  parts.push(solid(ellipse(0.5, seam, (x1 - x0) / 2 - 0.02, 0.09), "secondary"));
  for (const [x, y] of heap) parts.push(solid(ellipse(x, y, 0.06, 0.035), "secondary+"), detail(ellipse(x, y, 0.035, 0.018), "secondary"));
  if (rng.chance(0.6)) parts.push(solid(poly(0.4, seam - 0.1, 0.46, seam - 0.18, 0.52, seam - 0.1, 0.46, seam - 0.04), "accent"));
  parts.push(solid(body, "primary"), shadeRight(body, "primary-", 0.66), detail(rect(x0, seam, x1 - x0, 0.04), "secondary-"));
  for (const x of [x0 + 0.1, x1 - 0.1]) parts.push(detail(rect(x - 0.035, seam, 0.07, 0.9 - seam), "secondary"));
  parts.push(solid(roundRect(0.42, seam + 0.04, 0.16, 0.14, 0.03), "secondary"), detail(circle(0.5, seam + 0.1, 0.022), "dark"));
  for (let i = 0; i < rng.int(2, 3); i++) parts.push(detail(star(rng.range(0.25, 0.75), rng.range(0.12, seam - 0.12), 0.05, 0.012, 4), "light"));
  return parts;
}

/** The chest, shut, or open on some seeds and when asked ("open treasure chest"). */
export function openable(chest: IconShape): IconShape {
  return {
    ...chest,
    reads: [...(chest.reads ?? []), ...OPENED_WORDS],
    build(rng, hasEmblem, words) {
      const open = has(words, OPENED_WORDS) || rng.chance(0.25);
      return open ? openChest(rng) : chest.build(rng, hasEmblem, words);
    },
  };
}
