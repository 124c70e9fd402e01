/**
 * Rendered and moulded surfaces (issue 39): stucco and adobe (a trowelled coat over courses of
 * brick or mud brick, fallen away in places), rubber matting (raised round studs on a dark sheet),
 * and the grey cratered dust of a moon. Repeats are whole numbers across the tile, so each stays seamless.
 */
import { mix, rgb, shadeFast } from "../../kit/color.js";
import { PeriodicWorley } from "../../kit/noise.js";
import { hash2 } from "../../kit/random.js";
import { count, scatter, shapes, stamps } from "../kit.js";
import type { Material } from "../surface.js";
import { smoothstep, type MaterialContext, type Surface } from "../surface.js";

const frac = (x: number): number => x - Math.floor(x);

/** Plaster: a smooth trowelled coat, cracked and fallen away here and there to the bricks beneath. */
function renderPlaster(s: Surface, ctx: MaterialContext): void {
  const rows = count(ctx.rng.pick([6, 8]), ctx);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v, x, y) => {
    const n = noise.fbm(u, v, 3, 3, 4);
    const trowel = noise.fbm(u * 1.7, v, 5, 3, 2) * 0.5;
    const fallen = smoothstep(0.2, 0.26, noise.fbm(u + 0.37, v + 0.61, 3, 3, 4) * ctx.rough);
    const row = Math.floor(v * rows);
    const bu = u * rows * 0.5 + (row % 2) * 0.5;
    const joint = Math.min(frac(v * rows), 1 - frac(v * rows)) < 0.08 || Math.min(frac(bu), 1 - frac(bu)) < 0.04;
    const brick = joint ? shadeFast(second, -0.35) : shadeFast(second, (hash2(Math.floor(bu), row, ctx.salt) - 0.5) * 0.2);
    const coat = shadeFast(mix(main, shadeFast(main, -0.12), 0.5 + n * 0.8), trowel * 0.1 + (hash2(x, y, ctx.salt) - 0.5) * 0.03);
    const rim = fallen > 0 && fallen < 1 ? -0.25 : 0;
    s.set(i, shadeFast(mix(coat, brick, fallen), rim), fallen > 0.5 ? (joint ? 0.2 : 0.35) : 0.6 + n * 0.06);
  });
}

/** Rubber matting: a dark sheet of raised round studs in rows (offset every other row). */
function renderRubber(s: Surface, ctx: MaterialContext): void {
  const studs = count(ctx.rng.pick([8, 10, 12]), ctx);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v, x, y) => {
    const row = Math.floor(v * studs);
    const du = frac(u * studs + (row % 2) * 0.5) - 0.5;
    const dv = frac(v * studs) - 0.5;
    const d = Math.hypot(du, dv) / 0.3;
    const n = noise.fbm(u, v, 4, 4, 3) * 0.06 + (hash2(x, y, ctx.salt) - 0.5) * 0.04;
    if (d < 1) s.set(i, shadeFast(main, 0.06 - (du + dv) * 0.35 + n), 0.8 - d * 0.1);
    else s.set(i, shadeFast(mix(main, second, 0.5), n), 0.35);
  });
}

/** A moon's ground: grey dust pocked with craters of every size, and a few small rocks. */
function renderLunar(s: Surface, ctx: MaterialContext): void {
  const big = new PeriodicWorley(3, ctx.salt + 3, 0.9);
  const small = new PeriodicWorley(7, ctx.salt + 9, 0.9);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v, x, y) => {
    const n = noise.fbm(u, v, 4, 4, 5);
    let relief = 0;
    for (const [cells, size] of [
      [big, 0.34],
      [small, 0.26],
    ] as const) {
      const w = cells.sample(u, v);
      const r = size * (0.45 + w.id * 0.8);
      if (w.f1 < r) relief += w.f1 < r * 0.75 ? -0.16 + ((w.dx + w.dy) / r) * 0.12 : 0.12;
    }
    s.set(i, shadeFast(mix(second, main, 0.55 + n * 0.7), relief * 0.9 + (hash2(x, y, ctx.salt) - 0.5) * 0.06), 0.45 + n * 0.1 + relief);
  });
  scatter(s, stamps(ctx.rng, s.size, count(ctx.rng.int(6, 12), ctx), 0.014, 0.6), shapes.rock, () => shadeFast(second, -0.05), { base: 0.5, lift: 0.3 });
}

export const COATING_MATERIALS: Readonly<Record<string, Material>> = {
  stucco: { main: rgb(0xe6dfd0), second: rgb(0xa8644a), bump: 0.3, occlusion: 0.2, render: renderPlaster },
  adobe: { main: rgb(0xc89a6a), second: rgb(0x8a5a3a), bump: 0.35, occlusion: 0.25, render: renderPlaster },
  rubber: { main: rgb(0x3a3a3e), second: rgb(0x1e1e22), bump: 0.5, occlusion: 0.3, render: renderRubber },
  regolith: { main: rgb(0xa8a8a6), second: rgb(0x5e5e5e), bump: 0.45, occlusion: 0.2, render: renderLunar },
};
