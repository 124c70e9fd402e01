/**
 * Fringe clean-up after background removal. An anti-aliased edge pixel is a mix
 * c = α·S + (1 − α)·B of a subject colour S and the background B. For every subject pixel within
 * `width` pixels of the background, B is the mean of the background pixels around it and S the
 * solid subject pixel nearby that best explains c (smallest distance from c to the segment B→S);
 * α is c's projection on that segment, and the colour is un-mixed to S's side:
 * c' = B + (c − B) / α. So the edge keeps its softness but carries no trace of the old
 * background (no light halo on a dark game map). Pixels with α < `minAlpha` are removed.
 */
import type { RgbaImage } from "./rgba.js";

export interface FringeOptions {
  /** Fringe width in pixels (≥ 1). */
  width: number;
  /** Colours closer than this to the background cannot serve as the subject colour S. */
  tolerance: number;
  /** Below this α a fringe pixel is removed. Default 0.1. */
  minAlpha?: number;
  /**
   * Noise level of the picture (median neighbour difference). α within (3·noise + 4) / |S − B| of
   * 0 or 1 is noise, not coverage: it snaps to 0 or 1 (a solid subject pixel next to the
   * background stays fully opaque). Default 0.
   */
  noise?: number;
}

const CORE = 255;

/** Chebyshev distance (in pixels, 1…width) of subject pixels to the background; CORE beyond, 0 on background. */
function fringeDistance(mask: Uint8Array, w: number, h: number, width: number): Uint8Array {
  // layer 1: subject pixels with a background pixel among their 8 neighbours (a 3×3 dilation of
  // the mask, done as a horizontal then a vertical pass)
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const p = row + x;
      rows[p] = mask[p] === 1 || (x > 0 && mask[p - 1] === 1) || (x < w - 1 && mask[p + 1] === 1) ? 1 : 0;
    }
  }
  const layer = new Uint8Array(mask.length);
  let frontier: number[] = [];
  for (let p = 0; p < mask.length; p++) {
    if (mask[p] === 1) continue;
    if (rows[p] === 1 || (p >= w && rows[p - w] === 1) || (p + w < mask.length && rows[p + w] === 1)) {
      layer[p] = 1;
      frontier.push(p);
    } else {
      layer[p] = CORE;
    }
  }
  for (let d = 2; d <= width && frontier.length > 0; d++) {
    const next: number[] = [];
    for (const p of frontier) {
      const x = p % w;
      const y = (p - x) / w;
      for (let ny = Math.max(0, y - 1); ny <= Math.min(h - 1, y + 1); ny++) {
        for (let nx = Math.max(0, x - 1); nx <= Math.min(w - 1, x + 1); nx++) {
          const q = ny * w + nx;
          if (layer[q] === CORE) {
            layer[q] = d;
            next.push(q);
          }
        }
      }
    }
    frontier = next;
  }
  return layer;
}

/** Applies `mask` (1 = background → RGBA 0) and re-estimates alpha and colour along the fringe. */
export function matteFringe(image: RgbaImage, mask: Uint8Array, options: FringeOptions): RgbaImage {
  const { data: src, width: w, height: h } = image;
  const width = Math.max(1, Math.min(32, Math.round(options.width)));
  const minAlpha = options.minAlpha ?? 0.1;
  const tolSq = options.tolerance * options.tolerance;
  const noiseMargin = 3 * (options.noise ?? 0) + 4;
  const layer = fringeDistance(mask, w, h, width);
  const out = Buffer.from(src);
  const radius = width + 1;
  const c = [0, 0, 0];
  const bg = [0, 0, 0];
  for (let p = 0; p < mask.length; p++) {
    const i = p * 4;
    if (mask[p] === 1) {
      out.writeUInt32LE(0, i);
      continue;
    }
    const l = layer[p] ?? CORE;
    if (l === CORE) continue;
    const x = p % w;
    const y = (p - x) / w;
    const x0 = Math.max(0, x - radius);
    const x1 = Math.min(w - 1, x + radius);
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(h - 1, y + radius);
    // B: mean of the background pixels around
    let n = 0;
    bg[0] = bg[1] = bg[2] = 0;
    for (let yy = y0; yy <= y1; yy++) {
      for (let xx = x0; xx <= x1; xx++) {
        const q = yy * w + xx;
        if (mask[q] !== 1) continue;
        bg[0] += src[q * 4] ?? 0;
        bg[1] += src[q * 4 + 1] ?? 0;
        bg[2] += src[q * 4 + 2] ?? 0;
        n++;
      }
    }
    if (n === 0) continue;
    const br = bg[0] / n;
    const bgG = bg[1] / n;
    const bb = bg[2] / n;
    c[0] = (src[i] ?? 0) - br;
    c[1] = (src[i + 1] ?? 0) - bgG;
    c[2] = (src[i + 2] ?? 0) - bb;
    const cr = c[0];
    const cg = c[1];
    const cb = c[2];
    // S: the subject pixel nearby (solid ones preferred) that best explains c as a mix with B
    let bestResidual = Infinity;
    let bestAlpha = -1;
    let bestLength = 0;
    for (let pass = 0; pass < 2 && bestAlpha < 0; pass++) {
      for (let yy = y0; yy <= y1; yy++) {
        for (let xx = x0; xx <= x1; xx++) {
          const q = yy * w + xx;
          const lq = layer[q] ?? 0;
          if (pass === 0 ? lq !== CORE : lq === 0 || lq === CORE) continue;
          const sr = (src[q * 4] ?? 0) - br;
          const sg = (src[q * 4 + 1] ?? 0) - bgG;
          const sb = (src[q * 4 + 2] ?? 0) - bb;
          const len = sr * sr + sg * sg + sb * sb;
          if (len < tolSq) continue;
          let a = (cr * sr + cg * sg + cb * sb) / len;
          a = a < 0 ? 0 : Math.min(a, 1);
          const residual = (cr - a * sr) ** 2 + (cg - a * sg) ** 2 + (cb - a * sb) ** 2;
          if (residual < bestResidual) {
            bestResidual = residual;
            bestAlpha = a;
            bestLength = len;
          }
        }
      }
    }
    // no usable S (a thin feature of near-background colour): judge by the distance alone
    const alpha = bestAlpha >= 0 ? bestAlpha : Math.min(1, Math.max(0, Math.sqrt(cr * cr + cg * cg + cb * cb) / Math.sqrt(tolSq) - 1));
    const slack = bestAlpha >= 0 ? Math.min(0.2, noiseMargin / Math.sqrt(bestLength)) : 0.03;
    if (alpha < Math.max(minAlpha, slack)) {
      out.writeUInt32LE(0, i);
    } else if (alpha < 1 - slack) {
      const clamp = (v: number): number => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));
      out[i] = clamp(br + cr / alpha);
      out[i + 1] = clamp(bgG + cg / alpha);
      out[i + 2] = clamp(bb + cb / alpha);
      out[i + 3] = Math.round(alpha * (src[i + 3] ?? 0));
    }
  }
  return { data: out, width: w, height: h };
}
