/**
 * The four-legged body plan, seen from the side (facing left, flipped per seed): a body, four legs
 * (the far pair darker), a neck and head with snout, ears, horns, tail, mane, shell and coat, all
 * from a species' data. Sizes are normalised to the grid; each is varied a little per seed.
 */
import type { Random } from "../../kit/random.js";
import { chain, choose, coat, limb, sideEye, tilted, vary, type Pattern } from "./kit.js";
import { drawBackWings, drawFaceMask, drawSideSaddle, drawTail, drawTrunk, legSpots, type Tail } from "./quadruped-parts.js";
import { M, type SpriteGrid, type SpriteTraits } from "../grid.js";

export type Ears = "point" | "round" | "long" | "floppy" | "small" | "none";
export type Horns = "none" | "antlers" | "curved" | "horn" | "tusks" | "ram";
export type { Tail } from "./quadruped-parts.js";

export interface Quadruped {
  /** Body length and height. */
  len: number;
  height: number;
  /** Leg length and thickness. */
  leg: number;
  legW: number;
  /** How far the head rises above the back (0: level; negative: low, like a boar's). */
  neck: number;
  head: number;
  snout: number;
  ears: Ears | readonly Ears[];
  horns?: Horns | readonly Horns[];
  tail: Tail | readonly Tail[];
  mane?: boolean;
  hooves?: boolean;
  /** A pale underside. */
  belly?: boolean;
  pattern?: Pattern | readonly Pattern[];
  /** A domed shell over the body (a turtle). */
  shell?: boolean;
  /** A ridge of spikes along the back (crocodile, boar bristles). */
  ridge?: boolean;
  /** Woolly bumps over the body (a sheep). */
  wool?: boolean;
  /** Teeth along the jaw. */
  teeth?: boolean;
  /** A trunk hanging from the face (an elephant). */
  trunk?: boolean;
  /** Face markings: a dark band over the eyes (a raccoon), a pale stripe up the nose (a badger). */
  mask?: "band" | "stripe";
  /** Feathered wings folded up from the back (a pegasus). */
  wings?: boolean;
}

/** Draws the species; `zoom` scales every size (the builder fits the figure to the frame). */
export function drawQuadruped(g: SpriteGrid, rng: Random, q: Quadruped, zoom = 1, traits?: SpriteTraits): void {
  const u = g.u;
  const ground = 0.9;
  const len = vary(rng, q.len, 0.1) * zoom;
  const height = vary(rng, q.height, 0.12) * zoom;
  // a cute beast has a bigger head on shorter legs
  const leg = vary(rng, q.leg, 0.15) * zoom * (traits?.cute ? 0.8 : 1);
  const legW = Math.max(u, vary(rng, q.legW, 0.15) * zoom);
  const head = vary(rng, q.head, 0.1) * zoom * (traits?.cute ? 1.3 : 1);
  const snout = vary(rng, q.snout, 0.2) * zoom;
  const neck = (q.neck + rng.range(-0.03, 0.04)) * zoom;
  const stride = rng.range(-0.06, 0.06);
  const bx = 0.56;
  const by = ground - leg - height * 0.35;
  const front = bx - len * 0.34;
  const back = bx + len * 0.34;
  const legTop = by + height * 0.1;
  const hoof = q.hooves ? Math.max(u, leg * 0.16) : 0;

  // far legs first (shaded darker), then the tail behind the body
  const spots = legSpots(traits?.parts?.legs ?? 4, front, back, stride);
  for (const [x, s] of spots.far) {
    limb(g, x, legTop, x + s, ground - hoof, legW, M.BODY);
    if (hoof) limb(g, x + s, ground - hoof, x + s, ground, legW * 1.1, M.DARK);
    limb(g, x, legTop, x + s, ground, legW, M.EMPTY, "darken");
  }
  const tail = choose(rng, q.tail);
  const tx = bx + len / 2 - u;
  const ty = by - height * 0.25;
  const lift0 = rng.range(-0.08, 0.1);
  // "two-tailed": the tails fanned apart (a counted tail on a tailless beast is a thin one)
  const tails = traits?.parts?.tails ?? 1;
  for (let k = 0; k < tails; k++) {
    const spread = (k - (tails - 1) / 2) * Math.min(0.15, 0.5 / tails);
    drawTail(g, tail === "none" && traits?.parts?.tails ? "thin" : tail, tx, ty, by, height, lift0 + spread, spread);
  }
  if (q.wings || traits?.parts?.wings) drawBackWings(g, rng, bx, by, len, height, true);

  // the body, its belly and coat
  g.ellipse(bx, by, len / 2, height / 2, M.BODY);
  if (q.belly) g.ellipse(bx - len * 0.05, by + height * 0.28, len * 0.34, height * 0.2, M.BELLY, "paint");
  const pattern = choose(rng, q.pattern ?? "none");
  if (pattern !== "none")
    coat(g, rng, pattern, [bx - len / 2, by - height / 2, bx + len / 2, by + height / 2], M.BODY, pattern === "stripes" ? M.DARK : M.ACCENT);
  if (q.wool) {
    for (let k = 0; k < 9; k++) {
      const a = (k / 8) * Math.PI;
      g.ellipse(bx - Math.cos(a) * len * 0.45, by - Math.sin(a) * height * 0.45, height * 0.2, height * 0.2, M.BELLY);
    }
    g.ellipse(bx, by, len * 0.46, height * 0.46, M.BELLY);
    if (g.hires) for (let k = 0; k < 14; k++) g.ellipse(bx + rng.range(-0.4, 0.4) * len, by + rng.range(-0.35, 0.35) * height, u, u, M.BELLY, "darken");
  }
  if (q.shell) {
    g.ellipse(bx, by - height * 0.15, len * 0.56, height * 0.62, M.ACCENT);
    g.rect(bx - len * 0.6, by + height * 0.15, bx + len * 0.6, by + height, M.EMPTY, "erase");
    g.rect(bx - len * 0.56, by + height * 0.05, bx + len * 0.56, by + height * 0.15, M.BELLY);
    if (g.n > 16) {
      for (let k = -1; k <= 1; k++) g.ellipse(bx + k * len * 0.3, by - height * 0.3, len * 0.12, height * 0.18, M.ACCENT, "darken");
    }
  }
  if (q.ridge) {
    for (let k = 0; k < 6; k++) {
      const x = bx - len * 0.35 + (k * len * 0.7) / 5;
      const top = by - height / 2;
      g.poly(
        [
          [x - 0.025, top + 0.02],
          [x, top - 0.045],
          [x + 0.025, top + 0.02],
        ],
        M.ACCENT,
      );
    }
  }

  // fur: short strokes over the back and flank on large grids
  if (g.hires && !q.shell && !q.wool)
    for (let k = 0; k < 10; k++) {
      const fx = bx + rng.range(-0.38, 0.38) * len;
      const fy = by + rng.range(-0.4, 0.1) * height;
      g.line(fx, fy, fx + u * 1.5, fy + u, M.EMPTY, 1, "darken");
    }
  if (traits?.saddled) drawSideSaddle(g, bx, by, len, height);
  if (q.wings || traits?.parts?.wings) drawBackWings(g, rng, bx, by, len, height, false);
  // near legs
  for (const [x, s] of spots.near) {
    limb(g, x, legTop, x + s, ground - hoof, legW, M.BODY);
    if (hoof) limb(g, x + s, ground - hoof, x + s, ground, legW * 1.1, M.DARK);
    else {
      // a paw, a little wider than the leg and toed forward
      g.ellipse(x + s - legW * 0.2, ground - legW * 0.35, legW * 0.75, legW * 0.4, M.BODY);
      if (g.hires) limb(g, x + s - legW * 0.5, ground - u, x + s - legW * 0.5, ground - legW * 0.5, u * 0.5, M.BODY, "darken");
    }
  }

  // neck and head
  const hx = bx - len / 2 - head * 0.2;
  const hy = by - height * 0.38 - neck;
  if (neck > 0.02) {
    g.poly(
      [
        [bx - len * 0.42, by - height * 0.1],
        [hx + head * 0.1, hy - head * 0.3],
        [hx + head * 0.9, hy + head * 0.2],
        [bx - len * 0.2, by - height * 0.35],
      ],
      M.BODY,
    );
    if (q.mane) {
      g.poly(
        [
          [hx + head * 0.3, hy - head * 0.9],
          [hx + head * 1.3, hy - head * 0.1],
          [bx - len * 0.18, by - height * 0.55],
          [bx - len * 0.1, by - height * 0.3],
          [hx + head * 0.8, hy + head * 0.3],
        ],
        M.HAIR,
      );
    }
  } else if (q.mane) g.ellipse(hx + head * 0.3, hy, head * 1.5, head * 1.45, M.HAIR);
  g.ellipse(hx, hy, head, head * 0.9, M.BODY);
  const sx = hx - head * 0.55 - snout / 2;
  const sy = hy + head * 0.3;
  if (snout > 0) {
    g.ellipse(sx, sy, snout / 2 + head * 0.25, head * 0.5, M.BODY);
    if (q.belly) g.ellipse(sx, sy + head * 0.2, snout / 2 + head * 0.15, head * 0.28, M.BELLY, "paint");
    g.dot(sx - snout / 2 - head * 0.2, sy - head * 0.25, M.DARK, g.px, "paint");
    if (q.teeth && g.n > 16) for (let k = 0; k < 3; k++) g.dot(sx - snout * 0.35 + k * snout * 0.3, sy + head * 0.2, M.EYE, 1, "paint");
    if (g.hires) g.line(sx - snout / 2 - head * 0.2, sy + head * 0.15, sx + snout * 0.2, sy + head * 0.15, M.DARK, 1, "paint");
  }
  const ears = choose(rng, q.ears);
  const ex = hx + head * 0.25;
  const ey = hy - head * 0.6;
  const earTilt = rng.range(-0.03, 0.03);
  if (ears === "point")
    g.poly(
      [
        [ex - head * 0.45, ey + head * 0.2],
        [ex + earTilt, ey - head * 1.1],
        [ex + head * 0.45, ey + head * 0.3],
      ],
      M.BODY,
    );
  else if (ears === "round") g.ellipse(ex + head * 0.1, ey, head * 0.38, head * 0.38, M.BODY);
  else if (ears === "small") g.ellipse(ex + head * 0.3, ey + head * 0.1, head * 0.25, head * 0.3, M.BODY);
  else if (ears === "long") tilted(g, ex + head * 0.2, ey - head * 1.2, head * 0.3, head * 1.3, 0.25 + earTilt * 4, M.BODY);
  else if (ears === "floppy") tilted(g, ex + head * 0.4, hy + head * 0.1, head * 0.28, head * 0.7, -0.4 + earTilt * 4, M.BODY);
  if ((ears === "point" || ears === "long") && g.n > 16) {
    if (ears === "point")
      g.poly(
        [
          [ex - head * 0.2, ey + head * 0.1],
          [ex + earTilt, ey - head * 0.7],
          [ex + head * 0.2, ey + head * 0.15],
        ],
        M.BELLY,
        "paint",
      );
    else tilted(g, ex + head * 0.2, ey - head * 1.2, head * 0.14, head * 0.9, 0.25 + earTilt * 4, M.BELLY, "paint");
  }
  const horns = choose(rng, q.horns ?? "none");
  if (horns === "antlers") {
    const spread = rng.range(0.8, 1.2);
    const base: [number, number] = [ex + head * 0.2, ey];
    const tip: [number, number] = [ex + head * 1.4 * spread, ey - head * 2.4];
    limb(g, base[0], base[1], tip[0], tip[1], u, M.ACCENT);
    for (let k = 1; k <= rng.int(2, 3); k++) {
      const f = k / 4;
      const px = base[0] + (tip[0] - base[0]) * f;
      const py = base[1] + (tip[1] - base[1]) * f;
      limb(g, px, py, px - head * 0.5 * spread, py - head * 0.8, u, M.ACCENT);
    }
  } else if (horns === "curved") {
    chain(
      g,
      [
        [ex, ey + head * 0.2],
        [ex - head * 0.5, ey - head * 0.5],
        [ex - head * 0.2, ey - head * 1.1],
      ],
      u * 1.1,
      u * 0.5,
      M.ACCENT,
    );
  } else if (horns === "horn") {
    g.poly(
      [
        [hx - head * 0.5, hy - head * 0.6],
        [hx - head * 1.2 + rng.range(-0.02, 0.02), hy - head * 2.4],
        [hx - head * 0.05, hy - head * 0.8],
      ],
      M.ACCENT,
    );
    if (g.n > 16)
      for (let k = 1; k < 4; k++)
        g.line(hx - head * (0.5 + k * 0.17), hy - head * (0.8 + k * 0.38), hx - head * (0.3 + k * 0.17), hy - head * (0.75 + k * 0.38), M.ACCENT, 1, "darken");
  } else if (horns === "tusks") {
    g.poly(
      [
        [sx - snout * 0.1, sy + head * 0.2],
        [sx - snout * 0.5, sy - head * 0.5],
        [sx + snout * 0.1, sy + head * 0.05],
      ],
      M.EYE,
    );
  } else if (horns === "ram") {
    g.ellipse(ex + head * 0.1, ey + head * 0.4, head * 0.55, head * 0.55, M.ACCENT);
    g.ellipse(ex + head * 0.1, ey + head * 0.4, head * 0.22, head * 0.22, M.ACCENT, "darken");
  }
  if (q.mask) drawFaceMask(g, q.mask, hx, hy, head, sx, sy, snout);
  if (q.trunk) drawTrunk(g, rng, hx - head * 0.7, hy + head * 0.1, head);
  sideEye(g, hx - head * 0.25, hy - head * 0.15, false, traits);
}
