/**
 * Cutout (contract section 14, `cutout`): any picture with its background removed, size kept.
 * The background is read from the border and flood-filled (`remove-background.ts`); the edge is
 * un-mixed from it (`fringe.ts`), so no halo of the old background colour is left. A picture that
 * already carries transparency keeps it (faint alpha cleared). `fringe` measures what is left.
 */
import { clearFaintAlpha } from "../pipeline/alpha.js";
import { estimateBorderBackground } from "../pipeline/border-colours.js";
import { removeBackground } from "../pipeline/remove-background.js";
import type { Rgb, RgbaImage } from "../pipeline/rgba.js";
import { isOpaque } from "../pipeline/rgba.js";

export interface CutoutResult {
  image: RgbaImage;
  /** The background colours read from the border (none for a picture that had transparency). */
  background: Rgb[];
  /** Share of the subject's edge pixels that still look like the background (0 = no fringe). */
  fringe: number;
}

/**
 * Edge pixels (alpha > 0 with a transparent 4-neighbour) whose colour, as seen, stays within
 * `tolerance` of a background colour: the halo a matte would show on another background.
 */
export function fringeShare(image: RgbaImage, background: readonly Rgb[], tolerance = 40): number {
  if (background.length === 0) return 0;
  const { data, width: w, height: h } = image;
  let edge = 0;
  let halo = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      if ((data[i + 3] ?? 0) === 0) continue;
      const clear = (nx: number, ny: number): boolean => nx < 0 || ny < 0 || nx >= w || ny >= h || data[(ny * w + nx) * 4 + 3] === 0;
      if (!(clear(x - 1, y) || clear(x + 1, y) || clear(x, y - 1) || clear(x, y + 1))) continue;
      edge++;
      const near = background.some((c) => Math.hypot((data[i] ?? 0) - c.r, (data[i + 1] ?? 0) - c.g, (data[i + 2] ?? 0) - c.b) < tolerance);
      if (near && (data[i + 3] ?? 0) >= 32) halo++;
    }
  }
  return edge === 0 ? 0 : halo / edge;
}

/** The picture with its background at alpha 0 (RGBA 0, 0, 0, 0), edges un-mixed; same size. */
export function cutout(image: RgbaImage): CutoutResult {
  if (!isOpaque(image)) return { image: clearFaintAlpha(image), background: [], fringe: 0 };
  const background = estimateBorderBackground(image).colours;
  const cut = removeBackground(image);
  return { image: cut, background, fringe: fringeShare(cut, background) };
}
