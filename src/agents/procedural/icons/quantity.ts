/**
 * Several of a thing: "lockpick set", "pair of boots", "wheat bundle", "three potions". A word of
 * quantity draws the subject two or three times, smaller, fanned or staggered, unless the subject's
 * own drawing reads the word (a coin draws its own pile, an arrow its own bundle).
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
};

/** The quantity words of the prompt the shape draws as copies (none when the shape reads them itself). */
export function quantityWords(shape: IconShape, otherWords: readonly string[]): string[] {
  return otherWords.filter((w) => COUNTS[w] !== undefined && !shape.reads?.includes(w));
}

/** How many copies the words ask for (1 when none). */
export function copiesOf(words: readonly string[]): number {
  return Math.max(1, ...words.map((w) => COUNTS[w] ?? 1));
}

function place(parts: readonly Part[], m: Affine): Part[] {
  return parts.map((p) => ({ ...p, path: transformPath(p.path, m), ...(p.clips ? { clips: p.clips.map((c) => transformPath(c, m)) } : {}) }));
}

/** Copies of the parts, each built anew (`build(i)`), scaled down and fanned (three) or staggered (two). */
export function multiplied(count: number, build: (i: number) => Part[]): Part[] {
  if (count <= 1) return build(0);
  const s = count === 2 ? 0.72 : 0.62;
  const spots: [number, number, number][] =
    count === 2
      ? [
          [-0.13, -0.08, -12],
          [0.13, 0.08, 12],
        ]
      : [
          [-0.2, 0.06, -24],
          [0.2, 0.06, 24],
          [0, -0.06, 0],
        ];
  const parts: Part[] = [];
  for (const [i, [dx, dy, deg]] of spots.entries()) {
    const scale: Affine = { a: s, b: 0, c: 0, d: s, e: 0.5 - 0.5 * s + dx, f: 0.5 - 0.5 * s + dy };
    parts.push(...place(build(i), compose(rotationAbout((deg * Math.PI) / 180, 0.5 + dx, 0.5 + dy), scale)));
  }
  return parts;
}
