/** Helpers for the generator tests: run a generator, decode PNGs, measure colours and seams. */
import { PNG } from "pngjs";
import { type GeneratorProgress, generators, interpretPrompt, type PromptInput, toHsl } from "../../src/agents/procedural/index.js";

export interface Decoded {
  width: number;
  height: number;
  data: Buffer;
}

export interface RunResult {
  png: Buffer;
  image: Decoded;
  progress: GeneratorProgress[];
}

export interface RunOptions {
  size?: number;
  transparent?: boolean;
  seed?: number;
}

export function decode(png: Buffer): Decoded {
  const image = PNG.sync.read(png);
  return { width: image.width, height: image.height, data: image.data };
}

export async function run(kind: string, input: string | PromptInput, options: RunOptions = {}): Promise<RunResult> {
  const generator = generators.get(kind);
  if (!generator) throw new Error(`no generator ${kind}`);
  const size = options.size ?? 64;
  const progress: GeneratorProgress[] = [];
  const spec = interpretPrompt(typeof input === "string" ? { prompt: input } : input);
  const result = await generator.generate({ spec, width: size, height: size, transparent: options.transparent ?? false, seed: options.seed ?? 1 }, (p) => {
    progress.push(p);
  });
  return { png: result.png, image: decode(result.png), progress };
}

export function alphaAt(img: Decoded, x: number, y: number): number {
  return img.data[(y * img.width + x) * 4 + 3] ?? 0;
}

export function countAlpha(img: Decoded, predicate: (alpha: number) => boolean): number {
  let count = 0;
  for (let i = 3; i < img.data.length; i += 4) if (predicate(img.data[i] ?? 0)) count++;
  return count;
}

/** Saturation-weighted circular mean hue (degrees) of the visible pixels, or NaN if all grey. */
export function dominantHue(img: Decoded): number {
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    const alpha = (img.data[i + 3] ?? 0) / 255;
    if (alpha === 0) continue;
    const hsl = toHsl({ r: img.data[i] ?? 0, g: img.data[i + 1] ?? 0, b: img.data[i + 2] ?? 0 });
    const weight = hsl.s * alpha * (1 - Math.abs(hsl.l * 2 - 1));
    sx += Math.cos((hsl.h * Math.PI) / 180) * weight;
    sy += Math.sin((hsl.h * Math.PI) / 180) * weight;
  }
  if (Math.hypot(sx, sy) < 1e-6) return Number.NaN;
  return ((Math.atan2(sy, sx) * 180) / Math.PI + 360) % 360;
}

/** Smallest angular distance between two hues, in degrees. */
export function hueDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/** Mean RGB of the image. */
export function meanColor(img: Decoded): { r: number; g: number; b: number } {
  let r = 0;
  let g = 0;
  let b = 0;
  const n = img.width * img.height;
  for (let i = 0; i < img.data.length; i += 4) {
    r += img.data[i] ?? 0;
    g += img.data[i + 1] ?? 0;
    b += img.data[i + 2] ?? 0;
  }
  return { r: r / n, g: g / n, b: b / n };
}

function pixelDiff(img: Decoded, x0: number, y0: number, x1: number, y1: number): number {
  const i = (y0 * img.width + x0) * 4;
  const j = (y1 * img.width + x1) * 4;
  let d = 0;
  for (let c = 0; c < 3; c++) d += Math.abs((img.data[i + c] ?? 0) - (img.data[j + c] ?? 0));
  return d;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

export interface SeamScores {
  /** Mean difference between the last and the first column (what a horizontal tiling joins). */
  wrapX: number;
  /** Mean difference between adjacent columns inside the image. */
  adjacentX: number;
  /** 95th percentile of the per-column-pair mean differences inside the image. */
  typicalMaxX: number;
  wrapY: number;
  adjacentY: number;
  typicalMaxY: number;
}

/**
 * Seam measures: the difference across the wrap (last column → first column, last row → first
 * row) compared with the differences between adjacent columns/rows inside the image. A seamless
 * tile has a wrap difference like any interior pair of neighbours.
 */
export function seamScores(img: Decoded): SeamScores {
  const { width: w, height: h } = img;
  const columnPairs: number[] = [];
  const rowPairs: number[] = [];
  let wrapX = 0;
  let wrapY = 0;
  for (let y = 0; y < h; y++) wrapX += pixelDiff(img, w - 1, y, 0, y);
  for (let x = 0; x < w - 1; x++) {
    let sum = 0;
    for (let y = 0; y < h; y++) sum += pixelDiff(img, x, y, x + 1, y);
    columnPairs.push(sum / h);
  }
  for (let x = 0; x < w; x++) wrapY += pixelDiff(img, x, h - 1, x, 0);
  for (let y = 0; y < h - 1; y++) {
    let sum = 0;
    for (let x = 0; x < w; x++) sum += pixelDiff(img, x, y, x, y + 1);
    rowPairs.push(sum / w);
  }
  const mean = (values: number[]): number => values.reduce((s, v) => s + v, 0) / values.length;
  return {
    wrapX: wrapX / h,
    adjacentX: mean(columnPairs),
    typicalMaxX: percentile(columnPairs, 0.95),
    wrapY: wrapY / w,
    adjacentY: mean(rowPairs),
    typicalMaxY: percentile(rowPairs, 0.95),
  };
}

/** True when the wrap joins look like ordinary neighbouring pixels. */
export function isSeamless(s: SeamScores): boolean {
  const within = (wrap: number, typicalMax: number, mean: number): boolean => wrap <= typicalMax * 1.6 + 2 && wrap <= mean * 2.5 + 3;
  return within(s.wrapX, s.typicalMaxX, s.adjacentX) && within(s.wrapY, s.typicalMaxY, s.adjacentY);
}

/** Fraction of pixels whose opacity (alpha > 0) differs between two images of the same size. */
export function silhouetteDifference(a: Decoded, b: Decoded): number {
  let differ = 0;
  for (let i = 3; i < a.data.length; i += 4) if ((a.data[i] ?? 0) > 127 !== (b.data[i] ?? 0) > 127) differ++;
  return differ / (a.width * a.height);
}

/** Perceived brightness (0..1) of a pixel. */
export function luminanceAt(img: Decoded, x: number, y: number): number {
  const i = (y * img.width + x) * 4;
  return (0.2126 * (img.data[i] ?? 0) + 0.7152 * (img.data[i + 1] ?? 0) + 0.0722 * (img.data[i + 2] ?? 0)) / 255;
}
