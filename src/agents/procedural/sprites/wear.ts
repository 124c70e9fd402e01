/**
 * Wear on a drawn creature or item ("mossy boulder", "rusty anchor", "weathered crate", "old
 * barrel"), the sprite counterpart of the icons' wear looks: moss in clumps on the surfaces that
 * face up, rust in speckles and streaks (on the metal when the drawing has any), weathering as
 * darkened speckles and chipped edges. The wear's colour is the liquid material's: a design that
 * draws in it already (a held potion's contents) takes no wear, and the word stays ignored.
 */
import { mix, rgb, type Rgb } from "../kit/color.js";
import type { Random } from "../kit/random.js";
import { M, type SpriteBuilder, type SpriteGrid } from "./grid.js";

export type Wear = "mossy" | "rusty" | "weathered" | "barnacled" | "sunken";
/** Wear named by style words (words/vocabulary.ts). */
export const WEARS: readonly Wear[] = ["mossy", "rusty", "weathered"];
/** Wear named by other words: barnacles, and a thing sunk under the sea (teal, with barnacles). */
export const WEAR_WORDS: Readonly<Record<string, Wear>> = {
  barnacled: "barnacled",
  encrusted: "barnacled",
  sunken: "sunken",
  submerged: "sunken",
  drowned: "sunken",
};

const WEAR_COLORS: Readonly<Record<Wear, Rgb | undefined>> = {
  mossy: rgb(0x5d9a3a),
  rusty: rgb(0xb0562a),
  weathered: undefined,
  barnacled: undefined,
  sunken: rgb(0x2e8a7e),
};

const filled = (g: SpriteGrid, i: number, j: number): boolean => {
  const m = g.get(i, j);
  return m !== M.EMPTY && m !== M.LINE && m !== M.EYE && m !== M.GLOW;
};

/** Moss: on each up-facing surface cell, per seed, a clump one to three cells deep. */
function moss(g: SpriteGrid, rng: Random): void {
  const { n } = g;
  const depth = Math.max(1, Math.round(n / 16));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (!filled(g, i, j) || (j > 0 && g.get(i, j - 1) !== M.EMPTY)) continue;
      // in clumps: runs of columns share a depth
      const d = (Math.floor(i / Math.max(2, g.px * 2)) * 7 + j) % 3 === 0 ? 0 : depth + rng.int(0, depth);
      for (let k = 0; k < d && j + k < n; k++) if (filled(g, i, j + k)) g.setCell(i, j + k, M.LIQUID, k === 0 ? 1 : 0);
    }
  }
  // and a few patches lower down
  speckle(g, rng, 0.025, M.LIQUID, () => true);
}

function speckle(g: SpriteGrid, rng: Random, share: number, m: number, where: (i: number, j: number) => boolean): void {
  const size = Math.max(1, g.px);
  for (let j = 0; j < g.n; j += size) {
    for (let i = 0; i < g.n; i += size) {
      if (rng.next() >= share || !filled(g, i, j) || !where(i, j)) continue;
      for (let b = 0; b < size; b++) for (let a = 0; a < size; a++) if (filled(g, i + a, j + b)) g.setCell(i + a, j + b, m);
    }
  }
}

/** Rust: speckles and short streaks down the metal (or the whole thing when it has no metal). */
function rust(g: SpriteGrid, rng: Random): void {
  let metal = false;
  for (let k = 0; k < g.cells.length && !metal; k++) metal = g.cells[k] === M.METAL;
  const on = (i: number, j: number): boolean => !metal || g.get(i, j) === M.METAL;
  speckle(g, rng, 0.12, M.LIQUID, on);
  for (let s = 0; s < Math.max(2, g.n / 10); s++) {
    const i = rng.int(0, g.n - 1);
    let j = rng.int(0, g.n - 1);
    if (!filled(g, i, j) || !on(i, j)) continue;
    for (let k = 0; k < g.n / 8 && filled(g, i, j); k++, j++) g.setCell(i, j, M.LIQUID);
  }
}

/** Barnacles: small off-white lumps with a dark mouth, in clusters over the thing. */
function barnacles(g: SpriteGrid, rng: Random): void {
  const r = Math.max(1, g.px);
  const count = Math.max(3, Math.round(g.n / 6));
  for (let k = 0; k < count * 4 && k < 400; k++) {
    const i = rng.int(r, g.n - 1 - r);
    const j = rng.int(r, g.n - 1 - r);
    if (!filled(g, i, j) || !filled(g, i + r, j + r) || rng.next() < 0.75) continue;
    for (let b = 0; b <= r; b++) for (let a = 0; a <= r; a++) if (filled(g, i + a, j + b)) g.setCell(i + a, j + b, M.EYE, b === 0 ? 1 : -1);
    if (r > 1) g.setCell(i + Math.floor(r / 2), j + Math.floor(r / 2), M.DARK);
  }
}

/** Sunken: the thing's colours drawn toward the sea's teal (the tint), its lower half darker, with barnacles. */
function sunk(g: SpriteGrid, rng: Random): void {
  for (let j = Math.floor(g.n / 2); j < g.n; j++) for (let i = 0; i < g.n; i++) if (filled(g, i, j) && rng.next() < 0.5) g.apply(i, j, M.EMPTY, "darken");
  barnacles(g, rng);
}

/** Weathering: darkened speckles, and chips out of the outer edge. */
function weather(g: SpriteGrid, rng: Random): void {
  for (let j = 0; j < g.n; j++) for (let i = 0; i < g.n; i++) if (filled(g, i, j) && rng.next() < 0.1) g.apply(i, j, M.EMPTY, "darken");
  const edge: [number, number][] = [];
  for (let j = 1; j < g.n - 1; j++)
    for (let i = 1; i < g.n - 1; i++)
      if (filled(g, i, j) && (g.get(i - 1, j) === M.EMPTY || g.get(i + 1, j) === M.EMPTY || g.get(i, j - 1) === M.EMPTY)) edge.push([i, j]);
  for (let k = 0; k < Math.max(1, Math.round(g.n / 16)) && edge.length > 0; k++) {
    const [i, j] = edge[rng.int(0, edge.length - 1)] as [number, number];
    g.setCell(i, j, M.EMPTY);
  }
}

/** The builder with wear drawn over what it draws. */
export function withWear(builder: SpriteBuilder, wear: readonly Wear[]): SpriteBuilder {
  const color = wear.map((w) => WEAR_COLORS[w]).find((c) => c !== undefined);
  return {
    ...builder,
    ...(color
      ? {
          tint(colors: Rgb[], rng: Random) {
            builder.tint?.(colors, rng);
            colors[M.LIQUID] = color;
            // a sunken thing's own colours turn toward the sea
            if (wear.includes("sunken")) for (const m of [M.BODY, M.BELLY, M.ACCENT, M.WOOD, M.METAL]) colors[m] = mix(colors[m] as Rgb, color, 0.35);
          },
        }
      : {}),
    build(g, rng, traits) {
      const anchors = builder.build(g, rng, traits);
      for (const w of wear) {
        const r = rng.fork(`wear ${w}`);
        if (w === "mossy") moss(g, r);
        else if (w === "rusty") rust(g, r);
        else if (w === "barnacled") barnacles(g, r);
        else if (w === "sunken") sunk(g, r);
        else weather(g, r);
      }
      return anchors;
    },
  };
}
