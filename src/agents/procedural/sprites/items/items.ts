/** Item sprite builders (potions, weapons, treasure, plants...), upright and mirror-symmetric. */
import type { Point } from "../../kit/geometry.js";
import type { Random } from "../../kit/random.js";
import { M, type SpriteBuilder, type SpriteGrid } from "../grid.js";

function potion(g: SpriteGrid, rng: Random): void {
  const c = g.u;
  const r = rng.range(0.26, 0.32);
  const cy = 0.92 - r;
  g.ellipse(0.5, cy, r, r, M.GLASS);
  g.rect(0.5 - 0.08, 0.2, 0.5, cy - r + 0.05, M.GLASS);
  g.rect(0.5 - 0.11, 0.2, 0.5, 0.25, M.GLASS);
  g.rect(0.5 - 0.07, 0.09, 0.5, 0.2, M.WOOD);
  g.ellipse(0.5, cy, r - c, r - c, M.BODY, "paint");
  g.rect(0, 0, 1, cy - r * rng.range(0.05, 0.3), M.GLASS, "paint");
  g.rect(0.5 - 0.1, 0.2, 0.5, 0.25, M.GLASS, "paint");
  g.mirror();
  g.ellipse(0.5 - r * 0.55, cy - r * 0.35, Math.max(c * 0.8, r * 0.15), Math.max(c * 0.8, r * 0.22), M.SHINE, "paint");
  g.dot(0.55, cy + r * 0.3, M.BELLY, g.px, "paint");
  g.dot(0.6, cy + r * 0.05, M.BELLY, g.px, "paint");
  if (g.hires) {
    // the cork (with its grain), the liquid's surface, bubbles, a reflection on the right
    g.rect(0.43, 0.09, 0.57, 0.2, M.WOOD, "paint");
    for (let y = 0.11; y < 0.2; y += c * 1.5) g.rect(0.43, y, 0.57, y + c * 0.4, M.WOOD, "darken");
    g.rect(0.38, 0.2, 0.62, 0.2 + c * 0.6, M.GLASS, "lighten");
    const surface = cy - r * 0.6;
    g.rect(0, surface - c * 0.2, 1, surface + c * 0.6, M.BODY, "lighten");
    for (const [x, y, k] of [
      [0.44, cy + r * 0.1, 0.9],
      [0.52, cy - r * 0.25, 0.6],
      [0.4, cy + r * 0.45, 0.5],
    ] as const)
      g.ellipse(x, y, c * k, c * k, M.BODY, "lighten");
    g.rect(0.5 + r * 0.55, cy - c, 0.5 + r * 0.55 + c * 0.7, cy + r * 0.4, M.BODY, "lighten");
    g.rect(0, cy + r * 0.55, 1, 1, M.BODY, "darken");
  }
}

function sword(g: SpriteGrid, rng: Random): void {
  const c = g.u;
  // drawn at 64 and 128 pixels, where the outline is one pixel, the sword is a little stouter
  const stout = g.hires ? 1.3 : 1;
  const w = Math.max(c * 1.5, rng.range(0.05, 0.07)) * stout;
  const guard = rng.range(0.6, 0.66);
  const gh = 0.06 * stout;
  g.poly(
    [
      [0.5, 0.04],
      [0.5, guard],
      [0.5 - w, guard],
      [0.5 - w, 0.04 + w * 1.5],
    ],
    M.BODY,
  );
  g.rect(0.5 - rng.range(0.16, 0.22), guard, 0.5, guard + gh, M.ACCENT);
  g.rect(0.5 - Math.max(c, 0.03) * stout, guard + gh, 0.5, 0.86, M.WOOD);
  g.ellipse(0.5, 0.89, 0.05 * stout, 0.04 * stout, M.ACCENT);
  g.mirror();
  if (g.hires) {
    // an edge highlight, a fuller down the blade, a wrapped grip, a jewel in the pommel
    g.rect(0.5 - w + c * 0.5, 0.1, 0.5 - w + c, guard, M.SHINE, "paint");
    g.rect(0.5 - c * 0.25, 0.14, 0.5 + c * 0.25, guard - 0.03, M.BODY, "darken");
    for (let y = guard + 0.075; y < 0.85; y += c * 1.2) g.line(0.5 - 0.03, y, 0.5 + 0.03, y + c * 0.6, M.WOOD, Math.max(1, g.px >> 1), "darken");
    g.ellipse(0.5, guard + 0.03, c * 0.8, c * 0.8, M.GLOW, "paint");
    g.ellipse(0.5, 0.89, c * 0.6, c * 0.6, M.GLOW, "paint");
    return;
  }
  g.rect(0.5 - w, 0.1, 0.5 - w + c, guard, M.SHINE, "paint");
  g.dot(0.5 - c * 0.5, guard + 0.02, M.GLOW, 1, "paint");
}

function gem(g: SpriteGrid, rng: Random): void {
  const c = g.u;
  const girdle = rng.range(0.36, 0.42);
  const pts: Point[] = [
    [0.5, 0.16],
    [0.32, 0.16],
    [0.1, girdle],
    [0.5, 0.9],
  ];
  g.poly(pts, M.BODY);
  g.poly(
    [
      [0.5, 0.16],
      [0.36, 0.16],
      [0.28, girdle],
      [0.5, girdle],
    ],
    M.BELLY,
    "paint",
  );
  g.mirror();
  g.poly(
    [
      [0.1, girdle],
      [0.28, girdle],
      [0.5, 0.9],
    ],
    M.BELLY,
    "paint",
  );
  g.dot(0.34, 0.22, M.SHINE, Math.max(1, Math.round(g.n / 16)), "paint");
  g.rect(0, girdle - c * 0.5, 1, girdle + c * 0.5, M.BODY, "paint");
  if (g.hires) {
    g.line(0.5, 0.16, 0.5, 0.9, M.EMPTY, Math.max(1, g.px >> 1), "darken");
    g.line(0.28, girdle, 0.5, 0.9, M.BELLY, 1, "lighten");
    g.rect(0.62, 0.5, 0.64, 0.56, M.SHINE, "paint");
    g.rect(0.6, 0.52, 0.66, 0.54, M.SHINE, "paint");
  }
}

function shield(g: SpriteGrid, rng: Random): void {
  const c = g.u;
  const outline: Point[] = [
    [0.5, 0.08],
    [0.14, 0.12],
    [0.14, 0.5],
    [0.3, 0.78],
    [0.5, 0.93],
  ];
  g.poly(outline, M.ACCENT);
  g.poly(
    [
      [0.5, 0.08 + c * 1.5],
      [0.14 + c * 1.5, 0.12 + c * 1.5],
      [0.14 + c * 1.5, 0.5],
      [0.32, 0.75],
      [0.5, 0.88],
    ],
    M.BODY,
    "paint",
  );
  if (rng.chance(0.5)) {
    g.rect(0.5 - Math.max(c, 0.04), 0.14, 0.5, 0.86, M.BELLY, "paint");
    g.rect(0.18, 0.36, 0.5, 0.36 + Math.max(c * 2, 0.07), M.BELLY, "paint");
  } else {
    g.ellipse(0.5, 0.42, 0.12, 0.12, M.BELLY, "paint");
  }
  g.mirror();
  g.dot(0.24, 0.2, M.SHINE, g.px, "paint");
  if (g.hires)
    for (const [x, y] of [
      [0.2, 0.2],
      [0.2, 0.45],
      [0.5, 0.13],
    ] as const)
      g.mirroredDisc(x, y, c * 0.45, M.SHINE);
}

function heart(g: SpriteGrid): void {
  g.ellipse(0.32, 0.36, 0.2, 0.2, M.BODY);
  g.poly(
    [
      [0.12, 0.42],
      [0.5, 0.88],
      [0.5, 0.3],
    ],
    M.BODY,
  );
  g.mirror();
  g.ellipse(0.28, 0.32, Math.max(g.cell, 0.05), Math.max(g.cell, 0.05), M.SHINE, "paint");
}

function coin(g: SpriteGrid, rng: Random): void {
  const c = g.u;
  g.ellipse(0.5, 0.5, rng.range(0.34, 0.4), 0.4, M.BODY);
  g.ellipse(0.5, 0.5, 0.26, 0.3, M.BELLY, "paint");
  g.rect(0.5 - c, 0.32, 0.5 + c, 0.68, M.BODY, "paint");
  g.mirror();
  g.dot(0.3, 0.3, M.SHINE, g.px, "paint");
  if (g.hires) {
    g.ellipse(0.5, 0.5, 0.26, 0.3, M.BELLY, "darken");
    g.ellipse(0.5, 0.5, 0.26 - c * 0.5, 0.3 - c * 0.5, M.BELLY, "lighten");
    g.rect(0.5 - c * 2, 0.36, 0.5 + c * 2, 0.36 + c, M.BODY, "paint");
    g.rect(0.5 - c * 2, 0.64 - c, 0.5 + c * 2, 0.64, M.BODY, "paint");
  }
}

function chest(g: SpriteGrid, rng: Random): void {
  const c = g.u;
  const lid = rng.range(0.42, 0.48);
  g.ellipse(0.5, lid, 0.4, 0.2, M.WOOD);
  g.rect(0, lid, 1, 1, M.EMPTY, "erase");
  g.rect(0.1, lid, 0.5, 0.86, M.WOOD);
  g.rect(0.1, lid - c * 0.5, 0.5, lid + c * 1.5, M.ACCENT, "paint");
  g.rect(0.2, lid - 0.2, 0.2 + Math.max(c, 0.05), 0.86, M.ACCENT, "paint");
  g.rect(0.44, lid - 0.02, 0.5, lid + 0.1, M.ACCENT);
  g.mirror();
  if (g.hires) {
    // planks, rivets on the bands, a keyhole in the lock
    for (let y = lid + c * 4; y < 0.86; y += c * 3.5) g.rect(0, y, 1, y + c * 0.5, M.WOOD, "darken");
    for (let y = lid - 0.12; y < lid - c; y += c * 3.5) g.rect(0, y, 1, y + c * 0.5, M.WOOD, "darken");
    for (let y = lid + c * 3; y < 0.84; y += c * 3.5) g.mirroredDisc(0.2 + Math.max(c, 0.05) / 2, y, c * 0.4, M.SHINE);
    g.mirroredDisc(0.2 + Math.max(c, 0.05) / 2, lid - 0.08, c * 0.4, M.SHINE);
    g.ellipse(0.5, lid + 0.035, c * 0.6, c * 0.6, M.DARK, "paint");
    g.rect(0.5 - c * 0.25, lid + 0.035, 0.5 + c * 0.25, lid + 0.075, M.DARK, "paint");
    g.rect(0, 0.84, 1, 0.87, M.WOOD, "darken");
    return;
  }
  g.dot(0.5 - c * 0.5, lid + 0.05, M.DARK, 1, "paint");
}

function mushroom(g: SpriteGrid, rng: Random): void {
  const c = g.u;
  const capY = rng.range(0.48, 0.54);
  g.ellipse(0.5, capY, rng.range(0.36, 0.42), 0.34, M.BODY);
  g.rect(0, capY, 1, 1, M.EMPTY, "erase");
  g.rect(0.36, capY, 0.5, 0.9, M.SKIN);
  g.ellipse(0.5, 0.9, 0.18, 0.04, M.SKIN);
  g.ellipse(0.32, capY - 0.14, 0.06, 0.05, M.BELLY, "paint");
  g.dot(0.5 - c * 0.5, capY - 0.26, M.BELLY, Math.max(1, Math.round(g.n / 16)), "paint");
  g.mirror();
  if (g.hires) {
    g.mirroredDisc(0.445, capY + 0.12, c * 0.6, M.DARK);
    g.rect(0, capY, 1, capY + c * 0.6, M.SKIN, "darken");
    return;
  }
  g.dot(0.44, capY + 0.12, M.DARK, 1, "paint");
  g.dot(0.56 - c * 0.01, capY + 0.12, M.DARK, 1, "paint");
}

function tree(g: SpriteGrid, rng: Random): void {
  g.rect(0.44, 0.6, 0.5, 0.92, M.WOOD);
  g.rect(0.38, 0.86, 0.5, 0.92, M.WOOD);
  const layers = rng.int(2, 3);
  for (let k = 0; k < layers; k++) {
    const y = 0.22 + (k * 0.4) / layers;
    g.ellipse(0.5, y + 0.12, 0.22 + k * 0.08, 0.16, M.BODY);
  }
  g.mirror();
  g.ellipse(0.36, 0.3, 0.06, 0.05, M.BELLY, "paint");
  g.ellipse(0.62, 0.55, 0.06, 0.05, M.BELLY, "paint");
  if (g.hires) {
    for (let y = 0.62; y < 0.9; y += g.u * 2.5) g.rect(0.47, y, 0.48, y + g.u * 1.5, M.WOOD, "darken");
    for (const [x, y] of [
      [0.3, 0.45],
      [0.55, 0.3],
      [0.7, 0.42],
      [0.42, 0.62],
      [0.6, 0.7],
      [0.25, 0.66],
    ] as const)
      g.ellipse(x, y, 0.035, 0.025, M.BODY, "darken");
  }
}

function crown(g: SpriteGrid): void {
  const c = g.u;
  g.rect(0.14, 0.56, 0.5, 0.78, M.BODY);
  g.poly(
    [
      [0.14, 0.58],
      [0.12, 0.22],
      [0.3, 0.42],
      [0.5, 0.16],
      [0.5, 0.58],
    ],
    M.BODY,
  );
  g.ellipse(0.12, 0.22, 0.04, 0.04, M.BODY);
  g.ellipse(0.5, 0.14, 0.04, 0.04, M.BODY);
  g.rect(0.14, 0.7, 0.5, 0.74, M.BELLY, "paint");
  g.mirror();
  g.dot(0.5 - c * 0.5, 0.62, M.ACCENT, Math.max(1, Math.round(g.n / 16)), "paint");
  if (g.hires) {
    g.mirroredDisc(0.28, 0.62, c * 0.8, M.GLOW);
    g.mirroredDisc(0.12, 0.22, c * 0.7, M.GLOW);
    g.ellipse(0.5, 0.14, c * 0.7, c * 0.7, M.GLOW, "paint");
    return;
  }
  g.dot(0.28, 0.62, M.GLOW, 1, "paint");
  g.dot(0.72, 0.62, M.GLOW, 1, "paint");
}

function star(g: SpriteGrid): void {
  const pts: Point[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const r = i % 2 === 0 ? 0.44 : 0.19;
    pts.push([0.5 + Math.cos(a) * r, 0.53 + Math.sin(a) * r]);
  }
  g.poly(pts, M.BODY);
  g.mirror();
  g.poly(
    [
      [0.5, 0.12],
      [0.5, 0.53],
      [0.38, 0.4],
    ],
    M.BELLY,
    "paint",
  );
}

function skull(g: SpriteGrid): void {
  const c = g.u;
  g.ellipse(0.5, 0.42, 0.32, 0.3, M.BODY);
  g.rect(0.3, 0.55, 0.5, 0.84, M.BODY);
  g.mirror();
  g.ellipse(0.37, 0.46, Math.max(c, 0.08), Math.max(c, 0.09), M.DARK, "paint");
  g.ellipse(0.63, 0.46, Math.max(c, 0.08), Math.max(c, 0.09), M.DARK, "paint");
  g.dot(0.5 - c * 0.5, 0.62, M.DARK, g.px, "paint");
  if (g.hires) g.line(0.6, 0.14, 0.56, 0.24, M.DARK, Math.max(1, g.px >> 1), "paint").line(0.56, 0.24, 0.6, 0.3, M.DARK, Math.max(1, g.px >> 1), "paint");
  for (let x = 0.36; x < 0.66; x += c * 2) g.rect(x, 0.74, x + c, 0.84, M.BELLY, "paint");
}

function flame(g: SpriteGrid, rng: Random): void {
  const lean = rng.range(0.3, 0.4);
  g.ellipse(0.5, 0.66, 0.3, 0.26, M.BODY);
  g.poly(
    [
      [0.2, 0.64],
      [lean, 0.26],
      [0.46, 0.4],
      [0.5, 0.05],
      [0.5, 0.7],
    ],
    M.BODY,
  );
  g.ellipse(0.5, 0.72, 0.18, 0.17, M.BELLY, "paint");
  g.poly(
    [
      [0.34, 0.72],
      [0.45, 0.46],
      [0.5, 0.36],
      [0.5, 0.8],
    ],
    M.BELLY,
    "paint",
  );
  // at 64 and 128 pixels the thin tip would be a needle: a broader tongue of flame
  if (g.hires)
    g.poly(
      [
        [0.42, 0.45],
        [0.5, 0.09],
        [0.5, 0.45],
      ],
      M.BODY,
    );
  g.mirror();
  g.ellipse(0.5, 0.76, 0.08, 0.08, M.SHINE, "paint");
}

const item = (fn: (g: SpriteGrid, rng: Random) => void, primary: string, secondary: string, accent: string): SpriteBuilder => ({
  kind: "item",
  primary,
  secondary,
  accent,
  build: (g, rng) => fn(g, rng),
});

export const ITEM_BUILDERS: Readonly<Record<string, SpriteBuilder>> = {
  potion: item(potion, "red", "white", "white"),
  // "scary" turns the glowing gem of the pommel red
  sword: { ...item(sword, "silver", "white", "gold"), reacts: ["scary"] },
  gem: item(gem, "cyan", "white", "white"),
  shield: item(shield, "blue", "white", "gold"),
  heart: item(heart, "red", "pink", "white"),
  coin: item(coin, "gold", "yellow", "white"),
  chest: item(chest, "brown", "yellow", "gold"),
  mushroom: item(mushroom, "red", "white", "white"),
  tree: item(tree, "green", "lime", "brown"),
  crown: { ...item(crown, "gold", "amber", "red"), reacts: ["scary"] },
  star: item(star, "yellow", "white", "white"),
  skull: item(skull, "beige", "white", "white"),
  flame: item(flame, "orange", "yellow", "white"),
};
