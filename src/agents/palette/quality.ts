/**
 * The `quality` report of an asset (contract section 12): figures measured on the stored pixels, so
 * that a client that cannot look at the picture can still tell what it got. One pass over the
 * pixels; no allocation per pixel (two bitsets of 2^24 bits are kept between calls).
 */
import type { Rgb } from "./color.js";
import { rgbKey } from "./color.js";
import { oklabLightness } from "./oklab.js";

export interface QualityReport {
  /** Distinct RGB colours among the pixels with alpha > 0 (alpha itself not counted). */
  colors: number;
  /** Share of the pixels with alpha > 0 whose RGB is exactly a palette colour; 1 when no palette was asked (or nothing is opaque). */
  paletteCompliance: number;
  /** Share of all pixels with alpha > 0. */
  alphaCoverage: number;
  /** The smallest rectangle holding every pixel with alpha > 0, or null when there is none. */
  bbox: { x: number; y: number; width: number; height: number } | null;
  /**
   * Mean |ΔL| (OKLab lightness, 0–1) over the pairs of 4-neighbour pixels both with alpha > 0:
   * 0 for a flat fill (or a blank image), 1 for a black-and-white checkerboard. Near 0 says the
   * asset is a flat shape; edges against transparency are not counted.
   */
  edgeContrast: number;
  /**
   * Textures (`tileable`): the mean colour difference across the wrap seam ÷ the mean difference
   * between adjacent pixels inside the image, as seen in the image tiled 2×2. 1.0 = seamless,
   * above 1 = a visible seam. Difference = |Δr| + |Δg| + |Δb| + |Δa| of the two pixels.
   */
  tileabilityScore?: number;
}

export interface QualityOptions {
  /** The palette asked for, if any. */
  palette?: readonly Rgb[];
  /** A texture meant to tile: adds `tileabilityScore`. */
  tileable?: boolean;
}

const WORDS = 1 << 19; // 2^24 bits, one per 24-bit colour
let seenBits: Uint32Array | undefined;
let paletteBits: Uint32Array | undefined;

// Lightness of recent colours: a direct-mapped cache (pixel art and palette images repeat few colours).
const CACHE_SIZE = 4096;
const cacheKeys = new Int32Array(CACHE_SIZE).fill(-1);
const cacheL = new Float64Array(CACHE_SIZE);

function lightness(key: number): number {
  const slot = Math.imul(key, 0x9e3779b1) >>> 20;
  if (cacheKeys[slot] === key) return cacheL[slot]!;
  const L = oklabLightness(key >>> 16, (key >>> 8) & 255, key & 255);
  cacheKeys[slot] = key;
  cacheL[slot] = L;
  return L;
}

const round4 = (v: number): number => Math.round(v * 10_000) / 10_000;

const diff = (d: Uint8Array, i: number, j: number): number =>
  Math.abs(d[i]! - d[j]!) + Math.abs(d[i + 1]! - d[j + 1]!) + Math.abs(d[i + 2]! - d[j + 2]!) + Math.abs(d[i + 3]! - d[j + 3]!);

/**
 * Measures `rgba` (8-bit RGBA, row-major, width × height). Ratios are rounded to 4 decimals.
 *
 * - colors = |{rgb of p : alpha(p) > 0}|
 * - paletteCompliance = |{p : alpha(p) > 0, rgb(p) ∈ palette}| / |{p : alpha(p) > 0}|
 * - alphaCoverage = |{p : alpha(p) > 0}| / (width × height)
 * - bbox = min/max x and y of {p : alpha(p) > 0}
 * - edgeContrast = Σ |L(p) − L(q)| / #pairs over horizontally and vertically adjacent p, q both with alpha > 0
 * - tileabilityScore = mean diff over the wrap pairs ((width−1, y)–(0, y) and (x, height−1)–(x, 0))
 *   ÷ mean diff over the adjacent pairs inside; tiling 2×2 repeats each kind of pair evenly, so
 *   these are the 2×2 image's means without drawing it.
 */
export function measureQuality(rgba: Uint8Array, width: number, height: number, options: QualityOptions = {}): QualityReport {
  if (rgba.length !== width * height * 4) throw new RangeError(`Expected ${width * height * 4} bytes for ${width}×${height} RGBA, got ${rgba.length}.`);
  seenBits ??= new Uint32Array(WORDS);
  const seen = seenBits.fill(0);
  const palette = options.palette;
  let inPalette: Uint32Array | undefined;
  if (palette) {
    paletteBits ??= new Uint32Array(WORDS);
    inPalette = paletteBits;
    for (const c of palette) {
      const key = rgbKey(c);
      inPalette[key >>> 5]! |= 1 << (key & 31);
    }
  }
  const tileable = options.tileable === true;

  let colors = 0;
  let opaque = 0;
  let compliant = 0;
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  let contrastSum = 0;
  let contrastPairs = 0;
  let innerSum = 0;
  let innerPairs = 0;
  let seamSum = 0;
  let seamPairs = 0;
  // Lightness of the previous row and of this one; −1 marks a pixel with alpha 0.
  let above = new Float64Array(width);
  let row = new Float64Array(width);

  for (let y = 0, i = 0; y < height; y++) {
    let left = -1;
    for (let x = 0; x < width; x++, i += 4) {
      if (tileable) {
        if (x > 0) (innerSum += diff(rgba, i - 4, i)), innerPairs++;
        if (y > 0) (innerSum += diff(rgba, i - width * 4, i)), innerPairs++;
        if (x === width - 1) (seamSum += diff(rgba, i, i - x * 4)), seamPairs++;
        if (y === height - 1) (seamSum += diff(rgba, i, x * 4)), seamPairs++;
      }
      if (rgba[i + 3] === 0) {
        row[x] = -1;
        left = -1;
        continue;
      }
      opaque++;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      maxY = y;
      const key = (rgba[i]! << 16) | (rgba[i + 1]! << 8) | rgba[i + 2]!;
      const word = key >>> 5;
      const bit = 1 << (key & 31);
      if ((seen[word]! & bit) === 0) {
        seen[word]! |= bit;
        colors++;
      }
      if (inPalette && (inPalette[word]! & bit) !== 0) compliant++;
      const L = lightness(key);
      row[x] = L;
      if (left >= 0) (contrastSum += Math.abs(L - left)), contrastPairs++;
      const up = y > 0 ? above[x]! : -1;
      if (up >= 0) (contrastSum += Math.abs(L - up)), contrastPairs++;
      left = L;
    }
    [above, row] = [row, above];
  }

  if (palette && inPalette) for (const c of palette) inPalette[rgbKey(c) >>> 5] = 0;

  const report: QualityReport = {
    colors,
    paletteCompliance: palette && opaque > 0 ? round4(compliant / opaque) : 1,
    alphaCoverage: width * height > 0 ? round4(opaque / (width * height)) : 0,
    bbox: maxX < 0 ? null : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 },
    edgeContrast: contrastPairs > 0 ? round4(contrastSum / contrastPairs) : 0,
  };
  if (tileable) {
    const seam = seamPairs > 0 ? seamSum / seamPairs : 0;
    const inner = innerPairs > 0 ? innerSum / innerPairs : 0;
    // Inside differences of 0 mean one flat colour (the seam is then 0 too): seamless.
    report.tileabilityScore = inner > 0 ? round4(seam / inner) : 1;
  }
  return report;
}
