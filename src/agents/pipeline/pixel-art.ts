/**
 * Step 3: pixel art. The native image (background already removed, for transparent sprites) is
 * brought to the pixel grid, alpha made binary, colours reduced to a small palette, and an
 * optional 1-pixel outline drawn.
 *
 * Downsampling: a smooth Lanczos reduction to `prefilter`× the grid (default 2×), then
 * nearest-neighbour to the grid (sampling each cell's centre). Why not one of the two alone:
 * - nearest straight from 1024 px to 64 px keeps 1 source pixel in 256: the model's noise and
 *   dithering survive as speckles, thin lines appear or vanish by chance, edges alias, and the
 *   quantiser wastes palette slots on noise;
 * - a smooth reduction straight to the grid averages whole 16×16 cells: every edge cell becomes a
 *   blend of its two sides (muddy rims, extra in-between colours, a soft silhouette).
 * The 2× intermediate filters the noise and the frequencies that would alias, while the final
 * nearest step picks one sub-sample per cell, so edges between colours stay crisp.
 */
import { mapImage, type PreparedPalette } from "../palette/map.js";
import { snapAlpha } from "./alpha.js";
import { fit } from "./fit.js";
import type { FitMode } from "./fit.js";
import { addOutline, DEFAULT_OUTLINE } from "./outline.js";
import { quantize } from "./quantize.js";
import { isOpaque } from "./rgba.js";
import type { Rgb, RgbaImage } from "./rgba.js";

export interface GridOptions {
  width: number;
  height: number;
  /** How the native aspect ratio is fitted (see `fit`). Default `cover`. */
  mode?: FitMode;
  /** Smooth reduction to this multiple of the grid before the nearest-neighbour step. Default 2; 1 = smooth only. */
  prefilter?: number;
}

export interface PixelArtOptions extends GridOptions {
  /** At most this many colours in the opaque pixels, outline included (2–256). Default 32. */
  paletteSize?: number;
  /** Draw a 1-pixel outline around the subject (only where there are transparent pixels). Default false. */
  outline?: boolean;
  outlineColour?: Rgb;
  /** Alpha at or above this becomes 255, below it 0. Default 128. */
  alphaThreshold?: number;
  /**
   * An asked palette: the grid is mapped onto it (perceptual, no dithering) instead of choosing
   * `paletteSize` colours, and the outline takes `outlineColour` (the caller passes the palette's
   * darkest colour), so every opaque pixel is one of its colours.
   */
  palette?: PreparedPalette;
}

/** Brings an image to the pixel grid (smooth prefilter, then nearest-neighbour). */
export async function downsampleToGrid(image: RgbaImage, options: GridOptions): Promise<RgbaImage> {
  const { width, height } = options;
  const mode = options.mode ?? "cover";
  const factor = Math.max(1, Math.round(options.prefilter ?? 2));
  const bigEnough = image.width >= width * factor && image.height >= height * factor;
  if (factor === 1 || !bigEnough) {
    // already small (or asked so): one step; nearest when enlarging keeps cells square and crisp
    const enlarging = image.width < width || image.height < height;
    return fit(image, { width, height, mode, kernel: enlarging ? "nearest" : "lanczos3" });
  }
  const smooth = await fit(image, { width: width * factor, height: height * factor, mode, kernel: "lanczos3" });
  return fit(smooth, { width, height, mode: "cover", kernel: "nearest" });
}

/** Pixel art of exactly `width`×`height`: binary alpha, ≤ `paletteSize` colours (or the asked palette's), optional outline. */
export async function pixelArt(image: RgbaImage, options: PixelArtOptions): Promise<RgbaImage> {
  const paletteSize = options.paletteSize ?? 32;
  if (!Number.isInteger(paletteSize) || paletteSize < 2 || paletteSize > 256) {
    throw new RangeError(`pixelArt: paletteSize must be an integer 2–256, got ${paletteSize}`);
  }
  const grid = snapAlpha(await downsampleToGrid(image, options), options.alphaThreshold ?? 128);
  const outline = options.outline === true && !isOpaque(grid);
  if (options.palette) {
    // alpha is already 0 or 255: the mapping keeps it and writes every opaque pixel as a palette colour
    const mapped = mapImage(grid.data, grid.width, grid.height, options.palette, { dither: "none", binaryAlpha: true });
    const onPalette = { data: Buffer.from(mapped.buffer, mapped.byteOffset, mapped.byteLength), width: grid.width, height: grid.height };
    return outline ? addOutline(onPalette, options.outlineColour ?? DEFAULT_OUTLINE) : onPalette;
  }
  // the outline colour takes one of the palette's slots
  const quantised = quantize(grid, { colours: outline ? paletteSize - 1 : paletteSize });
  return outline ? addOutline(quantised, options.outlineColour ?? DEFAULT_OUTLINE) : quantised;
}
