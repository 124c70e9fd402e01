/**
 * The composer: turns a model's native image into the asset that was asked for.
 *
 * Order of steps per style (decode once at the start, shrunk by sharp to at most WORKING_SIDE on a
 * side when larger, encode once at the end):
 * - every transparent style: remove the background first, on the native (big) image, where edges
 *   are many pixels wide and the background colour is unmixed; after a downscale an edge pixel is
 *   a blend that no tolerance can separate. Skipped for models with native transparency, unless
 *   the picture came back fully opaque anyway.
 * - `none`: background removal → fit (transparent: contain with transparent padding; opaque:
 *   cover-crop, centred), Lanczos → faint-alpha clean-up.
 * - `pixel-art`: background removal → grid (Lanczos to 2× the grid, nearest to the grid) → binary
 *   alpha → palette quantisation (after the downscale: the palette is chosen from the colours that
 *   really end up in the sprite, and no later resampling can bring new colours back) → outline
 *   (last, on the final grid, in a colour of its own that has a reserved palette slot).
 * - `icon`: background removal → trim → square with margin → fit (Lanczos) → clean-up. Opaque
 *   icons: the subject's box comes from the background flood fill, and the margin keeps the
 *   model's own background around it.
 * - `texture`: ignores `transparent`; flatten → cover fit → seamless blend (last: any resampling
 *   after it would treat the edges as edges, not as the wrap, and bring the seam back).
 *
 * Opaque outputs keep the model's own background (nothing is removed); an image that carries
 * alpha anyway is flattened onto white, the usual "plain background" of image models.
 */
import type { AgentImage } from "../driver.js";
import { clearFaintAlpha, flatten } from "./alpha.js";
import { chooseFitMode, fit } from "./fit.js";
import { icon, maskBox } from "./icon.js";
import { pixelArt } from "./pixel-art.js";
import { backgroundMask, removeBackground } from "./remove-background.js";
import { decodeImage, encodePng, isOpaque } from "./rgba.js";
import type { Rgb, RgbaImage } from "./rgba.js";
import { makeSeamless } from "./texture.js";

export type AssetStyle = "none" | "pixel-art" | "icon" | "texture";

export interface PostProcessOptions {
  /** The asked size; the output is exactly this. */
  width: number;
  height: number;
  /** Background pixels end with alpha 0 and the subject stays opaque (ignored for textures). */
  transparent: boolean;
  /** The model can return real transparency (then no background removal, unless it sent an opaque picture). */
  nativeTransparency: boolean;
  style: AssetStyle;
  /** Pixel art: at most this many colours, outline included. Integer 2–256, default 32. */
  paletteSize?: number;
  /** Pixel art on a transparent asset: 1-pixel dark outline around the subject. Default false. */
  outline?: boolean;
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const MAX_SIDE = 8192;
/**
 * The per-pixel steps (background removal, trims, quantisation) never see more than this on a
 * side: a larger picture is shrunk by sharp when it is decoded. 1024 is the native size of most
 * models, so their pictures are processed as they come; the largest the drivers accept (twice the
 * native size) costs 4 MB of RGBA per copy instead of 16–64 MB, and its edges stay many pixels wide.
 */
export const WORKING_SIDE = 1024;

function validate(options: PostProcessOptions): void {
  for (const side of [options.width, options.height]) {
    if (!Number.isInteger(side) || side < 1 || side > MAX_SIDE) throw new RangeError(`postProcess: size must be an integer 1–${MAX_SIDE}, got ${side}`);
  }
  const palette = options.paletteSize;
  if (palette !== undefined && (!Number.isInteger(palette) || palette < 2 || palette > 256)) {
    throw new RangeError(`postProcess: paletteSize must be an integer 2–256, got ${palette}`);
  }
  if (!["none", "pixel-art", "icon", "texture"].includes(options.style)) throw new RangeError(`postProcess: unknown style ${String(options.style)}`);
}

/** The subject on a transparent background, at native size. */
function cutOut(image: RgbaImage, nativeTransparency: boolean): RgbaImage {
  if (nativeTransparency && !isOpaque(image)) return clearFaintAlpha(image);
  return removeBackground(image);
}

async function transparentAsset(image: RgbaImage, options: PostProcessOptions): Promise<RgbaImage> {
  const { width, height } = options;
  const subject = cutOut(image, options.nativeTransparency);
  switch (options.style) {
    case "pixel-art":
      return pixelArt(subject, { width, height, mode: "contain", paletteSize: options.paletteSize, outline: options.outline });
    case "icon":
      return icon(subject, { width, height });
    default:
      return clearFaintAlpha(await fit(subject, { width, height, mode: chooseFitMode(options) }));
  }
}

async function opaqueAsset(image: RgbaImage, options: PostProcessOptions): Promise<RgbaImage> {
  const { width, height } = options;
  const picture = isOpaque(image) ? image : flatten(image, WHITE);
  switch (options.style) {
    case "texture":
      return makeSeamless(await fit(picture, { width, height, mode: "cover" }));
    case "pixel-art":
      return pixelArt(picture, { width, height, mode: "cover", paletteSize: options.paletteSize });
    case "icon": {
      // the subject's box from the same flood fill as background removal: robust to noise,
      // gradients and vignettes, where a trim against one colour would keep the whole picture
      const { mask, colours } = backgroundMask(picture);
      const background = colours[0] ?? WHITE;
      return icon(picture, { width, height, background, box: maskBox(mask, picture.width, picture.height) });
    }
    default:
      return fit(picture, { width, height, mode: "cover" });
  }
}

/** Post-processes a model's image into a PNG asset of exactly the asked size. Deterministic. */
export async function postProcess(image: AgentImage, options: PostProcessOptions): Promise<AgentImage> {
  validate(options);
  const decoded = await decodeImage(image.png, Math.max(WORKING_SIDE, options.width, options.height));
  const transparent = options.transparent && options.style !== "texture";
  const asset = transparent ? await transparentAsset(decoded, options) : await opaqueAsset(decoded, options);
  if (asset.width !== options.width || asset.height !== options.height) {
    throw new Error(`postProcess: produced ${asset.width}×${asset.height}, expected ${options.width}×${options.height}`);
  }
  return { png: await encodePng(asset), width: asset.width, height: asset.height };
}
