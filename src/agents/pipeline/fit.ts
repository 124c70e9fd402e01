/** Step 1: fit the model's native image to the asked size. */
import { cloneImage, fromRaw, toRaw } from "./rgba.js";
import type { Rgb, RgbaImage } from "./rgba.js";

/**
 * `cover`: scale to fill the asked size and crop the overflow, centred (no padding: right for
 * opaque pictures and textures, whose edges are content). `contain`: scale to fit inside and pad
 * the rest, centred (right for cut-out subjects: nothing of the subject is cropped, and the
 * padding is simply more transparent background).
 */
export type FitMode = "cover" | "contain";

/** `lanczos3` for ordinary downscales; `nearest` keeps pixel-art cells crisp. */
export type FitKernel = "lanczos3" | "nearest";

export interface FitOptions {
  width: number;
  height: number;
  /** Default `cover`. */
  mode?: FitMode;
  /** Default `lanczos3`. */
  kernel?: FitKernel;
  /** Padding for `contain`: transparent when omitted, else this opaque colour. */
  padding?: Rgb;
}

/**
 * The mode the composer uses: `contain` with transparent padding when a transparent asset is
 * asked (and the style is not a texture), `cover` otherwise (textures and opaque pictures).
 */
export function chooseFitMode(options: { transparent: boolean; style: string }): FitMode {
  return options.transparent && options.style !== "texture" ? "contain" : "cover";
}

/**
 * Resizes to exactly `width`×`height`. Alpha is premultiplied during resampling (sharp does it
 * for RGBA input), so transparent pixels' colour never bleeds into the subject's edge.
 */
export async function fit(image: RgbaImage, options: FitOptions): Promise<RgbaImage> {
  const { width, height } = options;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`fit: invalid size ${width}×${height}`);
  }
  if (image.width === width && image.height === height) return cloneImage(image);
  const padding = options.padding;
  const background = padding ? { r: padding.r, g: padding.g, b: padding.b, alpha: 1 } : { r: 0, g: 0, b: 0, alpha: 0 };
  const out = await toRaw(
    fromRaw(image).resize(width, height, {
      fit: options.mode ?? "cover",
      position: "centre",
      kernel: options.kernel ?? "lanczos3",
      background,
    }),
  );
  if (out.width !== width || out.height !== height) {
    throw new Error(`fit: resize gave ${out.width}×${out.height}, expected ${width}×${height}`);
  }
  return out;
}
