/** Range of a generator: how much the images of one prompt differ from seed to seed. */
import type { Decoded } from "./drawing.js";

/** Share of pixels (RGBA, any channel) that differ between two images of one size. */
export function pixelDifference(a: Decoded, b: Decoded): number {
  let differ = 0;
  for (let p = 0; p < a.data.length; p += 4) if (a.data.readUInt32BE(p) !== b.data.readUInt32BE(p)) differ++;
  return differ / (a.data.length / 4);
}

/** Mean pixel difference over all pairs of images (bench/reach.ts --range measures the same). */
export function meanPairwiseDifference(images: readonly Decoded[]): number {
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < images.length; i++) {
    for (let j = i + 1; j < images.length; j++) {
      sum += pixelDifference(images[i] as Decoded, images[j] as Decoded);
      pairs++;
    }
  }
  return pairs === 0 ? 0 : sum / pairs;
}
