/** Colour maths shared by the generators. Channels are 0..255 floats until written to a canvas. */
import type { Rgb } from "../../palette/color.js";

export type { Rgb };

export interface Hsl {
  /** 0..360 */
  readonly h: number;
  /** 0..1 */
  readonly s: number;
  /** 0..1 */
  readonly l: number;
}

export function rgb(hex: number): Rgb {
  return { r: (hex >> 16) & 255, g: (hex >> 8) & 255, b: hex & 255 };
}

const clamp01 = (v: number): number => (v < 0 ? 0 : Math.min(v, 1));

export function toHsl(c: Rgb): Hsl {
  const r = c.r / 255;
  const g = c.g / 255;
  const b = c.b / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  h *= 60;
  if (h < 0) h += 360;
  return { h, s: clamp01(s), l };
}

export function fromHsl(hsl: Hsl): Rgb {
  const h = (((hsl.h % 360) + 360) % 360) / 60;
  const s = clamp01(hsl.s);
  const l = clamp01(hsl.l);
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const m = l - c / 2;
  let r = 0;
  let g = 0;
  let b = 0;
  if (h < 1) [r, g, b] = [c, x, 0];
  else if (h < 2) [r, g, b] = [x, c, 0];
  else if (h < 3) [r, g, b] = [0, c, x];
  else if (h < 4) [r, g, b] = [0, x, c];
  else if (h < 5) [r, g, b] = [x, 0, c];
  else [r, g, b] = [c, 0, x];
  return { r: (r + m) * 255, g: (g + m) * 255, b: (b + m) * 255 };
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return { r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t };
}

/** Rotates a hue toward a target hue by at most `maxStep` degrees along the short way. */
function hueToward(h: number, target: number, maxStep: number): number {
  let delta = ((target - h + 540) % 360) - 180;
  if (Math.abs(delta) > maxStep) delta = Math.sign(delta) * maxStep;
  return h + delta;
}

/**
 * Pixel-art style shading: `amount` > 0 lightens and warms the hue (toward yellow), `amount` < 0
 * darkens and cools it (toward blue/purple). `amount` is roughly a lightness delta (-1..1).
 */
export function shade(c: Rgb, amount: number): Rgb {
  const hsl = toHsl(c);
  const shift = Math.abs(amount) * 40 * hsl.s;
  const h = amount > 0 ? hueToward(hsl.h, 55, shift) : hueToward(hsl.h, 245, shift);
  const l = clamp01(hsl.l + amount * (amount > 0 ? 1 - hsl.l * 0.4 : 0.5 + hsl.l * 0.5));
  const s = clamp01(hsl.s * (amount > 0 ? 1 - amount * 0.35 : 1 + Math.abs(amount) * 0.15));
  return fromHsl({ h, s, l });
}

/**
 * A cheap approximation of `shade` for per-pixel use (no HSL round trip): lightens toward a warm
 * white, darkens toward a cool black.
 */
export function shadeFast(c: Rgb, amount: number): Rgb {
  if (amount >= 0) {
    const t = Math.min(1, amount * 0.85);
    return { r: c.r + (255 - c.r) * t, g: c.g + (248 - c.g) * t, b: c.b + (225 - c.b) * t };
  }
  const k = Math.max(0, 1 + amount);
  return { r: c.r * k, g: c.g * k, b: c.b * (k + (1 - k) * 0.25) + (1 - k) * 6 };
}

/** Tone presets driven by style words. */
export type Tone = "dark" | "bright" | "pastel" | "muted";

export function applyTone(c: Rgb, tone: Tone | undefined): Rgb {
  if (!tone) return c;
  const hsl = toHsl(c);
  switch (tone) {
    case "dark":
      return fromHsl({ h: hsl.h, s: hsl.s * 0.9, l: hsl.l * 0.55 });
    case "bright":
      return fromHsl({ h: hsl.h, s: Math.min(1, hsl.s * 1.25 + 0.1), l: Math.min(0.72, hsl.l * 1.12 + 0.06) });
    case "pastel":
      return fromHsl({ h: hsl.h, s: hsl.s * 0.55, l: 0.72 + hsl.l * 0.18 });
    case "muted":
      return fromHsl({ h: hsl.h, s: hsl.s * 0.4, l: hsl.l * 0.9 + 0.04 });
  }
}
