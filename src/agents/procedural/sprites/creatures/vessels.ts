/**
 * Ships. "ship" alone is a spaceship (front view, mirror-symmetric). Named with a word of the sea
 * before it ("pirate ship", "ghost ship", "viking ship", "sea ship") it is a sailing ship, side
 * view: a wooden hull with a raised stern, one to three masts with their sails, a jib at the bow, a
 * flag; and those words change it: a pirate's black flag with a skull, a ghost's pale hull
 * and torn sails, a viking's striped sail. "black sails": the colour named with "sails" colours them.
 */
import type { Rgb } from "../../kit/color.js";
import type { PromptSpec } from "../../words/prompt.js";
import type { Random } from "../../kit/random.js";
import { M, type SpriteBuilder, type SpriteGrid } from "../grid.js";
import { COLOR_VALUES } from "../../words/vocabulary.js";

type Look = { pirate?: boolean; ghost?: boolean; striped?: boolean };

function galleon(g: SpriteGrid, rng: Random, look: Look): void {
  const c = g.u;
  const deck = rng.range(0.56, 0.62);
  const keel = deck + rng.range(0.2, 0.26);
  const bow = rng.range(0.04, 0.1);
  const stern = rng.range(0.88, 0.95);
  // the hull and the raised stern castle
  g.poly(
    [
      [bow, deck - 0.03],
      [stern, deck],
      [stern - 0.1, keel],
      [bow + 0.14, keel],
    ],
    M.BODY,
  );
  const castle = rng.range(0.06, 0.12);
  g.rect(stern - rng.range(0.18, 0.26), deck - castle, stern, deck, M.BODY);
  g.rect(bow, deck - 0.03, stern, deck - 0.03 + Math.max(c, 0.03), M.ACCENT, "paint");
  if (g.n > 16) for (let x = bow + 0.2; x < stern - 0.12; x += 0.14) g.dot(x, deck + (keel - deck) * 0.35, M.DARK, g.px, "paint");
  // masts and sails
  const masts = rng.pick([1, 2, 2, 3]);
  const xs = masts === 1 ? [0.5] : masts === 2 ? [0.36, 0.62] : [0.26, 0.5, 0.72];
  const top = rng.range(0.06, 0.14);
  const w = masts === 1 ? 0.18 : masts === 2 ? 0.12 : 0.09;
  for (const [k, x] of xs.entries()) {
    const mastTop = top + (k === xs.length - 1 && masts > 1 ? 0.06 : 0);
    g.rect(x, mastTop, x + Math.max(c, 0.025), deck, M.WOOD);
    const s0 = mastTop + 0.05;
    const s1 = deck - rng.range(0.08, 0.14);
    g.poly(
      [
        [x - w, s0],
        [x + w + 0.02, s0],
        [x + w + 0.05, s1],
        [x - w - 0.03, s1],
      ],
      M.BELLY,
    );
    g.rect(x - w, s0 - Math.max(c * 0.5, 0.015), x + w + 0.02, s0, M.WOOD);
    if (look.striped) for (let y = s0 + 0.05; y < s1; y += 0.1) g.rect(x - w - 0.03, y, x + w + 0.05, y + 0.04, M.ACCENT, "paint");
    if (look.ghost) for (let h = 0; h < 3; h++) g.dot(rng.range(x - w, x + w), rng.range(s0 + 0.04, s1 - 0.02), M.EMPTY, Math.max(1, g.px), "erase");
  }
  // a jib from the bowsprit to the first mast
  if (rng.chance(0.7)) {
    const x = xs[0] as number;
    g.poly(
      [
        [bow - 0.02, deck - 0.06],
        [x - 0.02, top + 0.1],
        [x - 0.02, deck - 0.08],
      ],
      M.BELLY,
    );
  }
  // the flag at the main mast's top: a pirate's is black with a skull
  const main = xs[Math.floor(xs.length / 2)] as number;
  g.rect(main, top - 0.06, main + 0.12, top, look.pirate ? M.DARK : M.ACCENT);
  if (look.pirate) g.dot(main + 0.05, top - 0.04, M.SHINE, Math.max(1, g.px), "set");
}

/** Words before "ship" that make it a sailing ship (and what each changes). */
const SEA_WORDS: Readonly<Record<string, Look>> = {
  pirate: { pirate: true },
  ghost: { ghost: true },
  viking: { striped: true },
  sailor: {},
  fisherman: {},
  water: {},
};
const SHIPS = new Set(["ship", "galleon"]);

/** The sailing ship a prompt asks for, with the words that shaped it; undefined when none. */
export function vesselOf(spec: PromptSpec): { builder: SpriteBuilder; subject: string; companions: string[]; words: string[] } | undefined {
  const at = spec.subjects.findIndex((s) => SHIPS.has(s));
  if (at < 0) return undefined;
  // "ghost ship captain": a figure named after the ship is the subject
  const before = spec.subjects.slice(0, at);
  const after = spec.subjects.slice(at + 1);
  if (after.some((s) => SEA_WORDS[s] !== undefined)) return undefined;
  const companions = before.filter((s) => SEA_WORDS[s] !== undefined);
  const subject = spec.subjects[at] as string;
  if (subject === "ship" && companions.length === 0) return undefined;
  const look: Look = Object.assign({}, ...companions.map((s) => SEA_WORDS[s]));
  // "with black sails": the colour is the sails'
  const sails = spec.otherWords.find((w) => w === "sails" || w === "sail");
  const sailColor = sails ? spec.colors[0] : undefined;
  const builder: SpriteBuilder = {
    kind: "creature",
    primary: look.ghost ? "grey" : look.pirate ? "maroon" : "brown",
    secondary: look.ghost ? "sky" : look.pirate ? "beige" : "white",
    accent: look.pirate ? "black" : look.striped ? "red" : "gold",
    asymmetric: true,
    reacts: [],
    build: (g, rng) => galleon(g, rng, look),
    ...(sailColor
      ? {
          tint: (base: Rgb[]) => {
            base[M.BELLY] = COLOR_VALUES[sailColor] ?? (base[M.BELLY] as Rgb);
            base[M.BODY] = COLOR_VALUES[look.ghost ? "grey" : "brown"] as Rgb;
          },
        }
      : {}),
  };
  return { builder, subject, companions, words: sails && sailColor ? [sails] : [] };
}

/** The sailing ship's own design ("galleon", "sailboat"). */
export const GALLEON_BUILDER: SpriteBuilder = {
  kind: "creature",
  primary: "brown",
  secondary: "white",
  accent: "gold",
  asymmetric: true,
  reacts: [],
  build: (g, rng) => galleon(g, rng, {}),
};

function ship(g: SpriteGrid, rng: Random): void {
  const c = g.u;
  const w = rng.range(0.08, 0.11);
  const sweep = rng.range(0.5, 0.62);
  g.poly(
    [
      [0.5, 0.05],
      [0.5 + c * 0.01, 0.82],
      [0.5 - w, 0.82],
      [0.5 - w, 0.3],
    ],
    M.BODY,
  );
  g.poly(
    [
      [0.5 - w, sweep - 0.12],
      [0.07, sweep + 0.16],
      [0.07, sweep + 0.26],
      [0.5 - w, sweep + 0.18],
    ],
    M.BODY,
  );
  g.poly(
    [
      [0.5 - w, sweep + 0.04],
      [0.14, sweep + 0.2],
      [0.14, sweep + 0.24],
      [0.5 - w, sweep + 0.12],
    ],
    M.BELLY,
    "paint",
  );
  g.rect(0.07, sweep + 0.06, 0.07 + Math.max(c, 0.03), sweep + 0.26, M.METAL);
  g.rect(0.5 - w * 0.9, 0.8, 0.5 - c * 0.5, 0.86, M.METAL);
  g.rect(0.5 - w * 0.8, 0.86, 0.5 - c, 0.95, M.GLOW);
  if (rng.chance(0.5))
    g.poly(
      [
        [0.5 - w, 0.66],
        [0.5 - w - 0.08, 0.84],
        [0.5 - w, 0.8],
      ],
      M.ACCENT,
    );
  g.mirror();
  g.ellipse(0.5, 0.32, Math.max(c, 0.045), 0.08, M.GLASS, "paint");
  g.dot(0.5 - c, 0.28, M.SHINE, g.px, "paint");
  if (g.hires) {
    for (const y of [0.46, 0.62]) g.rect(0, y, 1, y + c * 0.5, M.BODY, "darken");
    for (const y of [0.5, 0.56, 0.7]) g.mirroredDisc(0.5 - w * 0.6, y, c * 0.35, M.DARK);
  }
}

/** A ship has no face: "scary" only reddens its engine's glow. */
export const SHIP_BUILDER: SpriteBuilder = { kind: "creature", primary: "silver", secondary: "red", accent: "orange", build: ship, reacts: ["scary"] };
