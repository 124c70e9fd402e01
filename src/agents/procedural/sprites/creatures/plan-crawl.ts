/** Serpents and snails: snakes and worms (side view, facing left, flipped per seed), snails, and the many-headed hydra (front view). */
import type { Random } from "../../kit/random.js";
import { chain, choose, coat, limb, sideEye, vary, type Pattern } from "./kit.js";
import { M, type SpriteGrid, type SpriteTraits } from "../grid.js";

export interface Serpent {
  /** Body thickness. */
  thick: number;
  /** Waves along the body. */
  waves: number;
  /** A forked tongue and a head wider than the body (a snake; a worm has neither). */
  snake: boolean;
  pattern?: Pattern | readonly Pattern[];
}

export function drawSerpent(g: SpriteGrid, rng: Random, s: Serpent, traits?: SpriteTraits): void {
  // at least two cells thick on a 16-cell grid, or the body breaks into dots
  const t = Math.max(vary(rng, s.thick, 0.15), g.n <= 16 ? 1.1 / g.n : 0);
  const amp = rng.range(0.06, 0.12);
  const phase = rng.range(0, Math.PI);
  const waves = s.waves * rng.range(0.8, 1.25);
  const coiled = traits?.form === "coiled";
  const points = coiled ? coilPoints(t) : wavePoints(s, amp, phase, waves);
  // the head rises at the front (from the middle of a coil, higher)
  const [hx0, hy0] = points[0] as [number, number];
  const hx = hx0 - (coiled ? 0.08 : 0.02);
  const hy = s.snake || coiled ? hy0 - rng.range(0.18, 0.32) - (coiled ? 0.06 : 0) : hy0;
  chain(g, [[hx, hy], [hx0 + 0.04, hy0 - 0.04], ...points.slice(1)], t, s.snake ? g.u * 0.5 : t * 0.8, M.BODY);
  const pattern = choose(rng, s.pattern ?? "none");
  if (pattern !== "none") coat(g, rng, pattern, [0.1, 0.3, 0.95, 0.95], M.BODY, M.ACCENT);
  // a coil's rings: a darker seam along the lower edge of each turn
  if (coiled)
    for (let k = 1; k < points.length - 1; k++) {
      const [x0, y0] = points[k] as [number, number];
      const [x1, y1] = points[k + 1] as [number, number];
      g.line(x0, y0 + t * 0.9, x1, y1 + t * 0.9, M.BODY, 1, "darken");
    }
  if (!s.snake) {
    for (let k = 1; k < 16; k += 2) {
      const [x, y] = points[k] as [number, number];
      g.line(x, y - t, x, y + t, M.BODY, 1, "darken");
    }
    g.ellipse(hx, hy, t * 1.05, t * 1.05, M.BODY);
    sideEye(g, hx - t * 0.3, hy - t * 0.3, false, traits);
    return;
  }
  g.ellipse(hx - t * 0.2, hy, t * 1.5, t * 1.15, M.BODY);
  g.ellipse(hx - t * 0.1, hy + t * 0.5, t * 1.1, t * 0.45, M.BELLY, "paint");
  if (g.n > 16) {
    g.line(hx - t * 1.6, hy + t * 0.3, hx - t * 3, hy + t * 0.6, M.LIQUID, 1);
    g.line(hx - t * 3, hy + t * 0.6, hx - t * 3.4, hy + t * 0.3, M.LIQUID, 1);
    g.line(hx - t * 3, hy + t * 0.6, hx - t * 3.4, hy + t * 1, M.LIQUID, 1);
  }
  sideEye(g, hx - t * 0.6, hy - t * 0.35, false, traits);
}

/** The body along a wave, head end first. */
function wavePoints(s: Serpent, amp: number, phase: number, waves: number): [number, number][] {
  const points: [number, number][] = [];
  const x0 = 0.18;
  const x1 = 0.88;
  for (let k = 0; k <= 16; k++) {
    const f = k / 16;
    points.push([x0 + (x1 - x0) * f, 0.78 - Math.sin(f * Math.PI * waves + phase) * amp * (0.4 + f * 0.6) - (s.snake ? 0 : 0.05)]);
  }
  return points;
}

/** The body coiled flat on the ground, from the middle of the coil (the neck) out to the tail. */
function coilPoints(t: number): [number, number][] {
  const points: [number, number][] = [];
  for (let k = 0; k <= 16; k++) {
    const f = k / 16;
    const a = -Math.PI / 2 + f * Math.PI * 3.2;
    const r = 0.06 + f * 0.24 + t;
    points.push([0.54 + Math.cos(a) * r, 0.74 + Math.sin(a) * r * 0.42]);
  }
  return points;
}

export function drawSnail(g: SpriteGrid, rng: Random, traits?: SpriteTraits): void {
  const u = g.u;
  const r = vary(rng, 0.24, 0.12);
  const cx = 0.55;
  const cy = 0.86 - r * 0.95;
  g.poly(
    [
      [0.12, 0.88],
      [0.18, 0.74],
      [0.3, 0.72],
      [0.8, 0.8],
      [0.86, 0.88],
    ],
    M.BODY,
  );
  limb(g, 0.2, 0.76, 0.16 + rng.range(-0.03, 0.02), 0.56, u * 1.2, M.BODY);
  limb(g, 0.25, 0.75, 0.26 + rng.range(-0.02, 0.03), 0.58, u * 1.2, M.BODY);
  g.ellipse(0.16, 0.56, u * 1.3, u * 1.3, M.BODY);
  g.ellipse(0.26, 0.58, u * 1.3, u * 1.3, M.BODY);
  g.ellipse(cx, cy, r, r * 0.95, M.ACCENT);
  // the spiral: rings of darker shell
  const turns = rng.int(2, 3);
  for (let k = 1; k <= turns; k++) {
    const rr = r * (1 - k / (turns + 1));
    g.ellipse(cx + (r - rr) * 0.25, cy + (r - rr) * 0.1, rr, rr * 0.95, M.ACCENT, k % 2 ? "darken" : "lighten");
  }
  sideEye(g, 0.16, 0.56, false, traits);
  sideEye(g, 0.26, 0.58, false, traits);
}

/** A many-headed serpent: a heavy body, necks rising from it, each with a snapping head. */
export function drawHydra(g: SpriteGrid, rng: Random, traits: SpriteTraits): void {
  const u = g.u;
  const w = vary(rng, 0.26, 0.1);
  const spread = rng.range(0.16, 0.22);
  const heads: [number, number][] = [
    [0.5, rng.range(0.14, 0.2)],
    [0.5 - spread, rng.range(0.22, 0.3)],
  ];
  for (const [x, y] of heads) {
    chain(
      g,
      [
        [0.5 - (0.5 - x) * 0.3, 0.62],
        [x + (0.5 - x) * 0.2, (0.62 + y) / 2],
        [x, y + 0.06],
      ],
      u * 2.2,
      u * 1.6,
      M.BODY,
    );
  }
  g.ellipse(0.5, 0.74, w, 0.16, M.BODY);
  g.ellipse(0.5, 0.78, w * 0.6, 0.1, M.BELLY, "paint");
  chain(
    g,
    [
      [0.5 - w * 0.7, 0.82],
      [0.5 - w - 0.06, 0.88],
      [0.5 - w - 0.14, 0.82],
    ],
    u * 1.6,
    u * 0.6,
    M.BODY,
  );
  const hs = traits.cute ? 1.3 : 1;
  for (const [x, y] of heads) {
    g.ellipse(x, y, 0.075 * hs, 0.06 * hs, M.BODY);
    g.ellipse(x, y + 0.045 * hs, 0.05 * hs, 0.035 * hs, M.BELLY);
    g.poly(
      [
        [x - 0.05, y - 0.03],
        [x - 0.08, y - 0.1],
        [x - 0.02, y - 0.05],
      ],
      M.ACCENT,
    );
  }
  g.mirror();
  for (const [x, y] of heads) {
    if (g.n <= 16) {
      g.mirroredDisc(x - 0.03, y, g.cell * 0.5, traits.scary ? M.GLOW : M.DARK);
      continue;
    }
    g.mirroredDisc(x - 0.03, y - 0.005, u * 0.9, traits.scary ? M.GLOW : M.EYE);
    g.mirroredDisc(x - 0.025, y, u * 0.5, M.DARK);
    if (x === 0.5) {
      g.ellipse(0.47, y - 0.005, u * 0.9, u * 0.9, traits.scary ? M.GLOW : M.EYE, "paint");
      g.ellipse(0.53, y - 0.005, u * 0.9, u * 0.9, traits.scary ? M.GLOW : M.EYE, "paint");
      g.dot(0.47, y, M.DARK, Math.max(1, g.px / 2), "paint");
      g.dot(0.53, y, M.DARK, Math.max(1, g.px / 2), "paint");
    }
  }
}
