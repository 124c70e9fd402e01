/**
 * Parts of a character's head: hair styles, headgear (helmets, hoods, hats, crowns) and faces
 * (beards, masks). Each part draws the image-left half of itself (x ≤ 0.5) on the body's head;
 * the figure is mirrored afterwards. Hats use WING (the recipe's hat colour), helmets METAL or
 * BODY, trims ACCENT, bands BELLY.
 */
import { M, type SpriteGrid } from "../grid.js";
import type { Body } from "./body.js";

import type { Headgear, Part } from "./headgear-kit.js";
import { HATS } from "./hats.js";
import { HELMETS } from "./helmets.js";

/** Every headgear by name. */
export const HEADGEAR: Readonly<Record<string, Headgear>> = { ...HELMETS, ...HATS };

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
      // behind the head, and down over the shoulders at the sides (not under the chin)
      g.rect(0.5 - b.hr - g.cell, b.hy - b.hr * 0.4, 0.5, b.hy + b.hr * 0.5, M.HAIR);
      g.rect(0.5 - b.hr - g.cell, b.hy, 0.5 - b.hr * 0.45, b.top + 0.1, M.HAIR);
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
  /** Spectacles: a dark rim round a pale lens over each eye, and the bridge between them. */
  glasses: (g, b) => {
    const u = g.u;
    g.rect(0.5 - b.hr * 0.68, b.hy - b.hr * 0.22, 0.5 - b.hr * 0.1, b.hy + b.hr * 0.28, M.DARK, "paint");
    g.rect(0.5 - b.hr * 0.68 + u, b.hy - b.hr * 0.22 + u, 0.5 - b.hr * 0.1 - u, b.hy + b.hr * 0.28 - u, M.GLASS, "paint");
    g.rect(0.5 - b.hr * 0.1, b.hy - b.hr * 0.08, 0.5, b.hy - b.hr * 0.08 + u, M.DARK, "paint");
  },
  /** Tusks from the lower jaw (orcs, trolls). */
  /** A bull's snout: a broad muzzle and nostrils (a minotaur). */
  snout: (g, b) => {
    g.ellipse(0.5, b.hy + b.hr * 0.6, b.hr * 0.55, b.hr * 0.38, M.GLASS);
    if (g.n > 16) g.dot(0.5 - b.hr * 0.28, b.hy + b.hr * 0.62, M.DARK, g.px, "paint");
  },
  tusks: (g, b) => {
    g.rect(0.5 - b.hr * 0.5, b.hy + b.hr * 0.4, 0.5 - b.hr * 0.5 + Math.max(g.cell, 0.03), b.hy + b.hr * 0.75, M.EYE);
  },
  /** A skull: dark sockets and teeth (the skin is bone). */
  skull: (g, b) => {
    g.rect(0.5 - b.hr * 0.55, b.hy + b.hr * 0.55, 0.5, b.hy + b.hr * 1.05, M.SKIN);
  },
};

/** An animal's ears on top of its head (drawn on the left half; the figure is mirrored): a cat's pointed, a bear's round, a rabbit's tall. */
export function drawAnimalEars(g: SpriteGrid, b: Body, kind: "pointed" | "round" | "tall"): void {
  const x = 0.5 - b.hr * 0.6;
  const top = b.hy - b.hr;
  if (kind === "round") g.ellipse(x, top + b.hr * 0.1, b.hr * 0.32, b.hr * 0.32, M.SKIN);
  else if (kind === "tall") g.ellipse(x + b.hr * 0.1, top - b.hr * 0.45, b.hr * 0.2, b.hr * 0.6, M.SKIN);
  else
    g.poly(
      [
        [x - b.hr * 0.3, top + b.hr * 0.3],
        [x - b.hr * 0.15, top - b.hr * 0.45],
        [x + b.hr * 0.35, top + b.hr * 0.1],
      ],
      M.SKIN,
    );
}

/** An animal's muzzle: a lighter snout under the eyes with a dark nose. */
export function drawMuzzle(g: SpriteGrid, b: Body): void {
  g.ellipse(0.5, b.hy + b.hr * 0.5, b.hr * 0.45, b.hr * 0.3, M.SHINE);
  g.rect(0.5 - g.u, b.hy + b.hr * 0.3, 0.5, b.hy + b.hr * 0.3 + g.u, M.DARK);
}

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
