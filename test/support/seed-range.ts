/** Range of a generator over seeds: the mean share of pixels that differ between two seeds' images (as bench/reach.ts --range). */
import { run } from "./drawing.js";

export async function meanSeedDifference(
  kind: string,
  prompt: string,
  options: { seeds?: number; size?: number; transparent?: boolean } = {},
): Promise<number> {
  const seeds = Array.from({ length: options.seeds ?? 8 }, (_, i) => i + 1);
  const images = await Promise.all(
    seeds.map(async (seed) => (await run(kind, prompt, { size: options.size ?? 64, transparent: options.transparent ?? true, seed })).image.data),
  );
  let sum = 0;
  let pairs = 0;
  for (let a = 0; a < images.length; a++) {
    for (let b = a + 1; b < images.length; b++) {
      const x = images[a] as Buffer;
      const y = images[b] as Buffer;
      let differ = 0;
      for (let p = 0; p < x.length; p += 4) if (x.readUInt32BE(p) !== y.readUInt32BE(p)) differ++;
      sum += differ / (x.length / 4);
      pairs++;
    }
  }
  return sum / pairs;
}

/** The same, transparent except for textures (always opaque). */
export function seedRange(kind: string, prompt: string, seeds = 8, size = 64): Promise<number> {
  return meanSeedDifference(kind, prompt, { seeds, size, transparent: kind !== "texture" });
}
