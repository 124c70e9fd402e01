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
 * - `pixel-art`: background removal → the picture's own grid when it is fake pixel art (a model's cells,
 *   uneven, blurred: fixer/, one pixel per cell) → grid (Lanczos to 2× the grid, nearest to the grid) → binary
 *   alpha → palette quantisation (after the downscale: the palette is chosen from the colours that
 *   really end up in the sprite, and no later resampling can bring new colours back) → outline
 *   (last, on the final grid, in a colour of its own that has a reserved palette slot).
 * - `icon`: background removal → trim → square with margin → fit (Lanczos) → clean-up. Opaque
 *   icons: the subject's box comes from the background flood fill, and the margin keeps the
 *   model's own background around it.
 * - `texture`: ignores `transparent`; flatten → cover fit → seamless blend (last: any resampling
 *   after it would treat the edges as edges, not as the wrap, and bring the seam back).
 *
 * With an asked palette (contract section 12) every pixel with alpha > 0 ends as one of its colours,
 * chosen by perceptual (OKLab) distance: pixel art maps its grid onto it in place of its own
 * quantisation (binary alpha, the outline in the palette's darkest colour); `none` and `icon` map
 * their final pixels without dithering; textures with ordered (Bayer) dithering, after the seamless
 * blend, with a matrix whose side divides the tile's so that the pattern wraps too. The quality
 * report (palette/quality.ts) is measured on the final pixels of every asset, palette or not.
 *
 * Opaque outputs keep the model's own background (nothing is removed); an image that carries
 * alpha anyway is flattened onto white, the usual "plain background" of image models.
 */
import type { AgentImage } from "../driver.js";
import { parseHex } from "../palette/color.js";
import { mapImage, preparePalette, type PreparedPalette } from "../palette/map.js";
import { oklabLightness } from "../palette/oklab.js";
import { measureQuality } from "../palette/quality.js";
import { clearFaintAlpha, flatten } from "./alpha.js";
import { chooseFitMode, fit } from "./fit.js";
import { icon, maskBox } from "./icon.js";
import { onTrueGrid } from "../fixer/index.js";
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
  /**
   * The asked palette, `#rrggbb` (1–256 colours; requests were held to 2–64 before): every pixel
   * with alpha > 0 ends as one of these colours. For pixel art it replaces `paletteSize`.
   */
  palette?: readonly string[];
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

/** The asked palette, parsed and with its OKLab coordinates; undefined when none was asked. */
function preparedPalette(colors: readonly string[] | undefined): PreparedPalette | undefined {
  if (colors === undefined) return undefined;
  if (colors.length < 1 || colors.length > 256) throw new RangeError(`postProcess: a palette holds 1–256 colours, got ${colors.length}`);
  return preparePalette(
    colors.map((hex) => {
      const rgb = parseHex(hex);
      if (!rgb) throw new RangeError(`postProcess: palette colour ${JSON.stringify(hex)} is not #rrggbb`);
      return rgb;
    }),
  );
}

/** The palette's darkest colour (lowest OKLab lightness; ties: the earlier one): the outline of pixel art. */
function darkest(palette: PreparedPalette): Rgb {
  let best = palette.colors[0]!;
  let bestL = Number.POSITIVE_INFINITY;
  for (const c of palette.colors) {
    const L = oklabLightness(c.r, c.g, c.b);
    if (L < bestL) {
      best = c;
      bestL = L;
    }
  }
  return best;
}

/** The Bayer matrix side for a texture: 8 when it divides both sides (the pattern then wraps with the tile), else 4. */
const bayerFor = (width: number, height: number): 4 | 8 => (width % 8 === 0 && height % 8 === 0 ? 8 : 4);

/** `image` mapped onto `palette` (ordered dithering for textures, none otherwise; alpha kept). */
function onPalette(image: RgbaImage, palette: PreparedPalette, style: AssetStyle): RgbaImage {
  const { width, height } = image;
  const mapped =
    style === "texture"
      ? mapImage(image.data, width, height, palette, { dither: "ordered", bayer: bayerFor(width, height) })
      : mapImage(image.data, width, height, palette, { dither: "none" });
  return { data: Buffer.from(mapped.buffer, mapped.byteOffset, mapped.byteLength), width, height };
}

/** The subject on a transparent background, at native size. */
function cutOut(image: RgbaImage, nativeTransparency: boolean): RgbaImage {
  if (nativeTransparency && !isOpaque(image)) return clearFaintAlpha(image);
  return removeBackground(image);
}

async function transparentAsset(image: RgbaImage, options: PostProcessOptions, palette: PreparedPalette | undefined): Promise<RgbaImage> {
  const { width, height } = options;
  const subject = cutOut(image, options.nativeTransparency);
  switch (options.style) {
    case "pixel-art":
      return pixelArt(onTrueGrid(subject), {
        width,
        height,
        mode: "contain",
        paletteSize: options.paletteSize,
        outline: options.outline,
        ...(palette ? { palette, outlineColour: darkest(palette) } : {}),
      });
    case "icon":
      return icon(subject, { width, height });
    default:
      return clearFaintAlpha(await fit(subject, { width, height, mode: chooseFitMode(options) }));
  }
}

async function opaqueAsset(image: RgbaImage, options: PostProcessOptions, palette: PreparedPalette | undefined): Promise<RgbaImage> {
  const { width, height } = options;
  const picture = isOpaque(image) ? image : flatten(image, WHITE);
  switch (options.style) {
    case "texture":
      return makeSeamless(await fit(picture, { width, height, mode: "cover" }));
    case "pixel-art":
      return pixelArt(onTrueGrid(picture), { width, height, mode: "cover", paletteSize: options.paletteSize, ...(palette ? { palette } : {}) });
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

/**
 * Post-processes a model's image into a PNG asset of exactly the asked size, on the asked palette
 * when there is one, with its quality report measured on the final pixels. Deterministic.
 */
export async function postProcess(image: AgentImage, options: PostProcessOptions): Promise<AgentImage> {
  validate(options);
  const palette = preparedPalette(options.palette);
  const decoded = await decodeImage(image.png, Math.max(WORKING_SIDE, options.width, options.height));
  const transparent = options.transparent && options.style !== "texture";
  const drawn = transparent ? await transparentAsset(decoded, options, palette) : await opaqueAsset(decoded, options, palette);
  if (drawn.width !== options.width || drawn.height !== options.height) {
    throw new Error(`postProcess: produced ${drawn.width}×${drawn.height}, expected ${options.width}×${options.height}`);
  }
  // pixel art is already on the palette (its grid was mapped in place of its quantisation)
  const asset = palette && options.style !== "pixel-art" ? onPalette(drawn, palette, options.style) : drawn;
  const quality = measureQuality(asset.data, asset.width, asset.height, {
    ...(palette ? { palette: palette.colors } : {}),
    tileable: options.style === "texture",
  });
  return { png: await encodePng(asset), width: asset.width, height: asset.height, quality };
}
