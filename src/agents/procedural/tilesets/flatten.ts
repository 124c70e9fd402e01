/**
 * Evens out a terrain texture for use in tiles: the broad light and dark blotches of a texture read
 * well once, but repeated tile after tile across a map they show the tile grid. Subtracting part of
 * a wide wrap-around blur (its difference from the mean) keeps the fine detail and the texture's
 * seamlessness (the blur wraps too) while flattening the blotches.
 */
import type { Canvas } from "../kit/raster.js";

/** Wrap-around box blur of one channel along rows, radius r. */
function blurRows(src: Float32Array, n: number, r: number): Float32Array {
  const out = new Float32Array(n * n);
  const span = 2 * r + 1;
  for (let y = 0; y < n; y++) {
    const row = y * n;
    let sum = 0;
    for (let k = -r; k <= r; k++) sum += src[row + ((k + n) % n)] ?? 0;
    for (let x = 0; x < n; x++) {
      out[row + x] = sum / span;
      sum += (src[row + ((x + r + 1) % n)] ?? 0) - (src[row + ((x - r + n) % n)] ?? 0);
    }
  }
  return out;
}

function transpose(src: Float32Array, n: number): Float32Array {
  const out = new Float32Array(n * n);
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) out[x * n + y] = src[y * n + x] ?? 0;
  return out;
}

/** Flattens the broad variation of a square, opaque, seamless canvas in place by `strength` (0..1). */
export function flattenBlotches(canvas: Canvas, strength: number): void {
  const n = canvas.width;
  const r = Math.max(2, Math.round(n / 8));
  const { data } = canvas;
  for (let ch = 0; ch < 3; ch++) {
    const channel = new Float32Array(n * n);
    let mean = 0;
    for (let p = 0; p < n * n; p++) {
      channel[p] = data[p * 4 + ch] ?? 0;
      mean += channel[p] ?? 0;
    }
    mean /= n * n;
    // two box passes each way: close to a gaussian
    const blurred = transpose(blurRows(blurRows(transpose(blurRows(blurRows(channel, n, r), n, r), n), n, r), n, r), n);
    for (let p = 0; p < n * n; p++) {
      const v = (channel[p] ?? 0) - ((blurred[p] ?? 0) - mean) * strength;
      data[p * 4 + ch] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
    }
  }
}
