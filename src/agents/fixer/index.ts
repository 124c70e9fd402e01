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

/**
 * For a model's "pixel art" (post-processing): the picture brought to its own grid first, one pixel per
 * cell read from the cells' centres, when it has a grid the fixer is sure of (≥ `minConfidence`, cells
 * of at least 2 px, at least 16 across: a flat shape on a plain background reads as a coarse grid of
 * big cells, which no model's pixel art is); otherwise the picture as it is. The caller then fits the result
 * to the asked size, so a model that drew 32 cells where 32 were asked gives exactly its cells back.
 */
export function onTrueGrid(image: RgbaImage, minConfidence = 0.5): RgbaImage {
  // a model's 1024-px picture is read at a quarter size: its cells (16 px and more for art of ≤ 64) stay ≥ 4 px
  let source = image;
  while (Math.min(source.width, source.height) > 300) source = halve(source);
  const fit = detectGrid(source);
  if (!fit) return image;
  const { scale, width, height, confidence } = fit.detected;
  if (confidence < minConfidence || scale < 2 || width < 16 || height < 16) return image;
  return fit.cells;
}

/** A 2×2 box reduction (alpha-weighted colour): cheap, and exact on cells that are whole 2×2 blocks. */
export function halve(image: RgbaImage): RgbaImage {
  const w = image.width >> 1;
  const h = image.height >> 1;
  const out = Buffer.alloc(w * h * 4);
  const d = image.data;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sum = [0, 0, 0, 0];
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = ((2 * y + dy) * image.width + 2 * x + dx) * 4;
        const a = d[i + 3] ?? 0;
        sum[0]! += (d[i] ?? 0) * a;
        sum[1]! += (d[i + 1] ?? 0) * a;
        sum[2]! += (d[i + 2] ?? 0) * a;
        sum[3]! += a;
      }
      const o = (y * w + x) * 4;
      const a = sum[3] ?? 0;
      if (a > 0) for (let c = 0; c < 3; c++) out[o + c] = Math.round((sum[c] ?? 0) / a);
      out[o + 3] = Math.round(a / 4);
    }
  }
  return { data: out, width: w, height: h };
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
