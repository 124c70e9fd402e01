/** Progress reporting and cancellation shared by the generators. */
import { encodePng, LazyPreview, previewOf, type Canvas } from "./raster.js";
import type { GeneratedImage, GeneratorProgress } from "./types.js";

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

  /** Encodes the final canvas and reports 100%. */
  async finish(canvas: Canvas, photo = false): Promise<GeneratedImage> {
    await this.report(90, "encoding");
    const png = encodePng(canvas, photo);
    await this.report(100, "done");
    return { png, mimeType: "image/png", width: canvas.width, height: canvas.height };
  }
}
