/**
 * Contract section 12's frame rules, checked on a sheet's decoded pixels: cells past a row's frames are
 * empty, no frame is empty, an animation's frames differ from each other, the feet stay on one row
 * (±1 px; a jump takes off and lands on it and is at least 2 px above it at its top; a death falls),
 * the silhouette's height varies by at most 2 px (not for attack, cast, jump, death), and every colour
 * is one of `palette` when given. The same checks as the drawn sheets' tests, for any sheet.
 */
import type { SheetLayout } from "../../driver.js";

export interface DecodedSheet {
  width: number;
  height: number;
  data: Uint8Array;
}

const rgbKey = (d: Uint8Array, p: number): number => (((d[p] ?? 0) << 16) | ((d[p + 1] ?? 0) << 8) | (d[p + 2] ?? 0)) >>> 0;

/** The rules a sheet breaks, in words (empty when it keeps them all). `palette`: allowed colours as 24-bit keys. */
export function frameRuleViolations(png: DecodedSheet, layout: SheetLayout, palette?: ReadonlySet<number>): string[] {
  const out: string[] = [];
  const { frameWidth: fw, frameHeight: fh } = layout;
  for (const row of layout.animations) {
    const name = `${row.name} ${row.direction}`;
    const frames: string[] = [];
    const bottoms: number[] = [];
    const heights: number[] = [];
    for (let c = 0; c < layout.columns; c++) {
      let top = -1;
      let bottom = -1;
      const pixels: number[] = [];
      for (let y = 0; y < fh; y++) {
        for (let x = 0; x < fw; x++) {
          const p = ((row.row * fh + y) * png.width + c * fw + x) * 4;
          const a = png.data[p + 3] as number;
          pixels.push(a ? rgbKey(png.data, p) : -1);
          if (!a) continue;
          if (c >= row.frames) {
            out.push(`${name}: cell ${c} beyond the frames is not empty`);
            y = fh;
            break;
          }
          if (palette && !palette.has(rgbKey(png.data, p)))
            out.push(`${name} frame ${c}: colour #${rgbKey(png.data, p).toString(16).padStart(6, "0")} outside the palette`);
          if (top < 0) top = y;
          bottom = y;
        }
      }
      if (c >= row.frames) continue;
      if (bottom < 0) out.push(`${name} frame ${c} is empty`);
      frames.push(pixels.join(","));
      bottoms.push(bottom);
      heights.push(bottom - top + 1);
    }
    if (new Set(frames).size !== row.frames) out.push(`${name}: frames are not pairwise distinct`);
    const spread = (v: number[]): number => Math.max(...v) - Math.min(...v);
    if (row.name === "jump") {
      const [first, , top, , last] = bottoms as [number, number, number, number, number];
      if (Math.abs(first - last) > 1) out.push(`${name}: lands ${Math.abs(first - last)} px from where it took off`);
      if (Math.max(first, last) - top < 2) out.push(`${name}: not airborne at the top`);
    } else if (row.name !== "death" && spread(bottoms) > 1) out.push(`${name}: baseline moves ${spread(bottoms)} px`);
    if (!["death", "attack", "jump", "cast"].includes(row.name) && spread(heights) > 2) out.push(`${name}: height varies ${spread(heights)} px`);
  }
  return [...new Set(out)];
}
