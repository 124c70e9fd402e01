/**
 * Raw RGBA rasters, the currency between the pipeline steps: the model's PNG is decoded once at
 * the start and the asset encoded once at the end (no lossy or slow round trips in between).
 */
import sharp, { type Sharp } from "sharp";

/** 8-bit RGBA, 4 channels, row-major, not premultiplied. */
export interface RgbaImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** A blank (fully transparent) image. */
export function createImage(width: number, height: number): RgbaImage {
  return { data: Buffer.alloc(width * height * 4), width, height };
}

export function cloneImage(image: RgbaImage): RgbaImage {
  return { data: Buffer.from(image.data), width: image.width, height: image.height };
}

/** Larger inputs are refused (the per-pixel steps hold a few typed arrays of this many entries). */
export const MAX_INPUT_PIXELS = 8192 * 8192;

/**
 * Any image sharp reads (PNG of any colour type and depth, JPEG, WebP…) → 8-bit sRGB RGBA,
 * EXIF orientation applied. With `maxSide`, a larger picture is first shrunk by sharp (libvips,
 * Lanczos, aspect kept) to fit inside `maxSide`×`maxSide`, so no per-pixel step ever works on more.
 */
export async function decodeImage(bytes: Buffer, maxSide?: number): Promise<RgbaImage> {
  let pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
  if (maxSide !== undefined) pipeline = pipeline.resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true, kernel: "lanczos3" });
  const { data, info } = await pipeline.toColourspace("srgb").ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`decoded ${info.channels} channels, expected 4`);
  return { data, width: info.width, height: info.height };
}

/** Raw RGBA → PNG (RGBA, 8 bits, no metadata: same pixels give the same bytes). */
export async function encodePng(image: RgbaImage): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .png({ compressionLevel: 6, adaptiveFiltering: false, palette: false })
    .toBuffer();
}

/** A sharp pipeline reading `image` as raw RGBA (for resize, extract, extend, trim). */
export function fromRaw(image: RgbaImage): Sharp {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } });
}

/** Runs a sharp pipeline to raw RGBA. */
export async function toRaw(pipeline: Sharp): Promise<RgbaImage> {
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** True when every pixel has alpha 255. */
export function isOpaque(image: RgbaImage): boolean {
  const { data } = image;
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return false;
  return true;
}

/** Euclidean RGB distance (0 … ~441). */
export function rgbDistance(a: Rgb, b: Rgb): number {
  return Math.hypot(a.r - b.r, a.g - b.g, a.b - b.b);
}

export function pixelAt(image: RgbaImage, x: number, y: number): Rgb & { a: number } {
  const i = (y * image.width + x) * 4;
  const d = image.data;
  return { r: d[i] ?? 0, g: d[i + 1] ?? 0, b: d[i + 2] ?? 0, a: d[i + 3] ?? 0 };
}
