/** Alpha clean-up steps: what makes "background pixels have alpha exactly 0" hold after resampling. */
import type { Rgb, RgbaImage } from "./rgba.js";

/**
 * Pixels with alpha below `below` become fully transparent (alpha 0, colour 0). Removes the faint
 * ringing of a Lanczos resize around a cut-out subject and the near-zero alpha noise some models
 * leave in a "transparent" background. Everything else is untouched.
 */
export function clearFaintAlpha(image: RgbaImage, below = 8): RgbaImage {
  const data = Buffer.from(image.data);
  for (let i = 0; i < data.length; i += 4) {
    if ((data[i + 3] ?? 0) < below) data.writeUInt32LE(0, i);
  }
  return { data, width: image.width, height: image.height };
}

/**
 * Binary alpha for pixel art: alpha ≥ `threshold` → 255, else the pixel becomes (0, 0, 0, 0).
 * Colours are kept as they are (they were un-premultiplied by the resize, so they are the
 * subject's colour, not a blend with the background).
 */
export function snapAlpha(image: RgbaImage, threshold = 128): RgbaImage {
  const data = Buffer.from(image.data);
  for (let i = 0; i < data.length; i += 4) {
    if ((data[i + 3] ?? 0) >= threshold) data[i + 3] = 255;
    else data.writeUInt32LE(0, i);
  }
  return { data, width: image.width, height: image.height };
}

/** Composites onto an opaque `matte` colour: every pixel ends with alpha 255. */
export function flatten(image: RgbaImage, matte: Rgb): RgbaImage {
  const data = Buffer.from(image.data);
  for (let i = 0; i < data.length; i += 4) {
    const a = (data[i + 3] ?? 0) / 255;
    if (a === 1) continue;
    data[i] = Math.round((data[i] ?? 0) * a + matte.r * (1 - a));
    data[i + 1] = Math.round((data[i + 1] ?? 0) * a + matte.g * (1 - a));
    data[i + 2] = Math.round((data[i + 2] ?? 0) * a + matte.b * (1 - a));
    data[i + 3] = 255;
  }
  return { data, width: image.width, height: image.height };
}
