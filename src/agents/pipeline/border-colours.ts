/**
 * What a model's "plain background" looks like, read from the image border: its dominant
 * colour(s) and its noise level. Several colours cover two-tone backgrounds, fake transparency
 * checkerboards and the ends of a soft gradient; the noise level widens the tolerance.
 */
import type { Rgb, RgbaImage } from "./rgba.js";

export interface BorderBackground {
  /** Dominant colours of the border band, most frequent first (empty if the border is transparent). */
  colours: Rgb[];
  /** Median colour difference between neighbouring pixels along the outermost ring (noise level). */
  noise: number;
  /** Number of opaque pixels sampled. */
  samples: number;
}

export interface BorderOptions {
  /** Width of the sampled band in pixels. Default 2. */
  band?: number;
  /** A colour counts when at least this share of the band has it. Default 0.05. */
  minShare?: number;
  /** At most this many colours. Default 6. */
  maxColours?: number;
  /** Bins closer than this (or than twice the noise level) are merged into one colour. Default 14. */
  merge?: number;
}

const BIN_BITS = 4;
const BINS = 1 << (3 * BIN_BITS);

function eachBorderPixel(width: number, height: number, band: number, visit: (i: number) => void): void {
  const b = Math.max(1, Math.min(band, Math.floor(Math.min(width, height) / 2)));
  for (let y = 0; y < height; y++) {
    const full = y < b || y >= height - b;
    for (let x = 0; x < width; x++) {
      if (full || x < b || x >= width - b) visit(y * width + x);
    }
  }
}

function medianNeighbourDifference(image: RgbaImage): number {
  const { data, width: w, height: h } = image;
  const diffs: number[] = [];
  const pair = (p: number, q: number): void => {
    if ((data[p * 4 + 3] ?? 0) < 128 || (data[q * 4 + 3] ?? 0) < 128) return;
    diffs.push(
      Math.hypot((data[p * 4] ?? 0) - (data[q * 4] ?? 0), (data[p * 4 + 1] ?? 0) - (data[q * 4 + 1] ?? 0), (data[p * 4 + 2] ?? 0) - (data[q * 4 + 2] ?? 0)),
    );
  };
  for (let x = 0; x + 1 < w; x++) {
    pair(x, x + 1);
    pair((h - 1) * w + x, (h - 1) * w + x + 1);
  }
  for (let y = 0; y + 1 < h; y++) {
    pair(y * w, (y + 1) * w);
    pair(y * w + w - 1, (y + 1) * w + w - 1);
  }
  if (diffs.length === 0) return 0;
  diffs.sort((a, b) => a - b);
  return diffs[Math.floor(diffs.length / 2)] ?? 0;
}

/** Dominant colours and noise of the border band (transparent pixels are ignored). */
export function estimateBorderBackground(image: RgbaImage, options: BorderOptions = {}): BorderBackground {
  const { data, width, height } = image;
  const minShare = options.minShare ?? 0.05;
  const maxColours = options.maxColours ?? 6;
  const merge = options.merge ?? 14;
  const counts = new Uint32Array(BINS);
  const sums = new Float64Array(BINS * 3);
  let samples = 0;
  const shift = 8 - BIN_BITS;
  eachBorderPixel(width, height, options.band ?? 2, (p) => {
    const i = p * 4;
    if ((data[i + 3] ?? 0) < 128) return;
    const r = data[i] ?? 0;
    const g = data[i + 1] ?? 0;
    const b = data[i + 2] ?? 0;
    const key = ((r >> shift) << (2 * BIN_BITS)) | ((g >> shift) << BIN_BITS) | (b >> shift);
    counts[key] = (counts[key] ?? 0) + 1;
    sums[key * 3] = (sums[key * 3] ?? 0) + r;
    sums[key * 3 + 1] = (sums[key * 3 + 1] ?? 0) + g;
    sums[key * 3 + 2] = (sums[key * 3 + 2] ?? 0) + b;
    samples++;
  });
  const keys: number[] = [];
  for (let k = 0; k < BINS; k++) if ((counts[k] ?? 0) > 0) keys.push(k);
  // most frequent first; ties by key, so the result never depends on anything but the pixels
  keys.sort((a, b) => (counts[b] ?? 0) - (counts[a] ?? 0) || a - b);
  // greedy clustering, most frequent bins first: a bin joins the first cluster within `radius`
  // (wider for noisy borders, whose pixels spread over many bins), else starts its own
  const noise = medianNeighbourDifference(image);
  const radius = Math.max(merge, 2 * noise);
  const clusters: { r: number; g: number; b: number; n: number }[] = [];
  for (const k of keys) {
    const n = counts[k] ?? 0;
    const mean = { r: (sums[k * 3] ?? 0) / n, g: (sums[k * 3 + 1] ?? 0) / n, b: (sums[k * 3 + 2] ?? 0) / n };
    const near = clusters.find((c) => Math.hypot(c.r - mean.r, c.g - mean.g, c.b - mean.b) < radius);
    if (near) {
      const total = near.n + n;
      near.r = (near.r * near.n + mean.r * n) / total;
      near.g = (near.g * near.n + mean.g * n) / total;
      near.b = (near.b * near.n + mean.b * n) / total;
      near.n = total;
    } else {
      clusters.push({ ...mean, n });
    }
  }
  const kept = clusters.filter((c) => c.n >= minShare * samples).sort((a, b) => b.n - a.n);
  return {
    colours: kept.slice(0, maxColours).map(({ r, g, b }) => ({ r, g, b })),
    noise,
    samples,
  };
}
