/** Local colour gradient, to tell a smooth background drift (gradient, vignette, soft shadow) from an edge. */

/**
 * Colour gradient at pixel `p` of an RGBA buffer: the difference between the 3-pixel means on
 * either side, horizontally and vertically (a Prewitt operator, per channel, Euclidean norm over
 * the six values, divided by 2 for "per pixel"). Averaging three rows (columns) keeps noise low,
 * and a shallow anti-aliased edge, whose colour changes slowly along a row, still shows its full
 * step across the edge. Pixels on the image border use the nearest inside neighbours.
 */
export function localGradient(data: Uint8Array, w: number, h: number, p: number): number {
  const x = p % w;
  const y = (p - x) / w;
  const x0 = x > 0 ? x - 1 : x;
  const x1 = x < w - 1 ? x + 1 : x;
  const y0 = y > 0 ? y - 1 : y;
  const y1 = y < h - 1 ? y + 1 : y;
  let sum = 0;
  for (let c = 0; c < 3; c++) {
    let gx = 0;
    let gy = 0;
    for (let k = -1; k <= 1; k++) {
      const yy = Math.min(h - 1, Math.max(0, y + k));
      const xx = Math.min(w - 1, Math.max(0, x + k));
      gx += (data[(yy * w + x1) * 4 + c] ?? 0) - (data[(yy * w + x0) * 4 + c] ?? 0);
      gy += (data[(y1 * w + xx) * 4 + c] ?? 0) - (data[(y0 * w + xx) * 4 + c] ?? 0);
    }
    sum += gx * gx + gy * gy;
  }
  return Math.sqrt(sum) / 6;
}
