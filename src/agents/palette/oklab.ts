/**
 * OKLab (Björn Ottosson, https://bottosson.github.io/posts/oklab/): a perceptual colour space where
 * Euclidean distance tracks how different two colours look and L is perceived lightness (0 black,
 * 1 white). Input is 8-bit sRGB.
 */
import type { Rgb } from "./color.js";

export interface Oklab {
  /** Lightness, 0..1. */
  L: number;
  a: number;
  b: number;
}

/** sRGB 8-bit channel → linear light 0..1 (the sRGB transfer function, tabulated once). */
const LINEAR = new Float64Array(256);
for (let i = 0; i < 256; i++) {
  const c = i / 255;
  LINEAR[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

const linear = (v: number): number => LINEAR[v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v)]!;

/** The cube roots of the three cone responses (LMS) of an 8-bit sRGB colour. */
function lms(r: number, g: number, b: number): [number, number, number] {
  const lr = linear(r);
  const lg = linear(g);
  const lb = linear(b);
  return [
    Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb),
    Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb),
    Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb),
  ];
}

export function toOklab(c: Rgb): Oklab {
  const [l, m, s] = lms(c.r, c.g, c.b);
  return {
    L: 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    a: 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    b: 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  };
}

/**
 * Cube root on 0..1 for the per-pixel loops: u = v^¼ (two square roots) indexes a table of
 * u^(4/3) = v^⅓, interpolated linearly; u^(4/3) is smooth down to 0, unlike the cube root itself.
 * Within 1e-6 of Math.cbrt over the sRGB gamut, and about twice as fast.
 */
const ROOT_STEPS = 1024;
const ROOT = new Float64Array(ROOT_STEPS + 2);
for (let k = 0; k <= ROOT_STEPS + 1; k++) ROOT[k] = (k / ROOT_STEPS) ** (4 / 3);

function fastCbrt(v: number): number {
  const u = Math.sqrt(Math.sqrt(v)) * ROOT_STEPS;
  const k = u | 0;
  const lo = ROOT[k]!;
  return lo + (ROOT[k + 1]! - lo) * (u - k);
}

/** OKLab lightness alone, from 8-bit channels (no object; the fast cube root: for measuring, not mapping). */
export function oklabLightness(r: number, g: number, b: number): number {
  const lr = linear(r);
  const lg = linear(g);
  const lb = linear(b);
  const l = fastCbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = fastCbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = fastCbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  return 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
}

/** Squared Euclidean distance in OKLab. */
export function distance2(p: Oklab, q: Oklab): number {
  const dL = p.L - q.L;
  const da = p.a - q.a;
  const db = p.b - q.b;
  return dL * dL + da * da + db * db;
}
