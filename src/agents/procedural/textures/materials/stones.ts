/**
 * Stone surfaces: flagstone, slate, granite, sandstone, obsidian, crystal, rune stones, cave
 * wall, castle and dungeon masonry, rubble, bones and coins.
 */
import { mix, rgb, shadeFast, type Rgb } from "../../kit/color.js";
import { PeriodicWorley } from "../../kit/noise.js";
import { hash2, type Random } from "../../kit/random.js";
import { rowBlockAt, rowJoints } from "./blocks.js";
import { count, scatter, shapes, stamps, vary } from "../kit.js";
import type { Material } from "../surface.js";
import { smoothstep, type MaterialContext, type Surface } from "../surface.js";

function renderFlagstone(s: Surface, ctx: MaterialContext): void {
  const n = count(ctx.rng.int(3, 5), ctx);
  const cells = new PeriodicWorley(n, ctx.salt, ctx.rng.range(0.5, 0.8), 0);
  // slabs centred on the tile edges: with little jitter their joints follow the cell grid
  const shift = 0.5 / n;
  const joint = ctx.rng.range(0.06, 0.11);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const w = cells.sample((u + shift) % 1, (v + shift) % 1);
    const edge = w.f2 - w.f1 + noise.fbm(u, v, 12, 12, 3) * 0.04 * ctx.rough;
    const detail = noise.fbm(u, v, 10, 10, 4);
    if (edge < joint) {
      s.set(i, mix(shadeFast(second, -0.2), second, 0.5 + detail), 0.05);
      return;
    }
    const c = shadeFast(vary(main, w.id, 0.35), detail * 0.2 * ctx.rough + noise.fbm(u, v, 30, 30, 2) * 0.06);
    s.set(i, c, 0.45 + smoothstep(joint, joint + 0.08, edge) * 0.4 + detail * 0.06);
  });
}

/** Layered rock: bands of colour bent by noise, cut in steps (sandstone, slate). */
function strata(bands: number, step: boolean) {
  return (s: Surface, ctx: MaterialContext): void => {
    const k = count(bands + ctx.rng.int(-1, 2), ctx);
    const { noise, main, second } = ctx;
    s.forEach((i, u, v, x, y) => {
      const t = v * k + noise.fbm(u, v, 2, 2, 4) * 1.2;
      const layer = Math.floor(t);
      const f = t - layer;
      const tone = hash2(((layer % k) + k) % k, 0, ctx.salt);
      const grain = (hash2(x, y, ctx.salt) - 0.5) * 0.12 * ctx.rough;
      const c = shadeFast(
        mix(second, main, 0.35 + tone * 0.6 + noise.fbm(u, v, 8, 8, 3) * 0.3),
        grain + (step ? (f - 0.5) * 0.18 : Math.sin(f * Math.PI) * 0.06),
      );
      s.set(i, c, step ? 0.3 + f * 0.5 : 0.5 + noise.fbm(u, v, 6, 6, 3) * 0.2);
    });
  };
}

/** Speckled igneous stone: mineral grains in three colours. */
function renderGranite(s: Surface, ctx: MaterialContext): void {
  const grains = new PeriodicWorley(count(ctx.rng.int(34, 48), ctx), ctx.salt, 0.9);
  const minerals: Rgb[] = [ctx.main, ctx.second, shadeFast(ctx.main, 0.35), mix(ctx.main, rgb(0xb07a6a), 0.5)];
  const { noise } = ctx;
  s.forEach((i, u, v) => {
    const w = grains.sample(u, v);
    const m = minerals[Math.floor(w.id * 7) % minerals.length] ?? ctx.main;
    s.set(i, shadeFast(m, noise.fbm(u, v, 4, 4, 3) * 0.15 - (w.f2 - w.f1 < 0.05 ? 0.08 : 0)), 0.6);
  });
}

/** Glassy black stone with shell-like fractures and a coloured sheen. */
function renderObsidian(s: Surface, ctx: MaterialContext): void {
  const cells = new PeriodicWorley(count(ctx.rng.int(3, 6), ctx), ctx.salt, 0.9);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const w = cells.sample(u, v);
    const ring = Math.sin(w.f1 * (14 + w.id * 10) + noise.fbm(u, v, 4, 4, 3) * 3);
    const facet = (w.dx * 0.7 - w.dy * 0.7) * 0.9;
    const rim = 1 - smoothstep(0, 0.06, w.f2 - w.f1);
    const c = mix(shadeFast(main, facet * 0.5 + ring * 0.05), second, smoothstep(0.25, 0.6, facet + ring * 0.15) * 0.6 + rim * 0.5);
    s.set(i, c, 0.6 - w.f1 * 0.4 + ring * 0.03);
  });
}

/** Packed crystals: flat facets lit by their orientation, bright edges, a glow inside. */
function renderCrystal(s: Surface, ctx: MaterialContext): void {
  const cells = new PeriodicWorley(count(ctx.rng.int(4, 7), ctx), ctx.salt, 0.95);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const w = cells.sample(u, v);
    const angle = Math.atan2(w.dy, w.dx) + w.id * 6;
    const facet = Math.floor(((angle / (Math.PI * 2)) * 5 + 50) % 5);
    const light = hash2(facet, Math.floor(w.id * 1000), ctx.salt) - 0.5;
    const edge = 1 - smoothstep(0, 0.05, w.f2 - w.f1);
    const core = 1 - smoothstep(0, 0.6, w.f1);
    const c = mix(shadeFast(main, light * 0.6 + noise.fbm(u, v, 8, 8, 2) * 0.1), second, Math.min(1, edge * 0.8 + core * 0.25));
    s.set(i, c, 0.4 + (1 - w.f1) * 0.5);
    s.glow[i] = core * 0.25 + edge * 0.15;
  });
}

/** Ashlar masonry: rows of stone blocks of varied lengths, each block's stone shaded on its own. */
function drawAshlar(s: Surface, ctx: MaterialContext, joints: readonly (readonly number[])[], grime: number): void {
  const rows = joints.length;
  const mortar = ctx.rng.range(0.05, 0.09) + 1 / (s.size / rows);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const b = rowBlockAt(u, v, joints);
    const d = b.edge + noise.fbm(u, v, 16, 16, 3) * 0.05 * ctx.rough;
    const detail = noise.fbm(u, v, 12, 12, 4);
    if (d < mortar) {
      s.set(i, mix(shadeFast(second, -0.2), second, 0.5 + detail), 0.1);
      return;
    }
    const h = hash2(b.row, b.index, ctx.salt);
    const dirt = grime * smoothstep(-0.1, 0.4, noise.fbm(u, v, 3, 3, 4)) * (0.5 + b.fy * 0.5);
    const c = shadeFast(vary(main, h, 0.3), detail * 0.25 * ctx.rough - dirt + noise.ridged(u, v, 8, 2) * 0.08);
    s.set(i, c, 0.35 + smoothstep(mortar, mortar + 0.18, d) * 0.5 + detail * 0.08);
  });
}

function ashlar(rowChoices: readonly number[], minLength: number, maxLength: number, grime: number) {
  return (s: Surface, ctx: MaterialContext): void => {
    const rows = count(ctx.rng.pick(rowChoices), ctx);
    drawAshlar(s, ctx, rowJoints(ctx.rng, rows, minLength / rows, maxLength / rows), grime);
  };
}

/** A glyph: a few strokes between points of a 3×3 grid. */
function glyph(rng: Random): [number, number, number, number][] {
  const points = [0, 1, 2].flatMap((gy) => [0, 1, 2].map((gx) => [gx, gy] as const));
  return Array.from({ length: rng.int(3, 5) }, () => {
    const a = rng.pick(points);
    const b = rng.pick(points.filter(([x, y]) => Math.abs(x - a[0]) <= 1 && Math.abs(y - a[1]) <= 2 && (x !== a[0] || y !== a[1])));
    return [a[0] / 2, a[1] / 2, b[0] / 2, b[1] / 2];
  });
}

function segmentDistance(px: number, py: number, [ax, ay, bx, by]: [number, number, number, number]): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/** Stone blocks, some carved with glowing runes. */
function renderRunestone(s: Surface, ctx: MaterialContext): void {
  const rows = count(ctx.rng.pick([2, 3, 3, 4]), ctx);
  const joints = rowJoints(ctx.rng, rows, 0.9 / rows, 1.6 / rows);
  const glyphs = Array.from({ length: 8 }, () => glyph(ctx.rng));
  const share = ctx.rng.range(0.45, 0.8);
  drawAshlar(s, ctx, joints, 0.1);
  s.forEach((i, u, v) => {
    const b = rowBlockAt(u, v, joints);
    if (hash2(b.row, b.index, ctx.salt + 4) > share || b.edge < 0.15) return;
    const strokes = glyphs[Math.floor(hash2(b.row, b.index, ctx.salt + 5) * glyphs.length)] ?? [];
    const gx = (b.fx - 0.5) * 1.6 + 0.5;
    const gy = (b.fy - 0.5) * 1.6 + 0.5;
    const d = Math.min(...strokes.map((st) => segmentDistance(gx, gy, st)));
    const carve = 1 - smoothstep(0.05, 0.09, d);
    if (carve <= 0) return;
    s.height[i] = (s.height[i] ?? 0) - carve * 0.3;
    s.glow[i] = Math.max(s.glow[i] ?? 0, carve * 0.9);
  });
}

/** A cave wall: dark rock plates split by crevices, ridged, with wet glints. */
function renderCave(s: Surface, ctx: MaterialContext): void {
  const plates = new PeriodicWorley(count(ctx.rng.int(3, 5), ctx), ctx.salt, 0.9);
  const crevice = ctx.rng.range(0.03, 0.07);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v, x, y) => {
    const wu = u + noise.fbm(u, v, 3, 3, 3) * 0.08;
    const wv = v + noise.fbm(v, u, 3, 3, 3) * 0.08;
    const w = plates.sample(wu - Math.floor(wu), wv - Math.floor(wv));
    const crease = smoothstep(0, 0.2, w.f2 - w.f1);
    const ridge = noise.ridged(u, v, 5, 4);
    const line = 1 - smoothstep(crevice * 0.4, crevice, Math.abs(noise.fbm(u + 0.3, v + 0.6, 4, 4, 3)));
    const h = 0.2 + crease * 0.4 + ridge * 0.35 - line * 0.2;
    const glint = h > 0.75 && hash2(x, y, ctx.salt) > 0.99 ? 0.35 : 0;
    const c = shadeFast(mix(shadeFast(second, -0.35), main, smoothstep(0.25, 0.9, h) + (w.id - 0.5) * 0.3), glint - line * 0.3);
    s.set(i, c, h);
  });
}

/** Ore: stone with clusters of a mineral (the main colour) in the rock (the second). */
function renderOre(s: Surface, ctx: MaterialContext): void {
  const rock = new PeriodicWorley(count(4, ctx), ctx.salt, 0.9);
  const flecks = new PeriodicWorley(count(ctx.rng.int(6, 9), ctx), ctx.salt + 7, 0.9);
  const share = ctx.rng.range(0.3, 0.5);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const w = rock.sample(u, v);
    const n = noise.fbm(u, v, 4, 4, 5);
    const base = shadeFast(mix(shadeFast(second, -0.25), second, 0.5 + n * 0.9 + (w.id - 0.5) * 0.3), smoothstep(0, 0.1, w.f2 - w.f1) * 0.08 - 0.08);
    const f = flecks.sample(u, v);
    const cluster = smoothstep(-0.05, 0.2, noise.fbm(u + 0.3, v + 0.9, 3, 3, 3));
    const radius = 0.3 + f.id * 0.25;
    if (f.id < share + cluster * 0.4 && f.f1 < radius * cluster) {
      const d = f.f1 / (radius * cluster);
      s.set(i, shadeFast(vary(main, f.id, 0.3), (1 - d) * 0.3 - f.dx * 0.3 - f.dy * 0.3), 0.6 + (1 - d) * 0.25);
      return;
    }
    s.set(i, base, 0.35 + n * 0.25 + smoothstep(0, 0.1, w.f2 - w.f1) * 0.15);
  });
}

/** A heap of items over a dark base (rubble, bones, coins, logs, gems). */
function heap(shape: keyof typeof shapes, radius: number, density: number, layers = 2) {
  return (s: Surface, ctx: MaterialContext): void => {
    const { noise } = ctx;
    s.forEach((i, u, v) => {
      s.set(i, mix(shadeFast(ctx.second, -0.5), ctx.second, 0.5 + noise.fbm(u, v, 6, 6, 3)), 0.05);
    });
    const r = (radius * ctx.rng.range(0.8, 1.2)) / ctx.scale;
    for (let layer = 0; layer < layers; layer++) {
      const items = stamps(ctx.rng, s.size, Math.round(density / (r * r) / layers), r, 0.3);
      const lift = layer / layers;
      scatter(
        s,
        items,
        shapes[shape],
        (st, alt) => (alt ? shadeFast(ctx.second, 0.1 + lift * 0.1) : shadeFast(ctx.main, (st.id - 0.5) * 0.3 - (1 - lift) * 0.15)),
        {
          base: 0.2 + lift * 0.3,
          lift: 0.5,
        },
      );
    }
  };
}

export const STONE_MATERIALS: Readonly<Record<string, Material>> = {
  flagstone: { main: rgb(0x9a958a), second: rgb(0x4e4a42), bump: 0.5, occlusion: 0.4, render: renderFlagstone },
  slate: { main: rgb(0x5d6670), second: rgb(0x2f353d), bump: 0.55, occlusion: 0.3, render: strata(7, true) },
  granite: { main: rgb(0x9a9594), second: rgb(0x2e2c2e), bump: 0.15, occlusion: 0.05, render: renderGranite },
  sandstone: { main: rgb(0xd9a86a), second: rgb(0xa8683e), bump: 0.35, occlusion: 0.15, render: strata(9, false) },
  obsidian: { main: rgb(0x1d1a24), second: rgb(0x6a58a8), bump: 0.3, occlusion: 0.1, render: renderObsidian },
  crystal: { main: rgb(0x8c6ee0), second: rgb(0xe8dcff), bump: 0.35, occlusion: 0.2, glowColor: rgb(0xc8b0ff), render: renderCrystal },
  runestone: { main: rgb(0x7c7d84), second: rgb(0x3a3b40), bump: 0.55, occlusion: 0.35, glowColor: rgb(0x46d8ff), colorGlows: true, render: renderRunestone },
  cave: { main: rgb(0x86786a), second: rgb(0x3a322c), bump: 0.6, occlusion: 0.45, render: renderCave },
  castle: { main: rgb(0x9a978f), second: rgb(0x57534c), bump: 0.55, occlusion: 0.4, render: ashlar([3, 4, 4, 5], 1.2, 2.6, 0.12) },
  dungeon: { main: rgb(0x5e5c5a), second: rgb(0x2a2826), bump: 0.6, occlusion: 0.5, render: ashlar([5, 6, 7], 1.1, 2.2, 0.3) },
  ore: { main: rgb(0xd8a070), second: rgb(0x7c7c84), bump: 0.5, occlusion: 0.3, pattern: true, render: renderOre },
  coal: { main: rgb(0x1c1c20), second: rgb(0x84848c), bump: 0.5, occlusion: 0.3, render: renderOre },
  rubble: { main: rgb(0x8a857c), second: rgb(0x4a433a), bump: 0.55, occlusion: 0.5, render: heap("rock", 0.1, 1.4) },
  bone: { main: rgb(0xe6dcc2), second: rgb(0x5a4c3c), bump: 0.45, occlusion: 0.55, render: heap("bone", 0.15, 0.55, 2) },
  coins: { main: rgb(0xf2c03a), second: rgb(0xa8741c), bump: 0.4, occlusion: 0.45, render: heap("coin", 0.08, 1.1, 2) },
  logpile: { main: rgb(0xc8965a), second: rgb(0x5a3a20), bump: 0.4, occlusion: 0.55, render: heap("logEnd", 0.09, 1.4, 2) },
  gems: { main: rgb(0x5ab4f0), second: rgb(0x1c2a40), bump: 0.4, occlusion: 0.5, render: heap("gem", 0.12, 0.75, 2) },
};
