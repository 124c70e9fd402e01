/** Contact sheet of icon prompts × seeds (dev tool): npx tsx bench/gear-sheet.ts OUT.png SIZE "prompt" ... */
import { writeFileSync } from "node:fs";
import { PNG } from "pngjs";
import { draw } from "../src/agents/procedural/draw-task.js";

const [out, sizeArg, ...prompts] = process.argv.slice(2);
const size = Number(sizeArg);
const seeds = [1, 2, 3, 4, 5, 6];
const sheet = new PNG({ width: size * seeds.length, height: size * prompts.length });
for (let row = 0; row < prompts.length; row++) {
  for (let col = 0; col < seeds.length; col++) {
    const task = {
      generator: "icon" as const,
      prompt: { prompt: prompts[row] as string },
      width: size,
      height: size,
      transparent: false,
      seed: seeds[col] as number,
    };
    const img = PNG.sync.read(Buffer.from((await draw(task, () => undefined)).png));
    PNG.bitblt(img, sheet, 0, 0, size, size, col * size, row * size);
  }
}
writeFileSync(out as string, PNG.sync.write(sheet));
