/**
 * Step 5: seamless textures, by offset-and-blend, one axis at a time.
 *
 * Horizontally: B is the tile rolled by half its width (wrap-around), so B's left and right
 * columns are neighbours inside the original and B wraps without a seam; B's own seam (the
 * original's edges meeting) lies on its centre column. The output is A·m + B·(1 − m) with a
 * feathered mask m(x): 0 on the two edge columns (pure B: the wrap is seamless), rising smoothly
 * over the `feather` band to 1, and 1 in the whole middle (pure A: B's seam never shows).
 * Then the same vertically on that result; the vertical pass blends whole rows with one weight
 * per row, so it keeps the horizontal wrap seamless.
 */
import type { RgbaImage } from "./rgba.js";

export interface SeamlessOptions {
  /** Width of the blended band at each edge, as a share of the side (0 < feather ≤ 0.5). Default 0.25. */
  feather?: number;
}

/** Mask weights per column (or row): 0 at both ends, smoothstep up to 1 over `band` pixels. */
export function featherWeights(size: number, band: number): Float64Array {
  const weights = new Float64Array(size);
  const f = Math.max(1, Math.min(band, Math.floor(size / 2) - 1));
  for (let x = 0; x < size; x++) {
    const d = Math.min(x, size - 1 - x);
    const t = d >= f ? 1 : d / f;
    weights[x] = t * t * (3 - 2 * t);
  }
  return weights;
}

function blendAxis(image: RgbaImage, horizontal: boolean, feather: number): RgbaImage {
  const { data: src, width: w, height: h } = image;
  const size = horizontal ? w : h;
  const half = Math.floor(size / 2);
  const weights = featherWeights(size, Math.round(feather * size));
  const out = Buffer.alloc(src.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const m = weights[horizontal ? x : y] ?? 1;
      const i = (y * w + x) * 4;
      const j = horizontal ? (y * w + ((x + half) % w)) * 4 : (((y + half) % h) * w + x) * 4;
      for (let c = 0; c < 4; c++) out[i + c] = Math.round((src[i + c] ?? 0) * m + (src[j + c] ?? 0) * (1 - m));
    }
  }
  return { data: out, width: w, height: h };
}

/** Makes a tile wrap seamlessly in both directions (same size; alpha blended like the colours). */
export function makeSeamless(image: RgbaImage, options: SeamlessOptions = {}): RgbaImage {
  const feather = options.feather ?? 0.25;
  if (!(feather > 0 && feather <= 0.5)) throw new RangeError(`makeSeamless: feather must be in (0, 0.5], got ${feather}`);
  if (image.width < 4 || image.height < 4) return { ...image, data: Buffer.from(image.data) };
  return blendAxis(blendAxis(image, true, feather), false, feather);
}
