/** Humanoid sprite builders: knights, warriors, wizards, robots, skeletons... (front view). */
import type { Random } from "./random.js";
import { drawEyes, M, type SpriteAnchors, type SpriteBuilder, type SpriteGrid, type SpriteTraits } from "./sprite-grid.js";
import { characterDetails, type Body, type Kind } from "./sprite-details.js";

/** Torso, arms, legs and boots; returns the proportions used. */
function drawBody(g: SpriteGrid, rng: Random, traits: SpriteTraits, hy: number, limbs: { arm: number; leg: number; boot: number }): Body {
  // `c` is one cell: the gap that separates an arm from the torso stays one cell (an outline line)
  // at every size; `u` (one design pixel) sizes the rest.
  const c = g.cell;
  const u = g.u;
  const hr = rng.range(0.15, 0.17) + (traits.cute ? 0.03 : 0);
  const top = hy + hr * 0.8;
  const tw = rng.range(0.13, 0.17);
  const waist = rng.range(0.68, 0.72);
  g.rect(0.5 - tw, top, 0.5, waist + 0.02, M.BODY);
  const armW = Math.max(c * 2, 0.07);
  // On 32x32 grids a one-cell gap (which becomes outline) separates the arm from the torso.
  const armRight = g.n >= 32 ? 0.5 - tw - c : 0.5 - tw + c * 0.5;
  g.rect(armRight - armW, top + 0.02, armRight, top + 0.22, limbs.arm);
  g.rect(armRight - armW, top + 0.02, 0.5 - tw + c, top + 0.06, limbs.arm);
  g.rect(armRight - armW, top + 0.22, armRight, top + 0.27, M.SKIN);
  g.rect(0.5 - tw + 0.02, waist, 0.5 - u, 0.92, limbs.leg);
  g.rect(0.5 - tw + 0.01, 0.86, 0.5 - u, 0.93, limbs.boot);
  return { hy, hr, top, tw, waist, armRight, armW };
}

function belt(g: SpriteGrid, b: Body, m: number): void {
  g.rect(0.5 - b.tw, b.waist - 0.04, 0.5, b.waist, m, "paint");
}

function build(kind: Kind, g: SpriteGrid, rng: Random, traits: SpriteTraits): SpriteAnchors {
  // One design pixel: the cell on 16 and 32 grids, so those designs are unchanged.
  const c = g.u;
  const p = g.px;
  const hy = kind === "wizard" || kind === "king" ? 0.3 : 0.26;
  const armour = kind === "knight" || kind === "robot";
  const bony = kind === "skeleton";
  const b = drawBody(g, rng, traits, hy, {
    arm: armour ? M.BODY : bony ? M.SKIN : kind === "warrior" || kind === "goblin" ? M.SKIN : M.BODY,
    leg: armour || bony ? M.BODY : M.CLOTH,
    boot: armour ? M.METAL : bony ? M.BODY : M.WOOD,
  });
  const { hr } = b;
  // head
  if (kind === "robot") {
    g.rect(0.5 - hr, hy - hr * 0.9, 0.5, hy + hr * 0.8, M.METAL);
    g.line(0.5 - c, hy - hr - 0.08, 0.5 - c, hy - hr, M.METAL, p);
    g.dot(0.5 - c, hy - hr - 0.09, M.GLOW, p);
  } else {
    g.ellipse(0.5, hy, hr, hr, kind === "knight" ? M.BODY : M.SKIN);
  }
  switch (kind) {
    case "knight": {
      g.rect(0.5 - hr * 0.75, hy - c * 0.5, 0.5, hy + c, M.DARK, "paint");
      g.rect(0.5 - c, hy - hr - 0.1, 0.5, hy - hr + 0.02, M.ACCENT);
      g.rect(0.5 - hr, hy - c * 0.5, 0.5 - hr * 0.75, hy + c * 1.5, M.METAL, "paint");
      g.ellipse(0.5 - b.tw - 0.02, b.top + 0.03, 0.07, 0.05, M.METAL);
      g.rect(0.5 - b.tw * 0.6, b.top + 0.04, 0.5, b.waist + 0.03, M.BELLY, "paint");
      g.rect(0.5 - b.tw * 0.6, b.waist - 0.03, 0.5, b.waist, M.METAL, "paint");
      break;
    }
    case "warrior":
    case "hero":
    case "archer":
    case "zombie":
    case "goblin": {
      if (kind === "archer") {
        // a hood: wider than the head, open on the face
        g.ellipse(0.5, hy - c * 0.5, hr + c * 1.5, hr + c, M.BODY);
        g.poly(
          [
            [0.5 - hr - c * 1.5, hy],
            [0.5 - b.tw - c, b.top + 0.03],
            [0.5, b.top + 0.03],
            [0.5, hy],
          ],
          M.BODY,
        );
        g.ellipse(0.5, hy + c, hr * 0.78, hr * 0.8, M.SKIN);
        g.ellipse(0.5, hy - hr * 0.5, hr * 0.8, hr * 0.35, M.HAIR, "paint");
      } else if (kind !== "goblin") g.ellipse(0.5, hy - hr * 0.45, hr * 1.02, hr * 0.62, M.HAIR, "paint");
      if (kind === "warrior") g.rect(0.5 - hr, hy - hr * 0.35, 0.5, hy - hr * 0.1, M.ACCENT, "paint");
      if (kind === "goblin")
        g.poly(
          [
            [0.5 - hr * 0.8, hy - c],
            [0.5 - hr - 0.12, hy - 0.09],
            [0.5 - hr * 0.8, hy + 0.05],
          ],
          M.SKIN,
        );
      if (kind === "hero" && rng.chance(0.4))
        g.poly(
          [
            [0.5 - hr * 0.8, hy],
            [0.5 - hr - 0.06, hy - 0.07],
            [0.5 - hr * 0.8, hy + 0.04],
          ],
          M.SKIN,
        );
      if (kind === "zombie") g.rect(0.5 - b.tw, b.waist - 0.02, 0.5 - b.tw + 0.04, b.waist + 0.04, M.EMPTY, "erase");
      belt(g, b, M.WOOD);
      if (kind === "warrior") g.ellipse(0.5 - b.tw - 0.02, b.top + 0.03, 0.06, 0.045, M.METAL);
      break;
    }
    case "wizard": {
      g.poly(
        [
          [0.5, 0.02],
          [0.5 - hr * 0.95, hy - hr * 0.45],
          [0.5, hy - hr * 0.45],
        ],
        M.BODY,
      );
      g.rect(0.5 - hr - 0.06, hy - hr * 0.55, 0.5, hy - hr * 0.3, M.BODY);
      g.rect(0.5 - hr * 0.9, hy - hr * 0.55, 0.5, hy - hr * 0.35, M.BELLY, "paint");
      g.poly(
        [
          [0.5 - hr * 0.7, hy + hr * 0.25],
          [0.5, hy + hr * 0.25],
          [0.5, b.top + 0.14],
        ],
        M.METAL,
      );
      g.poly(
        [
          [0.5 - b.tw, b.top],
          [0.5, b.top],
          [0.5, 0.93],
          [0.5 - b.tw - 0.08, 0.93],
        ],
        M.BODY,
      );
      g.rect(0.5 - c, b.top + 0.1, 0.5, 0.93, M.BELLY, "paint");
      g.rect(0.5 - b.tw - 0.08, 0.89, 0.5, 0.93, M.BELLY, "paint");
      break;
    }
    case "king": {
      g.poly(
        [
          [0.5 - b.tw - 0.07, b.top + 0.02],
          [0.5, b.top],
          [0.5, 0.9],
          [0.5 - b.tw - 0.12, 0.9],
        ],
        M.WING,
      );
      g.poly(
        [
          [0.5 - b.tw, b.top],
          [0.5, b.top],
          [0.5, 0.88],
          [0.5 - b.tw - 0.04, 0.88],
        ],
        M.BODY,
      );
      g.rect(0.5 - b.tw - 0.07, b.top - 0.01, 0.5, b.top + 0.05, M.BELLY);
      g.rect(0.5 - b.tw - 0.05, 0.84, 0.5, 0.88, M.BELLY, "paint");
      g.rect(0.5 - c, b.top + 0.05, 0.5, 0.88, M.ACCENT, "paint");
      g.rect(0.5 - hr * 0.9, hy - hr - 0.02, 0.5, hy - hr * 0.55, M.ACCENT);
      for (const x of [0.5 - hr * 0.85, 0.5 - hr * 0.3]) g.rect(x, hy - hr - 0.08, x + c, hy - hr, M.ACCENT);
      g.ellipse(0.5, hy + hr * 0.45, hr * 0.7, hr * 0.45, M.HAIR, "paint");
      break;
    }
    case "ninja": {
      g.ellipse(0.5, hy, hr, hr, M.BODY, "paint");
      g.rect(0.5 - hr * 0.8, hy - c * 1.2, 0.5, hy + c * 1.5, M.SKIN, "paint");
      g.rect(0.5 - hr - 0.07, hy - hr * 0.6, 0.5 - hr + c, hy - hr * 0.35, M.ACCENT);
      belt(g, b, M.ACCENT);
      break;
    }
    case "robot": {
      g.rect(0.5 - b.tw * 0.6, b.top + 0.05, 0.5, b.top + 0.15, M.BELLY, "paint");
      g.dot(0.5 - b.tw * 0.4, b.top + 0.09, M.GLOW);
      g.rect(0.5 - b.tw - 0.07, b.top + 0.08, 0.5 - b.tw + c, b.top + 0.1, M.DARK, "paint");
      break;
    }
    case "skeleton": {
      g.rect(0.5 - b.tw, b.top, 0.5, b.waist, M.EMPTY, "erase");
      for (let y = b.top + 0.02; y < b.waist - 0.04; y += c * 2.2) g.rect(0.5 - b.tw + c, y, 0.5, y + c, M.SKIN);
      g.rect(0.5 - c, b.top, 0.5, b.waist + 0.02, M.SKIN);
      g.rect(0.5 - b.tw, b.waist - 0.03, 0.5, b.waist + 0.01, M.SKIN);
      g.rect(0.5 - hr * 0.55, hy + hr * 0.55, 0.5, hy + hr * 1.05, M.SKIN);
      break;
    }
  }
  g.mirror();
  if (kind === "skeleton") {
    g.ellipse(0.5 - hr * 0.42, hy + c * 0.5, Math.max(c * 1.2, hr * 0.28), Math.max(c * 1.2, hr * 0.3), traits.scary ? M.GLOW : M.DARK, "paint");
    g.ellipse(0.5 + hr * 0.42, hy + c * 0.5, Math.max(c * 1.2, hr * 0.28), Math.max(c * 1.2, hr * 0.3), traits.scary ? M.GLOW : M.DARK, "paint");
    g.dot(0.5 - c * 0.5, hy + hr * 0.5, M.DARK, p, "paint");
  } else if (kind === "robot") {
    g.rect(0.5 - hr * 0.7, hy - c, 0.5 + hr * 0.7, hy + c, M.DARK, "paint");
    g.dot(0.5 - hr * 0.45, hy - c * 0.5, M.GLOW, p, "paint");
    g.dot(0.5 + hr * 0.45 - c * 0.01 - (p - 1) / g.n, hy - c * 0.5, M.GLOW, p, "paint");
  } else if (kind !== "knight") {
    drawEyes(g, hy + c * 0.5, hr * 0.8, traits);
    if (g.n > 16 && kind !== "ninja" && kind !== "wizard") {
      if (g.hires) g.rect(0.5 - c, hy + hr * 0.6, 0.5 + c, hy + hr * 0.6 + c * 0.5, M.DARK, "paint");
      else g.rect(0.5 - c, hy + hr * 0.55, 0.5 + c, hy + hr * 0.55 + c, M.DARK, "paint");
    }
  }
  if (g.hires) characterDetails(kind, g, b);
  const headTop = kind === "wizard" ? 0.02 : kind === "king" ? hy - hr - 0.08 : kind === "robot" ? hy - hr - 0.1 : hy - hr - (kind === "knight" ? 0.1 : 0);
  return {
    hand: { x0: b.armRight - b.armW, y0: b.top + 0.22, x1: b.armRight, y1: b.top + 0.27 },
    armOuter: b.armRight - b.armW,
    headTop,
  };
}

const humanoid = (kind: Kind, primary: string, secondary: string, accent: string, skin?: string): SpriteBuilder => ({
  kind: "character",
  primary,
  secondary,
  accent,
  ...(skin ? { skin } : {}),
  build: (g, rng, traits) => build(kind, g, rng, traits),
});

export const CHARACTER_BUILDERS: Readonly<Record<string, SpriteBuilder>> = {
  knight: humanoid("knight", "silver", "blue", "red"),
  warrior: humanoid("warrior", "red", "brown", "gold"),
  wizard: humanoid("wizard", "purple", "gold", "cyan"),
  hero: humanoid("hero", "green", "brown", "gold"),
  archer: { ...humanoid("archer", "emerald", "brown", "gold"), defaultItems: ["bow"] },
  king: humanoid("king", "crimson", "white", "gold"),
  ninja: humanoid("ninja", "navy", "red", "red"),
  robot: humanoid("robot", "silver", "blue", "cyan"),
  skeleton: humanoid("skeleton", "beige", "beige", "red", "beige"),
  zombie: humanoid("zombie", "teal", "brown", "red", "olive"),
  goblin: humanoid("goblin", "brown", "tan", "red", "lime"),
};
