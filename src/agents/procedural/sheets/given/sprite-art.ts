/**
 * A caller's sprite read as pixel art: its true pixel size (an integer upscale undone), its background
 * removed when it has one (pipeline/remove-background.ts, colours kept: no fringe matting), and cropped
 * to the figure. Pixels are packed RGBA (0 = empty), so every later step only moves them.
 */
import { backgroundMask } from "../../../pipeline/remove-background.js";

/** A small raster of packed RGBA (`r << 24 | g << 16 | b << 8 | a`), 0 where empty. */
export interface Pixels {
  w: number;
  h: number;
  px: Uint32Array;
}

export interface SpriteArt {
  /** The figure, cropped to its bounding box, at one pixel per art pixel. */
  figure: Pixels;
  /** The integer factor the given picture was upscaled by (1 for true-resolution art). */
  scale: number;
  /** Where the figure's box was in the given picture (in its pixels): x, y, width, height. */
  box: [number, number, number, number];
  /** True when the picture had an opaque background that was removed. */
  backgroundRemoved: boolean;
}

export const packRgba = (r: number, g: number, b: number, a: number): number => (a === 0 ? 0 : ((r << 24) | (g << 16) | (b << 8) | a) >>> 0);

const gcd = (a: number, b: number): number => {
  while (b) [a, b] = [b, a % b];
  return a;
};

function packed(rgba: Uint8Array, w: number, h: number): Uint32Array {
  const px = new Uint32Array(w * h);
  for (let k = 0; k < w * h; k++) px[k] = packRgba(rgba[k * 4] ?? 0, rgba[k * 4 + 1] ?? 0, rgba[k * 4 + 2] ?? 0, rgba[k * 4 + 3] ?? 0);
  return px;
}

/**
 * The integer factor a picture was upscaled by (nearest neighbour): the greatest common divisor of
 * every run of equal pixels along rows and columns, when it divides both sides; 1 otherwise.
 */
export function upscaleFactor(px: Uint32Array, w: number, h: number): number {
  let g = 0;
  for (let y = 0; y < h && g !== 1; y++) {
    let run = 1;
    for (let x = 1; x <= w; x++) {
      if (x < w && px[y * w + x] === px[y * w + x - 1]) run++;
      else (g = gcd(g, run)), (run = 1);
    }
  }
  for (let x = 0; x < w && g !== 1; x++) {
    let run = 1;
    for (let y = 1; y <= h; y++) {
      if (y < h && px[y * w + x] === px[(y - 1) * w + x]) run++;
      else (g = gcd(g, run)), (run = 1);
    }
  }
  return g > 1 && w % g === 0 && h % g === 0 ? g : 1;
}

function downscaled(px: Uint32Array, w: number, h: number, k: number): Pixels {
  if (k === 1) return { w, h, px };
  const ow = w / k;
  const oh = h / k;
  const out = new Uint32Array(ow * oh);
  for (let y = 0; y < oh; y++) for (let x = 0; x < ow; x++) out[y * ow + x] = px[y * k * w + x * k] as number;
  return { w: ow, h: oh, px: out };
}

/** The bounding box of the non-empty pixels: x0, y0, x1, y1 (inclusive), or undefined when empty. */
export function boxOf(p: Pixels): [number, number, number, number] | undefined {
  let x0 = p.w;
  let y0 = p.h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < p.h; y++) {
    for (let x = 0; x < p.w; x++) {
      if (!p.px[y * p.w + x]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  return x1 < 0 ? undefined : [x0, y0, x1, y1];
}

export function crop(p: Pixels, x0: number, y0: number, w: number, h: number): Pixels {
  const px = new Uint32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) px[y * w + x] = p.px[(y0 + y) * p.w + x0 + x] as number;
  return { w, h, px };
}

/** True when no pixel of the picture's border is transparent: an opaque background to remove. */
function opaqueBorder(p: Pixels): boolean {
  for (let x = 0; x < p.w; x++) if (!p.px[x] || !p.px[(p.h - 1) * p.w + x]) return false;
  for (let y = 0; y < p.h; y++) if (!p.px[y * p.w] || !p.px[y * p.w + p.w - 1]) return false;
  return true;
}

/** Empties the background that touches the border (4-connected flood of its colours), keeping every other pixel as it is. */
function withoutBackground(p: Pixels): Pixels {
  const data = Buffer.alloc(p.w * p.h * 4);
  for (let k = 0; k < p.w * p.h; k++) data.writeUInt32BE(p.px[k] as number, k * 4);
  const { mask } = backgroundMask({ data, width: p.w, height: p.h }, { minIslandArea: 1 });
  const px = p.px.slice();
  for (let k = 0; k < px.length; k++) if (mask[k]) px[k] = 0;
  return { w: p.w, h: p.h, px };
}

/** The figure of a picture (`rgba`: width × height × 4 bytes), or undefined when it shows nothing. */
export function spriteArt(rgba: Uint8Array, width: number, height: number): SpriteArt | undefined {
  const raw = packed(rgba, width, height);
  const scale = upscaleFactor(raw, width, height);
  let art = downscaled(raw, width, height, scale);
  const backgroundRemoved = opaqueBorder(art);
  if (backgroundRemoved) art = withoutBackground(art);
  const box = boxOf(art);
  if (!box) return undefined;
  const [x0, y0, x1, y1] = box;
  const figure = crop(art, x0, y0, x1 - x0 + 1, y1 - y0 + 1);
  return { figure, scale, box: [x0 * scale, y0 * scale, figure.w * scale, figure.h * scale], backgroundRemoved };
}
