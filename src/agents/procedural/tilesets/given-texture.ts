/**
 * A caller's texture as a tileset's terrain (contract section 14): the picture cropped to a square from its
 * middle, resampled to the drawn tile size (an integer upscale stays nearest-neighbour, another upscale is
 * bilinear, a downscale averages each tile pixel's footprint), then made seamless (pipeline/texture.ts) so that full
 * tiles repeat without a seam. `textureSeamScore` measures a texture tiled 2 × 2 (1.0: no visible seam).
 */
import { makeSeamless } from "../../pipeline/texture.js";
import { Canvas } from "../kit/raster.js";
import { seamScore } from "./quality.js";

export interface GivenTexture {
  rgba: Uint8Array;
  width: number;
  height: number;
}

/** The square from the middle of the picture, `size` pixels a side. */
export function resampledSquare(image: GivenTexture, size: number): Uint8Array {
  const side = Math.min(image.width, image.height);
  const x0 = Math.floor((image.width - side) / 2);
  const y0 = Math.floor((image.height - side) / 2);
  const out = new Uint8Array(size * size * 4);
  const src = image.rgba;
  if (size >= side && size % side === 0) {
    // pixel art scaled by an integer: nearest neighbour
    for (let y = 0; y < size; y++) {
      const sy = y0 + Math.floor((y * side) / size);
      for (let x = 0; x < size; x++) {
        const s = (sy * image.width + x0 + Math.floor((x * side) / size)) * 4;
        out.set(src.subarray(s, s + 4), (y * size + x) * 4);
      }
    }
    return out;
  }
  if (size > side) {
    // by a fraction: bilinear (a blocky upscale would show its blocks, and a seam at each block's edge)
    const at = (x: number, y: number, c: number): number =>
      src[((y0 + Math.min(side - 1, Math.max(0, y))) * image.width + x0 + Math.min(side - 1, Math.max(0, x))) * 4 + c] ?? 0;
    for (let y = 0; y < size; y++) {
      const fy = ((y + 0.5) * side) / size - 0.5;
      const iy = Math.floor(fy);
      const ty = fy - iy;
      for (let x = 0; x < size; x++) {
        const fx = ((x + 0.5) * side) / size - 0.5;
        const ix = Math.floor(fx);
        const tx = fx - ix;
        for (let c = 0; c < 4; c++) {
          const top = at(ix, iy, c) * (1 - tx) + at(ix + 1, iy, c) * tx;
          const bottom = at(ix, iy + 1, c) * (1 - tx) + at(ix + 1, iy + 1, c) * tx;
          out[(y * size + x) * 4 + c] = Math.round(top * (1 - ty) + bottom * ty);
        }
      }
    }
    return out;
  }
  for (let y = 0; y < size; y++) {
    const ya = y0 + Math.floor((y * side) / size);
    const yb = Math.max(ya + 1, y0 + Math.floor(((y + 1) * side) / size));
    for (let x = 0; x < size; x++) {
      const xa = x0 + Math.floor((x * side) / size);
      const xb = Math.max(xa + 1, x0 + Math.floor(((x + 1) * side) / size));
      const sum = [0, 0, 0, 0];
      for (let sy = ya; sy < yb; sy++)
        for (let sx = xa; sx < xb; sx++) for (let c = 0; c < 4; c++) (sum[c] as number) += src[(sy * image.width + sx) * 4 + c] ?? 0;
      const n = (yb - ya) * (xb - xa);
      for (let c = 0; c < 4; c++) out[(y * size + x) * 4 + c] = Math.round((sum[c] as number) / n);
    }
  }
  return out;
}

/** The seam score of a square texture repeated 2 × 2: its wrap-around edges against its inside (1.0: seamless). */
export function textureSeamScore(rgba: Uint8Array, size: number): number {
  const tiled = new Uint8Array(4 * size * size * 4);
  for (let y = 0; y < 2 * size; y++)
    for (let x = 0; x < 2 * size; x++)
      tiled.set(rgba.subarray(((y % size) * size + (x % size)) * 4, ((y % size) * size + (x % size)) * 4 + 4), (y * 2 * size + x) * 4);
  return seamScore(tiled, 2 * size, 2 * size, size, size);
}

export interface SeamlessTerrain {
  canvas: Canvas;
  /** The seam score before and after it was made seamless. */
  seamBefore: number;
  seamAfter: number;
}

/** The caller's texture as an opaque, seamless `size` × `size` terrain. */
export function seamlessTerrain(image: GivenTexture, size: number): SeamlessTerrain {
  const square = resampledSquare(image, size);
  for (let p = 3; p < square.length; p += 4) square[p] = 255;
  const seamBefore = textureSeamScore(square, size);
  const seamless = makeSeamless({ data: Buffer.from(square.buffer, square.byteOffset, square.byteLength), width: size, height: size });
  const canvas = new Canvas(size, size);
  canvas.data.set(seamless.data);
  return { canvas, seamBefore, seamAfter: textureSeamScore(canvas.data, size) };
}
