/** Test pictures drawn by the tests themselves, and measures on RGBA rasters. */
import sharp from "sharp";
import { mulberry32 } from "../../src/agents/procedural/index.js";
import type { RgbaImage } from "../../src/agents/pipeline/rgba.js";

/** Deterministic PRNG: the procedural agents' mulberry32. */
export const prng = mulberry32;

export async function renderSvg(svg: string): Promise<RgbaImage> {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Adds uniform noise of ±`amount` to every colour channel (alpha untouched). */
export function addNoise(image: RgbaImage, amount: number, seed = 7): RgbaImage {
  const random = prng(seed);
  const data = Buffer.from(image.data);
  for (let i = 0; i < data.length; i += 4) {
    for (let c = 0; c < 3; c++) {
      const v = (data[i + c] ?? 0) + Math.round((random() * 2 - 1) * amount);
      data[i + c] = v < 0 ? 0 : Math.min(v, 255);
    }
  }
  return { data, width: image.width, height: image.height };
}

export interface PictureOptions {
  width?: number;
  height?: number;
  /** ± noise per channel. Default 6. */
  noise?: number;
  /** Background top and bottom colours (a soft vertical gradient when they differ). */
  top?: string;
  bottom?: string;
}

/**
 * What a model gives for "a red ball with a blue box, plain background": an opaque picture with a
 * slightly noisy light-grey background, a red circle (centre of the picture) and a blue square
 * overlapping its lower right edge, anti-aliased edges.
 */
export async function subjectPicture(options: PictureOptions = {}): Promise<RgbaImage> {
  const w = options.width ?? 1024;
  const h = options.height ?? 1024;
  const s = Math.min(w, h);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${options.top ?? "#e4e4e4"}"/><stop offset="1" stop-color="${options.bottom ?? options.top ?? "#e4e4e4"}"/>
    </linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#bg)"/>
    <circle cx="${w / 2}" cy="${h / 2}" r="${s * 0.3}" fill="#d42a2a"/>
    <rect x="${w / 2 + s * 0.08}" y="${h / 2 + s * 0.08}" width="${s * 0.24}" height="${s * 0.24}" fill="#2a4fd4"/>
  </svg>`;
  return addNoise(await renderSvg(svg), options.noise ?? 6);
}

/** An opaque picture of a dark ring (a hole of background colour in the middle) on light grey. */
export async function ringPicture(size = 512): Promise<RgbaImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <rect width="${size}" height="${size}" fill="#e4e4e4"/>
    <circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.3}" fill="none" stroke="#3a2a6a" stroke-width="${size * 0.1}"/>
  </svg>`;
  return addNoise(await renderSvg(svg), 4);
}

/** An opaque, busy texture picture that does not tile (a diagonal gradient with blobs). */
export async function texturePicture(size = 1024): Promise<RgbaImage> {
  const random = prng(3);
  let blobs = "";
  for (let k = 0; k < 40; k++) {
    const x = Math.round(random() * size);
    const y = Math.round(random() * size);
    const r = Math.round(20 + random() * size * 0.08);
    const g = Math.round(90 + random() * 120);
    blobs += `<circle cx="${x}" cy="${y}" r="${r}" fill="rgb(${Math.round(g * 0.6)},${g},${Math.round(g * 0.4)})"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3d6b2a"/><stop offset="1" stop-color="#9cc25a"/></linearGradient></defs>
    <rect width="${size}" height="${size}" fill="url(#g)"/>${blobs}
  </svg>`;
  return addNoise(await renderSvg(svg), 10);
}

export function alphaAt(image: RgbaImage, x: number, y: number): number {
  return image.data[(y * image.width + x) * 4 + 3] ?? 0;
}

/** Distinct RGBA values among fully opaque pixels. */
export function opaqueColours(image: RgbaImage): Set<number> {
  const set = new Set<number>();
  for (let i = 0; i < image.data.length; i += 4) if (image.data[i + 3] === 255) set.add(image.data.readUInt32LE(i));
  return set;
}

export function countAlpha(image: RgbaImage, predicate: (alpha: number) => boolean): number {
  let n = 0;
  for (let i = 3; i < image.data.length; i += 4) if (predicate(image.data[i] ?? 0)) n++;
  return n;
}

/** Mean RGB difference across the wrap (last → first column/row) and between adjacent columns/rows inside. */
export function seamScores(image: RgbaImage): { wrapX: number; insideX: number; wrapY: number; insideY: number } {
  const { data, width: w, height: h } = image;
  const diff = (x0: number, y0: number, x1: number, y1: number): number => {
    const i = (y0 * w + x0) * 4;
    const j = (y1 * w + x1) * 4;
    return Math.abs((data[i] ?? 0) - (data[j] ?? 0)) + Math.abs((data[i + 1] ?? 0) - (data[j + 1] ?? 0)) + Math.abs((data[i + 2] ?? 0) - (data[j + 2] ?? 0));
  };
  let wrapX = 0;
  let insideX = 0;
  let wrapY = 0;
  let insideY = 0;
  for (let y = 0; y < h; y++) {
    wrapX += diff(w - 1, y, 0, y);
    for (let x = 0; x + 1 < w; x++) insideX += diff(x, y, x + 1, y);
  }
  for (let x = 0; x < w; x++) {
    wrapY += diff(x, h - 1, x, 0);
    for (let y = 0; y + 1 < h; y++) insideY += diff(x, y, x, y + 1);
  }
  return { wrapX: wrapX / h, insideX: insideX / (h * (w - 1)), wrapY: wrapY / w, insideY: insideY / (w * (h - 1)) };
}

/** Nearest-neighbour ×`factor` PNG of an RGBA image on a checkerboard (for looking at samples). */
export async function previewPng(image: RgbaImage, factor = 4): Promise<Buffer> {
  const w = image.width * factor;
  const h = image.height * factor;
  const board = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = Math.floor(x / factor);
      const sy = Math.floor(y / factor);
      const i = (sy * image.width + sx) * 4;
      const a = (image.data[i + 3] ?? 0) / 255;
      const check = ((x >> 3) + (y >> 3)) % 2 === 0 ? 200 : 120;
      const o = (y * w + x) * 4;
      for (let c = 0; c < 3; c++) board[o + c] = Math.round((image.data[i + c] ?? 0) * a + check * (1 - a));
      board[o + 3] = 255;
    }
  }
  return sharp(board, { raw: { width: w, height: h, channels: 4 } })
    .png()
    .toBuffer();
}
