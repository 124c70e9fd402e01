/**
 * Insects, arachnids and crabs seen from above (mirror-symmetric): body segments, legs, antennae,
 * wings, pincers and a stinging tail, from a species' data.
 */
import type { Random } from "../../kit/random.js";
import { chain, choose, coat, limb, tilted, type Pattern } from "./kit.js";
import { drawEyes, M, type SpriteGrid, type SpriteTraits } from "../grid.js";

export interface Bug {
  /** Radii [rx, ry] of the segments from the head back. */
  segments: readonly (readonly [number, number])[];
  legs: 0 | 6 | 8 | 10;
  antennae?: "straight" | "elbow" | "club" | "none";
  /** Wings: "clear" (bee, fly), "shell" (beetle wing cases), "big" (butterfly). */
  wings?: "clear" | "shell" | "big" | "none";
  pincers?: boolean;
  /** A segmented tail curling up from the back (a scorpion). */
  stinger?: boolean;
  horn?: boolean;
  /** Eyes on stalks (a crab). */
  stalks?: boolean;
  /** A short pair of legs on every segment but the head (a centipede). */
  segmentLegs?: boolean;
  pattern?: Pattern | readonly Pattern[];
}

export function drawBug(g: SpriteGrid, rng: Random, traits: SpriteTraits, b: Bug): void {
  const u = g.u;
  const w = rng.range(0.9, 1.12);
  const stretch = rng.range(0.92, 1.08);
  const segs = b.segments.map(([rx, ry]) => [rx * w, ry * stretch] as const);
  const total = segs.reduce((s, [, ry]) => s + ry * 2, 0);
  const headR = segs[0]?.[1] ?? 0.1;
  let y = 0.5 - total / 2 + (b.stinger ? 0.14 : 0) + (b.antennae && b.antennae !== "none" ? 0.05 : 0);
  const centres: number[] = [];
  for (const [, ry] of segs) {
    centres.push(y + ry);
    y += ry * 2 * 0.92;
  }
  const mid = centres[Math.min(1, centres.length - 1)] ?? 0.5;
  const midR = segs[Math.min(1, segs.length - 1)]?.[0] ?? 0.1;
  const bend = rng.range(-0.04, 0.04);
  const legW = Math.max(u * 0.8, (g.n > 16 ? 0.022 : 0.06) * (b.legs >= 8 ? 1 : 1));
  const pairs = b.legs / 2;
  for (let k = 0; k < pairs; k++) {
    const f = pairs === 1 ? 0 : k / (pairs - 1) - 0.5;
    const ly = mid + f * Math.max(0.12, midR * 1.2);
    const knee: [number, number] = [0.5 - midR - 0.1 - Math.abs(f) * 0.02, ly - 0.06 + f * 0.1 + bend];
    const foot: [number, number] = [knee[0] - 0.06 + f * 0.04, ly + 0.06 + f * 0.22];
    limb(g, 0.5 - midR * 0.6, ly, knee[0], knee[1], legW, M.DARK);
    limb(g, knee[0], knee[1], foot[0], foot[1], legW, M.DARK);
  }
  if (b.segmentLegs) {
    for (const [k, [rx]] of segs.entries()) {
      if (k === 0) continue;
      const y = centres[k] ?? 0.5;
      const wave = Math.sin(k * 1.3 + bend * 40) * 0.03;
      limb(g, 0.5 - rx * 0.5, y, 0.5 - rx - 0.07, y + wave - 0.02, legW, M.DARK);
    }
  }
  if (b.wings === "clear") tilted(g, 0.5 - midR - 0.08, mid - 0.08, 0.14, 0.08, -0.5 + bend * 4, M.GLASS);
  if (b.wings === "big") {
    tilted(g, 0.26, mid - 0.12, 0.2, 0.17, -0.3 + bend * 3, M.WING);
    tilted(g, 0.32, mid + 0.16, 0.13, 0.12, 0.4, M.WING);
    if (g.n > 16) {
      g.ellipse(0.22, mid - 0.14, 0.06, 0.05, M.ACCENT, "paint");
      g.ellipse(0.3, mid + 0.18, 0.04, 0.04, M.ACCENT, "paint");
    }
  }
  if (b.pincers) {
    const top = (centres[0] ?? 0.3) - headR;
    const px = 0.5 - midR - 0.06;
    limb(g, 0.5 - midR * 0.5, top + headR, px, top - 0.02, legW * 1.3, M.BODY);
    g.ellipse(px - 0.02, top - 0.08, 0.08, 0.07, M.BODY);
    g.poly(
      [
        [px - 0.02, top - 0.1],
        [px + 0.04, top - 0.2],
        [px + 0.06, top - 0.08],
      ],
      M.EMPTY,
      "erase",
    );
  }
  if (b.stinger) {
    const tail = centres[centres.length - 1] ?? 0.6;
    const r = segs[segs.length - 1]?.[1] ?? 0.08;
    const curl = rng.range(-0.04, 0.04);
    chain(
      g,
      [
        [0.5, tail],
        [0.5, tail + r + 0.06],
        [0.5 - 0.04 + curl, tail + r + 0.14],
        [0.5 - 0.08 + curl, tail + r + 0.08],
      ],
      u * 1.6,
      u * 1.1,
      M.BODY,
    );
    g.poly(
      [
        [0.5 - 0.1 + curl, tail + r + 0.08],
        [0.5 - 0.08 + curl, tail + r - 0.02],
        [0.5 - 0.06 + curl, tail + r + 0.08],
      ],
      M.ACCENT,
    );
  }
  for (const [k, [rx, ry]] of segs.entries()) g.ellipse(0.5, centres[k] ?? 0.5, rx, ry, k === 0 ? M.BELLY : M.BODY);
  if (b.wings === "shell" && segs.length > 1) {
    const c = centres[segs.length - 1] ?? 0.6;
    const [rx, ry] = segs[segs.length - 1] ?? [0.2, 0.2];
    g.ellipse(0.5, c - ry * 0.05, rx * 1.04, ry * 1.02, M.BODY);
    g.rect(0.5 - Math.max(u * 0.5, g.cell), c - ry, 0.5, c + ry, M.DARK, "paint");
    g.ellipse(0.5 - rx * 0.5, c - ry * 0.4, rx * 0.15, ry * 0.2, M.SHINE, "paint");
  }
  const last = segs.length - 1;
  const pattern = choose(rng, b.pattern ?? "none");
  if (pattern !== "none" && last > 0) {
    const [rx, ry] = segs[last] ?? [0.2, 0.2];
    const c = centres[last] ?? 0.6;
    coat(g, rng, pattern, [0.5 - rx, c - ry, 0.5 + rx, c + ry], M.BODY, pattern === "bands" ? M.DARK : M.DARK);
  }
  if (b.wings === "clear") tilted(g, 0.5 - midR - 0.08, mid - 0.08, 0.14, 0.08, -0.5 + bend * 4, M.GLASS, "paint");
  const headY = centres[0] ?? 0.3;
  if (b.horn)
    g.poly(
      [
        [0.5 - u, headY - headR * 0.5],
        [0.5, headY - headR - 0.14],
        [0.5 + u * 0.3, headY - headR * 0.5],
      ],
      M.DARK,
    );
  const ant = b.antennae ?? "none";
  if (ant !== "none") {
    const ax = 0.5 - headR * 0.4;
    const ay = headY - headR * 0.8;
    const spread = rng.range(0.05, 0.1);
    if (ant === "elbow") {
      limb(g, ax, ay, ax - spread * 0.5, ay - 0.08, u, M.DARK);
      limb(g, ax - spread * 0.5, ay - 0.08, ax - spread * 1.5, ay - 0.12, u, M.DARK);
    } else limb(g, ax, ay, ax - spread, ay - 0.13, u, M.DARK);
    if (ant === "club") g.ellipse(ax - spread, ay - 0.13, u * 1.2, u * 1.2, M.DARK);
  }
  if (b.stalks) {
    limb(g, 0.5 - headR * 0.5, headY - headR * 0.5, 0.5 - headR * 0.7, headY - headR - 0.08, u, M.BODY);
    g.ellipse(0.5 - headR * 0.7, headY - headR - 0.09, u * 1.5, u * 1.5, M.EYE);
    g.dot(0.5 - headR * 0.7, headY - headR - 0.09, M.DARK, 1);
  }
  g.mirror();
  if (!b.stalks) drawEyes(g, headY - headR * 0.1, Math.max(headR * 1.1, 0.08), traits);
  else g.rect(0.5 - headR * 0.4, headY + headR * 0.3, 0.5 + headR * 0.4, headY + headR * 0.3 + u, M.DARK, "paint");
}
