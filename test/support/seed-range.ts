/** How much a generator's drawings of one prompt differ between seeds (the "range" of bench/reach.ts). */
import { run } from "./drawing.js";

/** Mean share of pixels (RGBA, any channel) that differ between two seeds' images, over all pairs. */
export async function seedRange(kind: string, prompt: string, options: { seeds?: number; size?: number; transparent?: boolean } = {}): Promise<number> {
  const seeds = Array.from({ length: options.seeds ?? 8 }, (_, i) => i + 1);
  const images = await Promise.all(
    seeds.map(async (seed) => (await run(kind, prompt, { size: options.size ?? 64, transparent: options.transparent ?? true, seed })).image.data),
  );
  let sum = 0;
  let pairs = 0;
  for (let a = 0; a < images.length; a++) {
    for (let b = a + 1; b < images.length; b++) {
      const [x, y] = [images[a], images[b]];
      if (!x || !y) continue;
      let differ = 0;
      for (let p = 0; p < x.length; p += 4) if (x[p] !== y[p] || x[p + 1] !== y[p + 1] || x[p + 2] !== y[p + 2] || x[p + 3] !== y[p + 3]) differ++;
      sum += differ / (x.length / 4);
      pairs++;
    }
  }
  return sum / pairs;
}
