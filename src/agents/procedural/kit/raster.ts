/** A minimal RGBA raster with blending, scaling and PNG encoding. */
import type { Rgb } from "./color.js";
import { encodeRgbaPng } from "./png-encode.js";
import { encodeIndexedPng } from "./png-indexed.js";

const toByte = (v: number): number => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

export class Canvas {
  /** RGBA, 8 bits per channel, row-major. */
  readonly data: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height * 4);
  }

  fill(color: Rgb, alpha = 255): void {
    const { data } = this;
    const r = toByte(color.r);
    const g = toByte(color.g);
    const b = toByte(color.b);
    const a = toByte(alpha);
    for (let i = 0; i < data.length; i += 4) {
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
      data[i + 3] = a;
    }
  }

  set(x: number, y: number, color: Rgb, alpha = 255): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 4;
    this.data[i] = toByte(color.r);
    this.data[i + 1] = toByte(color.g);
    this.data[i + 2] = toByte(color.b);
    this.data[i + 3] = toByte(alpha);
  }

  alphaAt(x: number, y: number): number {
    return this.data[(y * this.width + x) * 4 + 3] ?? 0;
  }

  /** Source-over blend of `color` with opacity `opacity` (0..1) onto pixel (x, y). */
  blend(x: number, y: number, color: Rgb, opacity: number): void {
    if (opacity <= 0 || x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const { data } = this;
    const i = (y * this.width + x) * 4;
    const sa = Math.min(opacity, 1);
    const da = (data[i + 3] ?? 0) / 255;
    const outA = sa + da * (1 - sa);
    if (outA <= 0) return;
    const keep = (da * (1 - sa)) / outA;
    const take = sa / outA;
    data[i] = toByte(color.r * take + (data[i] ?? 0) * keep);
    data[i + 1] = toByte(color.g * take + (data[i + 1] ?? 0) * keep);
    data[i + 2] = toByte(color.b * take + (data[i + 2] ?? 0) * keep);
    data[i + 3] = toByte(outA * 255);
  }
}

/**
 * Encodes a canvas as PNG: indexed when it has at most 256 colours (png-indexed.ts: the same pixels, a
 * third of the bytes or less), else RGBA (pngjs's bytes, see png-encode.ts). `photo` (noisy images
 * such as textures) uses the Paeth filter on every RGBA row instead of trying all five filters per row:
 * about twice as fast for nearly the same size.
 */
export function encodePng(canvas: Canvas, photo = false): Buffer {
  return encodeIndexedPng(canvas.data, canvas.width, canvas.height) ?? encodeRgbaPng(canvas.data, canvas.width, canvas.height, photo ? 4 : undefined);
}

/** Nearest-neighbour upscale by an integer factor (keeps pixel art crisp). */
export function scaleNearest(source: Canvas, factor: number): Canvas {
  if (factor === 1) return source;
  const out = new Canvas(source.width * factor, source.height * factor);
  const src = new Uint32Array(source.data.buffer, source.data.byteOffset, source.width * source.height);
  const dst = new Uint32Array(out.data.buffer);
  for (let y = 0; y < out.height; y++) {
    const row = Math.floor(y / factor) * source.width;
    for (let x = 0; x < out.width; x++) dst[y * out.width + x] = src[row + Math.floor(x / factor)] ?? 0;
  }
  return out;
}

/** Box-filter downscale by an integer factor, averaging with premultiplied alpha. */
export function downsample(source: Canvas, factor: number): Canvas {
  if (factor <= 1) return source;
  const width = Math.floor(source.width / factor);
  const height = Math.floor(source.height / factor);
  const out = new Canvas(width, height);
  const { data } = source;
  const n = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let dy = 0; dy < factor; dy++) {
        let i = ((y * factor + dy) * source.width + x * factor) * 4;
        for (let dx = 0; dx < factor; dx++, i += 4) {
          const alpha = data[i + 3] ?? 0;
          r += (data[i] ?? 0) * alpha;
          g += (data[i + 1] ?? 0) * alpha;
          b += (data[i + 2] ?? 0) * alpha;
          a += alpha;
        }
      }
      const o = (y * width + x) * 4;
      if (a > 0) {
        out.data[o] = toByte(r / a);
        out.data[o + 1] = toByte(g / a);
        out.data[o + 2] = toByte(b / a);
      }
      out.data[o + 3] = toByte(a / n);
    }
  }
  return out;
}

/**
 * A small copy (at most `maxSide` px per side) for progress previews: each preview pixel averages up to 4 × 4 of
 * its block's pixels, evenly spaced (all of them for a block of 4 × 4 or less), so a preview of a 3584 × 3584
 * tileset reads 16 thousand pixels, not 12.8 million.
 */
export function previewOf(canvas: Canvas, maxSide: number): Canvas {
  const factor = Math.max(1, Math.ceil(Math.max(canvas.width, canvas.height) / maxSide));
  if (factor <= 4) return downsample(canvas, factor);
  const width = Math.floor(canvas.width / factor);
  const height = Math.floor(canvas.height / factor);
  const out = new Canvas(width, height);
  const { data } = canvas;
  const step = factor / 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < 4; sy++) {
        const row = (y * factor + Math.floor((sy + 0.5) * step)) * canvas.width;
        for (let sx = 0; sx < 4; sx++) {
          const i = (row + x * factor + Math.floor((sx + 0.5) * step)) * 4;
          const alpha = data[i + 3]!;
          r += data[i]! * alpha;
          g += data[i + 1]! * alpha;
          b += data[i + 2]! * alpha;
          a += alpha;
        }
      }
      const o = (y * width + x) * 4;
      if (a > 0) {
        out.data[o] = toByte(r / a);
        out.data[o + 1] = toByte(g / a);
        out.data[o + 2] = toByte(b / a);
      }
      out.data[o + 3] = toByte(a / 16);
    }
  }
  return out;
}

/**
 * A progress preview whose PNG is encoded when first read: the service publishes a preview only
 * when the drawing has run long enough (at most one progress event per 100 ms), so the previews of
 * fast drawings are never encoded. `rgba` (the pixels) is what crosses a thread boundary.
 */
export class LazyPreview {
  private encoded: Buffer | undefined;

  constructor(
    readonly rgba: Uint8Array,
    readonly width: number,
    readonly height: number,
  ) {}

  get png(): Buffer {
    this.encoded ??= encodeIndexedPng(this.rgba, this.width, this.height) ?? encodeRgbaPng(this.rgba, this.width, this.height);
    return this.encoded;
  }
}
