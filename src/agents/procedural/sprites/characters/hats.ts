/** Hats and crowns: a wizard's and a witch's, tricorn, cowboy and straw hats, caps, a toque, a beret, a jester's cap, a mitre, crowns. */
import { brim, type Headgear } from "./headgear-kit.js";
import { M } from "../grid.js";

export const HATS: Readonly<Record<string, Headgear>> = {
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
  /** A pharaoh's striped headdress (nemes): a cap and flaps down to the shoulders. */
  nemes: {
    hidesHair: true,
    rise: 0.03,
    back: (g, b) => {
      g.poly(
        [
          [0.5 - b.hr * 0.9, b.hy - b.hr * 0.4],
          [0.5, b.hy - b.hr * 0.4],
          [0.5, b.top + 0.09],
          [0.5 - b.hr - 0.06, b.top + 0.09],
          [0.5 - b.hr - 0.04, b.hy],
        ],
        M.WING,
      );
      for (let y = b.hy; y < b.top + 0.09; y += 0.05) g.rect(0.5 - b.hr - 0.06, y, 0.5, y + 0.02, M.ACCENT, "paint");
    },
    draw: (g, b) => {
      g.ellipse(0.5, b.hy - b.hr * 0.45, b.hr * 1.06, b.hr * 0.65, M.WING);
      g.rect(0.5 - b.hr * 1.06, b.hy - b.hr * 0.35, 0.5, b.hy - b.hr * 0.15, M.ACCENT);
      g.rect(0.5 - g.u, b.hy - b.hr - 0.03, 0.5, b.hy - b.hr * 0.6, M.ACCENT);
    },
  },
  /** A red stocking cap with a white brim and a pompom, flopping to one side. */
  santa: {
    hidesHair: true,
    rise: 0.1,
    draw: (g, b) => {
      g.poly(
        [
          [0.5 - b.hr * 0.95, b.hy - b.hr * 0.45],
          [0.5 - b.hr * 0.4, b.hy - b.hr - 0.09],
          [0.5, b.hy - b.hr - 0.1],
          [0.5, b.hy - b.hr * 0.45],
        ],
        M.BODY,
      );
      g.rect(0.5 - b.hr * 1.05, b.hy - b.hr * 0.6, 0.5, b.hy - b.hr * 0.3, M.GLASS);
      g.ellipse(0.5 - b.hr * 0.45, b.hy - b.hr - 0.09, 0.035, 0.035, M.GLASS);
    },
  },
  /** A brimmed felt hat with a band (a detective's fedora). */
  fedora: {
    hidesHair: true,
    rise: 0.06,
    draw: (g, b) => {
      g.rect(0.5 - b.hr * 0.7, b.hy - b.hr - 0.05, 0.5, b.hy - b.hr * 0.4, M.WING);
      brim(g, b, b.hy - b.hr * 0.5, 0.04, Math.max(g.cell, 0.03), M.WING);
      g.rect(0.5 - b.hr * 0.7, b.hy - b.hr * 0.65, 0.5, b.hy - b.hr * 0.5, M.DARK, "paint");
    },
  },
  /** A peaked officer's cap with a badge. */
  peaked: {
    hidesHair: true,
    rise: 0.04,
    draw: (g, b) => {
      g.rect(0.5 - b.hr * 1.1, b.hy - b.hr - 0.04, 0.5, b.hy - b.hr * 0.55, M.WING);
      g.rect(0.5 - b.hr * 0.95, b.hy - b.hr * 0.55, 0.5, b.hy - b.hr * 0.35, M.DARK);
      g.rect(0.5 - g.u, b.hy - b.hr - 0.02, 0.5, b.hy - b.hr * 0.7, M.ACCENT, "paint");
    },
  },
  /** A cavalier's wide hat with a sweeping plume (a musketeer's). */
  cavalier: {
    hidesHair: true,
    rise: 0.1,
    draw: (g, b) => {
      g.ellipse(0.5, b.hy - b.hr * 0.65, b.hr * 0.75, b.hr * 0.5, M.WING);
      brim(g, b, b.hy - b.hr * 0.55, 0.09, Math.max(g.cell, 0.03), M.WING);
      g.ellipse(0.5, b.hy - b.hr - 0.04, b.hr * 0.65, 0.035, M.ACCENT);
    },
  },
  /** A round white sailor's cap. */
  sailor: {
    hidesHair: true,
    rise: 0.04,
    draw: (g, b) => {
      g.ellipse(0.5, b.hy - b.hr * 0.75, b.hr * 0.95, b.hr * 0.4, M.GLASS);
      g.rect(0.5 - b.hr * 0.95, b.hy - b.hr * 0.6, 0.5, b.hy - b.hr * 0.4, M.BELLY);
    },
  },
  /** A gnome's tall pointed cap pulled down to the eyes. */
  gnome: {
    hidesHair: true,
    rise: 0.2,
    draw: (g, b) => {
      g.poly(
        [
          [0.5, Math.max(0.03, b.hy - b.hr - 0.18)],
          [0.5 - b.hr * 1.05, b.hy - b.hr * 0.2],
          [0.5, b.hy - b.hr * 0.2],
        ],
        M.WING,
      );
    },
  },
  /** A wrapped turban with a jewel. */
  turban: {
    hidesHair: true,
    rise: 0.06,
    draw: (g, b) => {
      g.ellipse(0.5, b.hy - b.hr * 0.6, b.hr * 1.1, b.hr * 0.75, M.WING);
      g.line(0.5 - b.hr, b.hy - b.hr * 0.5, 0.5, b.hy - b.hr * 1.1, M.WING, Math.max(1, g.px), "darken");
      g.ellipse(0.5, b.hy - b.hr * 0.55, Math.max(g.cell, 0.025), Math.max(g.cell, 0.03), M.GLOW);
    },
  },
  /** A knitted beanie with a turned-up band. */
  beanie: {
    hidesHair: true,
    rise: 0.03,
    draw: (g, b) => {
      g.ellipse(0.5, b.hy - b.hr * 0.5, b.hr * 1.05, b.hr * 0.75, M.WING);
      g.rect(0.5 - b.hr * 1.05, b.hy - b.hr * 0.45, 0.5, b.hy - b.hr * 0.2, M.WING, "darken");
    },
  },
  /** A tall silk top hat with a band (an undertaker's, a ringmaster's, a chimney sweep's). */
  tophat: {
    hidesHair: true,
    rise: 0.16,
    draw: (g, b) => {
      g.rect(0.5 - b.hr * 0.72, b.hy - b.hr - 0.13, 0.5, b.hy - b.hr * 0.45, M.WING);
      brim(g, b, b.hy - b.hr * 0.5, 0.05, Math.max(g.cell, 0.03), M.WING);
      g.rect(0.5 - b.hr * 0.72, b.hy - b.hr * 0.75, 0.5, b.hy - b.hr * 0.58, M.ACCENT, "paint");
    },
  },
  /** A round bowler hat with a narrow brim. */
  bowler: {
    hidesHair: true,
    rise: 0.06,
    draw: (g, b) => {
      g.ellipse(0.5, b.hy - b.hr * 0.7, b.hr * 0.8, b.hr * 0.6, M.WING);
      brim(g, b, b.hy - b.hr * 0.5, 0.03, Math.max(g.cell, 0.025), M.WING);
    },
  },
  /** A wide conical straw hat (a kasa: a ronin's, a rice farmer's). */
  kasa: {
    hidesHair: true,
    rise: 0.08,
    draw: (g, b) => {
      g.poly(
        [
          [0.5, b.hy - b.hr - 0.1],
          [0.5 - b.hr - 0.13, b.hy - b.hr * 0.3],
          [0.5, b.hy - b.hr * 0.3],
        ],
        M.WING,
      );
      g.rect(0.5 - b.hr - 0.13, b.hy - b.hr * 0.38, 0.5, b.hy - b.hr * 0.3, M.WING, "darken");
    },
  },
};
