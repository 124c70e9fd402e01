/**
 * Details the characters get when drawn at the output resolution (64 and 128 cells): rivets,
 * buckles, emblems, straps, teeth. A 32-cell design has no room for them; they are painted over
 * filled cells only, so they never change the silhouette.
 */
import { M, type SpriteGrid } from "./sprite-grid.js";

/** The characters (sprite-characters.ts draws them). */
export type Kind = "knight" | "warrior" | "wizard" | "hero" | "archer" | "king" | "ninja" | "robot" | "skeleton" | "zombie" | "goblin";

/** The proportions of a character's drawn body, which the details follow. */
export interface Body {
  hy: number;
  hr: number;
  top: number;
  tw: number;
  waist: number;
  /** The image-left arm: from armRight - armW to armRight. */
  armRight: number;
  armW: number;
}

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

/** A diagonal strap across the chest, from the image-left shoulder to the image-right hip. */
function strap(g: SpriteGrid, b: Body, m: number): void {
  const u = g.u;
  g.line(0.5 - b.tw + u, b.top + 0.02, 0.5 + b.tw - u * 2, b.waist - 0.05, m, Math.max(1, Math.round(g.px * 1.5)), "paint");
}

export function characterDetails(kind: Kind, g: SpriteGrid, b: Body): void {
  const u = g.u;
  const { hy, hr, top, tw, waist } = b;
  const pauldron = (): void => {
    g.mirroredDisc(0.5 - tw - 0.02, top + 0.025, u * 0.5, M.SHINE);
    g.mirroredDisc(0.5 - tw + 0.01, top + 0.045, u * 0.4, M.DARK);
  };
  switch (kind) {
    case "knight": {
      // eyes glinting in the visor slit, breathing holes, a ridge on the helmet
      g.mirroredDisc(0.5 - hr * 0.38, hy + u * 0.25, u * 0.35, M.EYE);
      for (const dx of [0.3, 0.55]) for (const dy of [2.2, 3.4]) g.mirroredDisc(0.5 - hr * dx, hy + u * dy, u * 0.3, M.DARK);
      g.rect(0.5 - u * 0.35, hy - hr + u * 0.5, 0.5 + u * 0.35, hy - u * 0.5, M.METAL, "paint");
      pauldron();
      // a cross on the tabard, a buckle, knee guards
      g.rect(0.5 - u * 0.6, top + 0.07, 0.5 + u * 0.6, top + 0.21, M.ACCENT, "paint");
      g.rect(0.5 - 0.045, top + 0.1, 0.5 + 0.045, top + 0.1 + u * 1.1, M.ACCENT, "paint");
      buckle(g, waist - 0.03, waist, M.ACCENT);
      for (const y of [0.8]) {
        g.ellipse(0.5 - tw * 0.55, y, 0.04, 0.025, M.METAL, "paint");
        g.ellipse(0.5 + tw * 0.55, y, 0.04, 0.025, M.METAL, "paint");
      }
      break;
    }
    case "warrior": {
      strap(g, b, M.WOOD);
      pauldron();
      buckle(g, waist - 0.04, waist, M.METAL);
      mirroredRect(g, b.armRight - b.armW, top + 0.17, b.armRight, top + 0.21, M.WOOD);
      break;
    }
    case "hero":
    case "archer": {
      g.poly(
        [
          [0.5 - u * 1.6, top - u * 0.2],
          [0.5, top + 0.055],
          [0.5 + u * 1.6, top - u * 0.2],
        ],
        M.SKIN,
        "paint",
      );
      if (kind === "archer") strap(g, b, M.WOOD);
      buckle(g, waist - 0.04, waist, M.METAL);
      mirroredRect(g, b.armRight - b.armW, top + 0.19, b.armRight, top + 0.22, M.CLOTH);
      break;
    }
    case "wizard": {
      // a star on the hat, a sash, cuffs
      const sx = 0.5 - hr * 0.22;
      const sy = hy - hr * 0.95;
      g.rect(sx - u * 0.4, sy - u * 1.3, sx + u * 0.4, sy + u * 1.3, M.SHINE, "paint");
      g.rect(sx - u * 1.3, sy - u * 0.4, sx + u * 1.3, sy + u * 0.4, M.SHINE, "paint");
      // a long pointed beard over the robe, with strands, under a moustache
      g.poly(
        [
          [0.5 - hr * 0.7, hy + hr * 0.25],
          [0.5 + hr * 0.7, hy + hr * 0.25],
          [0.5, top + 0.16],
        ],
        M.METAL,
        "paint",
      );
      for (const dx of [-0.35, 0, 0.35]) g.line(0.5 + hr * dx, hy + hr * 0.6, 0.5 + hr * dx * 0.4, top + 0.1, M.METAL, 1, "darken");
      g.rect(0.5 - hr * 0.45, hy + hr * 0.3, 0.5 + hr * 0.45, hy + hr * 0.3 + u * 0.7, M.METAL, "lighten");
      g.rect(0, waist - 0.035, 1, waist, M.ACCENT, "paint");
      g.rect(0.5 - u * 1.2, waist - 0.035, 0.5 + u * 1.2, waist, M.SHINE, "paint");
      mirroredRect(g, b.armRight - b.armW, top + 0.18, b.armRight, top + 0.22, M.BELLY);
      break;
    }
    case "king": {
      for (const x of [0.5 - hr * 0.55, 0.5]) g.mirroredDisc(x, hy - hr * 0.78, u * 0.6, M.GLOW);
      for (const x of [0.5 - tw - 0.04, 0.5 - tw + 0.01, 0.5 - 0.04]) g.mirroredDisc(x, top + 0.02, u * 0.35, M.DARK);
      break;
    }
    case "ninja": {
      g.rect(0.5 - u * 0.5, waist - 0.04, 0.5 + u * 0.5, waist, M.DARK, "paint");
      mirroredRect(g, b.armRight - b.armW, top + 0.17, b.armRight, top + 0.19, M.DARK);
      break;
    }
    case "robot": {
      g.rect(0.5 - tw, top + 0.2, 0.5 + tw, top + 0.2 + u * 0.5, M.DARK, "paint");
      for (const y of [top + 0.03, top + 0.24]) g.mirroredDisc(0.5 - tw + u, y, u * 0.4, M.SHINE);
      mirroredRect(g, b.armRight - b.armW, top + 0.11, b.armRight, top + 0.11 + u * 0.5, M.DARK);
      mirroredRect(g, 0.5 - tw + 0.02, 0.8, 0.5 - u, 0.8 + u * 0.5, M.DARK);
      break;
    }
    case "skeleton": {
      for (let k = -2; k <= 1; k++) g.rect(0.5 + k * u * 1.1 + u * 0.3, hy + hr * 0.62, 0.5 + k * u * 1.1 + u * 0.6, hy + hr * 0.98, M.DARK, "paint");
      break;
    }
    case "zombie": {
      g.line(0.5 - hr * 0.7, hy + hr * 0.45, 0.5 - hr * 0.35, hy + hr * 0.7, M.DARK, Math.max(1, Math.round(g.px / 2)), "paint");
      for (const t of [0.3, 0.6])
        g.rect(0.5 - hr * (0.9 - t * 0.5), hy + hr * (0.45 + t * 0.2), 0.5 - hr * (0.9 - t * 0.5) + u * 0.4, hy + hr * (0.65 + t * 0.2), M.DARK, "paint");
      buckle(g, waist - 0.04, waist, M.METAL);
      break;
    }
    case "goblin": {
      g.mirroredDisc(0.5 - u * 1.2, hy + hr * 0.55 + u, u * 0.45, M.EYE);
      buckle(g, waist - 0.04, waist, M.METAL);
      break;
    }
  }
}
