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
 * The share of the subject's edge pixels (alpha > 0, a transparent 4-neighbour) that still carry
 * more than `limit` of a background colour: the halo a matte shows on another background. For each,
 * S is the solid subject pixel within 2 px farthest from the background B, and the pixel's colour c
 * is read as a mix of S and B: t = (c − S)·(B − S) / |B − S|² is the background's share.
 */
export function fringeShare(image: RgbaImage, background: readonly Rgb[], limit = 0.25): number {
  if (background.length === 0) return 0;
  const { data, width: w, height: h } = image;
  const clear = (x: number, y: number): boolean => x < 0 || y < 0 || x >= w || y >= h || data[(y * w + x) * 4 + 3] === 0;
  const isEdge = (x: number, y: number): boolean => !clear(x, y) && (clear(x - 1, y) || clear(x + 1, y) || clear(x, y - 1) || clear(x, y + 1));
  let edges = 0;
  let halo = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!isEdge(x, y)) continue;
      edges++;
      const i = (y * w + x) * 4;
      let worst = 0;
      for (const B of background) {
        let S: [number, number, number] | undefined;
        let far = -1;
        for (let ny = Math.max(0, y - 2); ny <= Math.min(h - 1, y + 2); ny++) {
          for (let nx = Math.max(0, x - 2); nx <= Math.min(w - 1, x + 2); nx++) {
            if (clear(nx, ny) || isEdge(nx, ny)) continue;
            const j = (ny * w + nx) * 4;
            const d = Math.hypot((data[j] ?? 0) - B.r, (data[j + 1] ?? 0) - B.g, (data[j + 2] ?? 0) - B.b);
            if (d > far) {
              far = d;
              S = [data[j] ?? 0, data[j + 1] ?? 0, data[j + 2] ?? 0];
            }
          }
        }
        if (!S || far < 40) continue;
        const bs = [B.r - S[0], B.g - S[1], B.b - S[2]];
        const cs = [(data[i] ?? 0) - S[0], (data[i + 1] ?? 0) - S[1], (data[i + 2] ?? 0) - S[2]];
        const t = ((cs[0] ?? 0) * (bs[0] ?? 0) + (cs[1] ?? 0) * (bs[1] ?? 0) + (cs[2] ?? 0) * (bs[2] ?? 0)) / (far * far);
        worst = Math.max(worst, t);
      }
      if (worst > limit) halo++;
    }
  }
  return edges === 0 ? 0 : halo / edges;
}

/** The picture with its background at alpha 0 (RGBA 0, 0, 0, 0), edges un-mixed; same size. */
export function cutout(image: RgbaImage): CutoutResult {
  if (!isOpaque(image)) return { image: clearFaintAlpha(image), background: [], fringe: 0 };
  const background = estimateBorderBackground(image).colours;
  const cut = removeBackground(image);
  return { image: cut, background, fringe: fringeShare(cut, background) };
}
