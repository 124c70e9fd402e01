/**
 * Background removal at cell resolution: the flood fill of `remove-background.ts` from the border
 * cells, but with binary alpha (a cell is background or it is not: pixel art has no soft edge, so
 * there is no fringe to un-mix and none left behind).
 */
import { backgroundMask } from "../pipeline/remove-background.js";
import type { RgbaImage } from "../pipeline/rgba.js";

/** Cells reached from the border through background-coloured cells get RGBA (0, 0, 0, 0). */
export function removeCellBackground(art: RgbaImage): RgbaImage {
  const { mask } = backgroundMask(art, { tolerance: 28, drift: 24, minIslandArea: 1 });
  const data = Buffer.from(art.data);
  for (let p = 0; p < mask.length; p++) if (mask[p] === 1) data.writeUInt32LE(0, p * 4);
  return { data, width: art.width, height: art.height };
}
