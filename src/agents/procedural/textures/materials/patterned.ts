/**
 * More surfaces: starfield and clouds (skies), bamboo, wicker, chain mail, camouflage and
 * feathers.
 */
import { mix, rgb, shadeFast, type Rgb } from "../../kit/color.js";
import { hash2 } from "../../kit/random.js";
import { tabs } from "./built.js";
import { count, scatter, stamps } from "../kit.js";
import type { Material } from "../surface.js";
import { smoothstep, type MaterialContext, type Surface } from "../surface.js";

/** Deep space: a nebula in the two colours over black, stars of several sizes, a few with a glow. */
function renderStarfield(s: Surface, ctx: MaterialContext): void {
  const { noise, main, second } = ctx;
  const density = ctx.rng.range(0.985, 0.993);
  const cloud = ctx.rng.range(0.25, 0.6);
  s.forEach((i, u, v, x, y) => {
    const n = noise.fbm(u, v, 3, 3, 5);
    const m = noise.fbm(u + 0.4, v + 0.8, 2, 2, 4);
    const nebula = smoothstep(-0.1, 0.5, n) * cloud;
    const c = mix(rgb(0x06060e), mix(second, main, 0.5 + m), nebula);
    const star = hash2(x, y, ctx.salt);
    s.set(i, star > density ? mix(c, rgb(0xffffff), 0.5 + (star - density) * 30) : c, 0.5);
  });
  const bright = stamps(ctx.rng, s.size, count(ctx.rng.int(3, 7), ctx), 0.012, 0.5);
  scatter(
    s,
    bright,
    (x, y) => {
      const d = Math.hypot(x, y);
      const spike = Math.min(Math.abs(x), Math.abs(y)) < 0.12 && d < 2.5;
      return d < 1 || spike ? { shade: 0.9 - d * 0.2, h: 0.5 } : undefined;
    },
    () => rgb(0xf0f4ff),
    { extent: 2.6, base: 0.5, lift: 0 },
  );
}

/** Soft clouds over a sky colour. */
function renderClouds(s: Surface, ctx: MaterialContext): void {
  const { noise, main, second } = ctx;
  const cover = ctx.rng.range(-0.15, 0.15);
  s.forEach((i, u, v) => {
    const n = noise.fbm(u, v, count(3, ctx), count(3, ctx), 6);
    const puff = smoothstep(cover - 0.05, cover + 0.3, n);
    const underside = smoothstep(cover + 0.35, cover, noise.fbm(u, v + 0.02, 3, 3, 6)) * 0.25;
    s.set(i, mix(second, shadeFast(main, -underside), puff), 0.5 + puff * 0.3);
  });
}

/** Bamboo: vertical stalks with nodes, dark gaps between them. */
function renderBamboo(s: Surface, ctx: MaterialContext): void {
  const stalks = count(ctx.rng.pick([4, 5, 6, 8]), ctx);
  const nodes = Array.from({ length: stalks }, () => [ctx.rng.next(), ctx.rng.int(1, 2)] as const);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const px = u * stalks + 0.5;
    const k = Math.floor(px) % stalks;
    const f = px - Math.floor(px);
    const across = Math.abs(f - 0.5) * 2;
    if (across > 0.88) {
      s.set(i, shadeFast(second, -0.3), 0.05);
      return;
    }
    const [raw, per] = nodes[k] ?? [0.5, 1];
    const phase = 0.1 + raw * 0.8; // no node ring on the tile edge
    const nv = (v * per + phase) % 1;
    const node = 1 - smoothstep(0.01, 0.035, Math.min(nv, 1 - nv));
    const round = Math.sqrt(1 - (across / 0.88) ** 2);
    const c = shadeFast(mix(main, second, hash2(k, 0, ctx.salt) * 0.25), (round - 0.7) * 0.4 - node * 0.25 + noise.fbm(u, v, 4, 16, 2) * 0.08);
    s.set(i, c, 0.2 + round * 0.7 + node * 0.1);
  });
}

/** Wicker: wide flat strips woven over and under. */
function renderWicker(s: Surface, ctx: MaterialContext): void {
  const n = count(ctx.rng.pick([4, 5, 6]), ctx) * 2;
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    const tx = u * n + 0.5;
    const ty = v * n + 0.5;
    const cx = Math.floor(tx);
    const cy = Math.floor(ty);
    const over = (cx + cy) % 2 === 0;
    const along = over ? ty - cy : tx - cx;
    const across = over ? tx - cx : ty - cy;
    const gap = Math.min(across, 1 - across);
    if (gap < 0.08) {
      s.set(i, shadeFast(second, -0.4), 0.05);
      return;
    }
    const bend = Math.sin(along * Math.PI);
    const grain = noise.fbm(over ? u : v, over ? v : u, 4, 48, 2);
    s.set(i, shadeFast(main, (bend - 0.6) * 0.4 + grain * 0.2), 0.3 + bend * 0.5);
  });
}

/** Chain mail: rows of interlocking rings. */
function renderChainmail(s: Surface, ctx: MaterialContext): void {
  const picked = count(ctx.rng.pick([6, 8, 10]), ctx);
  const n = picked + (picked % 2); // even, so the row offset wraps
  const thick = ctx.rng.range(0.12, 0.18);
  const { noise, main, second } = ctx;
  s.forEach((i, u, v) => {
    let best = -1;
    let shade = 0;
    for (let row = -1; row <= 1; row++) {
      const ry = Math.floor(v * n + 0.5) + row;
      const offset = ((ry % 2) + 2) % 2 ? 0.5 : 0;
      for (let col = -1; col <= 1; col++) {
        const cxr = Math.floor(u * n - offset + 0.5) + col;
        const dx = (u * n - offset - cxr) / 0.62;
        const dy = (v * n - ry) / 0.62;
        const ring = Math.abs(Math.hypot(dx, dy) - 0.8);
        if (ring < thick * 1.6) {
          const h = 1 - ring / (thick * 1.6) + (dy > 0 ? 0.2 : 0);
          if (h > best) {
            best = h;
            shade = -dx * 0.3 - dy * 0.3;
          }
        }
      }
    }
    if (best < 0) {
      s.set(i, shadeFast(second, -0.5), 0);
      return;
    }
    s.set(i, shadeFast(main, shade + best * 0.15 + noise.fbm(u, v, 8, 8, 2) * 0.1), 0.3 + best * 0.5);
  });
}

const CAMO: readonly Rgb[] = [rgb(0x4a5a2a), rgb(0x6e6a3a), rgb(0x2e3420), rgb(0x8a7a52)];

/** Camouflage: blotches of three or four tones. */
function renderCamo(s: Surface, ctx: MaterialContext): void {
  const { noise, main, second } = ctx;
  const tones = [main, second, ...CAMO.slice(2)].map((c, k) => (k < 2 ? c : mix(c, main, 0.3)));
  const f = count(ctx.rng.int(3, 5), ctx);
  s.forEach((i, u, v, x, y) => {
    const a = noise.fbm(u, v, f, f, 4);
    const b = noise.fbm(u + 0.5, v + 0.3, f, f, 4);
    const k = a > 0.12 ? 2 : b > 0.1 ? 1 : a < -0.15 ? 3 : 0;
    s.set(i, shadeFast(tones[k] ?? main, (hash2(x, y, ctx.salt) - 0.5) * 0.06), 0.5);
  });
}

export const PATTERNED_MATERIALS: Readonly<Record<string, Material>> = {
  starfield: { main: rgb(0x8a3fc2), second: rgb(0x2f6fdc), bump: 0, occlusion: 0, render: renderStarfield },
  clouds: { main: rgb(0xf4f6fa), second: rgb(0x6aaee8), bump: 0.1, occlusion: 0, render: renderClouds },
  bamboo: { main: rgb(0xb8b05a), second: rgb(0x5a5a28), bump: 0.45, occlusion: 0.4, render: renderBamboo },
  wicker: { main: rgb(0xc89a5a), second: rgb(0x4a3018), bump: 0.45, occlusion: 0.4, pattern: true, render: renderWicker },
  chainmail: { main: rgb(0xa8b0b8), second: rgb(0x2a2c30), bump: 0.5, occlusion: 0.4, render: renderChainmail },
  camo: { main: rgb(0x5a6a34), second: rgb(0x3e4a28), bump: 0, occlusion: 0, pattern: true, render: renderCamo },
  feathers: { main: rgb(0x6a5a8a), second: rgb(0x2a2238), bump: 0.45, occlusion: 0.4, render: tabs(["pointed"], [3, 4], 0.9, 0.35, 0.15) },
};
