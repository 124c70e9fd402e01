/** A 1-pixel outline around the opaque subject of a transparent sprite (classic pixel-art look). */
import type { Rgb, RgbaImage } from "./rgba.js";

/** Default outline: a very dark, slightly cool colour that reads on light and dark maps. */
export const DEFAULT_OUTLINE: Rgb = { r: 20, g: 16, b: 28 };

/**
 * Every transparent pixel (alpha 0) that has an opaque 4-neighbour (alpha 255) becomes the
 * outline colour. 4-neighbourhood: the outline is one pixel wide and 8-connected, without the
 * doubled corner pixels an 8-neighbour dilation gives. The subject itself is never painted over;
 * where it touches the image border there is no room for an outline there.
 */
export function addOutline(image: RgbaImage, colour: Rgb = DEFAULT_OUTLINE): RgbaImage {
  const { data: src, width: w, height: h } = image;
  const out = Buffer.from(src);
  const opaque = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < w && y < h && src[(y * w + x) * 4 + 3] === 255;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      if (src[i + 3] !== 0) continue;
      if (opaque(x - 1, y) || opaque(x + 1, y) || opaque(x, y - 1) || opaque(x, y + 1)) {
        out[i] = colour.r;
        out[i + 1] = colour.g;
        out[i + 2] = colour.b;
        out[i + 3] = 255;
      }
    }
  }
  return { data: out, width: w, height: h };
}
