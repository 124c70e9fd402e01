/**
 * Monster figures (mirror-symmetric, front view): the mushroom creature, the mimic (a chest with
 * teeth), the plant monster (a snapping bulb on a stalk), the treant (a tree with a face and
 * branch arms) and the elemental (a body of fire, ice, water, stone or storm).
 */
import type { Random } from "../../kit/random.js";
import { chain, limb, tilted, vary } from "./kit.js";
import { drawEyes, M, type SpriteGrid, type SpriteTraits } from "../grid.js";

export function drawMushroomFolk(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const u = g.u;
  const cap = vary(rng, 0.36, 0.1);
  const capH = vary(rng, 0.2, 0.15);
  const capY = 0.42;
  limb(g, 0.42, 0.8, 0.4 + rng.range(-0.02, 0.02), 0.9, u * 2, M.BELLY);
  g.ellipse(0.5, 0.66, 0.14, 0.2, M.BELLY);
  limb(g, 0.38, 0.62, 0.28, 0.72 + rng.range(-0.06, 0.04), u * 1.5, M.BELLY);
  g.ellipse(0.5, capY, cap, capH, M.BODY);
  g.rect(0.5 - cap - u, capY + capH * 0.35, 0.5, capY + capH + u, M.EMPTY, "erase");
  g.rect(0.5 - cap * 0.8, capY + capH * 0.1, 0.5, capY + capH * 0.35, M.BELLY, "paint");
  for (let k = rng.int(2, 3); k > 0; k--)
    g.ellipse(0.5 - cap * rng.range(0.3, 0.75), capY - capH * rng.range(0.1, 0.6), cap * 0.14, capH * 0.18, M.EYE, "paint");
  g.mirror();
  drawEyes(g, 0.62, 0.13, traits);
  g.rect(0.47, 0.7, 0.53, 0.7 + u, M.DARK, "paint");
}

export function drawMimic(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const u = g.u;
  const w = vary(rng, 0.36, 0.08);
  const open = rng.range(0.14, 0.24);
  const base = 0.58;
  g.rect(0.5 - w, base, 0.5, 0.9, M.BODY);
  g.rect(0.5 - w, base, 0.5, base + u * 1.5, M.ACCENT);
  g.rect(0.5 - w, 0.84, 0.5, 0.9, M.ACCENT);
  g.rect(0.5 - w * 0.85, base - open, 0.5, base, M.DARK);
  g.poly(
    [
      [0.5 - w, base - open],
      [0.5 - w * 0.9, base - open - 0.2],
      [0.5, base - open - 0.24],
      [0.5, base - open],
    ],
    M.BODY,
  );
  g.rect(0.5 - w, base - open - u * 1.5, 0.5, base - open, M.ACCENT);
  for (let x = 0.5 - w * 0.8; x < 0.5; x += w * 0.22) {
    g.poly(
      [
        [x, base],
        [x + w * 0.08, base - open * 0.45],
        [x + w * 0.16, base],
      ],
      M.EYE,
    );
    g.poly(
      [
        [x + w * 0.06, base - open],
        [x + w * 0.14, base - open * 0.55],
        [x + w * 0.22, base - open],
      ],
      M.EYE,
    );
  }
  chain(
    g,
    [
      [0.5, base - u],
      [0.44, base + 0.04],
      [0.4 + rng.range(-0.04, 0.02), base + 0.12],
    ],
    u * 2,
    u * 1.5,
    M.LIQUID,
  );
  g.mirror();
  drawEyes(g, base - open - 0.1, w * 0.9, { ...traits, scary: true });
  g.rect(0.5 - u, base + 0.08, 0.5 + u, base + 0.14, M.ACCENT);
  if (g.n > 16) for (let y = base + 0.05; y < 0.84; y += u * 3) g.rect(0, y, 1, y + u * 0.5, M.BODY, "darken");
}

export function drawPlantMonster(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const u = g.u;
  const r = vary(rng, 0.22, 0.1);
  const cy = 0.36 + rng.range(-0.04, 0.04);
  const sway = rng.range(-0.05, 0.05);
  chain(
    g,
    [
      [0.5, 0.9],
      [0.5 + sway, 0.72],
      [0.5, cy + r],
    ],
    u * 1.5,
    u * 1.2,
    M.WING,
  );
  tilted(g, 0.34, 0.78, 0.13, 0.05, -0.4 + sway * 3, M.WING);
  tilted(g, 0.4, 0.64, 0.1, 0.04, -0.6, M.WING);
  g.ellipse(0.5, cy, r, r, M.BODY);
  g.poly(
    [
      [0.5 - r * 1.1, cy + r * 0.1],
      [0.5, cy - r * 0.05],
      [0.5, cy + r * 0.3],
    ],
    M.DARK,
    "paint",
  );
  for (let k = 0; k < 4; k++)
    g.poly(
      [
        [0.5 - r * 0.9 + k * r * 0.22, cy + r * 0.08],
        [0.5 - r * 0.8 + k * r * 0.22, cy + r * 0.22],
        [0.5 - r * 0.7 + k * r * 0.22, cy + r * 0.1],
      ],
      M.EYE,
      "paint",
    );
  for (let k = 0; k < 5; k++) g.ellipse(0.5 - r * 0.7 + k * r * 0.2, cy - r * 0.55 + Math.abs(k - 2) * r * 0.12, u, u, M.BELLY, "paint");
  g.ellipse(0.34, 0.9, 0.12, 0.03, M.WOOD);
  g.mirror();
  drawEyes(g, cy - r * 0.45, r * 0.8, { ...traits, scary: traits.scary || rng.chance(0.5) });
}

export function drawTreant(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const u = g.u;
  const tw = vary(rng, 0.13, 0.12);
  const crown = vary(rng, 0.34, 0.08);
  const crownY = 0.27;
  const armY = rng.range(0.46, 0.54);
  const reach = rng.range(-0.06, 0.06);
  g.poly(
    [
      [0.5 - tw, 0.9],
      [0.5 - tw - 0.1, 0.92],
      [0.5 - tw * 0.8, 0.82],
      [0.5 - tw * 0.9, 0.36],
      [0.5, 0.36],
      [0.5, 0.9],
    ],
    M.WOOD,
  );
  limb(g, 0.5 - tw, armY, 0.2, armY - 0.08 + reach, u * 2.5, M.WOOD);
  limb(g, 0.2, armY - 0.08 + reach, 0.12, armY - 0.18 + reach, u * 1.5, M.WOOD);
  limb(g, 0.2, armY - 0.08 + reach, 0.1, armY + reach, u * 1.5, M.WOOD);
  for (let k = 0; k < 5; k++) {
    const a = Math.PI * (0.5 + k * 0.14);
    g.ellipse(0.5 + Math.cos(a) * crown * 0.75, crownY - Math.sin(a) * crown * 0.45 + 0.04, crown * 0.4, crown * 0.32, M.BODY);
  }
  g.ellipse(0.5, crownY, crown * 0.8, crown * 0.45, M.BODY);
  g.ellipse(0.16, armY - 0.18 + reach, 0.07, 0.05, M.BODY);
  if (g.n > 16) {
    for (let k = 0; k < 4; k++) g.line(0.5 - tw * 0.7 + k * tw * 0.2, 0.6, 0.5 - tw * 0.75 + k * tw * 0.2, 0.86, M.WOOD, 1, "darken");
    for (let k = 0; k < 6; k++) g.ellipse(0.5 - crown * rng.range(0.1, 0.8), crownY + crown * rng.range(-0.3, 0.2), u * 1.5, u, M.BODY, "lighten");
  }
  g.mirror();
  drawEyes(g, 0.46, tw * 0.9, { ...traits, scary: traits.scary || rng.chance(0.4) });
  g.rect(0.5 - tw * 0.4, 0.58, 0.5 + tw * 0.4, 0.58 + u * 1.5, M.DARK, "paint");
}

export type Element = "fire" | "ice" | "water" | "earth" | "storm" | "nature" | "poison";

/** The body of an elemental: a torso and arms of the element's stuff, bits floating off it. */
export function drawElemental(g: SpriteGrid, rng: Random, traits: SpriteTraits, element: Element): void {
  const u = g.u;
  const w = vary(rng, 0.2, 0.1);
  const arm = rng.range(-0.06, 0.06);
  if (element === "fire" || element === "storm") {
    const core = element === "fire" ? M.FIRE : M.BODY;
    const tips = rng.int(3, 4);
    for (let k = 0; k < tips; k++) {
      const x = 0.5 - w + (k * w) / tips;
      g.poly(
        [
          [x - 0.04, 0.4],
          [x + rng.range(-0.04, 0.02), 0.1 + rng.range(0, 0.12)],
          [x + 0.08, 0.4],
        ],
        core,
      );
    }
    g.poly(
      [
        [0.5 - w, 0.34],
        [0.5, 0.28],
        [0.5, 0.88],
        [0.44, 0.92],
        [0.5 - w * 0.7, 0.7],
      ],
      core,
    );
    limb(g, 0.5 - w * 0.8, 0.48, 0.16, 0.38 + arm, u * 2.5, core);
    g.ellipse(0.16, 0.36 + arm, 0.05, 0.06, element === "fire" ? M.EMBER : M.GLOW);
    g.ellipse(0.5, 0.56, w * 0.55, 0.18, element === "fire" ? M.EMBER : M.BELLY, "paint");
    if (element === "storm") for (let k = 0; k < 2; k++) limb(g, 0.2 + k * 0.08, 0.7 + k * 0.06, 0.26 + k * 0.08, 0.8 + k * 0.06, u, M.EMBER);
  } else if (element === "ice" || element === "earth") {
    const m = element === "ice" ? M.GLASS : M.BODY;
    g.poly(
      [
        [0.5 - w, 0.3],
        [0.5 - w * 0.6, 0.22],
        [0.5, 0.24],
        [0.5, 0.72],
        [0.5 - w * 0.8, 0.66],
      ],
      m,
    );
    g.poly(
      [
        [0.5 - w * 0.4, 0.24],
        [0.5 - w * 0.2, 0.08 + rng.range(0, 0.06)],
        [0.5, 0.2],
      ],
      m,
    );
    g.poly(
      [
        [0.5 - w * 0.7, 0.68],
        [0.5 - w * 0.75, 0.9],
        [0.5 - w * 0.2, 0.9],
        [0.5 - w * 0.2, 0.7],
      ],
      m,
    );
    g.poly(
      [
        [0.5 - w, 0.32],
        [0.16, 0.44 + arm],
        [0.14, 0.6 + arm],
        [0.24, 0.64 + arm],
        [0.5 - w * 0.9, 0.5],
      ],
      m,
    );
    if (element === "ice")
      g.poly(
        [
          [0.16, 0.44 + arm],
          [0.08, 0.3 + arm],
          [0.2, 0.42 + arm],
        ],
        M.GLASS,
      );
    else for (let k = 0; k < 3; k++) g.ellipse(0.5 - w * rng.range(0.2, 0.8), rng.range(0.34, 0.66), u * 1.5, u, M.WING, "paint");
    g.line(0.5 - w * 0.7, 0.4, 0.5 - w * 0.3, 0.6, m, 1, "darken");
  } else {
    const m = element === "nature" ? M.WING : M.BODY;
    g.ellipse(0.5, 0.52, w, 0.26, m);
    g.ellipse(0.5, 0.28, w * 0.7, 0.12, m);
    g.poly(
      [
        [0.5 - w * 0.5, 0.2],
        [0.5, 0.04 + rng.range(0, 0.06)],
        [0.5, 0.2],
      ],
      m,
    );
    chain(
      g,
      [
        [0.5 - w * 0.8, 0.44],
        [0.26, 0.5 + arm],
        [0.16, 0.4 + arm],
      ],
      u * 2.2,
      u * 1.5,
      m,
    );
    chain(
      g,
      [
        [0.5 - w * 0.5, 0.74],
        [0.4, 0.84],
        [0.28 + arm, 0.9],
      ],
      u * 2.5,
      u,
      m,
    );
    g.ellipse(0.5, 0.58, w * 0.55, 0.14, M.BELLY, "paint");
    if (element === "nature") for (let k = 0; k < 3; k++) tilted(g, 0.3 + k * 0.06, 0.3 + k * 0.1, 0.06, 0.025, -0.6, M.BODY);
  }
  for (let k = rng.int(2, 3); k > 0; k--) {
    const x = rng.range(0.08, 0.3);
    const y = rng.range(0.1, 0.85);
    const m = element === "fire" ? M.EMBER : element === "ice" ? M.GLASS : element === "storm" ? M.EMBER : element === "water" ? M.BELLY : M.BODY;
    g.ellipse(x, y, u * 1.2, u * 1.2, m);
  }
  g.mirror();
  drawEyes(g, 0.36, w * 0.7, { ...traits, scary: traits.scary || element === "fire" || element === "storm" });
}
