/** Whether a word changes an icon: on how many of some seeds the drawing with it differs from the one without. */
import { run } from "./drawing.js";

export async function seedsChanged(kind: string, plain: string, variant: string, seeds = [1, 2, 3, 4]): Promise<number> {
  let changed = 0;
  for (const seed of seeds) {
    const [a, b] = await Promise.all([plain, variant].map(async (prompt) => (await run(kind, prompt, { size: 64, transparent: true, seed })).png));
    if (!(a as Buffer).equals(b as Buffer)) changed++;
  }
  return changed;
}
