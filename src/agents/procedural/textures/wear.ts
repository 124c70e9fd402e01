/**
 * How a condition or setting marks a rendered surface (conditions.ts reads which apply):
 * strewn heaps, water over a visible bottom, wet or polished sheen, tints, blood, barnacles,
 * rivets, flowers, dust, grime, tropical and alien palettes. Every mark wraps around the tile.
 */
import { fromHsl, mix, toHsl, type Rgb } from "../kit/color.js";
import type { PeriodicNoise } from "../kit/noise.js";
import { hash2, type Random } from "../kit/random.js";
import { scatter, type Shape, stamps } from "./kit.js";
import { smoothstep, type Surface } from "./surface.js";

/** Thins a heap (in s) to scattered items half-buried in `ground`: the low parts of the heap give way to it. */
export function strew(s: Surface, ground: Surface, noise: PeriodicNoise, rng: Random): void {
  const cover = rng.range(0.05, 0.2);
  s.forEach((i, u, v) => {
    const k = smoothstep(cover, cover + 0.1, noise.fbm(u + 0.21, v + 0.63, 4, 4, 3) * 0.8 + ((s.height[i] ?? 0) - 0.55) * 1.2);
    if (k >= 1) return;
    const j = i * 3;
    s.blend(i, { r: ground.color[j] ?? 0, g: ground.color[j + 1] ?? 0, b: ground.color[j + 2] ?? 0 }, 1 - k);
    s.height[i] = (s.height[i] ?? 0) * k + (ground.height[i] ?? 0) * (1 - k);
  });
}

/** Shallow water over a bottom (already rendered): the bottom shows through, lightened. */
export function overBottom(s: Surface, bottom: Surface, clear: number): void {
  for (let i = 0; i < s.height.length; i++) {
    const j = i * 3;
    const water = s.get(i);
    const ground = { r: bottom.color[j] ?? 0, g: bottom.color[j + 1] ?? 0, b: bottom.color[j + 2] ?? 0 };
    s.set(i, mix(mix(ground, { r: 120, g: 200, b: 210 }, 0.25), water, 1 - clear), (s.height[i] ?? 0) * 0.5 + (bottom.height[i] ?? 0) * 0.5);
  }
}

const luma = (c: Rgb): number => 0.3 * c.r + 0.59 * c.g + 0.11 * c.b;

/** Slope towards the light (top left) at pixel x, y, from the wrapped height map. */
function slope(s: Surface, x: number, y: number): number {
  const n = s.size;
  const h = (xx: number, yy: number): number => s.height[((yy + n) % n) * n + ((xx + n) % n)] ?? 0;
  return ((h(x - 1, y) - h(x + 1, y) + h(x, y - 1) - h(x, y + 1)) * n) / 256;
}

/** Wet or polished: darker (wet) or smoother (polished), with specular highlights on the faces turned to the light. */
export function addSheen(s: Surface, noise: PeriodicNoise, kind: "wet" | "glossy"): void {
  const highlight = new Float32Array(s.height.length);
  s.forEach((i, _u, _v, x, y) => {
    highlight[i] = smoothstep(0.01, 0.05, slope(s, x, y));
  });
  s.forEach((i, u, v) => {
    const c = s.get(i);
    const l = luma(c);
    // wet: darker and more saturated; puddles gather in the low parts
    const base = kind === "wet" ? mix(c, { r: c.r * 0.62 + (c.r - l) * 0.3, g: c.g * 0.62 + (c.g - l) * 0.3, b: c.b * 0.68 + (c.b - l) * 0.3 }, 0.85) : c;
    const band = kind === "glossy" ? smoothstep(0.7, 0.98, Math.sin((u + v) * Math.PI * 2) * 0.5 + 0.5 + noise.fbm(u, v, 2, 2, 2) * 0.3) * 0.2 : 0;
    const puddle = kind === "wet" ? smoothstep(0.05, 0.25, noise.fbm(u + 0.4, v + 0.9, 3, 3, 3) - (s.height[i] ?? 0) + 0.3) * 0.6 : 0;
    // highlights broken up, as light catches a wet or polished face here and there
    const catches = smoothstep(-0.1, 0.25, noise.fbm(u + 0.2, v + 0.6, 6, 6, 2));
    const shine = Math.min(1, (highlight[i] ?? 0) * catches * (kind === "wet" ? 0.5 : 0.4) + band + puddle * 0.25);
    s.set(
      i,
      mix(mix(base, { r: 40, g: 48, b: 58 }, puddle * 0.5), { r: 235, g: 242, b: 250 }, shine),
      kind === "glossy" ? 0.5 + ((s.height[i] ?? 0) - 0.5) * 0.4 : (s.height[i] ?? 0) * (1 - puddle * 0.5),
    );
  });
}

/** A tint toward colour c by k over the whole surface ("deep" navy, "murky" green-brown). */
export function tintAll(s: Surface, c: Rgb, k: number): void {
  for (let i = 0; i < s.height.length; i++) s.blend(i, c, k);
}

/** Runs fn over small discs at random places (wrapping around the tile edges), with the disc's falloff 0..1. */
function dots(s: Surface, rng: Random, total: number, radius: number, fn: (i: number, k: number) => void): void {
  const n = s.size;
  for (let d = 0; d < total; d++) {
    const cx = rng.next() * n;
    const cy = rng.next() * n;
    const r = Math.max(0.8, radius * rng.range(0.6, 1.4));
    for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++)
      for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++) {
        const k = 1 - Math.hypot(x + 0.5 - cx, y + 0.5 - cy) / r;
        if (k > 0) fn((((y % n) + n) % n) * n + (((x % n) + n) % n), Math.min(1, k * 2));
      }
  }
}

const PETALS: readonly Rgb[] = [
  { r: 244, g: 241, b: 230 },
  { r: 242, g: 211, b: 60 },
  { r: 231, g: 127, b: 176 },
  { r: 155, g: 126, b: 224 },
  { r: 232, g: 80, b: 58 },
];

/** A garden: small flowers growing in clumps over the surface (a garden path instead runs through a meadow). */
export function addFlowers(s: Surface, noise: PeriodicNoise, rng: Random): void {
  const n = s.size;
  const total = Math.round((n * n) / 70);
  for (let d = 0; d < total; d++) {
    const x = rng.next();
    const y = rng.next();
    const colour = PETALS[rng.int(0, PETALS.length - 1)] ?? PETALS[0];
    if (noise.fbm(x + 0.42, y + 0.17, 3, 3, 3) < 0.08 || colour === undefined) continue;
    const leaf = { r: 62, g: 112, b: 44 };
    stampFlower(s, x * n, y * n, Math.max(1, n / 100), colour, leaf);
  }
}

/** One flower: four petals round a yellow heart, a leaf below, wrapping around the tile edges. */
function stampFlower(s: Surface, cx: number, cy: number, r: number, petal: Rgb, leaf: Rgb): void {
  const n = s.size;
  const reach = Math.ceil(r * 2.2);
  for (let y = Math.floor(cy) - reach; y <= Math.floor(cy) + reach; y++)
    for (let x = Math.floor(cx) - reach; x <= Math.floor(cx) + reach; x++) {
      const dx = x + 0.5 - cx;
      const dy = y + 0.5 - cy;
      const d = Math.hypot(dx, dy) / r;
      const i = (((y % n) + n) % n) * n + (((x % n) + n) % n);
      if (d < 0.6) s.set(i, { r: 240, g: 200, b: 60 }, 0.9);
      else if (d < 1.6 && Math.abs(Math.cos(Math.atan2(dy, dx) * 2)) > 0.35) s.set(i, petal, 0.85 - d * 0.1);
      else if (d < 2.1 && dy > 0) s.set(i, leaf, 0.7);
    }
}

/** Blood stains: dark red pooled in the low parts and in patches, with drops around them. */
export function addBlood(s: Surface, noise: PeriodicNoise, rng: Random): void {
  s.forEach((i, u, v, x, y) => {
    const patch = noise.fbm(u + 0.77, v + 0.11, 4, 4, 4);
    const pool = smoothstep(0.02, 0.2, patch + (0.45 - (s.height[i] ?? 0)) * 0.25);
    if (pool > 0) s.blend(i, mix(BLOOD_DARK, BLOOD_RED, hash2(x, y, 5) * 0.5), pool * 0.8);
  });
  // drops and splashes
  dots(s, rng, Math.round((s.size * s.size) / 350), s.size / 75, (i, k) => s.blend(i, BLOOD_RED, k * 0.85));
}

const BLOOD_DARK: Rgb = { r: 92, g: 8, b: 12 };
const BLOOD_RED: Rgb = { r: 140, g: 16, b: 20 };

/** Barnacles: clusters of small pale cones with dark mouths, crusting patches of the surface. */
export function addBarnacles(s: Surface, noise: PeriodicNoise, rng: Random, crusted = false): void {
  const all = stamps(rng, s.size, Math.round((s.size * s.size) / 50), 0.032, 0.4);
  // "barnacle-crusted": they crust most of it
  const crust = all.filter((st) => noise.fbm(st.x / s.size + 0.33, st.y / s.size + 0.5, 4, 4, 3) > (crusted ? -0.25 : 0.02));
  const shell = { r: 206, g: 198, b: 180 };
  const mouth = { r: 36, g: 34, b: 30 };
  scatter(s, crust, barnacle, (st, alt) => (alt ? mouth : mix(shell, { r: 150, g: 144, b: 128 }, st.id * 0.6)), { base: 0.55, lift: 0.45 });
}

/** A barnacle seen from above: a ridged cone with a dark slit mouth. */
const barnacle: Shape = (x, y) => {
  const d = Math.hypot(x, y);
  if (d >= 1) return undefined;
  if (d < 0.28) return { shade: 0, h: 0.5, alt: true };
  const ridge = Math.cos(Math.atan2(y, x) * 6) * 0.08;
  return { shade: ridge - (x + y) * 0.2 - (d > 0.85 ? 0.25 : 0), h: 1 - d * 0.7 };
};

/** Rivets in rows along a grid of seams: small domes with a highlight. */
export function addRivets(s: Surface, rng: Random): void {
  const seams = rng.pick([2, 3, 4]);
  const along = seams * rng.pick([4, 5, 6]);
  const r = Math.max(1.3, s.size / 70);
  s.forEach((i, u, v) => {
    const inset = 0.04;
    let best = Infinity;
    for (const [a, b] of [
      [u, v],
      [v, u],
    ] as const) {
      const fa = a * seams - Math.floor(a * seams);
      const da = Math.min(Math.abs(fa - inset), Math.abs(fa - (1 - inset))) / seams;
      const fb = b * along - Math.floor(b * along);
      const db = Math.abs(fb - 0.5) / along;
      best = Math.min(best, Math.hypot(da, db) * s.size);
    }
    if (best > r) return;
    const dome = Math.sqrt(1 - (best / r) ** 2);
    const c = s.get(i);
    s.set(i, dome < 0.35 ? mix(c, { r: 20, g: 20, b: 24 }, 0.5) : mix(c, { r: 235, g: 235, b: 230 }, dome * 0.3), Math.max(s.height[i] ?? 0, 0.7 + dome * 0.3));
  });
}

/** Dust: a pale film settled over the surface, thickest in its low parts, with a fine grain. */
export function addDust(s: Surface, noise: PeriodicNoise, salt: number): void {
  const dust = { r: 196, g: 182, b: 156 };
  s.forEach((i, u, v, x, y) => {
    const k = 0.25 + 0.45 * smoothstep(-0.1, 0.4, noise.fbm(u + 0.15, v + 0.85, 3, 3, 3) + (0.5 - (s.height[i] ?? 0)) * 0.8);
    s.blend(i, { r: dust.r * (0.9 + hash2(x, y, salt + 9) * 0.2), g: dust.g, b: dust.b }, k);
    s.height[i] = (s.height[i] ?? 0) * (1 - k * 0.3) + 0.5 * k * 0.3;
  });
}

/** A crypt's grime: darker, greyer, with dark stains in the low parts. */
export function addGrime(s: Surface, noise: PeriodicNoise): void {
  s.forEach((i, u, v) => {
    const c = s.get(i);
    const l = luma(c);
    const low = smoothstep(0, 0.35, noise.fbm(u + 0.5, v, 4, 4, 4) + (0.5 - (s.height[i] ?? 0)) * 0.8);
    s.set(i, mix(mix(c, { r: l, g: l, b: l }, 0.35), { r: 28, g: 26, b: 22 }, 0.25 + low * 0.45), s.height[i] ?? 0);
  });
}

/**
 * Tropical: on plants, lush saturated greens (warm leaf hues turned toward them); elsewhere brighter,
 * with blues turned to turquoise (white sand, clear lagoon water).
 */
export function addLush(s: Surface, plants: boolean): void {
  for (let i = 0; i < s.height.length; i++) {
    const hsl = toHsl(s.get(i));
    let { h, l } = hsl;
    if (plants && (h < 100 || h > 330)) h = (h > 330 ? h - 360 : h) * 0.4 + 110 * 0.6;
    if (!plants && h > 170 && h < 260) h = h * 0.4 + 182 * 0.6;
    if (!plants) l = Math.min(0.92, l * 1.1 + 0.03);
    s.set(i, fromHsl({ h, s: Math.min(1, hsl.s * 1.3 + 0.05), l }), s.height[i] ?? 0);
  }
}

/** Materials that are plants: "tropical" turns them green. */
export const PLANTS: ReadonlySet<string> = new Set(["forest", "grass", "meadow", "moss", "hedge", "swamp", "bamboo", "thatch", "hay", "farmland", "field"]);

/** Alien: hues turned toward violet and teal, and glowing spores in the low parts. */
export function addAlien(s: Surface, rng: Random, recolour: boolean): void {
  if (recolour)
    for (let i = 0; i < s.height.length; i++) {
      const c = s.get(i);
      s.set(i, { r: c.b * 0.8 + c.r * 0.3, g: c.r * 0.35 + c.g * 0.3, b: c.g * 0.6 + c.r * 0.5 }, s.height[i] ?? 0);
    }
  dots(s, rng, Math.round((s.size * s.size) / 220), s.size / 120, (i, k) => {
    s.glow[i] = Math.max(s.glow[i] ?? 0, k * 0.9);
  });
}
