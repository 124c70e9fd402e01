/**
 * The quality of a sprite sheet, measured on its pixels (contract section 12's `quality`): how many
 * colours it uses, how steady the feet stay on their row, how much the silhouette's height changes.
 */
import type { SheetLayout, SheetQuality } from "../../driver.js";

/**
 * `rgba` is the whole sheet, `width` pixels wide. The silhouette of a cell is its pixels with
 * alpha > 0; on an opaque sheet pass `figure` (one byte per pixel, non-zero on the figure and its
 * outline) so the background does not count as the figure.
 */
export function measureSheet(rgba: Uint8Array, width: number, layout: SheetLayout, figure?: Uint8Array): SheetQuality {
  const colors = new Set<number>();
  for (let p = 0; p < rgba.length; p += 4) {
    if ((rgba[p + 3] ?? 0) === 0) continue;
    colors.add((((rgba[p] ?? 0) << 24) | ((rgba[p + 1] ?? 0) << 16) | ((rgba[p + 2] ?? 0) << 8) | (rgba[p + 3] ?? 0)) >>> 0);
  }
  const solid = (x: number, y: number): boolean => {
    const k = y * width + x;
    return figure ? (figure[k] ?? 0) !== 0 : (rgba[k * 4 + 3] ?? 0) > 0;
  };
  const { frameWidth: fw, frameHeight: fh } = layout;
  let baselineJitterPx = 0;
  let bboxHeightRangePx = 0;
  for (const row of layout.animations) {
    const bottoms: number[] = [];
    const heights: number[] = [];
    for (let c = 0; c < row.frames; c++) {
      let top = -1;
      let bottom = -1;
      for (let y = 0; y < fh; y++) {
        const py = row.row * fh + y;
        for (let x = 0; x < fw; x++) {
          if (!solid(c * fw + x, py)) continue;
          if (top < 0) top = y;
          bottom = y;
          break;
        }
      }
      if (bottom < 0) continue;
      bottoms.push(bottom);
      heights.push(bottom - top + 1);
    }
    if (bottoms.length === 0) continue;
    // a death falls over, a jump leaves the ground: their feet are off the baseline by design
    if (row.name !== "death" && row.name !== "jump") baselineJitterPx = Math.max(baselineJitterPx, Math.max(...bottoms) - Math.min(...bottoms));
    if (!["death", "attack", "jump", "cast"].includes(row.name)) bboxHeightRangePx = Math.max(bboxHeightRangePx, Math.max(...heights) - Math.min(...heights));
  }
  return { colors: colors.size, paletteCompliance: 1, baselineJitterPx, bboxHeightRangePx };
}
