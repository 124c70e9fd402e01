/**
 * Parts of the four-legged plan beyond the body (plan-quadruped.ts): where its legs stand for a
 * counted number of them ("three-legged dog"), wings folded up from the back (a pegasus, "winged
 * lion"), face markings (a raccoon's mask, a badger's stripe), an elephant's trunk, and a saddle
 * ("saddled horse"; seen from the front on a wyvern or a dragon).
 */
import type { Random } from "../../kit/random.js";
import { chain, limb, tilted } from "./kit.js";
import { M, type SpriteGrid } from "../grid.js";

type Spot = readonly [number, number];

export type Tail = "bushy" | "thin" | "tuft" | "short" | "taper" | "curl" | "paddle" | "none";

/** The legs' x and stride, far pair (drawn darker, behind the body) and near pair; four unless counted. */
export function legSpots(count: number, front: number, back: number, stride: number): { far: Spot[]; near: Spot[] } {
  const mid = (front + back) / 2;
  if (count <= 1) return { far: [], near: [[mid, stride]] };
  if (count === 2)
    return {
      far: [],
      near: [
        [front, stride],
        [back, -stride],
      ],
    };
  if (count === 3)
    return {
      far: [[back + 0.035, stride]],
      near: [
        [front, stride],
        [back, -stride],
      ],
    };
  if (count === 4)
    return {
      far: [
        [front + 0.035, -stride],
        [back + 0.035, stride],
      ],
      near: [
        [front, stride],
        [back, -stride],
      ],
    };
  return {
    far: [
      [front + 0.035, -stride],
      [back + 0.035, stride],
    ],
    near: [
      [front, stride],
      [mid, 0],
      [back, -stride],
    ],
  };
}

/** A tail from (tx, ty), raised by `lift`; `spread` moves a short or curled one of several apart. */
export function drawTail(g: SpriteGrid, tail: Tail, tx: number, ty: number, by: number, height: number, lift: number, spread: number): void {
  const u = g.u;
  if (tail === "bushy") tilted(g, tx + 0.08, ty + 0.06 - lift, 0.11, 0.05, 0.5 - lift * 3, M.BODY);
  else if (tail === "thin")
    chain(
      g,
      [
        [tx, ty],
        [tx + 0.08, ty + 0.02 - lift],
        [tx + 0.12, ty + 0.14 - lift],
      ],
      u * 0.7,
      u * 0.5,
      M.BODY,
    );
  else if (tail === "tuft") {
    chain(
      g,
      [
        [tx, ty],
        [tx + 0.06, ty + 0.1 - lift],
        [tx + 0.07, ty + 0.22 - lift],
      ],
      u * 0.6,
      u * 0.5,
      M.BODY,
    );
    g.ellipse(tx + 0.07, ty + 0.24 - lift, 0.03, 0.045, M.ACCENT);
  } else if (tail === "short") g.ellipse(tx + 0.02 + Math.abs(spread) * 0.3, ty - spread * 0.7, 0.04, 0.035, M.BODY);
  else if (tail === "taper")
    chain(
      g,
      [
        [tx - 0.02, by],
        [tx + 0.12, by + 0.05 - lift * 0.5],
        [tx + 0.26, by + 0.02 - lift],
      ],
      height * 0.32,
      u * 0.5,
      M.BODY,
    );
  else if (tail === "curl") {
    const y = ty - 0.02 - spread * 0.7;
    const x = tx + 0.04 + Math.abs(spread) * 0.3;
    g.ellipse(x, y, 0.035, 0.035, M.BODY);
    g.ellipse(x, y, 0.015, 0.015, M.EMPTY, "erase");
  } else if (tail === "paddle") tilted(g, tx + 0.07, ty + height * 0.3 - lift * 0.3, 0.08, 0.035, 0.3 - lift, M.ACCENT);
}

/** A feathered wing raised from the shoulders: the far one behind the body, the near one over it. */
export function drawBackWings(g: SpriteGrid, rng: Random, bx: number, by: number, len: number, height: number, far: boolean): void {
  const r = rng.fork("wings");
  const lift = r.range(0, 0.06);
  const x = bx - len * 0.1 + (far ? 0.04 : 0);
  const y = by - height * 0.5;
  g.poly(
    [
      [x - len * 0.2, y + height * 0.2],
      [x + len * 0.15 + (far ? 0.03 : 0), y - 0.24 - lift],
      [x + len * 0.45, y - 0.2 - lift],
      [x + len * 0.35, y - 0.06],
      [x + len * 0.15, y + height * 0.2],
    ],
    M.WING,
  );
  if (far)
    g.poly(
      [
        [x - len * 0.1, y + height * 0.1],
        [x + len * 0.2, y - 0.2 - lift],
        [x + len * 0.3, y - 0.1],
      ],
      M.EMPTY,
      "darken",
    );
  else if (g.n > 16) for (let k = 0; k < 3; k++) g.line(x + len * (0.05 + k * 0.12), y - 0.04, x + len * (0.2 + k * 0.1), y - 0.18 - lift, M.WING, 1, "darken");
}

/** A raccoon's dark band over the eyes, or a badger's pale stripe from the nose over the head. */
export function drawFaceMask(g: SpriteGrid, mask: "band" | "stripe", hx: number, hy: number, head: number, sx: number, sy: number, snout: number): void {
  if (mask === "band") tilted(g, hx - head * 0.3, hy - head * 0.15, head * 0.75, head * 0.28, 0.15, M.DARK, "paint");
  else
    chain(
      g,
      [
        [sx - snout / 2, sy - head * 0.2],
        [hx - head * 0.2, hy - head * 0.55],
        [hx + head * 0.8, hy - head * 0.5],
      ],
      head * 0.2,
      head * 0.25,
      M.BELLY,
      "paint",
    );
}

/** A trunk hanging from the face, curling a little forward at the tip. */
export function drawTrunk(g: SpriteGrid, rng: Random, x: number, y: number, head: number): void {
  const curl = rng.fork("trunk").range(-0.03, 0.05);
  chain(
    g,
    [
      [x, y],
      [x - head * 0.5, y + head * 0.9],
      [x - head * 0.45 - curl, y + head * 1.9],
      [x - head * 0.8 - curl, y + head * 2.2],
    ],
    head * 0.32,
    head * 0.18,
    M.BODY,
  );
}

/** A saddle on the back, seen from the side: a blanket, the leather seat, a girth strap and a stirrup. */
export function drawSideSaddle(g: SpriteGrid, bx: number, by: number, len: number, height: number): void {
  const u = g.u;
  const x = bx - len * 0.04;
  const top = by - height / 2;
  g.ellipse(x, top + height * 0.12, len * 0.2, height * 0.2, M.CLOTH);
  g.ellipse(x, top - height * 0.02, len * 0.15, height * 0.14, M.WOOD);
  g.ellipse(x + len * 0.13, top - height * 0.1, len * 0.04, height * 0.1, M.WOOD);
  g.line(x, top + height * 0.2, x - len * 0.03, by + height * 0.45, M.WOOD, Math.max(1, Math.round(u)), "paint");
  limb(g, x - len * 0.06, top + height * 0.25, x - len * 0.07, top + height * 0.75, u * 0.5, M.DARK);
  g.rect(x - len * 0.1, top + height * 0.75, x - len * 0.04, top + height * 0.75 + Math.max(u, 0.02), M.METAL);
}

/** A saddle seen from the front (mirror-symmetric): the seat over the shoulders and a strap round the chest. */
export function drawFrontSaddle(g: SpriteGrid, y: number): void {
  const u = g.u;
  g.rect(0.37, y - 0.035, 0.63, y + 0.015, M.WOOD);
  g.rect(0.35, y + 0.015, 0.65, y + 0.04, M.CLOTH);
  g.rect(0.46, y - 0.06, 0.54, y - 0.035, M.WOOD);
  g.rect(0.3, y + 0.12, 0.7, y + 0.12 + Math.max(u, 0.025), M.WOOD, "paint");
}
