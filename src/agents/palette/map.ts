/**
 * Mapping a picture onto a palette by perceptual distance (OKLab): every pixel with alpha > 0
 * becomes exactly one palette colour. Optional ordered (Bayer) dithering mixes the two nearest
 * colours of each pixel in OKLab, for textures and gradients; sprites and icons map without it.
 * Deterministic: the same pixels and palette give the same bytes.
 */
import { type Rgb, rgbKey } from "./color.js";
import { type Oklab, toOklab } from "./oklab.js";

export { rampFromPalette } from "./ramp.js";

/** A palette with its OKLab coordinates computed once. */
export interface PreparedPalette {
  readonly colors: readonly Rgb[];
  readonly L: Float64Array;
  readonly a: Float64Array;
  readonly b: Float64Array;
}

export function preparePalette(palette: readonly Rgb[] | PreparedPalette): PreparedPalette {
  if (!Array.isArray(palette)) return palette as PreparedPalette;
  if (palette.length === 0 || palette.length > 256) throw new RangeError(`A palette holds 1–256 colours, not ${palette.length}.`);
  const n = palette.length;
  const prepared = { colors: palette as readonly Rgb[], L: new Float64Array(n), a: new Float64Array(n), b: new Float64Array(n) };
  for (const [i, c] of palette.entries()) {
    const lab = toOklab(c);
    prepared.L[i] = lab.L;
    prepared.a[i] = lab.a;
    prepared.b[i] = lab.b;
  }
  return prepared;
}

/** The indexes of the two palette colours nearest (L, a, b) (ties: the earlier colour). */
function twoNearest(p: PreparedPalette, L: number, a: number, b: number): { first: number; second: number } {
  let first = 0;
  let second = -1;
  let d1 = Number.POSITIVE_INFINITY;
  let d2 = Number.POSITIVE_INFINITY;
  for (let i = 0; i < p.colors.length; i++) {
    const dL = p.L[i]! - L;
    const da = p.a[i]! - a;
    const db = p.b[i]! - b;
    const d = dL * dL + da * da + db * db;
    if (d < d1) {
      second = first;
      d2 = d1;
      first = i;
      d1 = d;
    } else if (d < d2) {
      second = i;
      d2 = d;
    }
  }
  return { first, second: second < 0 ? first : second };
}

/** The index of the palette colour nearest `lab` in OKLab (ties: the earlier colour). */
export function nearestIndex(lab: Oklab, palette: readonly Rgb[] | PreparedPalette): number {
  return twoNearest(preparePalette(palette), lab.L, lab.a, lab.b).first;
}

/** The palette colour that looks nearest `rgb` (OKLab distance). */
export function nearest(rgb: Rgb, palette: readonly Rgb[] | PreparedPalette): Rgb {
  const p = preparePalette(palette);
  return p.colors[nearestIndex(toOklab(rgb), p)]!;
}

/** The n×n Bayer matrix (n a power of two), values 0..n²−1: M(2n) = [[4M, 4M+2], [4M+3, 4M+1]]. */
export function bayerMatrix(n: 2 | 4 | 8): Uint8Array {
  let size = 1;
  let m = new Uint8Array([0]);
  while (size < n) {
    const next = new Uint8Array(4 * size * size);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const v = 4 * m[y * size + x]!;
        next[y * 2 * size + x] = v;
        next[y * 2 * size + x + size] = v + 2;
        next[(y + size) * 2 * size + x] = v + 3;
        next[(y + size) * 2 * size + x + size] = v + 1;
      }
    }
    m = next;
    size *= 2;
  }
  return m;
}

export type Dither = "none" | "ordered";

const CACHE_BITS = 14;
const CACHE_SIZE = 1 << CACHE_BITS;

export interface MapOptions {
  /** "ordered": Bayer dithering between each pixel's two nearest colours (textures). Default "none". */
  dither?: Dither;
  /** The Bayer matrix's side for ordered dithering. Default 4. */
  bayer?: 4 | 8;
  /** Alpha ≥ 128 becomes 255, anything less 0 (pixel art). Default false: alpha is kept. */
  binaryAlpha?: boolean;
}

/**
 * `rgba` (8-bit RGBA, row-major) mapped onto `palette`, as a new array. Every pixel whose alpha
 * (after `binaryAlpha`) is above 0 gets exactly one palette colour; a pixel left at alpha 0 is
 * written 0,0,0,0 (invisible either way; the bytes no longer carry the unmapped picture).
 *
 * Ordered dithering: with c1, c2 the pixel's two nearest palette colours and t the position of
 * the pixel's colour projected on the segment c1→c2 in OKLab (0 at c1, clamped to 0..1), the
 * pixel takes c2 when t exceeds the Bayer threshold (m + 0.5) / n² at (x mod n, y mod n), else
 * c1. A colour of the palette (t = 0) is never dithered.
 */
export function mapImage(rgba: Uint8Array, width: number, height: number, palette: readonly Rgb[] | PreparedPalette, options: MapOptions = {}): Uint8Array {
  if (rgba.length !== width * height * 4) throw new RangeError(`Expected ${width * height * 4} bytes for ${width}×${height} RGBA, got ${rgba.length}.`);
  const p = preparePalette(palette);
  const dither = options.dither === "ordered";
  const n = options.bayer ?? 4;
  const matrix = bayerMatrix(n);
  const cells = n * n;
  const out = new Uint8Array(rgba.length);
  // Per colour: the nearest index (bits 0–7), the second (8–15) and t × 65535 (16–31), in a
  // direct-mapped cache (a Map of every distinct colour of a 512² photo is slower than the misses).
  const cacheKeys = new Int32Array(CACHE_SIZE).fill(-1);
  const cacheValues = new Uint32Array(CACHE_SIZE);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 4) {
      let alpha = rgba[i + 3]!;
      if (options.binaryAlpha) alpha = alpha >= 128 ? 255 : 0;
      if (alpha === 0) continue;
      const key = (rgba[i]! << 16) | (rgba[i + 1]! << 8) | rgba[i + 2]!;
      const slot = Math.imul(key, 0x9e3779b1) >>> (32 - CACHE_BITS);
      let entry = cacheValues[slot]!;
      if (cacheKeys[slot] !== key) {
        entry = lookup(p, rgba[i]!, rgba[i + 1]!, rgba[i + 2]!, dither);
        cacheKeys[slot] = key;
        cacheValues[slot] = entry;
      }
      let index = entry & 255;
      if (dither) {
        const t = (entry >>> 16) / 65535;
        if (t > (matrix[(y % n) * n + (x % n)]! + 0.5) / cells) index = (entry >>> 8) & 255;
      }
      const c = p.colors[index]!;
      out[i] = c.r;
      out[i + 1] = c.g;
      out[i + 2] = c.b;
      out[i + 3] = alpha;
    }
  }
  return out;
}

function lookup(p: PreparedPalette, r: number, g: number, b: number, dither: boolean): number {
  const lab = toOklab({ r, g, b });
  const { first, second } = twoNearest(p, lab.L, lab.a, lab.b);
  if (!dither || first === second) return first | (first << 8);
  const eL = p.L[second]! - p.L[first]!;
  const ea = p.a[second]! - p.a[first]!;
  const eb = p.b[second]! - p.b[first]!;
  const len2 = eL * eL + ea * ea + eb * eb;
  const proj = len2 > 0 ? ((lab.L - p.L[first]!) * eL + (lab.a - p.a[first]!) * ea + (lab.b - p.b[first]!) * eb) / len2 : 0;
  const t = Math.min(Math.max(proj, 0), 1);
  return (first | (second << 8) | (Math.round(t * 65535) << 16)) >>> 0;
}

/** True when every pixel with alpha > 0 is exactly one of the palette's colours. */
export function keepsToPalette(rgba: Uint8Array, palette: readonly Rgb[]): boolean {
  const keys = new Set(palette.map(rgbKey));
  for (let i = 0; i < rgba.length; i += 4) {
    if (rgba[i + 3] !== 0 && !keys.has((rgba[i]! << 16) | (rgba[i + 1]! << 8) | rgba[i + 2]!)) return false;
  }
  return true;
}
