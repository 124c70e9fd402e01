/**
 * Extras of the fish plan (plan-side.ts): a pufferfish's spines, an anglerfish's glowing lure and
 * teeth, a swordfish's bill; the whale, and its kin that breathe without a spout (a seal, a
 * manatee, a walrus): a raised head with whiskers, a front flipper, tusks.
 */
import type { Random } from "../../kit/random.js";
import { chain, limb, sideEye, tilted } from "./kit.js";
import { M, type SpriteGrid, type SpriteTraits } from "../grid.js";

export interface FishExtras {
  /** Spines all round the body (a pufferfish). */
  spines?: boolean;
  /** A stalk from the forehead ending in a glowing bulb, and teeth (an anglerfish). */
  lure?: boolean;
  /** A long pointed bill (a swordfish). */
  bill?: boolean;
  /** A whale's kin without a spout: a raised head, whiskers and a front flipper. */
  seal?: boolean;
  /** Two tusks down from the muzzle (a walrus). */
  tusks?: boolean;
}

/** Drawn behind the body (spines, bill) or over it (the lure, teeth). */
export function drawFishExtras(g: SpriteGrid, rng: Random, x: FishExtras, cx: number, cy: number, len: number, h: number, stage: "behind" | "over"): void {
  const u = g.u;
  if (stage === "behind") {
    if (x.spines)
      for (let k = 0; k < 14; k++) {
        const a = (k / 14) * Math.PI * 2 + 0.2;
        const [ox, oy] = [Math.cos(a), Math.sin(a)];
        const bx = cx + (ox * len) / 2;
        const by = cy + (oy * h) / 2;
        limb(g, bx - ox * u, by - oy * u, bx + ox * 0.05, by + oy * 0.05, u * 0.6, M.ACCENT);
      }
    if (x.bill)
      g.poly(
        [
          [cx - len * 0.44, cy - h * 0.12],
          [cx - len * 0.5 - 0.2, cy + h * 0.02],
          [cx - len * 0.44, cy + h * 0.12],
        ],
        M.BODY,
      );
    return;
  }
  if (x.lure) {
    const sway = rng.fork("lure").range(-0.03, 0.03);
    const tip: [number, number] = [cx - len * 0.55 + sway, cy - h * 0.5 - 0.12];
    chain(g, [[cx - len * 0.2, cy - h * 0.45], [cx - len * 0.35, cy - h * 0.5 - 0.12], tip], u * 0.6, u * 0.5, M.DARK);
    g.ellipse(tip[0], tip[1] + 0.03, 0.035, 0.035, M.GLOW);
    g.dot(tip[0] - u * 0.5, tip[1] + 0.02, M.SHINE, 1, "paint");
    // a wide jaw with fangs
    g.line(cx - len * 0.5, cy + h * 0.12, cx - len * 0.25, cy + h * 0.2, M.DARK, Math.max(1, Math.round(u)), "paint");
    for (let k = 0; k < 4; k++) g.dot(cx - len * (0.46 - k * 0.06), cy + h * (0.1 + k * 0.025), M.EYE, 1, "paint");
  }
}

/** A seal's or walrus's raised head, whiskers, front flipper and tusks, over a whale's body. */
export function drawSealExtras(g: SpriteGrid, x: FishExtras, cx: number, cy: number, len: number, h: number): void {
  const u = g.u;
  const hx = cx - len * 0.3;
  const hy = cy - h * 0.3;
  const r = h * 0.42;
  g.ellipse(hx, hy, r * 1.1, r, M.BODY);
  g.ellipse(hx - r * 0.7, hy + r * 0.3, r * 0.55, r * 0.45, M.BELLY);
  tilted(g, cx - len * 0.05, cy + h * 0.42, len * 0.12, h * 0.12, 0.9, M.BODY);
  if (x.tusks) for (const d of [0, 0.25]) limb(g, hx - r * (0.8 - d), hy + r * 0.5, hx - r * (0.85 - d), hy + r * 1.6, u * 0.7, M.EYE);
  g.dot(hx - r * 1.2, hy + r * 0.05, M.DARK, Math.max(1, Math.round(u)), "paint");
  if (g.n > 16) for (let k = 0; k < 3; k++) g.dot(hx - r * (0.9 - k * 0.2), hy + r * 0.35, M.DARK, 1, "paint");
}

/** A whale from the side: a blunt head, a body tapering to flukes, throat grooves and a spout. */
export function drawWhale(g: SpriteGrid, rng: Random, len: number, h: number, traits?: SpriteTraits, extras?: FishExtras): void {
  const u = g.u;
  const cx = 0.44;
  const cy = 0.6;
  const lift = rng.range(0.02, 0.1);
  const tx = cx + len * 0.62;
  chain(
    g,
    [
      [cx + len * 0.2, cy],
      [cx + len * 0.45, cy - lift * 0.5],
      [tx, cy - lift],
    ],
    h * 0.32,
    h * 0.1,
    M.BODY,
  );
  g.poly(
    [
      [tx - 0.02, cy - lift],
      [tx + 0.1, cy - lift - 0.1],
      [tx + 0.06, cy - lift],
      [tx + 0.1, cy - lift + 0.08],
    ],
    M.BODY,
  );
  g.ellipse(cx, cy, len * 0.36, h / 2, M.BODY);
  g.ellipse(cx - len * 0.05, cy + h * 0.28, len * 0.3, h * 0.2, M.BELLY, "paint");
  if (g.n > 16)
    for (let k = 0; k < 4; k++) g.line(cx - len * 0.3, cy + h * (0.14 + k * 0.08), cx + len * 0.1, cy + h * (0.16 + k * 0.08), M.BELLY, 1, "darken");
  tilted(g, cx, cy + h * 0.3, len * 0.1, h * 0.08, 0.6, M.BODY);
  g.line(cx - len * 0.34, cy + h * 0.1, cx - len * 0.12, cy + h * 0.12, M.DARK, 1, "paint");
  if (extras?.seal) {
    drawSealExtras(g, extras, cx, cy, len, h);
    sideEye(g, cx - len * 0.24, cy - h * 0.12, false, traits);
    return;
  }
  // the spout
  const sx = cx - len * 0.12;
  const top = cy - h / 2;
  const spray = rng.range(0.08, 0.14);
  limb(g, sx, top, sx, top - spray, u, M.GLASS);
  for (const d of [-1, 1]) g.ellipse(sx + d * 0.04, top - spray + 0.01, u * 1.2, u * 1.2, M.GLASS);
  sideEye(g, cx - len * 0.2, cy - h * 0.02, false, traits);
}
