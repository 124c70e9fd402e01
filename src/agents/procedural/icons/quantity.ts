/**
 * Several of a thing: "lockpick set", "pair of boots", "wheat bundle", "three potions", "four
 * apples", "pile of five gems", "stack of books". A word of quantity draws the subject one to five
 * times, smaller: two staggered, three fanned, four in a grid, five heaped; "stack" lays the copies
 * down one above the other, "pile" heaps them, "crossed" crosses them (two swords crossed). The subject's own drawing may read a word instead (a
 * coin draws its own pile, an arrow its own bundle).
 */
import { compose, rotationAbout, transformPath, type Affine } from "../kit/geometry.js";
import type { IconShape, Part } from "./parts.js";

const COUNTS: Readonly<Record<string, number>> = {
  set: 3,
  sets: 3,
  bundle: 3,
  bundles: 3,
  several: 3,
  multiple: 3,
  many: 3,
  three: 3,
  collection: 3,
  pair: 2,
  pairs: 2,
  two: 2,
  couple: 2,
  twin: 2,
  twins: 2,
  four: 4,
  five: 5,
  stack: 3,
  stacks: 3,
  stacked: 3,
  pile: 3,
  piles: 3,
  heap: 3,
  heaps: 3,
  group: 3,
  crossed: 2,
};

/** How copies are laid out: "stack" one above the other, lying; "pile" heaped; else by count. */
export type Arrangement = "stack" | "pile" | "crossed" | "spread";
const STACK_WORDS: ReadonlySet<string> = new Set(["stack", "stacks", "stacked"]);
const PILE_WORDS: ReadonlySet<string> = new Set(["pile", "piles", "heap", "heaps"]);

/** The arrangement the quantity words ask for. */
export function arrangementOf(words: readonly string[]): Arrangement {
  if (words.some((w) => STACK_WORDS.has(w))) return "stack";
  if (words.some((w) => PILE_WORDS.has(w))) return "pile";
  if (words.includes("crossed")) return "crossed";
  return "spread";
}

/** The quantity words of the prompt the shape draws as copies (none when the shape reads them itself). */
export function quantityWords(shape: IconShape, otherWords: readonly string[]): string[] {
  return otherWords.filter((w) => COUNTS[w] !== undefined && !shape.reads?.includes(w));
}

/** How many copies the words ask for (1 when none): a number named wins over a set's or a pile's three. */
export function copiesOf(words: readonly string[]): number {
  const numbers = words.filter((w) => NUMBERS.has(w));
  return Math.max(1, ...(numbers.length > 0 ? numbers : words).map((w) => COUNTS[w] ?? 1));
}

const NUMBERS: ReadonlySet<string> = new Set(["two", "three", "four", "five", "pair", "pairs", "couple", "twin", "twins"]);

function place(parts: readonly Part[], m: Affine): Part[] {
  return parts.map((p) => ({ ...p, path: transformPath(p.path, m), ...(p.clips ? { clips: p.clips.map((c) => transformPath(c, m)) } : {}) }));
}

/** Where each copy goes: centre offset (dx, dy) and turn in degrees, and the copies' scale. */
function spotsOf(count: number, arrangement: Arrangement): { s: number; spots: [number, number, number][] } {
  if (arrangement === "stack") {
    const s = Math.min(0.7, 1.4 / (count + 1));
    const step = Math.min(0.26, 0.78 / count);
    return {
      s,
      spots: Array.from({ length: count }, (_, i) => [(i % 2 ? 0.03 : -0.03) * (i > 0 ? 1 : 0), ((count - 1) / 2 - i) * step, 90 + (i % 2 ? 4 : -4)]),
    };
  }
  if (arrangement === "crossed")
    return {
      s: 0.9,
      spots: Array.from({ length: count }, (_, i) => [0, 0, (90 * i) / Math.max(1, count - 1)]),
    };
  if (count === 2)
    return {
      s: 0.72,
      spots: [
        [-0.13, -0.08, -12],
        [0.13, 0.08, 12],
      ],
    };
  if (count === 3 && arrangement !== "pile")
    return {
      s: 0.62,
      spots: [
        [-0.2, 0.06, -24],
        [0.2, 0.06, 24],
        [0, -0.06, 0],
      ],
    };
  if (count === 3)
    return {
      s: 0.56,
      spots: [
        [-0.2, 0.16, -10],
        [0.2, 0.16, 10],
        [0, -0.12, 0],
      ],
    };
  if (count === 4)
    return {
      s: 0.5,
      spots: [
        [-0.2, -0.16, -10],
        [0.2, -0.16, 10],
        [-0.2, 0.18, -4],
        [0.2, 0.18, 6],
      ],
    };
  return {
    s: 0.44,
    spots: [
      [-0.28, 0.22, -12],
      [0, 0.24, 4],
      [0.28, 0.22, 14],
      [-0.14, -0.04, -6],
      [0.14, -0.04, 8],
    ],
  };
}

/** Copies of the parts, each built anew (`build(i)`), scaled down and laid out (spotsOf). */
export function multiplied(count: number, build: (i: number) => Part[], arrangement: Arrangement = "spread"): Part[] {
  if (count <= 1) return build(0);
  const { s, spots } = spotsOf(count, arrangement);
  const parts: Part[] = [];
  for (const [i, [dx, dy, deg]] of spots.entries()) {
    const scale: Affine = { a: s, b: 0, c: 0, d: s, e: 0.5 - 0.5 * s + dx, f: 0.5 - 0.5 * s + dy };
    parts.push(...place(build(i), compose(rotationAbout((deg * Math.PI) / 180, 0.5 + dx, 0.5 + dy), scale)));
  }
  return parts;
}
