import { writeFileSync } from "node:fs";
import { PNG } from "pngjs";
import { draw } from "../src/agents/procedural/draw-task.js";
const [out, sizeArg, seedsArg, ...prompts] = process.argv.slice(2);
const size = Number(sizeArg);
const seeds = Number(seedsArg);
const cell = Math.max(size, 64);
const cols = seeds;
const sheet = new PNG({ width: cols * (cell + 4), height: prompts.length * (cell + 4) });
sheet.data.fill(60);
for (let r = 0; r < prompts.length; r++) {
  for (let c = 0; c < seeds; c++) {
    const res = await draw(
      { generator: "pixel-sprite", prompt: { prompt: prompts[r]! }, width: size, height: size, transparent: false, seed: c + 1 },
      () => undefined,
    );
    const img = PNG.sync.read(res.png);
    const k = cell / size;
    for (let y = 0; y < cell; y++)
      for (let x = 0; x < cell; x++) {
        const si = (Math.floor(y / k) * size + Math.floor(x / k)) * 4;
        const di = ((r * (cell + 4) + y) * sheet.width + c * (cell + 4) + x) * 4;
        for (let q = 0; q < 4; q++) sheet.data[di + q] = img.data[si + q]!;
      }
  }
}
writeFileSync(out, PNG.sync.write(sheet));
