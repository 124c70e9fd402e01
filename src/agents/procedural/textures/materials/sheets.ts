/**
 * Sheets and cast or laid surfaces: wooden siding (clapboard or board-and-batten), corrugated
 * metal, tatami mats, bunker concrete cast in board forms with tie holes, an energy force field
 * of glowing hexagons, fine dust, and the red rock-strewn ground of Mars. Repeats are whole
 * numbers across the tile, so each stays seamless.
 */
import { mix, rgb, shadeFast } from "../../kit/color.js";
import { PeriodicWorley } from "../../kit/noise.js";
import { hash2 } from "../../kit/random.js";
import { count, hexCell, scatter, shapes, stamps, vary } from "../kit.js";
import type { Material } from "../surface.js";
import { smoothstep, type MaterialContext, type Surface } from "../surface.js";

const frac = (x: number): number => x - Math.floor(x);

/** Siding: overlapping horizontal clapboards, each shadowed under the one above, or vertical boards with battens. */
function renderSiding(s: Surface, ctx: MaterialContext): void {
  const vertical = ctx.rng.chance(0.4);
  const n = count(vertical ? ctx.rng.pick([3, 4, 5]) : ctx.rng.pick([5, 6, 8, 10]), ctx);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v, x, y) => {
    const across = vertical ? u : v;
    // clapboards start half a board from the edge, so no step runs along it
    const p = across * n + (vertical ? 0 : 0.5);
    const k = Math.floor(p);
    const f = frac(p);
    const grain = noise.fbm(u, v, vertical ? n * 3 : 2, vertical ? 2 : n * 3, 3);
    const fibre = hash2(x, y, ctx.salt) - 0.5;
    const peel = noise.fbm(u, v, 6, 6, 3) * ctx.rough;
    let c = shadeFast(vary(main, hash2(k, 7, ctx.salt), 0.18), grain * 0.22 + fibre * 0.05);
    if (peel > 0.32) c = mix(c, shadeFast(second, -0.1), 0.6); // paint worn through to the grey wood
    let h: number;
    if (vertical) {
      // a batten over each joint: a narrow raised strip
      const batten = Math.min(f, 1 - f) < 0.09;
      h = batten ? 0.85 : 0.45 + grain * 0.05;
      if (batten) c = shadeFast(c, 0.08 - Math.min(f, 1 - f) * 1.5);
      else if (Math.min(f, 1 - f) < 0.13) c = shadeFast(c, -0.25);
    } else {
      // each board thickens downwards and casts a shadow line on the next
      h = 0.3 + f * 0.55;
      c = shadeFast(c, f > 0.9 ? 0.1 : f < 0.08 ? -0.35 : (f - 0.5) * 0.12);
    }
    s.set(i, c, h);
  });
}

/** Corrugated metal: sinusoidal ridges, lit along their crests, with streaks running down them. */
function renderCorrugated(s: Surface, ctx: MaterialContext): void {
  const ridges = count(ctx.rng.pick([8, 10, 12, 16]), ctx);
  const sheets = ctx.rng.pick([1, 2]);
  const vertical = ctx.rng.chance(0.7);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v, x, y) => {
    const across = vertical ? u : v;
    const along = vertical ? v : u;
    const wave = Math.sin(across * ridges * Math.PI * 2);
    const streak = noise.fbm(vertical ? u : v, vertical ? v : u, ridges, 2, 3);
    const lap = Math.abs(frac(along * sheets) - 0.5) < 0.015; // the sheets overlap mid-tile, never on its edge
    let c = shadeFast(mix(second, main, 0.55 + wave * 0.35), streak * 0.2 + (hash2(x, y, ctx.salt) - 0.5) * 0.04);
    if (lap) c = shadeFast(c, -0.3);
    s.set(i, c, 0.5 + wave * 0.3 - (lap ? 0.15 : 0));
  });
}

/** Tatami: rush mats, two to a row and offset by half a mat each row, each bordered along its long sides by a dark cloth band. */
function renderTatami(s: Surface, ctx: MaterialContext): void {
  const rows = 2 * count(ctx.rng.pick([1, 2]), ctx);
  const border = ctx.rng.range(0.06, 0.09);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const row = Math.floor(v * rows);
    const shift = row % 2 === 0 ? 0 : 0.5;
    const mu = u * 2 + shift;
    const mat = Math.floor(mu) % 2;
    const fu = frac(mu);
    const fv = frac(v * rows);
    if (Math.min(fv, 1 - fv) < border) {
      s.set(i, shadeFast(second, noise.fbm(u, v, 32, 8, 2) * 0.2), 0.6);
      return;
    }
    const seam = Math.min(fu, 1 - fu) * (2 / rows) * s.size;
    if (seam < 1.2) {
      s.set(i, shadeFast(main, -0.45), 0.15);
      return;
    }
    // fine rush lines across the mat, and a slightly different sheen per mat
    const weave = Math.sin(u * s.size * 0.5 * Math.PI) * 0.5 + 0.5;
    const rush = noise.fbm(u, v, 4, 64, 2);
    const c = shadeFast(vary(main, hash2(row, mat, ctx.salt), 0.16), (weave - 0.5) * 0.16 + rush * 0.15 - smoothstep(4, 1.2, seam) * 0.15);
    s.set(i, c, 0.4 + weave * 0.08);
  });
}

/** Bunker concrete: cast in board forms (faint horizontal board marks), with rows of tie holes and rain streaks. */
function renderBunker(s: Surface, ctx: MaterialContext): void {
  const boards = count(ctx.rng.pick([6, 8, 10]), ctx);
  const ties = count(ctx.rng.pick([2, 3, 4]), ctx);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v, x, y) => {
    const n = noise.fbm(u, v, 4, 4, 5);
    const board = hash2(Math.floor(v * boards), 11, ctx.salt);
    const fv = frac(v * boards);
    const mark = Math.min(fv, 1 - fv) < 0.04 ? -0.08 : 0;
    const streak = smoothstep(0.1, 0.5, noise.fbm(u, v, 24, 2, 3)) * 0.25;
    const tu = frac(u * ties + 0.5) - 0.5;
    const tv = frac(v * ties + 0.5) - 0.5;
    const hole = Math.hypot(tu, tv) * (s.size / ties) < Math.max(1.2, s.size / 90);
    let c = shadeFast(mix(second, main, 0.6 + n * 0.8), (board - 0.5) * 0.08 + mark - streak + (hash2(x, y, ctx.salt) - 0.5) * 0.06);
    if (hole) c = shadeFast(second, -0.55);
    s.set(i, c, hole ? 0.05 : 0.55 + n * 0.06 + mark);
  });
}

/** An energy shield: glowing hexagon edges over a dim, shimmering field. */
function renderForcefield(s: Surface, ctx: MaterialContext): void {
  const cols = count(ctx.rng.pick([4, 5, 6, 8]), ctx);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const h = hexCell(u, v, cols);
    const shimmer = 0.5 + noise.fbm(u, v, 3, 3, 3);
    const lit = hash2(h.q, h.r, ctx.salt) > 0.8 ? 0.25 : 0;
    const edge = 1 - smoothstep(0.02, 0.09, h.edge);
    s.set(i, shadeFast(mix(second, main, 0.25 + lit + shimmer * 0.15), -0.1), 0.4 + edge * 0.2);
    s.glow[i] = Math.max(edge * 0.9, lit * shimmer * 0.5, 0.08 * shimmer);
  });
}

/** Dust: fine powder, barely lit, with faint wind ripples and a few small stones. */
function renderDust(s: Surface, ctx: MaterialContext): void {
  const ripples = count(ctx.rng.pick([6, 8, 10]), ctx);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v, x, y) => {
    const n = noise.fbm(u, v, 3, 3, 4);
    const ripple = Math.sin((v * ripples + noise.fbm(u, v, 2, 2, 2) * 1.5) * Math.PI * 2) * 0.5;
    s.set(i, shadeFast(mix(second, main, 0.55 + n * 0.6), (hash2(x, y, ctx.salt) - 0.5) * 0.05 + ripple * 0.03), 0.4 + n * 0.1 + ripple * 0.04);
  });
  scatter(s, stamps(ctx.rng, s.size, count(ctx.rng.int(6, 14), ctx), 0.012, 0.6), shapes.pebble, () => shadeFast(second, -0.1), { base: 0.5, lift: 0.25 });
}

/** Mars: red dust strewn with dark rocks, and a shallow crater or two. */
function renderMars(s: Surface, ctx: MaterialContext): void {
  const craters = new PeriodicWorley(2, ctx.salt + 5, 0.9);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v, x, y) => {
    const n = noise.fbm(u, v, 4, 4, 5);
    const w = craters.sample(u, v);
    const r = 0.12 + w.id * 0.1;
    const rim = w.f1 < r ? smoothstep(r * 0.6, r, w.f1) * 0.25 - 0.12 : 0;
    s.set(i, shadeFast(mix(second, main, 0.6 + n * 0.9), rim * 1.2 + (hash2(x, y, ctx.salt) - 0.5) * 0.08), 0.4 + n * 0.15 + rim);
  });
  const rocks = stamps(ctx.rng, s.size, count(ctx.rng.int(14, 28), ctx), 0.02, 0.7);
  scatter(s, rocks, shapes.rock, (st) => shadeFast(second, -0.2 + st.id * 0.2), { base: 0.5, lift: 0.4 });
}

export const SHEET_MATERIALS: Readonly<Record<string, Material>> = {
  siding: { main: rgb(0x9a3a2c), second: rgb(0x8a8478), bump: 0.45, occlusion: 0.35, pattern: true, render: renderSiding },
  corrugated: { main: rgb(0xa8adb2), second: rgb(0x4e545a), bump: 0.5, occlusion: 0.25, render: renderCorrugated },
  tatami: { main: rgb(0xc2b47a), second: rgb(0x2e3a2a), bump: 0.3, occlusion: 0.2, render: renderTatami },
  bunker: { main: rgb(0x9a9a94), second: rgb(0x62625c), bump: 0.3, occlusion: 0.2, render: renderBunker },
  forcefield: { main: rgb(0x3aa8ff), second: rgb(0x0a1a30), bump: 0.1, occlusion: 0, glowColor: rgb(0x50c8ff), render: renderForcefield },
  dust: { main: rgb(0xc8b494), second: rgb(0x9a8466), bump: 0.2, occlusion: 0.1, render: renderDust },
  mars: { main: rgb(0xc0603a), second: rgb(0x6e3020), bump: 0.4, occlusion: 0.25, render: renderMars },
};
