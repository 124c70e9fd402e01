/**
 * Step 2: background removal for models without native transparency.
 *
 * 1. Read the background from the border (dominant colours + noise level, `border-colours.ts`).
 * 2. Flood fill (4-connected) from the border pixels that match it. A pixel joins the background
 *    when it is within `tolerance` of a background colour, or ("drift") when it is within
 *    `tolerance + drift` of one, differs little from the background neighbour it is reached from,
 *    and the colour gradient around it is small: this follows soft gradients, vignettes and soft
 *    drop shadows that the border does not show in full, but stops at a subject's edge (the
 *    gradient test also stops it at shallow anti-aliased edges, whose colour changes slowly
 *    along a row but steeply across).
 * 3. Small islands of "subject" fully surrounded by background (noise specks) join the background.
 * 4. The fringe (subject pixels next to the background) gets alpha from how much background is
 *    mixed into it, and its colour is un-mixed (`fringe.ts`): no light or dark halo.
 *
 * Pixels the flood does not reach stay, even if they have the background's colour: a hole of
 * background colour enclosed by the subject (the inside of a ring, the gap between an arm and a
 * body that touches on all sides) is kept opaque. Background pixels end with RGBA (0, 0, 0, 0).
 */
import { estimateBorderBackground } from "./border-colours.js";
import { matteFringe } from "./fringe.js";
import { localGradient } from "./gradient.js";
import type { Rgb, RgbaImage } from "./rgba.js";

export interface RemoveBackgroundOptions {
  /**
   * Euclidean RGB distance within which a pixel matches a background colour. Default 32; raised to
   * three times the border's noise level for noisy backgrounds (at most 96).
   */
  tolerance?: number;
  /** How much farther than `tolerance` a smooth drift may lead from the border's colours. Default 96. */
  drift?: number;
  /** Width in pixels of the fringe whose alpha is re-estimated. Default max(1, round(min(w, h) / 384)). */
  fringe?: number;
  /** Subject components smaller than this (in pixels) that the background surrounds are removed. Default max(4, round(w·h / 32768)): 32 px at 1024×1024. */
  minIslandArea?: number;
}

export interface BackgroundMask {
  /** 1 = background, 0 = subject; one byte per pixel. */
  mask: Uint8Array;
  /** Background colours read from the border. */
  colours: Rgb[];
  /** The tolerance used (after adapting to noise). */
  tolerance: number;
  /** The border's noise level (median neighbour difference). */
  noise: number;
}

/** Which pixels are background (reached from the border); does not modify the image. */
export function backgroundMask(image: RgbaImage, options: RemoveBackgroundOptions = {}): BackgroundMask {
  const { data, width: w, height: h } = image;
  const n = w * h;
  const border = estimateBorderBackground(image);
  const base = options.tolerance ?? 32;
  const tolerance = Math.max(base, Math.min(96, 3 * border.noise));
  const step = Math.max(10, 2 * border.noise);
  const mask = new Uint8Array(n);
  if (border.colours.length === 0 && border.samples > 0) return { mask, colours: [], tolerance, noise: border.noise };

  // squared distance of every pixel to the nearest background colour (transparent pixels: 0)
  const distSq = new Float32Array(n);
  const palette = border.colours.flatMap((c) => [c.r, c.g, c.b]);
  for (let p = 0, i = 0; p < n; p++, i += 4) {
    if ((data[i + 3] ?? 0) < 128) continue;
    const r = data[i] ?? 0;
    const g = data[i + 1] ?? 0;
    const b = data[i + 2] ?? 0;
    let best = Infinity;
    for (let k = 0; k < palette.length; k += 3) {
      const d = (r - (palette[k] ?? 0)) ** 2 + (g - (palette[k + 1] ?? 0)) ** 2 + (b - (palette[k + 2] ?? 0)) ** 2;
      if (d < best) best = d;
    }
    distSq[p] = best;
  }

  const tolSq = tolerance * tolerance;
  const driftSq = (tolerance + (options.drift ?? 96)) ** 2;
  const stepSq = step * step;
  const smooth = Math.max(16, 2.5 * border.noise);
  const queue = new Int32Array(n);
  let tail = 0;
  const seed = (p: number): void => {
    if (mask[p] === 0 && (distSq[p] ?? Infinity) <= tolSq) {
      mask[p] = 1;
      queue[tail++] = p;
    }
  };
  for (let x = 0; x < w; x++) {
    seed(x);
    seed((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    seed(y * w);
    seed(y * w + w - 1);
  }
  // a neighbour q of background pixel p joins when close to a background colour, or (drift)
  // moderately close, nearly the colour of p, and in a smooth area
  const joins = (p: number, q: number): boolean => {
    const d = distSq[q] ?? Infinity;
    if (d <= tolSq) return true;
    if (d > driftSq) return false;
    const i = p * 4;
    const j = q * 4;
    const diff = ((data[i] ?? 0) - (data[j] ?? 0)) ** 2 + ((data[i + 1] ?? 0) - (data[j + 1] ?? 0)) ** 2 + ((data[i + 2] ?? 0) - (data[j + 2] ?? 0)) ** 2;
    return diff <= stepSq && localGradient(data, w, h, q) <= smooth;
  };
  const visit = (p: number, q: number): void => {
    if (mask[q] === 0 && joins(p, q)) {
      mask[q] = 1;
      queue[tail++] = q;
    }
  };
  for (let head = 0; head < tail; head++) {
    const p = queue[head] ?? 0;
    const x = p % w;
    if (x > 0) visit(p, p - 1);
    if (x < w - 1) visit(p, p + 1);
    if (p >= w) visit(p, p - w);
    if (p < n - w) visit(p, p + w);
  }
  removeIslands(mask, w, h, options.minIslandArea ?? Math.max(4, Math.round(n / 32768)));
  return { mask, colours: border.colours, tolerance, noise: border.noise };
}

/** Subject components (8-connected) smaller than `minArea` become background. */
export function removeIslands(mask: Uint8Array, w: number, h: number, minArea: number): void {
  if (minArea <= 1) return;
  const seen = new Uint8Array(mask.length);
  const stack = new Int32Array(mask.length);
  const component: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== 0 || seen[start] !== 0) continue;
    component.length = 0;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const p = stack[--top] ?? 0;
      if (component.length < minArea) component.push(p);
      const x = p % w;
      const y = (p - x) / w;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const q = ny * w + nx;
          if (mask[q] === 0 && seen[q] === 0) {
            seen[q] = 1;
            stack[top++] = q;
          }
        }
      }
    }
    if (component.length < minArea) for (const p of component) mask[p] = 1;
  }
}

/** Removes the background of an opaque picture: background pixels get RGBA (0, 0, 0, 0). */
export function removeBackground(image: RgbaImage, options: RemoveBackgroundOptions = {}): RgbaImage {
  const { mask, tolerance, noise } = backgroundMask(image, options);
  const width = options.fringe ?? Math.max(1, Math.round(Math.min(image.width, image.height) / 384));
  return matteFringe(image, mask, { width, tolerance, noise });
}
