/**
 * Parts of a character's head: hair styles, headgear (helmets, hoods, hats, crowns) and faces
 * (beards, masks). Each part draws the image-left half of itself (x ≤ 0.5) on the body's head;
 * the figure is mirrored afterwards. Hats use WING (the recipe's hat colour), helmets METAL or
 * BODY, trims ACCENT, bands BELLY.
 */
import type { Random } from "./random.js";
import { M, type SpriteGrid } from "./sprite-grid.js";
import type { Body } from "./sprite-character-body.js";

type Part = (g: SpriteGrid, b: Body, rng: Random) => void;

/** Hair: `back` is drawn before the head (long hair behind it), `front` over it. */
interface Hair {
  back?: Part;
  front?: Part;
}

const cap = (g: SpriteGrid, b: Body): void => {
  g.ellipse(0.5, b.hy - b.hr * 0.45, b.hr * 1.02, b.hr * 0.62, M.HAIR, "paint");
};

export const HAIR: Readonly<Record<string, Hair>> = {
  bald: {},
  short: { front: cap },
  fringe: {
    front: (g, b) => {
      cap(g, b);
      g.rect(0.5 - b.hr * 0.9, b.hy - b.hr * 0.3, 0.5, b.hy - b.hr * 0.05, M.HAIR, "paint");
    },
  },
  long: {
    back: (g, b) => {
      g.rect(0.5 - b.hr - g.cell, b.hy - b.hr * 0.4, 0.5, b.top + 0.1, M.HAIR);
    },
    front: cap,
  },
  spiky: {
    front: (g, b) => {
      cap(g, b);
      for (const k of [0.2, 0.55, 0.9]) {
        const x = 0.5 - b.hr * k;
        g.poly(
          [
            [x - 0.04, b.hy - b.hr * 0.6],
            [x - 0.02, b.hy - b.hr - 0.06],
            [x + 0.03, b.hy - b.hr * 0.6],
          ],
          M.HAIR,
        );
      }
    },
  },
  mohawk: {
    front: (g, b) => {
      g.rect(0.5 - g.u, b.hy - b.hr - 0.07, 0.5, b.hy - b.hr * 0.2, M.HAIR);
    },
  },
  bun: {
    front: (g, b) => {
      cap(g, b);
      g.ellipse(0.5, b.hy - b.hr - 0.03, 0.05, 0.045, M.HAIR);
    },
  },
  braids: {
    back: (g, b) => {
      g.rect(0.5 - b.hr - g.cell, b.hy - b.hr * 0.4, 0.5 - b.hr * 0.6, b.top + 0.16, M.HAIR);
    },
    front: cap,
  },
};

/** Headgear; `hides` says what it covers (the hair, the eyes). */
interface Headgear {
  draw: Part;
  hidesHair?: boolean;
  hidesEyes?: boolean;
  /** Top of the headgear above the head's top (normalised), for the held items to stay clear. */
  rise?: number;
  /** Drawn before the head (a hood frames the face). */
  behind?: boolean;
}

const brim = (g: SpriteGrid, b: Body, y: number, w: number, h: number, m: number): void => {
  g.rect(0.5 - b.hr - w, y, 0.5, y + h, m);
};

export const HEADGEAR: Readonly<Record<string, Headgear>> = {
  none: { draw: () => undefined },
  hood: {
    behind: true,
    hidesHair: true,
    draw: (g, b) => {
      const c = g.u;
      g.ellipse(0.5, b.hy - c * 0.5, b.hr + c * 1.5, b.hr + c, M.BODY);
      g.poly(
        [
          [0.5 - b.hr - c * 1.5, b.hy],
          [0.5 - b.tw - c, b.top + 0.03],
          [0.5, b.top + 0.03],
          [0.5, b.hy],
        ],
        M.BODY,
      );
    },
  },
  /** A pointed cowl that shadows the whole face. */
  cowl: {
    behind: true,
    hidesHair: true,
    rise: 0.06,
    draw: (g, b) => {
      const c = g.u;
      g.poly(
        [
          [0.5, b.hy - b.hr - 0.08],
          [0.5 - b.hr - c * 2, b.hy + b.hr * 0.2],
          [0.5 - b.tw - c, b.top + 0.04],
          [0.5, b.top + 0.04],
        ],
        M.BODY,
      );
    },
  },
  wizard: {
    hidesHair: true,
    rise: 0.2,
    draw: (g, b, rng) => {
      const tip = Math.max(0.02, b.hy - b.hr - rng.range(0.14, 0.2));
      g.poly(
        [
          [0.5, tip],
          [0.5 - b.hr * 0.95, b.hy - b.hr * 0.45],
          [0.5, b.hy - b.hr * 0.45],
        ],
        M.WING,
      );
      brim(g, b, b.hy - b.hr * 0.55, 0.06, b.hr * 0.25, M.WING);
      g.rect(0.5 - b.hr * 0.9, b.hy - b.hr * 0.55, 0.5, b.hy - b.hr * 0.35, M.BELLY, "paint");
    },
  },
  witch: {
    rise: 0.18,
    draw: (g, b, rng) => {
      const lean = rng.range(0.03, 0.07);
      g.poly(
        [
          [0.5 - lean, Math.max(0.03, b.hy - b.hr - 0.16)],
          [0.5 - b.hr * 0.7, b.hy - b.hr * 0.5],
          [0.5, b.hy - b.hr * 0.5],
          [0.5, b.hy - b.hr - 0.06],
        ],
        M.WING,
      );
      brim(g, b, b.hy - b.hr * 0.55, 0.1, Math.max(g.cell, 0.035), M.WING);
      g.rect(0.5 - b.hr * 0.7, b.hy - b.hr * 0.75, 0.5, b.hy - b.hr * 0.6, M.ACCENT, "paint");
    },
  },
  tricorn: {
    hidesHair: true,
    rise: 0.08,
    draw: (g, b) => {
      g.poly(
        [
          [0.5 - b.hr - 0.08, b.hy - b.hr * 0.75],
          [0.5 - b.hr * 0.5, b.hy - b.hr - 0.08],
          [0.5, b.hy - b.hr - 0.06],
          [0.5, b.hy - b.hr * 0.35],
          [0.5 - b.hr * 0.9, b.hy - b.hr * 0.35],
        ],
        M.WING,
      );
      g.rect(0.5 - b.hr * 1.1, b.hy - b.hr * 0.5, 0.5, b.hy - b.hr * 0.35, M.ACCENT, "paint");
    },
  },
  cowboy: {
    hidesHair: true,
    rise: 0.08,
    draw: (g, b) => {
      g.rect(0.5 - b.hr * 0.75, b.hy - b.hr - 0.07, 0.5 - g.u, b.hy - b.hr * 0.4, M.WING);
      g.rect(0.5 - g.u, b.hy - b.hr - 0.045, 0.5, b.hy - b.hr * 0.4, M.WING);
      brim(g, b, b.hy - b.hr * 0.5, 0.1, Math.max(g.cell, 0.035), M.WING);
      g.rect(0.5 - b.hr - 0.1, b.hy - b.hr * 0.5 - g.cell, 0.5 - b.hr - 0.06, b.hy - b.hr * 0.5, M.WING);
      g.rect(0.5 - b.hr * 0.75, b.hy - b.hr * 0.62, 0.5, b.hy - b.hr * 0.5, M.BELLY, "paint");
    },
  },
  straw: {
    rise: 0.05,
    draw: (g, b) => {
      g.ellipse(0.5, b.hy - b.hr * 0.7, b.hr * 0.8, b.hr * 0.55, M.WING);
      brim(g, b, b.hy - b.hr * 0.55, 0.09, Math.max(g.cell, 0.03), M.WING);
      g.rect(0.5 - b.hr * 0.8, b.hy - b.hr * 0.75, 0.5, b.hy - b.hr * 0.58, M.ACCENT, "paint");
    },
  },
  kabuto: {
    hidesHair: true,
    rise: 0.12,
    draw: (g, b) => {
      g.ellipse(0.5, b.hy - b.hr * 0.3, b.hr * 1.08, b.hr * 0.85, M.BODY);
      g.poly(
        [
          [0.5 - b.hr * 1.05, b.hy - b.hr * 0.2],
          [0.5 - b.hr - 0.07, b.hy + b.hr * 0.5],
          [0.5 - b.hr * 0.8, b.hy + b.hr * 0.55],
          [0.5 - b.hr * 0.8, b.hy - b.hr * 0.2],
        ],
        M.BODY,
      );
      g.rect(0.5 - b.hr * 0.8, b.hy - b.hr * 0.25, 0.5, b.hy + b.hr * 0.9, M.SKIN);
      // the crescent crest (maedate)
      g.poly(
        [
          [0.5 - b.hr * 1.1, b.hy - b.hr - 0.1],
          [0.5 - b.hr * 0.5, b.hy - b.hr - 0.01],
          [0.5, b.hy - b.hr * 0.9],
          [0.5, b.hy - b.hr - 0.04],
          [0.5 - b.hr * 0.45, b.hy - b.hr - 0.05],
        ],
        M.ACCENT,
      );
    },
  },
  viking: {
    hidesHair: false,
    rise: 0.1,
    draw: (g, b) => {
      g.ellipse(0.5, b.hy - b.hr * 0.4, b.hr * 1.04, b.hr * 0.7, M.METAL, "paint");
      g.rect(0.5 - b.hr * 1.04, b.hy - b.hr * 0.4, 0.5, b.hy - b.hr * 0.2, M.METAL);
      g.rect(0.5 - g.u, b.hy - b.hr * 0.4, 0.5, b.hy + b.hr * 0.35, M.METAL);
      g.poly(
        [
          [0.5 - b.hr * 0.85, b.hy - b.hr * 0.6],
          [0.5 - b.hr - 0.07, b.hy - b.hr - 0.09],
          [0.5 - b.hr - 0.03, b.hy - b.hr * 0.4],
        ],
        M.GLASS,
      );
    },
  },
  crown: {
    rise: 0.08,
    draw: (g, b) => {
      g.rect(0.5 - b.hr * 0.9, b.hy - b.hr - 0.02, 0.5, b.hy - b.hr * 0.55, M.ACCENT);
      for (const x of [0.5 - b.hr * 0.85, 0.5 - b.hr * 0.3]) g.rect(x, b.hy - b.hr - 0.08, x + g.u, b.hy - b.hr, M.ACCENT);
    },
  },
  tiara: {
    rise: 0.05,
    draw: (g, b) => {
      g.rect(0.5 - b.hr * 0.7, b.hy - b.hr - 0.01, 0.5, b.hy - b.hr * 0.75, M.ACCENT);
      g.rect(0.5 - g.u, b.hy - b.hr - 0.05, 0.5, b.hy - b.hr, M.ACCENT);
    },
  },
  /** A closed great helm with a visor slit and a crest. */
  greathelm: {
    hidesHair: true,
    hidesEyes: true,
    rise: 0.1,
    draw: (g, b) => {
      const c = g.u;
      g.ellipse(0.5, b.hy, b.hr, b.hr, M.BODY);
      g.rect(0.5 - b.hr * 0.75, b.hy - c * 0.5, 0.5, b.hy + c, M.DARK, "paint");
      g.rect(0.5 - c, b.hy - b.hr - 0.1, 0.5, b.hy - b.hr + 0.02, M.ACCENT);
      g.rect(0.5 - b.hr, b.hy - c * 0.5, 0.5 - b.hr * 0.75, b.hy + c * 1.5, M.METAL, "paint");
    },
  },
  /** A great helm with a plume of feathers. */
  plumed: {
    hidesHair: true,
    hidesEyes: true,
    rise: 0.12,
    draw: (g, b) => {
      const c = g.u;
      g.rect(0.5 - b.hr, b.hy - b.hr * 0.6, 0.5, b.hy + b.hr, M.BODY);
      g.ellipse(0.5, b.hy - b.hr * 0.55, b.hr, b.hr * 0.5, M.BODY);
      g.rect(0.5 - b.hr * 0.8, b.hy - c * 0.5, 0.5, b.hy + c * 0.5, M.DARK, "paint");
      g.rect(0.5 - c, b.hy - b.hr * 0.2, 0.5, b.hy + b.hr * 0.8, M.DARK, "paint");
      g.ellipse(0.5, b.hy - b.hr - 0.05, 0.05, 0.07, M.ACCENT);
    },
  },
  /** An open helmet with a nose guard. */
  nasal: {
    hidesHair: true,
    rise: 0.04,
    draw: (g, b) => {
      g.ellipse(0.5, b.hy - b.hr * 0.55, b.hr * 1.04, b.hr * 0.6, M.METAL);
      g.rect(0.5 - b.hr * 1.06, b.hy - b.hr * 0.45, 0.5, b.hy - b.hr * 0.2, M.METAL);
      g.rect(0.5 - g.u, b.hy - b.hr * 0.3, 0.5, b.hy + b.hr * 0.3, M.METAL);
    },
  },
  /** A band of cloth with its tails (a bandana, a headband). */
  bandana: {
    draw: (g, b) => {
      g.ellipse(0.5, b.hy - b.hr * 0.5, b.hr * 1.04, b.hr * 0.6, M.ACCENT, "paint");
      g.poly(
        [
          [0.5 - b.hr * 0.9, b.hy - b.hr * 0.4],
          [0.5 - b.hr - 0.07, b.hy - 0.02],
          [0.5 - b.hr - 0.02, b.hy + 0.03],
        ],
        M.ACCENT,
      );
    },
  },
  headband: {
    draw: (g, b) => {
      g.rect(0.5 - b.hr, b.hy - b.hr * 0.35, 0.5, b.hy - b.hr * 0.1, M.ACCENT, "paint");
    },
  },
  /** A soft cap with a peak. */
  flatcap: {
    hidesHair: true,
    rise: 0.02,
    draw: (g, b) => {
      g.ellipse(0.5, b.hy - b.hr * 0.5, b.hr * 1.08, b.hr * 0.62, M.WING);
      g.rect(0.5 - b.hr * 1.1, b.hy - b.hr * 0.4, 0.5, b.hy - b.hr * 0.25, M.WING);
    },
  },
  /** A miner's helmet with a lamp. */
  miner: {
    hidesHair: true,
    rise: 0.04,
    draw: (g, b) => {
      g.ellipse(0.5, b.hy - b.hr * 0.45, b.hr * 1.08, b.hr * 0.7, M.WING);
      g.rect(0.5 - b.hr * 1.12, b.hy - b.hr * 0.4, 0.5, b.hy - b.hr * 0.25, M.WING);
      g.rect(0.5 - 0.035, b.hy - b.hr * 0.95, 0.5, b.hy - b.hr * 0.55, M.GLOW);
    },
  },
  /** A cook's tall toque. */
  toque: {
    hidesHair: true,
    rise: 0.14,
    draw: (g, b) => {
      g.rect(0.5 - b.hr * 0.8, b.hy - b.hr - 0.1, 0.5, b.hy - b.hr * 0.5, M.GLASS);
      g.ellipse(0.5 - b.hr * 0.45, b.hy - b.hr - 0.1, b.hr * 0.5, 0.05, M.GLASS);
      g.ellipse(0.5, b.hy - b.hr - 0.12, b.hr * 0.4, 0.05, M.GLASS);
    },
  },
  /** A floppy beret with a feather. */
  beret: {
    rise: 0.1,
    draw: (g, b) => {
      g.ellipse(0.5 - 0.01, b.hy - b.hr * 0.7, b.hr * 1.15, b.hr * 0.45, M.WING);
      g.rect(0.5 - g.u, b.hy - b.hr - 0.1, 0.5, b.hy - b.hr * 0.8, M.ACCENT);
    },
  },
  /** A jester's two-horned cap with bells. */
  jester: {
    hidesHair: true,
    rise: 0.08,
    draw: (g, b) => {
      g.ellipse(0.5, b.hy - b.hr * 0.45, b.hr * 1.04, b.hr * 0.68, M.WING);
      g.poly(
        [
          [0.5 - b.hr * 0.2, b.hy - b.hr * 0.9],
          [0.5 - b.hr - 0.08, b.hy - b.hr - 0.06],
          [0.5 - b.hr - 0.07, b.hy - b.hr * 0.2],
          [0.5 - b.hr * 0.8, b.hy - b.hr * 0.5],
        ],
        M.WING,
      );
      g.ellipse(0.5 - b.hr - 0.07, b.hy - b.hr * 0.15, 0.03, 0.03, M.ACCENT);
      g.rect(0.5 - b.hr * 1.04, b.hy - b.hr * 0.35, 0.5, b.hy - b.hr * 0.15, M.BELLY);
    },
  },
  /** A nurse's cap with a red cross. */
  nursecap: {
    rise: 0.04,
    draw: (g, b) => {
      g.rect(0.5 - b.hr * 0.7, b.hy - b.hr - 0.04, 0.5, b.hy - b.hr * 0.6, M.GLASS);
      g.rect(0.5 - g.u, b.hy - b.hr - 0.03, 0.5, b.hy - b.hr * 0.7, M.LIQUID, "paint");
    },
  },
  /** A round glass space helmet around the head. */
  bubble: {
    behind: true,
    hidesHair: true,
    rise: 0.04,
    draw: (g, b) => {
      g.ellipse(0.5, b.hy, b.hr + 0.05, b.hr + 0.05, M.BODY);
      g.ellipse(0.5, b.hy, b.hr + 0.025, b.hr + 0.025, M.GLASS);
    },
  },
  /** A bishop's mitre. */
  mitre: {
    hidesHair: true,
    rise: 0.14,
    draw: (g, b) => {
      g.poly(
        [
          [0.5, b.hy - b.hr - 0.14],
          [0.5 - b.hr * 0.85, b.hy - b.hr - 0.05],
          [0.5 - b.hr * 0.85, b.hy - b.hr * 0.4],
          [0.5, b.hy - b.hr * 0.4],
        ],
        M.WING,
      );
      g.rect(0.5 - g.u, b.hy - b.hr - 0.1, 0.5, b.hy - b.hr * 0.45, M.ACCENT, "paint");
    },
  },
  /** Small horns (an imp, a demon). */
  horns: {
    rise: 0.08,
    draw: (g, b) => {
      g.poly(
        [
          [0.5 - b.hr * 0.75, b.hy - b.hr * 0.55],
          [0.5 - b.hr * 0.95, b.hy - b.hr - 0.08],
          [0.5 - b.hr * 0.35, b.hy - b.hr * 0.8],
        ],
        M.GLASS,
      );
    },
  },
  /** A robot's boxy metal head with an antenna. */
  robot: {
    hidesHair: true,
    hidesEyes: true,
    rise: 0.1,
    draw: (g, b) => {
      const c = g.u;
      g.rect(0.5 - b.hr, b.hy - b.hr * 0.9, 0.5, b.hy + b.hr * 0.8, M.METAL);
      g.line(0.5 - c, b.hy - b.hr - 0.08, 0.5 - c, b.hy - b.hr, M.METAL, g.px);
      g.dot(0.5 - c, b.hy - b.hr - 0.09, M.GLOW, g.px);
      g.rect(0.5 - b.hr * 0.7, b.hy - c, 0.5, b.hy + c, M.DARK, "paint");
    },
  },
};

/** Faces: beards, masks and eye covers (drawn over the head, before mirroring). */
export const FACES: Readonly<Record<string, Part>> = {
  none: () => undefined,
  beard: (g, b) => {
    g.poly(
      [
        [0.5 - b.hr * 0.95, b.hy + b.hr * 0.1],
        [0.5, b.hy + b.hr * 0.35],
        [0.5, b.top + 0.12],
        [0.5 - b.hr * 0.55, b.top + 0.06],
      ],
      M.HAIR,
    );
    g.rect(0.5 - b.hr * 0.35, b.hy + b.hr * 0.35, 0.5, b.hy + b.hr * 0.55, M.SKIN, "paint");
  },
  /** A long white wizard's beard. */
  longbeard: (g, b) => {
    g.poly(
      [
        [0.5 - b.hr * 0.7, b.hy + b.hr * 0.25],
        [0.5, b.hy + b.hr * 0.25],
        [0.5, b.top + 0.14],
      ],
      M.METAL,
    );
  },
  goatee: (g, b) => {
    g.rect(0.5 - b.hr * 0.3, b.hy + b.hr * 0.7, 0.5, b.hy + b.hr + 0.03, M.HAIR);
  },
  moustache: (g, b) => {
    g.rect(0.5 - b.hr * 0.55, b.hy + b.hr * 0.4, 0.5, b.hy + b.hr * 0.55, M.HAIR, "paint");
  },
  /** A ninja's wrap: the whole head in cloth, an opening for the eyes. */
  wrap: (g, b) => {
    const c = g.u;
    g.ellipse(0.5, b.hy, b.hr, b.hr, M.BODY, "paint");
    g.rect(0.5 - b.hr * 0.8, b.hy - c * 1.2, 0.5, b.hy + c * 1.5, M.SKIN, "paint");
    g.rect(0.5 - b.hr - 0.07, b.hy - b.hr * 0.6, 0.5 - b.hr + c, b.hy - b.hr * 0.35, M.ACCENT);
  },
  /** A cloth over the lower face (a bandit's). */
  scarf: (g, b) => {
    g.rect(0.5 - b.hr, b.hy + b.hr * 0.3, 0.5, b.hy + b.hr, M.CLOTH, "paint");
  },
  /** Tusks from the lower jaw (orcs, trolls). */
  tusks: (g, b) => {
    g.rect(0.5 - b.hr * 0.5, b.hy + b.hr * 0.4, 0.5 - b.hr * 0.5 + Math.max(g.cell, 0.03), b.hy + b.hr * 0.75, M.EYE);
  },
  /** A skull: dark sockets and teeth (the skin is bone). */
  skull: (g, b) => {
    g.rect(0.5 - b.hr * 0.55, b.hy + b.hr * 0.55, 0.5, b.hy + b.hr * 1.05, M.SKIN);
  },
};

/** Pointed ears: an elf's short ones, a goblin's long ones. */
export function drawEars(g: SpriteGrid, b: Body, long: boolean): void {
  const c = g.u;
  g.poly(
    [
      [0.5 - b.hr * 0.8, b.hy - (long ? c : 0)],
      [0.5 - b.hr - (long ? 0.12 : 0.06), b.hy - (long ? 0.09 : 0.07)],
      [0.5 - b.hr * 0.8, b.hy + (long ? 0.05 : 0.04)],
    ],
    M.SKIN,
  );
}
