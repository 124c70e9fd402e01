/**
 * Details the characters get when drawn at the output resolution (64 and 128 cells): rivets,
 * buckles, emblems, straps, teeth. A 32-cell design has no room for them; they are painted over
 * filled cells only, so they never change the silhouette. Recipes name them (see
 * recipes.ts); all are symmetric except the eyepatch.
 */
import type { Body } from "./body.js";
import { M, type SpriteGrid } from "../grid.js";

export type { Body } from "./body.js";

/** Paints a rectangle and its mirror image (filled cells only). */
function mirroredRect(g: SpriteGrid, x0: number, y0: number, x1: number, y1: number, m: number): void {
  g.rect(x0, y0, x1, y1, m, "paint");
  g.rect(1 - x1, y0, 1 - x0, y1, m, "paint");
}

/** A belt buckle centred on the sprite: a metal frame around a dark pin. */
function buckle(g: SpriteGrid, y0: number, y1: number, frame: number): void {
  const u = g.u;
  g.rect(0.5 - u * 1.5, y0 - u * 0.25, 0.5 + u * 1.5, y1 + u * 0.25, frame, "paint");
  g.rect(0.5 - u * 0.75, y0 + u * 0.35, 0.5 + u * 0.75, y1 - u * 0.35, M.DARK, "paint");
  g.rect(0.5 - u * 0.2, y0 + u * 0.35, 0.5 + u * 0.2, y1 - u * 0.35, frame, "paint");
}

/** A cross (a knight's tabard, a cleric's robe, a healer's apron). */
function cross(g: SpriteGrid, b: Body, m: number): void {
  const u = g.u;
  g.rect(0.5 - u * 0.6, b.top + 0.07, 0.5 + u * 0.6, b.top + 0.21, m, "paint");
  g.rect(0.5 - 0.045, b.top + 0.1, 0.5 + 0.045, b.top + 0.1 + u * 1.1, m, "paint");
}

/** A five-pointed star badge (approximated by a plus and a diamond). */
function star(g: SpriteGrid, x: number, y: number, r: number, m: number): void {
  g.poly(
    [
      [x, y - r],
      [x + r * 0.35, y],
      [x, y + r],
      [x - r * 0.35, y],
    ],
    m,
    "paint",
  );
  g.poly(
    [
      [x - r, y - r * 0.2],
      [x, y + r * 0.25],
      [x + r, y - r * 0.2],
      [x, y - r * 0.05],
    ],
    m,
    "paint",
  );
}

type Detail = (g: SpriteGrid, b: Body) => void;

const DETAILS: Readonly<Record<string, Detail>> = {
  visor: (g, { hy, hr }) => {
    const u = g.u;
    g.mirroredDisc(0.5 - hr * 0.38, hy + u * 0.25, u * 0.35, M.EYE);
    for (const dx of [0.3, 0.55]) for (const dy of [2.2, 3.4]) g.mirroredDisc(0.5 - hr * dx, hy + u * dy, u * 0.3, M.DARK);
  },
  tabard: (g, b) => cross(g, b, M.ACCENT),
  cross: (g, b) => cross(g, b, M.ACCENT),
  knees: (g, b) => {
    g.ellipse(0.5 - b.tw * 0.55, 0.8, 0.04, 0.025, M.METAL, "paint");
    g.ellipse(0.5 + b.tw * 0.55, 0.8, 0.04, 0.025, M.METAL, "paint");
  },
  strap: (g, b) => {
    const u = g.u;
    g.line(0.5 - b.tw + u, b.top + 0.02, 0.5 + b.tw - u * 2, b.waist - 0.05, M.WOOD, Math.max(1, Math.round(g.px * 1.5)), "paint");
  },
  buckle: (g, b) => buckle(g, b.waist - 0.04, b.waist, M.METAL),
  bracers: (g, b) => mirroredRect(g, b.armRight - b.armW, b.handT - 0.05, b.armRight, b.handT - 0.01, M.WOOD),
  collar: (g, b) => {
    const u = g.u;
    g.poly(
      [
        [0.5 - u * 1.6, b.top - u * 0.2],
        [0.5, b.top + 0.055],
        [0.5 + u * 1.6, b.top - u * 0.2],
      ],
      M.SKIN,
      "paint",
    );
  },
  sash: (g, b) => {
    g.rect(0, b.waist - 0.035, 1, b.waist, M.ACCENT, "paint");
    g.rect(0.5 - g.u * 1.2, b.waist - 0.035, 0.5 + g.u * 1.2, b.waist, M.SHINE, "paint");
  },
  star: (g, b) => star(g, 0.5 - b.tw * 0.5, b.top + 0.08, g.u * 2, M.ACCENT),
  cords: (g, b) => {
    for (let y = b.top + 0.06; y < b.waist - 0.02; y += 0.05) g.rect(0.5 - g.u * 0.5, y, 0.5 + g.u * 0.5, y + 0.02, M.ACCENT, "paint");
  },
  eyepatch: (g, b) => {
    const u = g.u;
    g.line(0.5 - b.hr * 0.95, b.hy - b.hr * 0.5, 0.5 + b.hr * 0.9, b.hy + b.hr * 0.05, M.DARK, Math.max(1, Math.round(g.px / 2)), "paint");
    g.ellipse(0.5 - b.hr * 0.42, b.hy + u * 0.5, u * 1.5, u * 1.3, M.DARK, "paint");
  },
  beads: (g, b) => {
    for (let k = -3; k <= 3; k++) g.mirroredDisc(0.5 - Math.abs(k) * g.u * 1.3, b.top + 0.01 + (3 - Math.abs(k)) * g.u * 0.6, g.u * 0.5, M.WOOD);
  },
  leaves: (g, b) => {
    for (const dx of [0.2, 0.6]) g.mirroredDisc(0.5 - b.hr * dx, b.hy - b.hr * 0.85, g.u * 0.9, M.ACCENT);
  },
  vials: (g, b) => {
    for (const dx of [0.3, 0.6]) g.rect(0.5 - b.tw * dx, b.waist - 0.08, 0.5 - b.tw * dx + g.u, b.waist - 0.03, M.LIQUID, "paint");
  },
  /** One round lens in a dark rim over the image-right eye, its cord hanging down. */
  monocle: (g, b) => {
    const u = g.u;
    g.ellipse(0.5 + b.hr * 0.4, b.hy + u * 0.5, u * 1.6, u * 1.6, M.DARK, "paint");
    g.ellipse(0.5 + b.hr * 0.4, b.hy + u * 0.5, u * 0.9, u * 0.9, M.GLASS, "paint");
    g.line(0.5 + b.hr * 0.4 + u * 1.4, b.hy + u * 1.5, 0.5 + b.hr * 0.55, b.hy + b.hr, M.ACCENT, 1, "paint");
  },
  goggles: (g, b) => {
    g.rect(0.5 - b.hr, b.hy - b.hr * 0.55, 0.5 + b.hr, b.hy - b.hr * 0.4, M.DARK, "paint");
    g.mirroredDisc(0.5 - b.hr * 0.42, b.hy - b.hr * 0.5, g.u * 1.1, M.GLASS);
  },
  pouch: (g, b) => {
    g.ellipse(0.5 - b.tw * 0.6, b.waist + 0.02, g.u * 1.5, g.u * 1.8, M.WOOD, "paint");
    g.mirroredDisc(0.5 - b.tw * 0.6, b.waist - 0.01, g.u * 0.5, M.ACCENT);
  },
  overalls: (g, b) => {
    for (const x of [0.5 - b.tw * 0.7, 0.5 + b.tw * 0.7 - g.u]) g.rect(x, b.top, x + g.u, b.top + 0.1, M.BODY, "paint");
    g.mirroredDisc(0.5 - b.tw * 0.6, b.top + 0.1, g.u * 0.5, M.METAL);
  },
  buttons: (g, b) => {
    for (let y = b.top + 0.1; y < b.waist; y += 0.05) g.mirroredDisc(0.5 - b.tw * 0.35, y, g.u * 0.45, M.DARK);
  },
  necklace: (g, b) => {
    g.line(0.5 - b.tw * 0.5, b.top + 0.01, 0.5, b.top + 0.05, M.ACCENT, Math.max(1, g.px / 2), "paint");
    g.line(0.5 + b.tw * 0.5, b.top + 0.01, 0.5, b.top + 0.05, M.ACCENT, Math.max(1, g.px / 2), "paint");
    g.mirroredDisc(0.5 - g.u * 0.5, b.top + 0.055, g.u * 0.6, M.GLOW);
  },
  jewels: (g, b) => {
    for (const x of [0.5 - b.hr * 0.55, 0.5]) g.mirroredDisc(x, b.hy - b.hr * 0.78, g.u * 0.6, M.GLOW);
  },
  ermine: (g, b) => {
    for (const x of [0.5 - b.tw - 0.04, 0.5 - b.tw + 0.01, 0.5 - 0.04]) g.mirroredDisc(x, b.top + 0.02, g.u * 0.35, M.DARK);
  },
  diamonds: (g, b) => {
    for (let y = b.top + 0.04; y < b.waist; y += 0.08) {
      for (let x = 0.5 - b.tw + 0.04; x < 0.5; x += 0.08) {
        g.poly(
          [
            [x, y - 0.025],
            [x + 0.025, y],
            [x, y + 0.025],
            [x - 0.025, y],
          ],
          M.BELLY,
          "paint",
        );
      }
    }
  },
  teeth: (g, b) => {
    const u = g.u;
    for (let k = -2; k <= 1; k++) g.rect(0.5 + k * u * 1.1 + u * 0.3, b.hy + b.hr * 0.62, 0.5 + k * u * 1.1 + u * 0.6, b.hy + b.hr * 0.98, M.DARK, "paint");
  },
  stitches: (g, b) => {
    g.line(0.5 - b.hr * 0.7, b.hy + b.hr * 0.45, 0.5 - b.hr * 0.35, b.hy + b.hr * 0.7, M.DARK, Math.max(1, Math.round(g.px / 2)), "paint");
  },
  wraps: (g, b) => {
    for (let y = b.hy - b.hr * 0.8; y < b.hy + b.hr; y += g.u * 2.5) g.rect(0.5 - b.hr, y, 0.5 + b.hr, y + g.u * 0.5, M.SKIN, "darken");
    for (let y = b.waist + 0.03; y < 0.9; y += g.u * 2.5) g.rect(0, y, 1, y + g.u * 0.5, M.SKIN, "darken");
  },
  cracks: (g, b) => {
    const t = Math.max(1, Math.round(g.px / 2));
    g.line(0.5 - b.tw * 0.8, b.top + 0.04, 0.5 - b.tw * 0.4, b.top + 0.16, M.EMPTY, t, "darken");
    g.line(0.5 + b.tw * 0.7, b.top + 0.1, 0.5 + b.tw * 0.3, b.waist - 0.02, M.EMPTY, t, "darken");
    g.line(0.5 - b.hr * 0.6, b.hy - b.hr * 0.6, 0.5 - b.hr * 0.2, b.hy - b.hr * 0.2, M.EMPTY, t, "darken");
  },
  stripes: (g, b) => {
    for (let y = b.top + 0.06; y < b.waist - 0.02; y += 0.045) g.rect(0.5 - b.tw, y, 0.5 + b.tw, y + 0.015, M.CLOTH, "paint");
  },
  plaid: (g, b) => {
    for (let y = b.top + 0.03; y < b.waist; y += 0.05) g.rect(0.5 - b.tw, y, 0.5 + b.tw, y + 0.012, M.DARK, "paint");
    for (let x = 0.5 - b.tw + 0.02; x < 0.5 + b.tw; x += 0.05) g.rect(x, b.top, x + 0.012, b.waist, M.DARK, "paint");
  },
  straw: (g, b) => {
    for (const x of [b.armRight - b.armW, 0.5 - b.tw - 0.005]) g.mirroredDisc(x, b.handT - 0.005, g.u * 0.6, M.EMBER);
  },
  embers: (g, b) => {
    const t = Math.max(1, Math.round(g.px / 2));
    g.line(0.5 - b.tw * 0.7, b.top + 0.05, 0.5 - b.tw * 0.3, b.top + 0.15, M.EMPTY, t, "lighten");
    for (const [x0, y0, x1, y1] of [
      [0.5 - b.tw * 0.8, b.top + 0.06, 0.5 - b.tw * 0.3, b.top + 0.18],
      [0.5 + b.tw * 0.6, b.top + 0.12, 0.5 + b.tw * 0.2, b.waist - 0.03],
      [0.5 - b.tw * 0.2, b.waist - 0.08, 0.5 + b.tw * 0.1, b.waist + 0.04],
    ] as const)
      g.line(x0, y0, x1, y1, M.GLOW, t, "paint");
  },
  frost: (g, b) => {
    const u = g.u;
    for (const [x, y] of [
      [0.5 - b.tw * 0.7, b.top + 0.04],
      [0.5 + b.tw * 0.4, b.top + 0.1],
      [0.5 - b.tw * 0.2, b.waist - 0.06],
      [0.5 - b.hr * 0.5, b.hy - b.hr * 0.5],
    ] as const) {
      g.rect(x - u * 0.25, y - u, x + u * 0.25, y + u, M.SHINE, "paint");
      g.rect(x - u, y - u * 0.25, x + u, y + u * 0.25, M.SHINE, "paint");
    }
  },
  bolts: (g, b) => {
    const u = g.u;
    g.rect(0.5 - b.tw, b.top + 0.2, 0.5 + b.tw, b.top + 0.2 + u * 0.5, M.DARK, "paint");
    for (const y of [b.top + 0.03, b.top + 0.24]) g.mirroredDisc(0.5 - b.tw + u, y, u * 0.4, M.SHINE);
    mirroredRect(g, b.armRight - b.armW, b.top + 0.11, b.armRight, b.top + 0.11 + u * 0.5, M.DARK);
  },
  flag: (g, b) => {
    g.rect(0.5 - b.tw * 0.9, b.top + 0.03, 0.5 - b.tw * 0.45, b.top + 0.06, M.ACCENT, "paint");
  },
};

/** Paints the named details of a character drawn at 64 or 128 cells. */
export function characterDetails(names: readonly string[], g: SpriteGrid, b: Body): void {
  for (const name of names) DETAILS[name]?.(g, b);
}

/** The detail names known (for the tests). */
export const DETAIL_NAMES: readonly string[] = Object.keys(DETAILS);
