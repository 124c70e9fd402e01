/**
 * The pixel fixer (contract section 14, `pixel-fixer`): pixel art that was upscaled (by any
 * factor), blurred, re-compressed, shifted, noised or drawn by a model on an uneven grid → the same
 * art at its true resolution, one pixel per cell, with what was detected and how sure it is.
 *
 * detect the grid (detect.ts) → one colour per cell from its centre (sample.ts) → alpha made
 * binary → colours snapped to the asked palette, or merged to ≤ 64 chosen from the image
 * (colours.ts) → the background removed on request (background.ts). With `width` and `height`
 * asked, the grid is searched near that size; a picture without such a grid (a photo, a painting)
 * becomes pixel art of that size the ordinary way (`pixelArt`: smooth prefilter, nearest, palette).
 */
import { mapImage, type PreparedPalette, preparePalette } from "../palette/map.js";
import type { Rgb } from "../palette/color.js";
import { snapAlpha } from "../pipeline/alpha.js";
import { pixelArt } from "../pipeline/pixel-art.js";
import type { RgbaImage } from "../pipeline/rgba.js";
import { removeCellBackground } from "./background.js";
import { clusterColours } from "./colours.js";
import { type DetectedGrid, detectGrid } from "./detect.js";

export type { DetectedGrid } from "./detect.js";
export { detectGrid } from "./detect.js";
export { cutout, type CutoutResult } from "./cutout.js";

export interface FixOptions {
  /** The art's size, when known; detected otherwise. */
  width?: number;
  height?: number;
  /** Remove the background (alpha 0), read from the border cells. */
  transparent?: boolean;
  /** Snap every opaque pixel to these colours. */
  palette?: readonly Rgb[] | PreparedPalette;
  /** Without `palette`: at most this many colours chosen from the image (2–256). Default 64. */
  maxColours?: number;
  /** Below this confidence an asked size is drawn the ordinary way instead of read off the grid. Default 0.3. */
  minConfidence?: number;
}

export interface FixResult {
  image: RgbaImage;
  detected: DetectedGrid;
}

/** The colours of the fixed art: the asked palette, or ≤ `maxColours` chosen from it. */
function recolour(art: RgbaImage, options: FixOptions): RgbaImage {
  if (options.palette) {
    const mapped = mapImage(art.data, art.width, art.height, preparePalette(options.palette as readonly Rgb[]), { dither: "none", binaryAlpha: true });
    return { data: Buffer.from(mapped.buffer, mapped.byteOffset, mapped.byteLength), width: art.width, height: art.height };
  }
  return clusterColours(art, { max: options.maxColours ?? 64 });
}

/** Fixes pixel art (see the module comment). Deterministic; pure apart from the `pixelArt` fallback's resampling. */
export async function fixPixelArt(image: RgbaImage, options: FixOptions = {}): Promise<FixResult> {
  const asked = options.width !== undefined && options.height !== undefined ? { width: options.width, height: options.height } : undefined;
  const fit = detectGrid(image, asked ?? {});
  const minConfidence = options.minConfidence ?? 0.3;
  const onGrid =
    fit !== undefined &&
    (asked === undefined || (fit.cells.width === asked.width && fit.cells.height === asked.height && fit.detected.confidence >= minConfidence));
  if (!onGrid || !fit) {
    // no grid to read: a plain picture made into pixel art of the asked (or its own) size
    const width = asked?.width ?? image.width;
    const height = asked?.height ?? image.height;
    const art = await pixelArt(image, {
      width,
      height,
      mode: "cover",
      paletteSize: Math.min(256, options.maxColours ?? 64),
      ...(options.palette ? { palette: preparePalette(options.palette as readonly Rgb[]) } : {}),
    });
    const detected: DetectedGrid = {
      scale: Math.round((image.width / width + image.height / height) * 50) / 100,
      width,
      height,
      offsetX: 0,
      offsetY: 0,
      confidence: fit?.detected.confidence ?? 0,
    };
    return { image: options.transparent ? removeCellBackground(art) : art, detected };
  }
  let art = snapAlpha(fit.cells);
  if (options.transparent) art = removeCellBackground(art);
  art = recolour(art, options);
  return { image: art, detected: fit.detected };
}
