/**
 * Layers that combine or mark a rendered surface: a substance's texture inside the blocks of a
 * layout (marble tiles, golden tiles), a path band through a verge, wheel ruts along a road, and
 * the veins of an effect (poison, fire, holy, shadow, mana...). All wrap around the tile edges.
 */
import type { Rgb } from "../kit/color.js";
import type { PeriodicNoise } from "../kit/noise.js";
import type { Random } from "../kit/random.js";
import { smoothstep, type OverlayContext, type Surface } from "./surface.js";

const luma = (r: number, g: number, b: number): number => 0.3 * r + 0.59 * g + 0.11 * b;

/**
 * Draws `substance` inside the blocks of `layout` (pixels above the grout), keeping the layout's
 * per-block shading: the block's brightness relative to the layout's main colour scales the
 * substance's colour.
 */
export function inlay(layout: Surface, substance: Surface, main: Rgb): void {
  const reference = Math.max(1, luma(main.r, main.g, main.b));
  for (let i = 0; i < layout.height.length; i++) {
    const h = layout.height[i] ?? 0;
    const k = smoothstep(0.18, 0.3, h);
    if (k <= 0) continue;
    const j = i * 3;
    const ratio = Math.min(1.5, Math.max(0.45, luma(layout.color[j] ?? 0, layout.color[j + 1] ?? 0, layout.color[j + 2] ?? 0) / reference));
    const c = { r: (substance.color[j] ?? 0) * ratio, g: (substance.color[j + 1] ?? 0) * ratio, b: (substance.color[j + 2] ?? 0) * ratio };
    layout.blend(i, c, k);
    layout.height[i] = h + ((substance.height[i] ?? 0.5) - 0.5) * 0.15 * k;
    layout.glow[i] = Math.max(layout.glow[i] ?? 0, (substance.glow[i] ?? 0) * k);
  }
}

/** A band of `path` (already in s) across the tile, wandering a little, with `verge` on both sides. */
export function bandThrough(s: Surface, verge: Surface, noise: PeriodicNoise, rng: Random): void {
  const centre = rng.range(0.35, 0.65);
  const width = rng.range(0.17, 0.28);
  const sway = rng.range(0.02, 0.08);
  const turns = rng.int(1, 2);
  const phase = rng.next() * Math.PI * 2;
  s.forEach((i, u, v) => {
    const mid = centre + Math.sin(u * Math.PI * 2 * turns + phase) * sway + noise.fbm(u, 0.5, 4, 1, 2) * 0.03;
    const ragged = noise.fbm(u, v, 12, 12, 3) * 0.04;
    const dv = Math.abs(v - mid);
    const edge = Math.min(dv, 1 - dv);
    const k = smoothstep(width - 0.015, width + 0.015, edge + ragged);
    if (k <= 0) return;
    const j = i * 3;
    s.blend(i, { r: verge.color[j] ?? 0, g: verge.color[j + 1] ?? 0, b: verge.color[j + 2] ?? 0 }, k);
    s.height[i] = (s.height[i] ?? 0) * (1 - k) + ((verge.height[i] ?? 0) + 0.1) * k;
  });
}

/** Patches of a second ground (`other`) over the first, with soft ragged edges; `sparse` raises the threshold (fewer patches). */
export function patchesOf(s: Surface, other: Surface, noise: PeriodicNoise, rng: Random, sparse = 0): void {
  const cover = rng.range(-0.05, 0.12) + sparse;
  const f = rng.int(3, 5);
  const phase = rng.next();
  s.forEach((i, u, v) => {
    const k = smoothstep(cover, cover + 0.08, noise.fbm(u + phase, v + 0.37, f, f, 4));
    if (k <= 0) return;
    const j = i * 3;
    s.blend(i, { r: other.color[j] ?? 0, g: other.color[j + 1] ?? 0, b: other.color[j + 2] ?? 0 }, k);
    s.height[i] = (s.height[i] ?? 0) * (1 - k) + (other.height[i] ?? 0) * k;
  });
}

/** Two wheel ruts along a road of loose ground: pressed down, darker, with a ridge between them. */
export function addRuts(s: Surface, { noise }: OverlayContext, rng: Random): void {
  const centre = rng.range(0.3, 0.7);
  const gauge = rng.range(0.14, 0.22);
  const width = rng.range(0.03, 0.05);
  s.forEach((i, u, v) => {
    const wobble = noise.fbm(u, 0.25, 3, 1, 2) * 0.025;
    let pressed = 0;
    for (const track of [centre - gauge / 2, centre + gauge / 2]) {
      const d = Math.abs(v - track - wobble);
      pressed = Math.max(pressed, 1 - smoothstep(width * 0.5, width, Math.min(d, 1 - d)));
    }
    if (pressed <= 0) return;
    s.blend(i, { r: 40, g: 30, b: 22 }, pressed * 0.5);
    s.height[i] = (s.height[i] ?? 0) * (1 - pressed * 0.6);
  });
}

/** Veins of an effect's energy: thin glowing lines (wider and softer for holy light, darker for shadow). */
export function addEffectVeins(s: Surface, { noise }: OverlayContext, effect: string): void {
  const width = effect === "holy" || effect === "healing" ? 0.07 : effect === "lightning" ? 0.025 : 0.045;
  s.forEach((i, u, v) => {
    const line = Math.abs(noise.fbm(u + 0.13, v + 0.71, 3, 3, 4));
    const vein = 1 - smoothstep(width * 0.4, width, line);
    const haze = smoothstep(0.1, 0.45, noise.fbm(u + 0.6, v + 0.2, 2, 2, 3)) * 0.25;
    if (effect === "shadow") s.blend(i, { r: 12, g: 6, b: 20 }, haze * 1.2);
    const k = Math.max(vein * 0.85, haze * (effect === "shadow" ? 0.5 : 1));
    s.glow[i] = Math.max(s.glow[i] ?? 0, k);
  });
}
