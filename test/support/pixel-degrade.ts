/**
 * The degraded set: real pixel art made to look like a model's "pixel art" or a careless upscale.
 * Deterministic per seed. Steps: the sprite on an opaque background → palette drift (every colour a
 * little off, every cell a little more) → an uneven non-integer upscale (×3.3–×8, each cell line
 * moved by up to ±1.5 px) → an offset (up to 0.4 cell, edges replicated) → Gaussian blur (σ 0.4–1.2)
 * → noise (σ 2–6) → JPEG (quality 60–85). The truth is the sprite on the same background.
 */
import sharp from "sharp";
import { flatten } from "../../src/agents/pipeline/alpha.js";
import type { Rgb, RgbaImage } from "../../src/agents/pipeline/rgba.js";
import { mulberry32 } from "../../src/agents/procedural/kit/random.js";

export interface Degraded {
  image: RgbaImage;
  /** The sprite on the background, at its true size: what a perfect fixer returns. */
  truth: RgbaImage;
  background: Rgb;
  scale: number;
  offsetX: number;
  offsetY: number;
  blur: number;
  quality: number;
}

/** A seeded generator (0 ≤ x < 1): the drawing's own mulberry32. */
export const random = mulberry32;

const BACKGROUNDS: Rgb[] = [
  { r: 255, g: 255, b: 255 },
  { r: 236, g: 232, b: 220 },
  { r: 40, g: 44, b: 52 },
  { r: 120, g: 160, b: 200 },
  { r: 200, g: 230, b: 200 },
  { r: 0, g: 0, b: 0 },
];

const clamp = (v: number): number => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

/** Cell bounds along an axis: k·scale moved by up to ±jitter px, ends fixed, every cell ≥ 2 px. */
function unevenBounds(cells: number, scale: number, jitter: number, rnd: () => number): number[] {
  const bounds = [0];
  for (let k = 1; k < cells; k++) {
    const at = Math.round(k * scale + (rnd() * 2 - 1) * jitter);
    bounds.push(Math.max(at, (bounds[k - 1] ?? 0) + 2));
  }
  bounds.push(Math.max(Math.round(cells * scale), (bounds[cells - 1] ?? 0) + 2));
  return bounds;
}

/** One sprite degraded with the given seed (see the module comment). */
export async function degrade(sprite: RgbaImage, seed: number, scaleRange: [number, number] = [3.3, 8]): Promise<Degraded> {
  const rnd = random(seed);
  const background = BACKGROUNDS[Math.floor(rnd() * BACKGROUNDS.length)]!;
  const truth = flatten(sprite, background);
  const { width: w, height: h } = truth;
  // palette drift: each colour shifted a little, each cell a little more
  const drift = new Map<number, [number, number, number]>();
  const drawn = Buffer.from(truth.data);
  for (let i = 0; i < drawn.length; i += 4) {
    const key = ((drawn[i] ?? 0) << 16) | ((drawn[i + 1] ?? 0) << 8) | (drawn[i + 2] ?? 0);
    let d = drift.get(key);
    if (!d) {
      const light = (rnd() * 2 - 1) * 4;
      d = [light + (rnd() * 2 - 1) * 5, light + (rnd() * 2 - 1) * 5, light + (rnd() * 2 - 1) * 5];
      drift.set(key, d);
    }
    for (let c = 0; c < 3; c++) drawn[i + c] = clamp((drawn[i + c] ?? 0) + d[c]! + (rnd() * 2 - 1) * 3);
  }
  const scale = scaleRange[0] + rnd() * (scaleRange[1] - scaleRange[0]);
  const jitter = Math.min(1.5, scale * 0.2);
  const xs = unevenBounds(w, scale, jitter, rnd);
  const ys = unevenBounds(h, scale, jitter, rnd);
  const W = xs[w]!;
  const H = ys[h]!;
  const offsetX = Math.round((rnd() * 2 - 1) * 0.4 * scale);
  const offsetY = Math.round((rnd() * 2 - 1) * 0.4 * scale);
  // upscale on the uneven grid, shifted by the offset (edges replicated)
  const cellOf = (bounds: number[], v: number): number => {
    let k = 0;
    while (k < bounds.length - 2 && v >= (bounds[k + 1] ?? 0)) k++;
    return k;
  };
  const colX = Array.from({ length: W }, (_, x) => cellOf(xs, Math.min(W - 1, Math.max(0, x - offsetX))));
  const rowY = Array.from({ length: H }, (_, y) => cellOf(ys, Math.min(H - 1, Math.max(0, y - offsetY))));
  const big = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const s = ((rowY[y] ?? 0) * w + (colX[x] ?? 0)) * 4;
      const o = (y * W + x) * 3;
      big[o] = drawn[s] ?? 0;
      big[o + 1] = drawn[s + 1] ?? 0;
      big[o + 2] = drawn[s + 2] ?? 0;
    }
  }
  const blur = 0.4 + rnd() * 0.8;
  const blurred = await sharp(big, { raw: { width: W, height: H, channels: 3 } })
    .blur(blur)
    .raw()
    .toBuffer();
  const noise = 2 + rnd() * 4;
  for (let i = 0; i < blurred.length; i++) {
    // Box–Muller
    const g = Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
    blurred[i] = clamp((blurred[i] ?? 0) + g * noise);
  }
  const quality = 60 + Math.floor(rnd() * 26);
  const jpeg = await sharp(blurred, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
  const { data, info } = await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { image: { data, width: info.width, height: info.height }, truth, background, scale, offsetX, offsetY, blur, quality };
}

/** The sprites of a sheet of `tile`×`tile` cells (the committed set: test/fixtures/pixel-art/crawl-sprites.png). */
export async function readSheet(path: string, tile = 32): Promise<RgbaImage[]> {
  const { data, info } = await sharp(path).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const sprites: RgbaImage[] = [];
  for (let ty = 0; ty + tile <= info.height; ty += tile) {
    for (let tx = 0; tx + tile <= info.width; tx += tile) {
      const buf = Buffer.alloc(tile * tile * 4);
      for (let y = 0; y < tile; y++) data.copy(buf, y * tile * 4, ((ty + y) * info.width + tx) * 4, ((ty + y) * info.width + tx + tile) * 4);
      let any = false;
      for (let i = 3; i < buf.length; i += 4) if (buf[i] !== 0) any = true;
      if (any) sprites.push({ data: buf, width: tile, height: tile });
    }
  }
  return sprites;
}

/**
 * CIELAB ΔE*ab (CIE76) under which a recovered pixel counts as the right colour: 10 is "the same colour at a
 * glance" beside the degrader's own drift (each colour moved by up to ~8 of 255 per channel). CIELAB, not OKLab:
 * OKLab's cube root makes a step of 10/255 off black a jump of 0.14, and half the set sits on or near black.
 */
export const COLOUR_TOLERANCE = 10;

const LINEAR = Array.from({ length: 256 }, (_, i) => {
  const c = i / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

/** 8-bit sRGB → CIELAB (D65). */
export function cielab(r: number, g: number, b: number): [number, number, number] {
  const lr = LINEAR[r] ?? 0;
  const lg = LINEAR[g] ?? 0;
  const lb = LINEAR[b] ?? 0;
  const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const x = f((0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047);
  const y = f(0.2126 * lr + 0.7152 * lg + 0.0722 * lb);
  const z = f((0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** ΔE*ab between the pixels at byte offset `i` of two RGBA buffers. */
export function deltaE(a: Uint8Array | Buffer, b: Uint8Array | Buffer, i: number): number {
  const p = cielab(a[i] ?? 0, a[i + 1] ?? 0, a[i + 2] ?? 0);
  const q = cielab(b[i] ?? 0, b[i + 1] ?? 0, b[i + 2] ?? 0);
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

export interface Score {
  /** The recovered art has the sprite's size. */
  exact: boolean;
  /** Share of pixels within COLOUR_TOLERANCE of the truth (0 when the size is wrong). */
  colours: number;
}

/** How well `fixed` recovers `truth` (both opaque; compared pixel by pixel when the sizes match). */
export function score(fixed: RgbaImage, truth: RgbaImage, tolerance = COLOUR_TOLERANCE): Score {
  if (fixed.width !== truth.width || fixed.height !== truth.height) return { exact: false, colours: 0 };
  let right = 0;
  const n = truth.width * truth.height;
  for (let p = 0; p < n; p++) if (deltaE(fixed.data, truth.data, p * 4) <= tolerance) right++;
  return { exact: true, colours: right / n };
}
