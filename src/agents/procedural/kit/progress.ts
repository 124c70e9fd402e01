/** Progress reporting and cancellation shared by the generators. */
import { mapImage } from "../../palette/map.js";
import { measureQuality } from "../../palette/quality.js";
import type { Rgb } from "./color.js";
import { encodePng, LazyPreview, previewOf, type Canvas } from "./raster.js";
import type { GeneratedImage, GeneratorProgress } from "./types.js";

/** How a generator's final canvas is finished: onto the asked palette, and what its quality report measures. */
export interface FinishOptions {
  /** Every pixel with alpha > 0 ends as one of these colours (perceptually nearest). */
  palette?: readonly Rgb[];
  /** Ordered (Bayer) dithering between the two nearest palette colours: textures; none for sprites and icons. */
  dither?: "none" | "ordered";
  /** Meant to tile: the quality report adds `tileabilityScore`. */
  tileable?: boolean;
}

export function abortError(): Error {
  const error = new Error("The generation was aborted");
  error.name = "AbortError";
  return error;
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError();
}

/** Reports stages with non-decreasing percentages, checking for cancellation around each report. */
export class ProgressReporter {
  private last = 0;

  constructor(
    private readonly onProgress: (p: GeneratorProgress) => void | Promise<void>,
    private readonly signal: AbortSignal | undefined,
    private readonly finishing: FinishOptions = {},
  ) {}

  async report(percent: number, stage: string, previewFrom?: Canvas): Promise<void> {
    throwIfAborted(this.signal);
    this.last = Math.max(this.last, Math.min(100, Math.round(percent)));
    const progress: GeneratorProgress = { percent: this.last, stage };
    if (previewFrom) {
      const preview = previewOf(previewFrom, 32);
      // a canvas already small enough is its own preview: copied, as the generator may keep drawing on it
      const pixels = preview === previewFrom ? preview.data.slice() : preview.data;
      progress.preview = new LazyPreview(pixels, preview.width, preview.height);
    }
    await this.onProgress(progress);
    throwIfAborted(this.signal);
  }

  /**
   * Maps the final canvas onto the asked palette (in place: a caller measuring it afterwards sees
   * the pixels as stored), measures it, encodes it and reports 100%.
   */
  async finish(canvas: Canvas, photo = false): Promise<GeneratedImage> {
    await this.report(90, "encoding");
    const { palette, dither = "none", tileable = false } = this.finishing;
    if (palette) canvas.data.set(mapImage(canvas.data, canvas.width, canvas.height, palette, { dither, bayer: 8 }));
    const quality = measureQuality(canvas.data, canvas.width, canvas.height, { ...(palette ? { palette } : {}), tileable });
    const png = encodePng(canvas, photo);
    await this.report(100, "done");
    return { png, mimeType: "image/png", width: canvas.width, height: canvas.height, quality };
  }
}
