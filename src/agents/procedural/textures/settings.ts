/**
 * What a setting or a treatment does to any surface (issue 39): scorched (soot blotches with brown
 * rims), whitewashed or painted (a coat, flaking off where the noise wears it), sunken (a blue-green
 * cast and the light of the water's caustics), patched (sewn-on patches), striped, a sunset's warm
 * light, a tavern's spills, a cloister's pale stone, lamplight. Everything is drawn from periodic
 * noise or stamps that wrap, so the tile stays seamless.
 */
import { mix, rgb, shadeFast, type Rgb } from "../kit/color.js";
import { type PeriodicNoise, PeriodicWorley } from "../kit/noise.js";
import type { Random } from "../kit/random.js";
import { smoothstep, type Surface } from "./surface.js";

const luma = (c: Rgb): number => (0.3 * c.r + 0.59 * c.g + 0.11 * c.b) / 255;

/** Soot: black blotches, browned at their rims. */
export function addScorch(s: Surface, noise: PeriodicNoise): void {
  s.forEach((i, u, v) => {
    const t = noise.fbm(u + 0.13, v + 0.91, 3, 3, 4) + (0.5 - (s.height[i] ?? 0)) * 0.3;
    const rim = smoothstep(-0.12, 0.02, t);
    const core = smoothstep(0.02, 0.2, t);
    if (rim > 0) s.blend(i, rgb(0x5a3418), rim * 0.55);
    if (core > 0) s.blend(i, rgb(0x16120f), core * 0.88);
  });
}

/** A coat of colour over the surface, thinner in its low parts, flaking off where the noise wears it. */
export function addCoat(s: Surface, noise: PeriodicNoise, colour: Rgb, flat: number): void {
  s.forEach((i, u, v, x, y) => {
    const worn = smoothstep(0.18, 0.3, noise.fbm(u + 0.57, v + 0.05, 5, 5, 4));
    const h = s.height[i] ?? 0;
    const k = (0.55 + smoothstep(0.1, 0.5, h) * 0.35) * (1 - worn);
    if (k <= 0) return;
    const c = s.get(i);
    // the coat keeps a little of the relief's shading beneath it
    s.set(i, mix(c, shadeFast(colour, (luma(c) - 0.45) * 0.3 + ((x * 7 + y * 3) % 5) * 0.004), k), h * (1 - flat * k) + 0.5 * flat * k);
  });
}

/** Under water: a blue-green cast, and the bright net of caustics the waves throw on it. */
export function addCaustics(s: Surface, salt: number): void {
  const cells = new PeriodicWorley(5, salt + 71, 0.9);
  s.forEach((i, u, v) => {
    s.blend(i, rgb(0x1e5a6e), 0.4);
    const w = cells.sample(u, v);
    const line = 1 - smoothstep(0, 0.05, w.f2 - w.f1);
    if (line > 0) s.blend(i, rgb(0xb8f0ec), line * 0.45);
  });
}

/** Patches sewn on: squares of another shade, their edges dashed with stitches. */
export function addPatches(s: Surface, rng: Random, main: Rgb): void {
  const n = s.size;
  const patches = Array.from({ length: rng.int(3, 5) }, () => ({
    x: rng.next() * n,
    y: rng.next() * n,
    w: n * rng.range(0.14, 0.26),
    h: n * rng.range(0.12, 0.22),
    c: shadeFast(mix(main, rgb(rng.pick([0x8a6a4a, 0x5a6a7a, 0xb89a6a, 0x7a4a3a])), 0.45), rng.range(-0.12, 0.12)),
  }));
  s.forEach((i, _u, _v, x, y) => {
    for (const p of patches) {
      const dx = (((x + 0.5 - p.x) % n) + n) % n;
      const dy = (((y + 0.5 - p.y) % n) + n) % n;
      if (dx > p.w || dy > p.h) continue;
      const edge = Math.min(dx, dy, p.w - dx, p.h - dy);
      const stitch = edge > n * 0.012 && edge < n * 0.022 && Math.floor((dx + dy) / (n * 0.025)) % 2 === 0;
      const c = s.get(i);
      s.set(i, stitch ? rgb(0x2a2018) : mix(p.c, c, 0.25), edge < n * 0.008 ? 0.45 : 0.6 + ((s.height[i] ?? 0) - 0.5) * 0.3);
    }
  });
}

/** Stripes across the surface (a whole number per tile), in a second colour. */
export function addStripes(s: Surface, rng: Random, colour: Rgb): void {
  const bands = rng.pick([6, 8, 10]);
  s.forEach((i, u) => {
    const f = (u * bands) % 1;
    const k = smoothstep(0.47, 0.53, f) * (1 - smoothstep(0.97, 1, f));
    if (k <= 0) return;
    const c = s.get(i);
    s.blend(i, shadeFast(colour, (luma(c) - 0.55) * 0.5), k * 0.85);
  });
}

/**
 * A sunset's light: the sky (blue) turned orange to magenta across the noise, what stands in it
 * (clouds, the ground) lit pink and gold, its shadows purple.
 */
export function addSunset(s: Surface, noise: PeriodicNoise): void {
  s.forEach((i, u, v) => {
    const c = s.get(i);
    const l = luma(c);
    const sky = Math.min(1, Math.max(0, (c.b - c.r) / 110));
    const glow = mix(rgb(0xf08a3a), rgb(0xb0407a), smoothstep(-0.3, 0.3, noise.fbm(u + 0.2, v + 0.4, 2, 2, 3)));
    const lit = l < 0.5 ? mix(rgb(0x4a2a5a), rgb(0xe8784a), l * 2) : mix(rgb(0xe8784a), rgb(0xffd8a8), (l - 0.5) * 2);
    s.blend(i, mix(lit, shadeFast(glow, (l - 0.6) * 0.4), sky), 0.8);
  });
}

/** Wisps of cloud drifting across: what floats in the sky. */
export function addWisps(s: Surface, noise: PeriodicNoise): void {
  s.forEach((i, u, v) => {
    const k = smoothstep(0.08, 0.32, noise.fbm(u + 0.12, v + 0.83, 2, 6, 4));
    if (k > 0) s.blend(i, rgb(0xf4f7fb), k * 0.8);
  });
}

/** A cloud bank: a billowing mass of cloud over most of the sky. */
export function addCloudBank(s: Surface, noise: PeriodicNoise): void {
  s.forEach((i, u, v) => {
    const k = smoothstep(-0.2, 0.02, noise.fbm(u + 0.3, v + 0.7, 3, 3, 4));
    if (k <= 0) return;
    const billow = noise.fbm(u, v, 8, 8, 3);
    s.blend(i, mix(rgb(0xa8b4c6), rgb(0xfbfcff), Math.min(1, Math.max(0, 0.55 + billow * 1.4))), k * 0.92);
    s.height[i] = (s.height[i] ?? 0) * (1 - k) + (0.5 + billow * 0.4) * k;
  });
}

/** Spills soaked into a well-used floor, and the dark honey of old varnish. */
export function addSpills(s: Surface, noise: PeriodicNoise): void {
  s.forEach((i, u, v) => {
    s.blend(i, rgb(0x4a2a14), 0.18);
    const k = smoothstep(0.12, 0.22, noise.fbm(u + 0.41, v + 0.77, 4, 4, 3));
    if (k > 0) s.blend(i, rgb(0x2a180c), k * 0.6);
  });
}

/** A tint toward c by k, keeping each pixel's lightness ("cloister" limestone, lamplight). */
export function warmTint(s: Surface, c: Rgb, k: number): void {
  for (let i = 0; i < s.height.length; i++) {
    const p = s.get(i);
    s.blend(i, shadeFast(c, (luma(p) - luma(c)) * 0.8), k);
  }
}

/** Carving: a band of engraved key pattern (a meander) cut across the surface, and a groove either side. */
export function addCarving(s: Surface, rng: Random): void {
  const centre = rng.range(0.3, 0.7);
  const repeats = rng.pick([4, 5, 6]);
  const half = 0.09;
  s.forEach((i, u, v) => {
    const dv = v - centre;
    const across = dv - Math.round(dv);
    if (Math.abs(across) > half + 0.03) return;
    const groove = Math.abs(Math.abs(across) - half) < 0.012;
    // a step pattern: the line climbs and falls in square steps along the band
    const t = (u * repeats) % 1;
    const y = t < 0.25 ? -0.5 : t < 0.5 ? 0.5 : t < 0.75 ? 0.5 : -0.5;
    const riser = Math.abs(t - 0.25) < 0.02 || Math.abs(t - 0.75) < 0.02;
    const line = Math.abs(across / half - y * 0.9) < 0.16 || (riser && Math.abs(across) < half * 0.5);
    if (!groove && !line) return;
    s.blend(i, rgb(0x1e1a16), 0.45);
    s.height[i] = (s.height[i] ?? 0) * 0.4;
  });
}

/** Tears: ragged dark rents through the surface, frayed pale at their edges. */
export function addTears(s: Surface, noise: PeriodicNoise): void {
  s.forEach((i, u, v) => {
    const rent = Math.abs(noise.fbm(u + 0.71, v + 0.29, 3, 3, 3));
    const where = smoothstep(0.12, 0.22, noise.fbm(u + 0.05, v + 0.55, 2, 2, 2));
    if (where <= 0) return;
    if (rent < 0.018) {
      s.blend(i, rgb(0x141210), where * 0.95);
      s.height[i] = 0.05;
    } else if (rent < 0.03) s.blend(i, rgb(0xe0d8c8), where * 0.5);
  });
}

/** Rough water: darker, greyer, with white foam on the wave crests. */
export function addFoam(s: Surface, noise: PeriodicNoise): void {
  s.forEach((i, u, v) => {
    s.blend(i, rgb(0x2a3a48), 0.3);
    const crest = smoothstep(0.15, 0.3, noise.fbm(u + 0.37, v + 0.11, 4, 8, 4)) * smoothstep(0.4, 0.7, s.height[i] ?? 0);
    if (crest > 0) s.blend(i, rgb(0xf2f6f8), crest * 0.9);
  });
}

/** Stains: blotches soaked into the surface, in the stain's colour. */
export function addStains(s: Surface, noise: PeriodicNoise, colour: Rgb): void {
  s.forEach((i, u, v) => {
    const k = smoothstep(0.06, 0.18, noise.fbm(u + 0.19, v + 0.63, 3, 3, 4));
    if (k > 0) s.blend(i, colour, k * 0.65);
  });
}
