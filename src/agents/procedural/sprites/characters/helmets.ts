/** Headgear that covers the head: hoods, cowls, helmets of every age, a robot's head, a space helmet, horns. */
import type { Headgear } from "./headgear-kit.js";
import { M } from "../grid.js";

export const HELMETS: Readonly<Record<string, Headgear>> = {
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
  /** An executioner's pointed hood over the whole head, the eyes in holes. */
  hangman: {
    hidesHair: true,
    rise: 0.07,
    draw: (g, b) => {
      g.ellipse(0.5, b.hy, b.hr * 1.02, b.hr * 1.02, M.WING);
      g.poly(
        [
          [0.5 - b.hr * 0.9, b.hy - b.hr * 0.4],
          [0.5, b.hy - b.hr - 0.08],
          [0.5, b.hy],
        ],
        M.WING,
      );
    },
  },
  /** A nun's veil over a white wimple framing the face. */
  veil: {
    behind: true,
    hidesHair: true,
    draw: (g, b) => {
      const c = g.u;
      g.ellipse(0.5, b.hy - c * 0.5, b.hr + c * 1.5, b.hr + c, M.WING);
      g.poly(
        [
          [0.5 - b.hr - c * 1.5, b.hy],
          [0.5 - b.tw - c * 1.5, b.top + 0.08],
          [0.5, b.top + 0.08],
          [0.5, b.hy],
        ],
        M.WING,
      );
      g.ellipse(0.5, b.hy + c * 0.5, b.hr + c * 0.5, b.hr + c * 0.3, M.GLASS);
    },
  },
  /** A brass diving helmet: a round dome with a front window and a collar (a deep-sea diver's). */
  diving: {
    hidesHair: true,
    rise: 0.05,
    draw: (g, b) => {
      g.rect(0.5 - b.hr * 1.1, b.hy + b.hr * 0.7, 0.5, b.hy + b.hr * 1.1, M.METAL);
      g.ellipse(0.5, b.hy, b.hr * 1.3, b.hr * 1.25, M.METAL);
      g.ellipse(0.5, b.hy, b.hr * 0.62, b.hr * 0.55, M.DARK, "paint");
      g.ellipse(0.5, b.hy, b.hr * 0.5, b.hr * 0.44, M.GLASS, "paint");
      g.ellipse(0.5 - b.hr * 1.1, b.hy, b.hr * 0.22, b.hr * 0.22, M.GLASS, "paint");
    },
  },
};
