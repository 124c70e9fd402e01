/** Range between seeds: the mean share of pixels that differ between two seeds' images (as bench/reach.ts --range). */
import { run } from "./drawing.js";

export async function seedRange(kind: string, prompt: string, seeds = 8, size = 64): Promise<number> {
  const images = await Promise.all(Array.from({ length: seeds }, (_, k) => run(kind, prompt, { size, transparent: kind !== "texture", seed: k + 1 })));
  let sum = 0;
  let pairs = 0;
  for (let a = 0; a < images.length; a++) {
    for (let b = a + 1; b < images.length; b++) {
      const x = images[a]?.image.data;
      const y = images[b]?.image.data;
      if (!x || !y) continue;
      let differ = 0;
      for (let p = 0; p < x.length; p += 4) if (x.readUInt32BE(p) !== y.readUInt32BE(p)) differ++;
      sum += differ / (x.length / 4);
      pairs++;
    }
  }
  return sum / pairs;
}
