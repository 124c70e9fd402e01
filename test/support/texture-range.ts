/** How much the images of one prompt differ between seeds (the range of a generator). */
import type { Decoded } from "./drawing.js";

export interface SeedRange {
  /** Mean share of pixels (any channel) that differ between two seeds' images, over all pairs. */
  differ: number;
  /** Mean absolute difference per channel (0..255) between two seeds' images, over all pairs. */
  distance: number;
}

export function seedRange(images: readonly Decoded[]): SeedRange {
  let differ = 0;
  let distance = 0;
  let pairs = 0;
  for (let a = 0; a < images.length; a++) {
    for (let b = a + 1; b < images.length; b++) {
      const x = (images[a] as Decoded).data;
      const y = (images[b] as Decoded).data;
      let count = 0;
      let sum = 0;
      for (let p = 0; p < x.length; p += 4) {
        let d = 0;
        for (let c = 0; c < 3; c++) d += Math.abs((x[p + c] ?? 0) - (y[p + c] ?? 0));
        if (d > 0 || x[p + 3] !== y[p + 3]) count++;
        sum += d / 3;
      }
      differ += count / (x.length / 4);
      distance += sum / (x.length / 4);
      pairs++;
    }
  }
  return { differ: differ / pairs, distance: distance / pairs };
}
