/**
 * Surfaces of the shore and the sea: rope netting, a coral reef, dock pilings and a dock's deck
 * of boards over dark water. Every line, post and board is a whole number of repeats across the
 * tile, so the texture stays seamless.
 */
import { mix, rgb, shadeFast, type Rgb } from "../../kit/color.js";
import { PeriodicWorley } from "../../kit/noise.js";
import { hash2 } from "../../kit/random.js";
import { count, vary } from "../kit.js";
import type { Material } from "../surface.js";
import { smoothstep, type MaterialContext, type Surface } from "../surface.js";

const frac = (x: number): number => x - Math.floor(x);

/**
 * Netting: twisted ropes (or thin wire, for a chain-link fence) on two diagonals, knotted where
 * they cross, over a shadowed gap.
 */
const mesh = (wire: boolean) =>
  function renderNet(s: Surface, ctx: MaterialContext): void {
    const n = count(wire ? ctx.rng.pick([5, 6, 8]) : ctx.rng.pick([3, 4, 5, 6]), ctx);
    const square = !wire && ctx.rng.chance(0.35); // a square mesh (cargo net) or a diamond mesh (fishing net)
    const thick = wire ? Math.max(0.03, (1.4 * n) / s.size) : ctx.rng.range(0.07, 0.12);
    const twist = wire ? 2 : ctx.rng.int(5, 9);
    const { noise, main, second } = ctx;
    s.forEach((i, u, v) => {
      const a = square ? u * n : (u + v) * n;
      const b = square ? v * n : (u - v) * n;
      // distance from each rope's centre line (ropes on whole numbers of a and b), a little sagging
      const sag = noise.fbm(u, v, 3, 3, 2) * 0.03;
      const da = Math.abs(frac(a + 0.5 + sag) - 0.5);
      const db = Math.abs(frac(b + 0.5 - sag) - 0.5);
      const onA = da < thick;
      const onB = db < thick;
      if (!onA && !onB) {
        const depth = noise.fbm(u, v, 4, 4, 3);
        s.set(i, shadeFast(second, -0.2 + depth * 0.3), 0.05);
        return;
      }
      const knot = onA && onB;
      // across the rope: round profile; along it: the twist of the strands
      const across = onA && (!onB || da < db) ? da : db;
      const along = onA ? b : a;
      const round = Math.sqrt(Math.max(0, 1 - (across / thick) ** 2));
      const strand = Math.sin((along * twist + across / thick) * Math.PI * 2);
      const fibre = noise.fbm(u, v, 32, 32, 2);
      const c = shadeFast(main, (round - 0.6) * 0.4 + strand * 0.12 + fibre * 0.15 + (knot ? 0.08 : 0));
      s.set(i, c, 0.45 + round * 0.35 + (knot ? 0.15 : 0) + strand * 0.03);
    });
  };

const CORALS: readonly Rgb[] = [rgb(0xe8706a), rgb(0xf0a040), rgb(0xb45ac8), rgb(0xe8d060), rgb(0x4ab8a8), rgb(0xf08cb4), rgb(0xd85038)];

/** A coral reef: brain coral, branching coral and tube sponges in cells over pale sand, a little blue with the water. */
function renderCoral(s: Surface, ctx: MaterialContext): void {
  const cells = new PeriodicWorley(count(ctx.rng.int(3, 5), ctx), ctx.salt, 0.8);
  const sea = rgb(0x2a78a8);
  const { noise, main, second } = ctx;
  const palette = CORALS.map((c, k) => (k === 0 ? main : c));
  s.forEach((i, u, v, x, y) => {
    const wu = u + noise.fbm(u, v, 4, 4, 3) * 0.05;
    const wv = v + noise.fbm(v, u, 4, 4, 3) * 0.05;
    const w = cells.sample(wu - Math.floor(wu), wv - Math.floor(wv));
    const gap = w.f2 - w.f1 + noise.fbm(u, v, 8, 8, 2) * 0.04;
    const kind = Math.floor(w.id * 3);
    const colour = palette[Math.floor(hash2(Math.floor(w.id * 997), 1, ctx.salt) * palette.length)] ?? main;
    const sand = () => s.set(i, mix(shadeFast(second, (hash2(x, y, ctx.salt) - 0.5) * 0.12 + noise.fbm(u, v, 8, 8, 3) * 0.2), sea, 0.12), 0.1);
    const edge = smoothstep(0.05, 0.16, gap);
    if (edge <= 0) {
      sand();
      return;
    }
    let h = 0;
    let shadeBy = 0;
    if (kind === 0) {
      // brain coral: a dome with winding ridges
      const ridge = Math.sin(noise.fbm(u, v, 6, 6, 3) * 18 * Math.PI);
      h = edge * (0.7 + ridge * 0.15);
      shadeBy = ridge * 0.18;
    } else if (kind === 1) {
      // branching coral: knobbly fingers with holes of sand between
      const fingers = noise.fbm(u + w.id, v, 12, 12, 3);
      if (fingers < -0.05) {
        sand();
        return;
      }
      h = edge * (0.55 + fingers * 0.6);
      shadeBy = fingers * 0.4 - 0.05;
    } else {
      // tube sponges: rings with dark mouths
      const t = 2 * count(5, ctx); // even, so the offset rows wrap
      const tx = frac(u * t + 0.5 * Math.floor(v * t)) - 0.5;
      const ty = frac(v * t) - 0.5;
      const d = Math.hypot(tx, ty);
      if (d > 0.45) {
        sand();
        return;
      }
      h = edge * (d < 0.2 ? 0.3 : 0.8);
      shadeBy = d < 0.2 ? -0.45 : 0.1 - (d - 0.3) * 0.5;
    }
    s.set(i, mix(shadeFast(colour, shadeBy + (hash2(x, y, ctx.salt + 3) - 0.5) * 0.08), sea, 0.12), 0.2 + h * 0.7);
  });
}

/** Dock pilings: round posts side by side, weathered grain running up them, a green-slimed band of the tide. */
function renderPilings(s: Surface, ctx: MaterialContext): void {
  const posts = count(ctx.rng.pick([3, 4, 5, 6]), ctx);
  const tide = ctx.rng.range(0.3, 0.7);
  const slime = rgb(0x3e5a2c);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v, x, y) => {
    const px = u * posts;
    const k = Math.floor(px);
    const f = frac(px) * 2 - 1;
    const r = Math.abs(f);
    if (r > 0.92) {
      s.set(i, shadeFast(second, -0.3), 0);
      return;
    }
    const round = Math.sqrt(1 - r * r);
    const grain = noise.fbm(u, v, posts * 3, 4, 3);
    const dv = Math.abs(v - tide);
    const wet = 1 - smoothstep(0.08, 0.22, Math.min(dv, 1 - dv) + noise.fbm(u, v, 8, 2, 2) * 0.06);
    const crack = Math.abs(noise.fbm(u + k * 0.37, v, 6, 3, 2)) < 0.02 ? -0.3 : 0;
    let c = shadeFast(vary(main, hash2(k, 0, ctx.salt), 0.25), (round - 0.7) * 0.5 + grain * 0.25 + crack);
    c = mix(c, slime, wet * 0.7);
    if (wet > 0.3 && hash2(x, y, ctx.salt) > 0.93) c = rgb(0xd8d0c0); // barnacle specks along the tide line
    s.set(i, c, 0.3 + round * 0.6 + crack * 0.2);
  });
}

/** A dock: weathered deck boards running one way, with gaps showing dark water beneath. */
function renderDock(s: Surface, ctx: MaterialContext): void {
  const boards = count(ctx.rng.pick([4, 5, 6, 7]), ctx);
  const gap = ctx.rng.range(0.06, 0.14);
  const nails = ctx.rng.int(1, 2);
  const water = rgb(0x183848);
  const { noise, main } = ctx;
  s.forEach((i, u, v) => {
    const bx = u * boards;
    const k = Math.floor(bx);
    const f = frac(bx);
    const inGap = Math.min(f, 1 - f) < gap / 2;
    if (inGap) {
      s.set(i, shadeFast(water, noise.fbm(u, v, 4, 8, 2) * 0.3), 0);
      return;
    }
    const grain = noise.fbm(u, v, boards * 2, 3, 4);
    const fibre = noise.fbm(u, v, boards * 12, 2, 2);
    // nail heads where each board crosses a joist
    const joist = (frac(v * nails) - 0.5) / nails;
    const nail = Math.min(Math.hypot((f - 0.25) / boards, joist), Math.hypot((f - 0.75) / boards, joist)) < 0.012;
    const c = shadeFast(vary(main, hash2(k, 3, ctx.salt), 0.3), grain * 0.3 + fibre * 0.15 + (nail ? -0.45 : 0));
    s.set(i, c, 0.45 + smoothstep(gap / 2, gap / 2 + 0.06, Math.min(f, 1 - f)) * 0.35);
  });
}

export const COAST_MATERIALS: Readonly<Record<string, Material>> = {
  net: { main: rgb(0xc8a874), second: rgb(0x1e2a30), bump: 0.55, occlusion: 0.5, render: mesh(false) },
  chainlink: { main: rgb(0xb4bcc4), second: rgb(0x2c3a2a), bump: 0.5, occlusion: 0.45, render: mesh(true) },
  coral: { main: rgb(0xe8706a), second: rgb(0xe2d2a8), bump: 0.45, occlusion: 0.35, render: renderCoral },
  pilings: { main: rgb(0x7a6650), second: rgb(0x18262c), bump: 0.5, occlusion: 0.45, render: renderPilings },
  dock: { main: rgb(0x8f7b62), second: rgb(0x183848), bump: 0.45, occlusion: 0.45, render: renderDock },
};
