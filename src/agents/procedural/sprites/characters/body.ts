/**
 * The figure of a character: proportions (a body plan jittered per seed), then legs, torso, arms
 * and hands in the style a recipe names. Everything is drawn on the image-left half (x ≤ 0.5) and
 * mirrored later; headgear, hair and faces are in parts.ts.
 */
import type { Random } from "../../kit/random.js";
import { M, type SpriteGrid } from "../grid.js";

/** Body plans: a recipe's build, overridden by a race's and by the size words. */
export type BodyPlan = "normal" | "slim" | "stocky" | "bulky" | "huge" | "chibi";

/** The proportions of a drawn character, which every part follows. */
export interface Body {
  /** Head centre (y) and radius. */
  hy: number;
  hr: number;
  /** Shoulder line, torso half-width, waist line. */
  top: number;
  tw: number;
  waist: number;
  /** The image-left arm: from armRight - armW to armRight, from the shoulder to the hand. */
  armRight: number;
  armW: number;
  /** Top and bottom of the hand. */
  handT: number;
  handB: number;
  /** Left edge of the image-left leg and bottom of the feet. */
  legL: number;
  feet: number;
  plan: BodyPlan;
}

/** Draws the proportions of a body plan (per-seed jitter within the plan). */
export function proportions(g: SpriteGrid, rng: Random, plan: BodyPlan, cute: boolean): Body {
  const c = g.cell;
  let hr = rng.range(0.15, 0.17);
  let hy = rng.range(0.25, 0.28);
  let tw = rng.range(0.12, 0.17);
  let waist = rng.range(0.66, 0.72);
  let armW = Math.max(c * 2, rng.range(0.06, 0.08));
  if (plan === "slim") {
    hr = rng.range(0.14, 0.155);
    tw = rng.range(0.105, 0.125);
    hy = rng.range(0.24, 0.26);
    waist = rng.range(0.63, 0.67);
  } else if (plan === "stocky") {
    hr = rng.range(0.155, 0.17);
    hy = rng.range(0.34, 0.38);
    tw = rng.range(0.17, 0.2);
    waist = rng.range(0.75, 0.78);
    armW = Math.max(c * 2, rng.range(0.075, 0.09));
  } else if (plan === "bulky") {
    hr = rng.range(0.12, 0.14);
    hy = rng.range(0.2, 0.23);
    tw = rng.range(0.19, 0.22);
    waist = rng.range(0.66, 0.7);
    armW = Math.max(c * 2, rng.range(0.09, 0.11));
  } else if (plan === "huge") {
    hr = rng.range(0.105, 0.12);
    hy = rng.range(0.17, 0.19);
    tw = rng.range(0.22, 0.25);
    waist = rng.range(0.64, 0.68);
    armW = Math.max(c * 2, rng.range(0.1, 0.12));
  } else if (plan === "chibi") {
    hr = rng.range(0.2, 0.22);
    hy = rng.range(0.3, 0.33);
    tw = rng.range(0.13, 0.16);
    waist = rng.range(0.75, 0.78);
  }
  if (cute) hr += 0.03;
  const top = hy + hr * 0.8;
  const armRight = g.n >= 32 ? 0.5 - tw - c : 0.5 - tw + c * 0.5;
  const handT = top + Math.max(0.15, rng.range(0.19, 0.24) - (plan === "chibi" || plan === "stocky" ? 0.03 : 0));
  const legL = 0.5 - tw + rng.range(0.0, 0.03);
  return { hy, hr, top, tw, waist, armRight, armW, handT, handB: handT + 0.05, legL, feet: 0.93, plan };
}

/** Leg styles: trousers, armour, bare skin, bones, or none (a robe or dress hides them). */
export type Legs = "pants" | "armour" | "bare" | "bones" | "none" | "tail";

export function drawLegs(g: SpriteGrid, b: Body, legs: Legs, boot: number): void {
  const u = g.u;
  if (legs === "none") return;
  if (legs === "tail") {
    // a fish tail in the body colour, narrowing to a fin spread at the bottom (a mermaid)
    g.poly(
      [
        [b.legL + 0.01, b.waist],
        [0.5, b.waist],
        [0.5, 0.84],
        [0.45, 0.84],
      ],
      M.BODY,
    );
    g.poly(
      [
        [0.5, 0.78],
        [0.3, 0.96],
        [0.4, 0.96],
        [0.5, 0.88],
      ],
      M.BODY,
    );
    return;
  }
  const m = legs === "pants" ? M.CLOTH : legs === "armour" ? M.BODY : M.SKIN;
  const x0 = legs === "bones" ? b.legL + (b.tw - 0.02) * 0.35 : b.legL + 0.02;
  g.rect(x0, b.waist, 0.5 - u, 0.92, m);
  if (boot !== M.EMPTY) g.rect(x0 - 0.01, 0.86, 0.5 - u, b.feet, boot);
  else g.rect(x0, 0.9, 0.5 - u, b.feet, M.SKIN);
}

/** Sleeves: the arm's material down to the hand (the hand is always skin). */
export function drawArm(g: SpriteGrid, b: Body, sleeve: number): void {
  const c = g.cell;
  const x0 = b.armRight - b.armW;
  g.rect(x0, b.top + 0.02, b.armRight, b.handT, sleeve);
  g.rect(x0, b.top + 0.02, 0.5 - b.tw + c, b.top + 0.06, sleeve);
  g.rect(x0, b.handT, b.armRight, b.handB, M.SKIN);
}

/** Torso styles (see TORSOS). */
export type Torso = (g: SpriteGrid, b: Body) => void;

const L = (b: Body): number => 0.5 - b.tw;

/** A plain tunic or shirt. */
const tunic: Torso = (g, b) => {
  g.rect(L(b), b.top, 0.5, b.waist + 0.02, M.BODY);
};

export const TORSOS: Readonly<Record<string, Torso>> = {
  tunic,
  /** A bare torso with a shell top across the chest (a mermaid); the tail starts at the waist. */
  shell: (g, b) => {
    g.rect(L(b), b.top, 0.5, b.waist + 0.02, M.SKIN);
    g.rect(L(b), b.top + 0.04, 0.5, b.top + 0.04 + Math.max(g.u * 1.2, 0.06), M.ACCENT);
    g.rect(L(b), b.waist - 0.02, 0.5, b.waist + 0.02, M.BODY);
  },
  /** Overalls: a bib and straps in the trousers' cloth over a shirt (farmers, engineers). */
  overalls: (g, b) => {
    tunic(g, b);
    g.rect(0.5 - b.tw * 0.6, b.top + 0.05, 0.5, b.waist + 0.02, M.CLOTH);
    g.rect(0.5 - b.tw * 0.6, b.top, 0.5 - b.tw * 0.6 + g.u * 1.5, b.top + 0.05, M.CLOTH);
  },
  /** Plate armour: a breastplate over mail, a fauld at the waist. */
  plate: (g, b) => {
    tunic(g, b);
    g.rect(0.5 - b.tw * 0.6, b.top + 0.04, 0.5, b.waist + 0.03, M.BELLY, "paint");
    g.rect(0.5 - b.tw * 0.6, b.waist - 0.03, 0.5, b.waist, M.METAL, "paint");
  },
  /** Scale or lamellar armour: rows of plates in the accent colour (a samurai's do). */
  lamellar: (g, b) => {
    tunic(g, b);
    for (let y = b.top + 0.05; y < b.waist - 0.02; y += 0.05) g.rect(L(b) + g.u, y, 0.5, y + 0.02, M.BELLY, "paint");
    g.rect(L(b) - 0.02, b.waist - 0.02, 0.5, b.waist + 0.1, M.BODY);
    g.rect(L(b) - 0.02, b.waist + 0.06, 0.5, b.waist + 0.1, M.ACCENT, "paint");
  },
  /** A long robe to the feet, with a front panel and a hem. */
  robe: (g, b) => {
    g.poly(
      [
        [L(b), b.top],
        [0.5, b.top],
        [0.5, b.feet],
        [L(b) - 0.08, b.feet],
      ],
      M.BODY,
    );
    g.rect(0.5 - g.u, b.top + 0.1, 0.5, b.feet, M.BELLY, "paint");
    g.rect(L(b) - 0.08, b.feet - 0.04, 0.5, b.feet, M.BELLY, "paint");
  },
  /** A gown: a fitted bodice and a wide bell skirt. */
  dress: (g, b) => {
    g.rect(L(b) + 0.01, b.top, 0.5, b.waist - 0.06, M.BODY);
    g.poly(
      [
        [L(b), b.waist - 0.07],
        [0.5, b.waist - 0.07],
        [0.5, b.feet],
        [L(b) - 0.12, b.feet],
        [L(b) - 0.08, b.waist + 0.05],
      ],
      M.BODY,
    );
    g.rect(0.5 - b.tw * 0.5, b.top + 0.03, 0.5, b.waist - 0.07, M.BELLY, "paint");
    g.rect(L(b) - 0.12, b.feet - 0.035, 0.5, b.feet, M.ACCENT, "paint");
  },
  /** A tunic under a leather apron (a smith's). */
  apron: (g, b) => {
    tunic(g, b);
    g.rect(0.5 - b.tw * 0.75, b.top + 0.06, 0.5, Math.min(0.88, b.waist + 0.16), M.WOOD);
    g.rect(0.5 - b.tw * 0.75, b.top + 0.02, 0.5 - b.tw * 0.75 + g.u, b.top + 0.06, M.WOOD);
  },
  /** A white cook's apron over a tunic. */
  smock: (g, b) => {
    tunic(g, b);
    g.rect(0.5 - b.tw * 0.8, b.top + 0.08, 0.5, Math.min(0.86, b.waist + 0.12), M.GLASS);
  },
  /** An open vest over a shirt. */
  vest: (g, b) => {
    tunic(g, b);
    g.rect(0.5 - b.tw * 0.4, b.top, 0.5, b.waist, M.CLOTH, "paint");
  },
  /** A bare chest (the arms bare too) with a loincloth. */
  bare: (g, b) => {
    g.rect(L(b), b.top, 0.5, b.waist + 0.02, M.SKIN);
    g.rect(L(b) + 0.01, b.waist - 0.01, 0.5, b.waist + 0.09, M.BODY);
  },
  /** A ribcage and spine (the skin is bone). */
  ribs: (g, b) => {
    const c = g.u;
    for (let y = b.top + 0.02; y < b.waist - 0.04; y += c * 2.2) g.rect(L(b) + c, y, 0.5, y + c, M.SKIN);
    g.rect(0.5 - c, b.top, 0.5, b.waist + 0.02, M.SKIN);
    g.rect(L(b), b.waist - 0.03, 0.5, b.waist + 0.01, M.SKIN);
  },
  /** A wrapped jacket (a gi): crossed lapels and a sash. */
  gi: (g, b) => {
    tunic(g, b);
    g.poly(
      [
        [0.5 - b.tw * 0.7, b.top],
        [0.5, b.top],
        [0.5, b.top + 0.12],
      ],
      M.CLOTH,
      "paint",
    );
    g.rect(L(b), b.waist - 0.04, 0.5, b.waist, M.ACCENT, "paint");
  },
  /** A long coat open over a shirt, its tails over the legs. */
  coat: (g, b) => {
    g.poly(
      [
        [L(b), b.top],
        [0.5, b.top],
        [0.5, 0.84],
        [L(b) - 0.04, 0.84],
      ],
      M.BODY,
    );
    g.rect(0.5 - g.u * 1.5, b.top, 0.5, 0.84, M.CLOTH, "paint");
    g.rect(0.5 - g.u * 1.5, b.waist, 0.5, 0.84, M.EMPTY, "erase");
  },
  /** A bulky suit with a chest panel (an astronaut's or a robot's). */
  suit: (g, b) => {
    g.rect(L(b) - 0.015, b.top - 0.01, 0.5, b.waist + 0.03, M.BODY);
    g.rect(0.5 - b.tw * 0.6, b.top + 0.05, 0.5, b.top + 0.15, M.BELLY, "paint");
    g.dot(0.5 - b.tw * 0.4, b.top + 0.09, M.GLOW);
  },
  /** Bandage wrappings (a mummy): the skin is the linen. */
  wraps: (g, b) => {
    g.rect(L(b), b.top, 0.5, b.waist + 0.02, M.SKIN);
    for (let y = b.top + 0.03; y < b.waist; y += 0.06) g.line(L(b), y, 0.5, y + 0.03, M.DARK, 1, "paint");
  },
  /** A bare chest over a tail of smoke (a genie). */
  wisp: (g, b) => {
    g.rect(L(b), b.top, 0.5, b.waist, M.SKIN);
    g.rect(L(b) - 0.01, b.waist - 0.04, 0.5, b.waist + 0.01, M.ACCENT);
    g.poly(
      [
        [L(b), b.waist],
        [0.5, b.waist],
        [0.5, b.feet - 0.02],
        [0.5 - g.u * 2, b.feet - 0.06],
      ],
      M.BODY,
    );
  },
  /** A hulking chest of stone or ice, wider at the shoulders. */
  boulder: (g, b) => {
    g.poly(
      [
        [L(b) - 0.03, b.top - 0.02],
        [0.5, b.top - 0.04],
        [0.5, b.waist + 0.03],
        [L(b) + 0.03, b.waist + 0.03],
      ],
      M.BODY,
    );
    g.rect(0.5 - b.tw * 0.5, b.top + 0.06, 0.5, b.top + 0.14, M.BELLY, "paint");
  },
};

/** A cape or cloak hanging behind the figure, from the shoulders to the ankles. */
export function drawCape(g: SpriteGrid, b: Body, long: boolean): void {
  const bottom = long ? 0.9 : b.waist + 0.08;
  g.poly(
    [
      [L(b) - 0.04, b.top - 0.01],
      [0.5, b.top - 0.01],
      [0.5, bottom],
      [L(b) - (long ? 0.1 : 0.06), bottom],
    ],
    M.WING,
  );
}

/** Shoulder guards. */
export function drawPauldrons(g: SpriteGrid, b: Body, m: number, big: boolean): void {
  const r = big ? 0.08 : 0.065;
  g.ellipse(L(b) - 0.02, b.top + 0.03, r, r * 0.7, m);
}

/** A belt at the waist. */
export function drawBelt(g: SpriteGrid, b: Body, m: number): void {
  g.rect(L(b), b.waist - 0.04, 0.5, b.waist, m, "paint");
}

/** Feathered wings spread behind the shoulders, with rows of feathers at 64 and 128 px. */
export function drawWings(g: SpriteGrid, b: Body): void {
  const x = L(b);
  g.poly(
    [
      [x + 0.02, b.top + 0.02],
      [x - 0.12, b.top - 0.14],
      [Math.max(0.04, x - 0.26), b.top - 0.12],
      [Math.max(0.04, x - 0.24), b.top + 0.04],
      [x - 0.14, b.top + 0.22],
      [x + 0.02, b.top + 0.2],
    ],
    M.WING,
  );
  if (g.hires) for (const dy of [0.0, 0.08]) g.line(x - 0.2, b.top + dy - 0.05, x - 0.02, b.top + dy + 0.08, M.WING, 1, "darken");
}

/** A jetpack: two tanks peeking over the shoulders, jets of flame beside the legs. */
export function drawJetpack(g: SpriteGrid, b: Body): void {
  const t0 = 0.5 - b.tw - 0.07;
  const t1 = 0.5 - b.tw + 0.04;
  g.rect(t0, b.top - 0.15, t1, b.waist - 0.02, M.METAL);
  g.rect(t0 + 0.01, b.top - 0.17, t1 - 0.01, b.top - 0.14, M.DARK);
  const x0 = 0.5 - b.tw - 0.06;
  const x1 = 0.5 - b.tw + 0.03;
  g.rect(x0 + 0.01, b.waist - 0.02, x1 - 0.01, b.waist + 0.02, M.DARK);
  g.rect(x0 + 0.015, b.waist + 0.02, x1 - 0.015, b.waist + 0.12, M.FIRE);
  g.rect(x0 + 0.03, b.waist + 0.02, x1 - 0.03, b.waist + 0.07, M.EMBER, "paint");
}
