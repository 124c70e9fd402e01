/**
 * Paints one tile of an autotile set from the two terrain textures and the tile's boundary
 * distance (field.ts): the foreground where the distance is positive, the background (or
 * transparency) elsewhere, and an edge treatment chosen by the foreground's material: grass gets a
 * dark rim, a lit top edge and ragged blades; liquids a foam line and lighter shallows with wet
 * ground beside them; loose ground a soft rim; stone, wood and other hard surfaces an outline, a
 * lit top edge and a darker front lip. The foreground casts a short shadow down and to the right
 * onto the background. Everything read here is either the same for every tile (textures, noise)
 * or agrees across shared tile edges (the distance), so the treatment continues across tiles.
 */
import { shadeFast, type Rgb } from "../kit/color.js";

export type EdgeStyle = "grass" | "liquid" | "soft" | "hard";

const GRASSY = new Set(["grass", "meadow", "moss", "hedge", "forest", "hay", "field"]);
const LIQUID = new Set(["water", "swamp", "acid", "slime", "lava"]);
const SOFT = new Set(["sand", "dirt", "snow", "mud", "clay", "gravel", "pebbles", "parched", "ash", "dust", "mars", "farmland"]);

/** The edge treatment of a texture material. */
export function edgeStyleOf(material: string): EdgeStyle {
  if (GRASSY.has(material)) return "grass";
  if (LIQUID.has(material)) return "liquid";
  if (SOFT.has(material)) return "soft";
  return "hard";
}

export interface PaintContext {
  size: number;
  style: EdgeStyle;
  /** The background is a liquid (sand over water: foam in the water along the shore). */
  backgroundLiquid: boolean;
  foreground: Uint8Array;
  /** null: transparency (a one-terrain set). */
  background: Uint8Array | null;
  /** Periodic high-frequency noise (about -1..1), the same for every tile: ragged edges, broken foam. */
  grain: Float32Array;
}

/** How far (in pixels at 64 px tiles) the boundary frays, by style. */
const RAGGED: Readonly<Record<EdgeStyle, number>> = { grass: 2.2, liquid: 0.6, soft: 0.9, hard: 0.5 };
const FOAM: Rgb = { r: 236, g: 246, b: 250 };

/** Writes the tile into `sheet` (RGBA, `stride` pixels wide) at pixel (left, top). */
export function paintTile(
  ctx: PaintContext,
  dist: Float32Array,
  nx: Float32Array,
  ny: Float32Array,
  sheet: Uint8Array,
  stride: number,
  left: number,
  top: number,
): void {
  const { size, style, background, grain } = ctx;
  const s = size / 64;
  const ragged = RAGGED[style] * s;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const p = y * size + x;
      const g = grain[p] ?? 0;
      const d = (dist[p] ?? 0) + g * ragged;
      const o = ((top + y) * stride + left + x) * 4;
      // lit from the top left: > 0 where the boundary faces the light (a top or left edge of the foreground)
      const facing = (ny[p] ?? 0) * 0.8 + (nx[p] ?? 0) * 0.45;
      let c: Rgb;
      if (d > 0) {
        c = foregroundAt(ctx, p, d / s, facing, g);
      } else if (background === null) {
        sheet[o] = 0;
        sheet[o + 1] = 0;
        sheet[o + 2] = 0;
        sheet[o + 3] = 0;
        continue;
      } else {
        c = backgroundAt(ctx, background, p, -d / s, facing, g);
      }
      sheet[o] = clamp(c.r);
      sheet[o + 1] = clamp(c.g);
      sheet[o + 2] = clamp(c.b);
      sheet[o + 3] = 255;
    }
  }
}

const clamp = (v: number): number => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

function pixel(rgba: Uint8Array, p: number): Rgb {
  return { r: rgba[p * 4] ?? 0, g: rgba[p * 4 + 1] ?? 0, b: rgba[p * 4 + 2] ?? 0 };
}

function mixRgb(a: Rgb, b: Rgb, t: number): Rgb {
  return { r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t };
}

/** A foreground pixel `d` (in 64-px-tile pixels) inside the boundary. */
function foregroundAt(ctx: PaintContext, p: number, d: number, facing: number, grain: number): Rgb {
  const c = pixel(ctx.foreground, p);
  const lit = Math.max(0, facing);
  const away = Math.max(0, -facing);
  switch (ctx.style) {
    case "grass":
      if (d < 1) return shadeFast(c, -0.42);
      if (d < 2.4) return shadeFast(c, 0.16 * lit - 0.22 * away);
      return c;
    case "liquid":
      // a foam line, broken here and there, a second fainter one, then lighter shallows
      if (d < 1.4 && grain > -0.45) return mixRgb(c, FOAM, 0.82);
      if (d < 2.4) return mixRgb(c, FOAM, 0.3);
      if (d > 3.4 && d < 4.4 && grain > 0.15) return mixRgb(c, FOAM, 0.45);
      if (d < 6.5) return mixRgb(c, FOAM, 0.16);
      return c;
    case "soft":
      if (d < 1) return shadeFast(c, -0.3);
      if (ctx.backgroundLiquid && d < 3) return shadeFast(c, -0.16);
      if (d < 2.2) return shadeFast(c, 0.12 * lit - 0.12 * away);
      return c;
    default:
      if (d < 1) return shadeFast(c, -0.62);
      if (d < 2.4 && lit > 0.35) return shadeFast(c, 0.3);
      // the front lip of a raised surface: its bottom edge, seen from above at an angle
      if (away > 0.35) {
        const face = 6 * Math.min(1, (away - 0.35) * 2.5);
        if (d < face) return shadeFast(c, -0.42 + (d / face) * 0.12);
        if (d < face + 1) return shadeFast(c, 0.22);
      }
      return c;
  }
}

/** A background pixel `d` (in 64-px-tile pixels) outside the boundary. */
function backgroundAt(ctx: PaintContext, background: Uint8Array, p: number, d: number, facing: number, grain: number): Rgb {
  const c = pixel(background, p);
  // the foreground's shadow falls down and to the right: on the background where the boundary faces away from the light
  const shadowed = Math.max(0, -facing);
  if (ctx.backgroundLiquid && ctx.style !== "liquid") {
    if (d < 1.4 && grain > -0.3) return mixRgb(c, FOAM, 0.7);
    if (d < 3.4) return mixRgb(c, FOAM, 0.2);
    return c;
  }
  if (ctx.style === "liquid") {
    // wet ground along the water, darkest at the waterline
    if (d < 3.2) return shadeFast(c, d < 1.2 ? -0.36 : d < 2.2 ? -0.24 : -0.14);
    return c;
  }
  const reach = ctx.style === "hard" ? 3.2 : 2.2;
  if (d < reach && shadowed > 0.2) return shadeFast(c, -(ctx.style === "hard" ? 0.36 : 0.3) * Math.min(1, shadowed * 1.5));
  return c;
}
