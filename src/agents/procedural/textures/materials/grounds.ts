/**
 * Grounds and liquids: meadow, mud, gravel, pebbles, parched earth, swamp, moss, forest floor,
 * hay, farmland, ash, acid, slime, asphalt and concrete. Each entry is a renderer with its
 * default colours; layouts (stone sizes, furrow counts, crack cells...) are drawn per seed.
 */
import { mix, rgb, shadeFast, type Rgb } from "../../kit/color.js";
import { PeriodicWorley } from "../../kit/noise.js";
import { hash2 } from "../../kit/random.js";
import { renderDirt, renderGrass } from "./basics.js";
import { count, scatter, shapes, stamps, type Stamp } from "../kit.js";
import type { Material } from "../surface.js";
import { smoothstep, type MaterialContext, type Surface } from "../surface.js";

/** A soft noisy base in the two colours, with a grain of speckles. */
function base(s: Surface, ctx: MaterialContext, f: number, speck = 0.12, h0 = 0.3): void {
  const { noise, main, second } = ctx;
  s.forEach((i, u, v, x, y) => {
    const n = noise.fbm(u, v, count(f, ctx), count(f, ctx), 5);
    const grain = hash2(x, y, ctx.salt) - 0.5;
    s.set(i, shadeFast(mix(second, main, 0.5 + n * 1.1), grain * speck * ctx.rough), h0 + n * 0.2);
  });
}

/** Item colours around `c`, varied per item. */
const around =
  (c: Rgb, alt: Rgb, amount = 0.35) =>
  (st: Stamp, isAlt: boolean): Rgb =>
    isAlt ? alt : shadeFast(c, (st.id - 0.5) * amount);

const PETALS: readonly Rgb[] = [rgb(0xf4f1e6), rgb(0xf2d33c), rgb(0xe77fb0), rgb(0x9b7ee0), rgb(0xe8503a)];

function renderMeadow(s: Surface, ctx: MaterialContext): void {
  renderGrass(s, ctx);
  const palette = PETALS.filter((_, k) => ctx.rng.chance(0.6) || k === 0);
  const flowers = stamps(ctx.rng, s.size, count(ctx.rng.int(18, 34), ctx), 0.018, 0.3);
  scatter(s, flowers, shapes.flower, (st, alt) => (alt ? rgb(0xf6c02c) : (palette[Math.floor(st.id * palette.length)] ?? rgb(0xffffff))), {
    base: 0.7,
    lift: 0.3,
  });
}

function renderMud(s: Surface, ctx: MaterialContext): void {
  const { noise, main, second } = ctx;
  const wet = ctx.rng.range(-0.2, 0.02);
  const sky = rgb(0x9aa6b0);
  s.forEach((i, u, v, x, y) => {
    const n = noise.fbm(u, v, count(3, ctx), count(3, ctx), 5);
    const ripple = noise.fbm(u, v, 10, 10, 2);
    const puddle = smoothstep(wet + 0.05, wet - 0.03, n);
    const rim = smoothstep(wet + 0.12, wet + 0.05, n) * (1 - puddle);
    const gloss = smoothstep(0.12, 0.32, noise.fbm(u + 0.5, v + 0.2, 5, 5, 3)) * 0.18;
    const mud = shadeFast(mix(shadeFast(second, -0.1), main, 0.5 + n * 1.2 + ripple * 0.3), (hash2(x, y, ctx.salt) - 0.5) * 0.08 + gloss - rim * 0.2);
    const reflection = smoothstep(-0.25, 0.35, noise.fbm(u + 0.8, v + 0.1, 2, 2, 2) + ripple * 0.15);
    const water = mix(shadeFast(second, -0.35), mix(second, sky, 0.5), reflection * 0.8);
    s.set(i, mix(mud, water, puddle), 0.3 + (n - wet) * 0.5 * (1 - puddle) + ripple * 0.04 * (1 - puddle));
  });
}

/** Grit under a dense layer of stones (gravel: small and angular; pebbles: large, round, sorted). */
function stones(kind: "rock" | "pebble", sizeBase: number, density: number) {
  return (s: Surface, ctx: MaterialContext): void => {
    base(s, { ...ctx, main: shadeFast(ctx.second, 0.1), second: shadeFast(ctx.second, -0.3) }, 8, 0.3, 0.1);
    const r = (sizeBase * ctx.rng.range(0.8, 1.25)) / ctx.scale;
    const total = Math.round(density / (r * r));
    const palette = [ctx.main, shadeFast(ctx.main, -0.2), mix(ctx.main, rgb(0x9a7d5c), 0.4), mix(ctx.main, rgb(0xc8c2b4), 0.5)];
    scatter(
      s,
      stamps(ctx.rng, s.size, total, r, 0.4),
      shapes[kind],
      (st) => shadeFast(palette[Math.floor(st.id * 97) % palette.length] ?? ctx.main, (st.id - 0.5) * 0.2),
      {
        base: 0.3,
        lift: 0.6,
      },
    );
  };
}

function renderParched(s: Surface, ctx: MaterialContext): void {
  const n = count(ctx.rng.int(4, 7), ctx);
  const cells = new PeriodicWorley(n, ctx.salt, 0.9, 0);
  const shift = 0.5 / n;
  const gap = ctx.rng.range(0.05, 0.1);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v, x, y) => {
    const wu = u + noise.fbm(u, v, 6, 6, 3) * 0.025;
    const wv = v + noise.fbm(v, u, 6, 6, 3) * 0.025;
    const w = cells.sample((wu + shift) % 1, (wv + shift) % 1);
    const edge = w.f2 - w.f1;
    const grain = (hash2(x, y, ctx.salt) - 0.5) * 0.1;
    if (edge < gap) {
      s.set(i, shadeFast(second, -0.45 + grain), 0.05);
      return;
    }
    const curl = smoothstep(gap, gap + 0.25, edge);
    const c = shadeFast(mix(main, second, 0.25 + w.id * 0.3 + noise.fbm(u, v, 16, 16, 2) * 0.4), (1 - curl) * 0.12 + grain);
    s.set(i, c, 0.5 + curl * 0.25);
  });
}

function renderSwamp(s: Surface, ctx: MaterialContext): void {
  const { noise, main, second } = ctx;
  const weed = ctx.rng.range(-0.1, 0.15);
  s.forEach((i, u, v, x, y) => {
    const depth = noise.fbm(u, v, 3, 3, 4);
    const algae = noise.fbm(u + 0.3, v + 0.6, count(5, ctx), count(5, ctx), 4) + (hash2(x, y, ctx.salt) - 0.5) * 0.2;
    const cover = smoothstep(weed, weed + 0.08, algae);
    const water = mix(shadeFast(main, -0.45), main, 0.5 + depth);
    const plants = shadeFast(second, (hash2(x, y, ctx.salt + 3) - 0.5) * 0.35);
    s.set(i, mix(water, plants, cover), 0.3 + cover * (0.25 + algae * 0.2));
  });
  const pads = stamps(ctx.rng, s.size, count(ctx.rng.int(3, 8), ctx), 0.045, 0.3);
  scatter(
    s,
    pads,
    (x, y) => (Math.hypot(x, y) < 1 && !(x > 0 && Math.abs(y) < x * 0.35) ? { shade: 0.05 - Math.hypot(x, y) * 0.15, h: 0.4 } : undefined),
    around(shadeFast(ctx.second, 0.15), ctx.second, 0.2),
    {
      base: 0.55,
    },
  );
}

function renderMoss(s: Surface, ctx: MaterialContext): void {
  const { noise, main, second } = ctx;
  const cushions = new PeriodicWorley(count(ctx.rng.int(5, 9), ctx), ctx.salt, 0.9);
  s.forEach((i, u, v, x, y) => {
    const w = cushions.sample(u, v);
    const bump = 1 - smoothstep(0.2, 0.8, w.f1);
    const fuzz = noise.fbm(u, v, 40, 40, 2) + (hash2(x, y, ctx.salt) - 0.5) * 0.5;
    const c = mix(shadeFast(second, -0.15), shadeFast(main, (w.id - 0.5) * 0.25), 0.3 + bump * 0.6 + fuzz * 0.35);
    s.set(i, c, 0.3 + bump * 0.45 + fuzz * 0.08);
  });
}

/** A hedge or ivy: densely packed green leaves over deep shade. */
function renderHedge(s: Surface, ctx: MaterialContext): void {
  base(s, { ...ctx, main: shadeFast(ctx.second, -0.2), second: shadeFast(ctx.second, -0.55) }, 6, 0.2, 0.05);
  const r = ctx.rng.range(0.035, 0.05) / ctx.scale;
  for (const layer of [0, 1]) {
    const leaves = stamps(ctx.rng, s.size, Math.round(0.45 / (r * r)), r, 0.3);
    scatter(s, leaves, shapes.leaf, (st, alt) => (alt ? shadeFast(ctx.main, -0.25) : shadeFast(ctx.main, (st.id - 0.5) * 0.4 - 0.25 + layer * 0.25)), {
      base: 0.3 + layer * 0.3,
      lift: 0.3,
    });
  }
}

const AUTUMN: readonly Rgb[] = [rgb(0xb8542a), rgb(0xd08a2e), rgb(0x8c3a22), rgb(0xc9a640), rgb(0x6f7a2e)];

function renderForestFloor(s: Surface, ctx: MaterialContext): void {
  renderDirt(s, { ...ctx, main: shadeFast(ctx.second, 0.15), second: shadeFast(ctx.second, -0.25) });
  const r = 0.055 / ctx.scale;
  const twigs = stamps(ctx.rng, s.size, count(10, ctx), 0.06, 0.4);
  scatter(s, twigs, shapes.straw, () => rgb(0x4b3322), { base: 0.4, lift: 0.2 });
  const tint = ctx.main;
  const leaves = stamps(ctx.rng, s.size, Math.round(0.55 / (r * r)), r, 0.35);
  scatter(s, leaves, shapes.leaf, (st, alt) => {
    const c = mix(AUTUMN[Math.floor(st.id * AUTUMN.length)] ?? tint, tint, 0.45);
    return alt ? shadeFast(c, -0.3) : shadeFast(c, (st.id * 7 - Math.floor(st.id * 7) - 0.5) * 0.3);
  });
}

/** Hay and straw: dense strands, mostly along one direction. */
function renderHay(s: Surface, ctx: MaterialContext): void {
  base(s, { ...ctx, main: shadeFast(ctx.second, -0.2), second: shadeFast(ctx.second, -0.45) }, 6, 0.2, 0.1);
  const along = ctx.rng.next() * Math.PI;
  const spread = ctx.rng.range(0.3, 0.9);
  const length = ctx.rng.range(0.09, 0.14) / ctx.scale;
  const total = Math.round(12 / (length * length));
  const strands = stamps(ctx.rng, s.size, total, length, 0.4).map((st) => ({ ...st, angle: along + (st.angle / Math.PI - 0.5) * spread * 2 }));
  scatter(s, strands, shapes.straw, around(ctx.main, ctx.second, 0.45), { base: 0.3, lift: 0.6 });
}

function renderFarmland(s: Surface, ctx: MaterialContext): void {
  const rows = count(ctx.rng.pick([4, 5, 6, 8]), ctx);
  const sprouts = ctx.rng.chance(0.6);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v, x, y) => {
    const wv = v + noise.fbm(u, v, 3, 3, 2) * 0.015;
    const ridge = 0.5 + 0.5 * Math.cos(wv * rows * Math.PI * 2);
    const n = noise.fbm(u, v, 16, 16, 3);
    let c = mix(shadeFast(second, -0.2), main, ridge * 0.8 + n * 0.4);
    c = shadeFast(c, (hash2(x, y, ctx.salt) - 0.5) * 0.16);
    const leaf = sprouts && ridge > 0.8 && noise.fbm(u, v, 48, 4, 2) > 0.15;
    if (leaf) c = mix(rgb(0x4f9a34), rgb(0x8ccf4a), hash2(x, y, 7));
    s.set(i, c, 0.25 + ridge * 0.5 + n * 0.05 + (leaf ? 0.2 : 0));
  });
}

function renderAsh(s: Surface, ctx: MaterialContext): void {
  base(s, ctx, 5, 0.25, 0.35);
  const embers = ctx.rng.range(0.975, 0.992);
  const { noise } = ctx;
  s.forEach((i, u, v, x, y) => {
    const heat = noise.fbm(u + 0.4, v + 0.1, 4, 4, 3);
    if (hash2(x, y, ctx.salt + 9) > embers && heat > 0.05) s.glow[i] = 0.5 + heat;
    else if (hash2(x, y, ctx.salt + 5) > 0.97) s.blend(i, rgb(0x1c1a1a), 0.8);
  });
}

/** Liquids that are not water: bubbles of different sizes, a swirl and a glossy sheen. */
function liquid(bubbleCount: number, swirl: number, glowing: boolean) {
  return (s: Surface, ctx: MaterialContext): void => {
    const { noise, main, second } = ctx;
    s.forEach((i, u, v) => {
      const wu = u + noise.fbm(u, v, 2, 2, 3) * swirl;
      const flow = noise.fbm(wu - Math.floor(wu), v, 3, 3, 4);
      const sheen = smoothstep(0.15, 0.4, noise.fbm(u, v, 5, 5, 3));
      const c = mix(mix(shadeFast(main, -0.35), main, 0.5 + flow * 1.2), second, sheen * 0.5);
      s.set(i, c, 0.4 + flow * 0.3);
      if (glowing) s.glow[i] = smoothstep(0.05, 0.45, flow) * 0.45;
    });
    const bubbles = stamps(ctx.rng, s.size, count(bubbleCount, ctx), 0.03, 0.6);
    const ring = (x: number, y: number) => {
      const d = Math.hypot(x, y);
      if (d >= 1) return undefined;
      const glint = Math.hypot(x + 0.4, y + 0.4) < 0.25;
      return { shade: glint ? 0.6 : d > 0.75 ? 0.25 : -0.1, h: dome01(d), alt: d > 0.75 };
    };
    scatter(s, bubbles, ring, (_st, alt) => (alt ? second : shadeFast(main, 0.1)), { base: 0.5, lift: 0.4 });
  };
}

const dome01 = (d: number): number => Math.sqrt(Math.max(0, 1 - d * d));

function renderAsphalt(s: Surface, ctx: MaterialContext): void {
  base(s, ctx, 6, 0.5, 0.45);
  const chips = stamps(ctx.rng, s.size, count(ctx.rng.int(60, 120), ctx), 0.008, 0.5);
  scatter(s, chips, shapes.rock, around(shadeFast(ctx.main, 0.35), ctx.second, 0.4), { base: 0.5, lift: 0.2 });
}

function renderConcrete(s: Surface, ctx: MaterialContext): void {
  const slabs = count(ctx.rng.pick([1, 2, 2, 3]), ctx);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v, x, y) => {
    const su = u * slabs + 0.5;
    const sv = v * slabs + 0.5;
    const seam = Math.min(su - Math.floor(su), 1 - su + Math.floor(su), sv - Math.floor(sv), 1 - sv + Math.floor(sv)) / slabs;
    const n = noise.fbm(u, v, 4, 4, 5);
    const pore = hash2(x, y, ctx.salt) > 0.985;
    let c = shadeFast(mix(second, main, 0.6 + n * 0.8), (hash2(x, y, ctx.salt + 1) - 0.5) * 0.07 + (pore ? -0.25 : 0));
    if (seam < 1.2 / s.size + 0.002) c = shadeFast(second, -0.35);
    s.set(i, c, seam < 1.2 / s.size + 0.002 ? 0.1 : 0.55 + n * 0.08 - (pore ? 0.2 : 0));
  });
}

export const GROUND_MATERIALS: Readonly<Record<string, Material>> = {
  meadow: { main: rgb(0x62b042), second: rgb(0x2f6a26), bump: 0.25, occlusion: 0.45, render: renderMeadow },
  hedge: { main: rgb(0x4f9a3a), second: rgb(0x1e3e18), bump: 0.45, occlusion: 0.5, render: renderHedge },
  clay: { main: rgb(0xb8683c), second: rgb(0x7a4024), bump: 0.4, occlusion: 0.3, render: renderMud },
  mud: { main: rgb(0x6b4a2e), second: rgb(0x3a2818), bump: 0.4, occlusion: 0.3, render: renderMud },
  gravel: { main: rgb(0x8f8a82), second: rgb(0x5c5045), bump: 0.5, occlusion: 0.4, render: stones("rock", 0.022, 1.1) },
  pebbles: { main: rgb(0x9c968c), second: rgb(0x6a5c4c), bump: 0.5, occlusion: 0.45, render: stones("pebble", 0.05, 1.25) },
  parched: { main: rgb(0xc19a66), second: rgb(0x7a5a38), bump: 0.5, occlusion: 0.35, render: renderParched },
  swamp: { main: rgb(0x3d5230), second: rgb(0x7a9a34), bump: 0.25, occlusion: 0.2, render: renderSwamp },
  moss: { main: rgb(0x6f9a36), second: rgb(0x2c4a1c), bump: 0.45, occlusion: 0.4, render: renderMoss },
  forest: { main: rgb(0x9a6a32), second: rgb(0x4a3320), bump: 0.4, occlusion: 0.45, render: renderForestFloor },
  hay: { main: rgb(0xe0c060), second: rgb(0x9a7a34), bump: 0.35, occlusion: 0.5, render: renderHay },
  farmland: { main: rgb(0x7a5232), second: rgb(0x3e2816), bump: 0.5, occlusion: 0.35, render: renderFarmland },
  ash: { main: rgb(0x8a8784), second: rgb(0x4a4745), bump: 0.3, occlusion: 0.2, render: renderAsh },
  acid: { main: rgb(0x8ce03a), second: rgb(0xe8ff9a), bump: 0.2, occlusion: 0.1, glows: true, render: liquid(22, 0.1, true) },
  slime: { main: rgb(0x56c23c), second: rgb(0xc8f5a0), bump: 0.35, occlusion: 0.2, render: liquid(14, 0.25, false) },
  asphalt: { main: rgb(0x45464a), second: rgb(0x2a2b2e), bump: 0.3, occlusion: 0.2, render: renderAsphalt },
  concrete: { main: rgb(0xa9a8a2), second: rgb(0x77766f), bump: 0.25, occlusion: 0.15, render: renderConcrete },
};
