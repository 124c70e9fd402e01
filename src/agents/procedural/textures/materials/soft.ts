/**
 * Soft and organic surfaces: woven fabric, leather, paper, fur, flesh, scales and tree bark.
 */
import { mix, rgb, shadeFast } from "../../kit/color.js";
import { PeriodicWorley } from "../../kit/noise.js";
import { hash2 } from "../../kit/random.js";
import { tabs } from "./built.js";
import { count, scatter, stamps } from "../kit.js";
import type { Material } from "../surface.js";
import { smoothstep, type MaterialContext, type Surface } from "../surface.js";

/** Woven cloth: plain weave or twill, plain or with plaid stripes. */
function renderFabric(s: Surface, ctx: MaterialContext): void {
  const threads = count(ctx.rng.pick([6, 8, 10, 12]), ctx) * 4; // a multiple of 4, so the twill wraps
  const twill = ctx.rng.chance(0.4);
  const plaid = ctx.rng.chance(0.4) ? ctx.rng.pick([2, 3, 4]) : 0;
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const tx = u * threads + 0.5; // thread edges off the tile edge
    const ty = v * threads + 0.5;
    const cx = Math.floor(tx);
    const cy = Math.floor(ty);
    const over = twill ? (cx + cy) % 4 < 2 : (cx + cy) % 2 === 0;
    const f = over ? tx - cx : ty - cy;
    const round = Math.sin(f * Math.PI);
    const thread = over ? cx : cy;
    let c = main;
    if (plaid) {
      const stripe = ((over ? u : v) * plaid + 0.41) % 1; // stripes off the tile edge
      if (stripe < 0.18) c = second;
      else if (stripe < 0.24) c = mix(main, rgb(0xf0ead8), 0.5);
    }
    const slub = hash2(thread, over ? 1 : 2, ctx.salt) - 0.5;
    s.set(i, shadeFast(c, (round - 0.7) * 0.55 + slub * 0.16 + noise.fbm(u, v, 8, 8, 2) * 0.06), 0.3 + round * 0.5);
  });
}

/** Leather: a fine grain of wrinkles, creases and worn patches; sometimes a stitched seam. */
function renderLeather(s: Surface, ctx: MaterialContext): void {
  const grain = new PeriodicWorley(count(ctx.rng.int(26, 40), ctx), ctx.salt, 0.9);
  const stitch = ctx.rng.chance(0.5) ? ctx.rng.range(0.2, 0.8) : -1;
  const stitches = count(ctx.rng.pick([12, 16, 20]), ctx);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const w = grain.sample(u, v);
    const crease = smoothstep(0, 0.12, w.f2 - w.f1);
    const worn = smoothstep(0, 0.4, noise.fbm(u, v, 3, 3, 4));
    let c = shadeFast(mix(main, shadeFast(main, 0.25), worn), (crease - 1) * 0.25 + noise.fbm(u, v, 6, 6, 3) * 0.15);
    let h = 0.4 + crease * 0.2;
    if (stitch >= 0) {
      const d = Math.abs(v - stitch);
      if (d < 0.012) {
        c = shadeFast(c, -0.3);
        h = 0.2;
      } else if (Math.abs(d - 0.035) < 0.008 && (u * stitches) % 1 < 0.6) {
        c = mix(second, rgb(0xe8d8b0), 0.8);
        h = 0.7;
      }
    }
    s.set(i, c, h);
  });
}

/** Paper or parchment: fibres, flecks and the odd stain. */
function renderPaper(s: Surface, ctx: MaterialContext): void {
  const stain = ctx.rng.range(0.15, 0.45);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v, x, y) => {
    const fibre = noise.fbm(u, v, 64, 8, 2) * 0.5 + noise.fbm(u, v, 8, 64, 2) * 0.5;
    const blot = smoothstep(stain, stain + 0.15, noise.fbm(u + 0.2, v + 0.7, 3, 3, 4));
    const ring = blot > 0 && blot < 0.25 ? 0.2 : 0;
    const fleck = hash2(x, y, ctx.salt) > 0.996 ? -0.3 : 0;
    const c = shadeFast(mix(main, second, blot * 0.5 + ring + noise.fbm(u, v, 4, 4, 3) * 0.3), fibre * 0.08 + fleck);
    s.set(i, c, 0.5 + fibre * 0.1);
  });
}

/** Fur: dense strands combed along a slowly turning direction, lighter at the tips. */
function renderFur(s: Surface, ctx: MaterialContext): void {
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    s.set(i, mix(shadeFast(second, -0.3), second, 0.5 + noise.fbm(u, v, 6, 6, 3)), 0.1);
  });
  const flow = ctx.rng.next() * Math.PI * 2;
  const length = ctx.rng.range(0.05, 0.08) / ctx.scale;
  const strands = stamps(ctx.rng, s.size, Math.round(9 / (length * length)), length, 0.3).map((st) => ({
    ...st,
    angle: flow + noise.fbm(st.x / s.size, st.y / s.size, 2, 2, 2) * 2.5,
  }));
  scatter(
    s,
    strands,
    (x, y) => (Math.abs(x) < 1 && Math.abs(y) < 0.09 * (1 - x * 0.5) ? { shade: x * 0.25 - Math.abs(y) * 2, h: 0.5 + x * 0.3 } : undefined),
    (st) => shadeFast(main, (st.id - 0.5) * 0.35),
  );
}

/** Flesh: wet, bumpy tissue threaded with veins. */
function renderFlesh(s: Surface, ctx: MaterialContext): void {
  const bumps = new PeriodicWorley(count(ctx.rng.int(5, 9), ctx), ctx.salt, 0.9);
  const veinWidth = ctx.rng.range(0.06, 0.12);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const w = bumps.sample(u, v);
    const swell = 1 - smoothstep(0.1, 0.9, w.f1);
    const vein = 1 - smoothstep(0, veinWidth, Math.abs(noise.fbm(u, v, 3, 3, 4)));
    const fine = 1 - smoothstep(0, veinWidth * 0.5, Math.abs(noise.fbm(u + 0.5, v, 7, 7, 3)));
    const wet = smoothstep(0.55, 0.95, swell) * 0.25;
    const c = mix(shadeFast(main, (swell - 0.5) * 0.3 + wet), second, Math.max(vein * 0.85, fine * 0.5));
    s.set(i, c, 0.3 + swell * 0.5 + vein * 0.12);
  });
}

/** Bark: deep vertical furrows between ridges of rough plates. */
function renderBark(s: Surface, ctx: MaterialContext): void {
  const ridges = count(ctx.rng.int(5, 10), ctx);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v, x, y) => {
    const r = noise.ridged(u + noise.fbm(u, v, 2, 4, 2) * 0.05, v, ridges, 3);
    const plates = noise.fbm(u, v, ridges, Math.max(1, Math.round(ridges / 3)), 4);
    const height = smoothstep(0.45, 0.9, r * 0.7 + plates * 0.5 + 0.2);
    const c = shadeFast(mix(second, main, height), (hash2(x, y, ctx.salt) - 0.5) * 0.15 + noise.fbm(u, v, 4, 16, 2) * 0.15);
    s.set(i, c, 0.1 + height * 0.8);
  });
}

export const SOFT_MATERIALS: Readonly<Record<string, Material>> = {
  fabric: { main: rgb(0x6a7aa8), second: rgb(0x2a2e48), bump: 0.3, occlusion: 0.2, pattern: true, render: renderFabric },
  leather: { main: rgb(0x7a4a2a), second: rgb(0x3a2214), bump: 0.35, occlusion: 0.15, render: renderLeather },
  paper: { main: rgb(0xeee2c4), second: rgb(0xb8945a), bump: 0.15, occlusion: 0, render: renderPaper },
  fur: { main: rgb(0x8a6a4a), second: rgb(0x3a2a1c), bump: 0.35, occlusion: 0.4, render: renderFur },
  flesh: { main: rgb(0xc85a5a), second: rgb(0x6a1a2a), bump: 0.45, occlusion: 0.35, render: renderFlesh },
  scales: { main: rgb(0x3a8a4a), second: rgb(0x123a1e), bump: 0.5, occlusion: 0.4, render: tabs(["round", "pointed"], [3, 4, 5], 0.8, 0, 0.35) },
  bark: { main: rgb(0x7a5a3e), second: rgb(0x2a1c12), bump: 0.6, occlusion: 0.5, render: renderBark },
};
