/**
 * Textures and tiles at 16, 32 and 48 px as pixel art: the surface drawn at a multiple of the size is averaged
 * down, reduced to a few colours of its own (a ramp per material: k-means, no dithering) and cleared of
 * single stray pixels, across the edges too, so that it still tiles without a seam.
 */
import { despeckle, hardAlpha, quantize } from "../kit/pixelize.js";
import { downsample, type Canvas } from "../kit/raster.js";

/** How many colours a small surface keeps: more room, a longer ramp. */
export function textureColors(size: number): number {
  return size <= 16 ? 4 : size <= 32 ? 5 : 6;
}

/** `drawn` (a seamless surface) reduced by `factor` into pixel art. */
export function pixelTexture(drawn: Canvas, factor: number): Canvas {
  const small = downsample(drawn, factor);
  quantize(small, textureColors(small.width));
  despeckle(small, true);
  return small;
}

/**
 * A tileset's sheet drawn at `factor` times its tile size, reduced: averaged down, binary alpha, `colors` colours
 * over the whole sheet (every tile shares them, so tiles meet without a change of colour), stray pixels merged.
 */
export function pixelTiles(drawn: Canvas, factor: number, colors: number): Canvas {
  const small = downsample(drawn, factor);
  hardAlpha(small);
  quantize(small, colors);
  despeckle(small, false);
  return small;
}
