/**
 * `npx tsx scripts/sprite-scales.ts [out.png]`: a contact sheet of the sprite agent at 16, 32, 48 and 64 px
 * (seed 7, transparent), 30 characters, creatures and items, each size magnified (nearest neighbour) so that
 * every pixel can be seen. Default out: /tmp/sprite-scales.png.
 */
import { writeFile } from "node:fs/promises";
import { PNG } from "pngjs";
import { draw } from "../src/agents/procedural/draw-task.js";
import { SCALE_SUBJECTS } from "../test/support/sprite-scales.js";

const SIZES = [16, 32, 48, 64] as const;
const ZOOM = { 16: 4, 32: 2, 48: 2, 64: 1 } as const;
const CELL = 4 + (64 + 4) * 3 + 96 + 4;
const ROW = 100;
const COLUMNS = 3;

const out = process.argv[2] ?? "/tmp/sprite-scales.png";
const rows = Math.ceil(SCALE_SUBJECTS.length / COLUMNS);
const width = COLUMNS * CELL;
const height = rows * ROW;
const pixels = Buffer.alloc(width * height * 4);
for (let i = 0; i < pixels.length; i += 4) pixels.set([44, 46, 56, 255], i);

for (const [n, prompt] of SCALE_SUBJECTS.entries()) {
  const x0 = (n % COLUMNS) * CELL;
  const y0 = Math.floor(n / COLUMNS) * ROW + 2;
  let x = x0 + 4;
  for (const size of SIZES) {
    const image = await draw({ generator: "pixel-sprite", prompt: { prompt }, width: size, height: size, transparent: true, seed: 7 }, () => undefined);
    const src = PNG.sync.read(Buffer.from(image.png)).data;
    const zoom = ZOOM[size];
    for (let y = 0; y < size * zoom; y++) {
      for (let xx = 0; xx < size * zoom; xx++) {
        const s = (Math.floor(y / zoom) * size + Math.floor(xx / zoom)) * 4;
        const a = (src[s + 3] ?? 0) / 255;
        const d = ((y0 + y) * width + x + xx) * 4;
        for (let k = 0; k < 3; k++) pixels[d + k] = Math.round((src[s + k] ?? 0) * a + (pixels[d + k] ?? 0) * (1 - a));
      }
    }
    x += size * zoom + 4;
  }
}
const png = new PNG({ width, height });
png.data = pixels;
await writeFile(out, PNG.sync.write(png));
console.log(`${out}: ${SCALE_SUBJECTS.length} subjects at ${SIZES.join(", ")} px`);
