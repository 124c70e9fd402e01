/**
 * Palette quantisation for pixel art: image-q's Wu quantiser (variance-minimising box cuts,
 * deterministic) and nearest-colour mapping without dithering (dither noise reads as dirt on a
 * 64-pixel sprite). Wu runs with 4 significant bits per channel: on sprite-sized images it gives
 * the same error as 5 bits (measured 5.36 vs 5.33 mean RGB error for 32 colours on a shaded
 * 64×64 picture) in ~20 ms instead of ~450 ms, because image-q's Wu histogram also spans alpha.
 */
import { distance, image as imageQuantizers, palette as paletteQuantizers, utils } from "image-q";
import type { RgbaImage } from "./rgba.js";

export interface QuantizeOptions {
  /** At most this many distinct colours among the opaque pixels (1–256). */
  colours: number;
}

/**
 * Reduces the opaque pixels (alpha ≥ 128, written back with alpha 255) to at most `colours`
 * colours. Transparent pixels (alpha < 128) become (0, 0, 0, 0) and take no palette slot. Images
 * that already have few enough colours are returned with their exact colours.
 */
export function quantize(image: RgbaImage, options: QuantizeOptions): RgbaImage {
  const colours = Math.round(options.colours);
  if (!(colours >= 1 && colours <= 256)) throw new RangeError(`quantize: colours must be 1–256, got ${options.colours}`);
  const { data: src, width, height } = image;
  const out = Buffer.alloc(src.length);
  const opaque: number[] = [];
  const distinct = new Set<number>();
  for (let i = 0; i < src.length; i += 4) {
    if ((src[i + 3] ?? 0) < 128) continue;
    out[i] = src[i] ?? 0;
    out[i + 1] = src[i + 1] ?? 0;
    out[i + 2] = src[i + 2] ?? 0;
    out[i + 3] = 255;
    opaque.push(i);
    distinct.add(out.readUInt32LE(i));
  }
  if (distinct.size <= colours) return { data: out, width, height };
  if (colours === 1) return fillOpaque(out, opaque, width, height);

  // the opaque pixels as a 1-row image: transparency never reaches the quantiser
  const points = new Uint8Array(opaque.length * 4);
  opaque.forEach((i, k) => {
    points.set(out.subarray(i, i + 4), k * 4);
  });
  const container = utils.PointContainer.fromUint8Array(points, opaque.length, 1);
  const metric = new distance.EuclideanBT709NoAlpha();
  const wu = new paletteQuantizers.WuQuant(metric, colours, 4);
  wu.sample(container);
  const palette = wu.quantizeSync();
  const mapped = new imageQuantizers.NearestColor(metric).quantizeSync(container, palette).toUint8Array();
  opaque.forEach((i, k) => {
    out[i] = mapped[k * 4] ?? 0;
    out[i + 1] = mapped[k * 4 + 1] ?? 0;
    out[i + 2] = mapped[k * 4 + 2] ?? 0;
    out[i + 3] = 255;
  });
  return { data: out, width, height };
}

/** One colour left (a 2-colour palette with an outline): every opaque pixel gets their mean. */
function fillOpaque(out: Buffer, opaque: number[], width: number, height: number): RgbaImage {
  const sum = [0, 0, 0];
  for (const i of opaque) for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (out[i + c] ?? 0);
  const mean = sum.map((v) => Math.round(v / opaque.length));
  for (const i of opaque) for (let c = 0; c < 3; c++) out[i + c] = mean[c] ?? 0;
  return { data: out, width, height };
}
