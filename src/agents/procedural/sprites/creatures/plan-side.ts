/**
 * Side-view body plans besides the four-legged one: birds on the ground (chicken, duck, crow),
 * fish (and sharks), serpents (snakes, worms) and snails. Facing left; flipped per seed.
 */
import type { Random } from "../../kit/random.js";
import { choose, coat, limb, sideEye, tilted, vary, type Pattern } from "./kit.js";
import { M, type SpriteGrid, type SpriteTraits } from "../grid.js";
import { drawFishExtras, drawWhale, type FishExtras } from "./fish-parts.js";

export interface SideBird {
  body: number;
  /** 0: level like a duck, 1: upright like a penguin. */
  upright: number;
  head: number;
  beak: "short" | "hook" | "long" | "flat" | "cone";
  leg: number;
  tail: "fan" | "short" | "long" | "up";
  crest?: "comb" | "tuft" | "none" | readonly ("comb" | "tuft" | "none")[];
  /** A wattle under the beak (chickens). */
  wattle?: boolean;
}

export function drawSideBird(g: SpriteGrid, rng: Random, b: SideBird, traits?: SpriteTraits, zoom = 1): void {
  const u = g.u;
  const ground = 0.9;
  const size = vary(rng, b.body, 0.1) * zoom;
  const head = vary(rng, b.head, 0.1) * zoom;
  const leg = vary(rng, b.leg, 0.2) * zoom;
  const tilt = -0.35 - b.upright * 0.9 + rng.range(-0.12, 0.12);
  const bx = 0.54;
  const by = ground - leg - size * 0.55;
  // tail behind, legs, body, wing, head
  const tx = bx + size * 0.85;
  const z = zoom;
  const ty = by - size * 0.1;
  if (b.tail === "fan")
    g.poly(
      [
        [tx - 0.06 * z, ty + 0.04 * z],
        [tx + 0.12 * z, ty - 0.22 * z],
        [tx + 0.18 * z, ty - 0.08 * z],
        [tx + 0.04 * z, ty + 0.1 * z],
      ],
      M.ACCENT,
    );
  else if (b.tail === "long")
    g.poly(
      [
        [tx - 0.08 * z, ty],
        [tx + 0.2 * z, ty + 0.08 * z],
        [tx + 0.16 * z, ty + 0.14 * z],
        [tx - 0.06 * z, ty + 0.1 * z],
      ],
      M.WING,
    );
  else if (b.tail === "up")
    g.poly(
      [
        [tx - 0.08 * z, ty],
        [tx + 0.08 * z, ty - 0.12 * z],
        [tx + 0.1 * z, ty - 0.06 * z],
        [tx - 0.04 * z, ty + 0.08 * z],
      ],
      M.WING,
    );
  else
    g.poly(
      [
        [tx - 0.06 * z, ty],
        [tx + 0.08 * z, ty + 0.02 * z],
        [tx - 0.04 * z, ty + 0.08 * z],
      ],
      M.WING,
    );
  const step = rng.range(-0.04, 0.04);
  for (const [x, s] of [
    [bx - 0.03, step],
    [bx + 0.04, -step],
  ] as const) {
    limb(g, x, by + size * 0.5, x + s, ground, u * 0.8, M.ACCENT);
    if (g.n > 16) limb(g, x + s - 0.04, ground - u, x + s + 0.02, ground - u, u * 0.8, M.ACCENT);
  }
  tilted(g, bx, by, size, size * 0.7, tilt * 0.5, M.BODY);
  tilted(g, bx - size * 0.15, by + size * 0.25, size * 0.55, size * 0.35, tilt * 0.5, M.BELLY, "paint");
  const wingLift = rng.range(-0.1, 0.15);
  tilted(g, bx + size * 0.2, by - size * 0.05 - wingLift * 0.3, size * 0.62, size * 0.34, 0.25 - wingLift, M.WING);
  if (g.hires)
    for (let k = 0; k < 3; k++) g.line(bx + size * (0.05 + k * 0.2), by - size * 0.05, bx + size * (0.35 + k * 0.2), by + size * 0.18, M.WING, 1, "darken");
  const hx = bx - size * (0.55 + 0.25 * (1 - b.upright)) - 0.02;
  const hy = by - size * (0.55 + b.upright * 0.4);
  g.ellipse(hx, hy, head, head, M.BODY);
  g.poly(
    [
      [hx - head * 0.2, hy],
      [hx + head, hy + head * 0.6],
      [bx - size * 0.4, by],
    ],
    M.BODY,
  );
  const bk = hx - head * 0.85;
  if (b.beak === "flat") g.ellipse(bk - head * 0.45, hy + head * 0.2, head * 0.6, head * 0.25, M.ACCENT);
  else if (b.beak === "long")
    g.poly(
      [
        [bk + head * 0.1, hy - head * 0.2],
        [bk - head * 1.3, hy + head * 0.15],
        [bk + head * 0.1, hy + head * 0.3],
      ],
      M.ACCENT,
    );
  else if (b.beak === "hook") {
    g.poly(
      [
        [bk + head * 0.1, hy - head * 0.35],
        [bk - head * 0.7, hy - head * 0.1],
        [bk - head * 0.55, hy + head * 0.45],
        [bk + head * 0.1, hy + head * 0.25],
      ],
      M.ACCENT,
    );
  } else
    g.poly(
      [
        [bk + head * 0.1, hy - head * 0.25],
        [bk - head * (b.beak === "cone" ? 0.55 : 0.4), hy + head * 0.05],
        [bk + head * 0.1, hy + head * 0.3],
      ],
      M.ACCENT,
    );
  const crest = choose(rng, b.crest ?? "none");
  if (crest === "comb") for (let k = 0; k < 3; k++) g.ellipse(hx - head * 0.4 + k * head * 0.4, hy - head * 0.95, head * 0.28, head * 0.32, M.LIQUID);
  else if (crest === "tuft")
    g.poly(
      [
        [hx, hy - head * 0.7],
        [hx + head * 0.9, hy - head * 1.6],
        [hx + head * 0.6, hy - head * 0.5],
      ],
      M.BODY,
    );
  if (b.wattle) g.ellipse(bk + head * 0.05, hy + head * 0.65, head * 0.2, head * 0.3, M.LIQUID);
  sideEye(g, hx - head * 0.2, hy - head * 0.15, false, traits);
}

export interface Fish {
  len: number;
  height: number;
  /** Dorsal fin height. */
  dorsal: number;
  /** A pointed snout and a crescent tail (a shark). */
  shark?: boolean;
  /** A whale: a blunt head, tail flukes and a spout. */
  whale?: boolean;
  pattern?: Pattern | readonly Pattern[];
  /** Extras (fish-parts.ts): spines, a lure, a bill; a whale's kin without a spout, with tusks. */
  extras?: FishExtras;
}

export function drawFish(g: SpriteGrid, rng: Random, f: Fish, traits?: SpriteTraits, zoom = 1): void {
  const u = g.u;
  const len = vary(rng, f.len, 0.1) * zoom;
  // "inflated": puffed up round
  const h = vary(rng, f.height, 0.15) * zoom * (traits?.form === "inflated" ? Math.max(1, (f.len * 0.9) / f.height) : 1);
  const cx = 0.5;
  const cy = 0.52;
  const tailX = cx + len * 0.48;
  const swish = rng.range(-0.06, 0.06);
  if (f.whale) {
    drawWhale(g, rng, len, h, traits, f.extras);
    return;
  }
  if (f.extras) drawFishExtras(g, rng, f.extras, cx, cy, len, h, "behind");
  if (f.shark) {
    g.poly(
      [
        [tailX - 0.04, cy],
        [tailX + 0.14, cy - h * 0.9 + swish],
        [tailX + 0.08, cy],
        [tailX + 0.12, cy + h * 0.6 + swish],
      ],
      M.BODY,
    );
  } else
    g.poly(
      [
        [tailX - 0.04, cy],
        [tailX + 0.14, cy - h * 0.55 + swish],
        [tailX + 0.1, cy + swish * 0.5],
        [tailX + 0.14, cy + h * 0.55 + swish],
      ],
      M.WING,
    );
  const dorsal = vary(rng, f.dorsal, 0.2);
  g.poly(
    [
      [cx - len * 0.15, cy - h * 0.35],
      [cx + len * (f.shark ? 0.0 : 0.1), cy - h * 0.45 - dorsal],
      [cx + len * 0.25, cy - h * 0.35],
    ],
    f.shark ? M.BODY : M.WING,
  );
  g.poly(
    [
      [cx - len * 0.05, cy + h * 0.3],
      [cx + len * 0.12, cy + h * 0.5 + dorsal * 0.5],
      [cx + len * 0.2, cy + h * 0.3],
    ],
    f.shark ? M.BODY : M.WING,
  );
  if (f.shark) {
    g.poly(
      [
        [cx - len * 0.5, cy + h * 0.05],
        [cx - len * 0.25, cy - h * 0.48],
        [cx + len * 0.3, cy - h * 0.42],
        [cx + len * 0.5, cy],
        [cx + len * 0.2, cy + h * 0.45],
        [cx - len * 0.3, cy + h * 0.35],
      ],
      M.BODY,
    );
    g.poly(
      [
        [cx - len * 0.5, cy + h * 0.08],
        [cx + len * 0.3, cy + h * 0.1],
        [cx + len * 0.2, cy + h * 0.45],
        [cx - len * 0.3, cy + h * 0.35],
      ],
      M.BELLY,
      "paint",
    );
    g.poly(
      [
        [cx - len * 0.05, cy + h * 0.2],
        [cx - len * 0.02, cy + h * 0.85],
        [cx + len * 0.12, cy + h * 0.25],
      ],
      M.BODY,
    );
    if (g.n > 16)
      for (let k = 0; k < 3; k++) g.line(cx - len * (0.2 - k * 0.04), cy - h * 0.15, cx - len * (0.22 - k * 0.04), cy + h * 0.1, M.DARK, 1, "paint");
    g.line(cx - len * 0.45, cy + h * 0.15, cx - len * 0.3, cy + h * 0.18, M.DARK, 1, "paint");
    sideEye(g, cx - len * 0.33, cy - h * 0.12, false, traits);
    return;
  }
  g.ellipse(cx, cy, len / 2, h / 2, M.BODY);
  g.ellipse(cx - len * 0.05, cy + h * 0.22, len * 0.36, h * 0.2, M.BELLY, "paint");
  const pattern = choose(rng, f.pattern ?? "none");
  if (pattern !== "none") coat(g, rng, pattern, [cx - len * 0.3, cy - h / 2, cx + len * 0.45, cy + h / 2], M.BODY, M.ACCENT);
  g.line(cx - len * 0.22, cy - h * 0.3, cx - len * 0.2, cy + h * 0.3, M.BODY, 1, "darken");
  tilted(g, cx - len * 0.05, cy + h * 0.05, len * 0.1, h * 0.1, 0.5, M.WING, "paint");
  if (g.hires) for (let k = 0; k < 10; k++) g.ellipse(cx + rng.range(-0.15, 0.4) * len, cy + rng.range(-0.3, 0.1) * h, u * 0.8, u * 0.6, M.BODY, "lighten");
  g.dot(cx - len * 0.48, cy + h * 0.1, M.DARK, 1, "paint");
  if (f.extras) drawFishExtras(g, rng, f.extras, cx, cy, len, h, "over");
  sideEye(g, cx - len * 0.32, cy - h * 0.1, true, traits);
}
