import { writeFileSync } from "node:fs";
import { PNG } from "pngjs";
import { draw } from "../src/agents/procedural/draw-task.js";
// usage: out size cols seed prompt...  (a grid of prompts, one seed)
const [out, sizeArg, colsArg, seedArg, ...prompts] = process.argv.slice(2);
const size = Number(sizeArg);
const cols = Number(colsArg);
const cell = Math.max(size, 64);
const rows = Math.ceil(prompts.length / cols);
const sheet = new PNG({ width: cols * (cell + 4), height: rows * (cell + 4) });
sheet.data.fill(60);
for (let n = 0; n < prompts.length; n++) {
  const res = await draw(
    { generator: "pixel-sprite", prompt: { prompt: prompts[n] as string }, width: size, height: size, transparent: false, seed: Number(seedArg) },
    () => undefined,
  );
  const img = PNG.sync.read(res.png);
  const k = cell / size;
  const r = Math.floor(n / cols);
  const c = n % cols;
  for (let y = 0; y < cell; y++)
    for (let x = 0; x < cell; x++) {
      const si = (Math.floor(y / k) * size + Math.floor(x / k)) * 4;
      const di = ((r * (cell + 4) + y) * sheet.width + c * (cell + 4) + x) * 4;
      for (let q = 0; q < 4; q++) sheet.data[di + q] = img.data[si + q] as number;
    }
}
writeFileSync(out, PNG.sync.write(sheet));
