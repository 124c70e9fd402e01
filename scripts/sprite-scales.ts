/**
 * `npx tsx scripts/sprite-scales.ts [out.png]`: a contact sheet of the sprite agent at 16, 32, 48 and 64 px
 * (seed 7, transparent), 30 characters, creatures and items, each size magnified (nearest neighbour) so that
 * every pixel can be seen. Default out: /tmp/sprite-scales.png.
 */
import { blitZoomed, darkCanvas, writeCanvas } from "./contact-grid.js";
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
const canvas = darkCanvas(width, height);

for (const [n, prompt] of SCALE_SUBJECTS.entries()) {
  const x0 = (n % COLUMNS) * CELL;
  const y0 = Math.floor(n / COLUMNS) * ROW + 2;
  let x = x0 + 4;
  for (const size of SIZES) {
    const image = await draw({ generator: "pixel-sprite", prompt: { prompt }, width: size, height: size, transparent: true, seed: 7 }, () => undefined);
    const src = PNG.sync.read(Buffer.from(image.png)).data;
    const zoom = ZOOM[size];
    blitZoomed(canvas, src, size, zoom, x, y0);
    x += size * zoom + 4;
  }
}
await writeCanvas(canvas, out);
console.log(`${out}: ${SCALE_SUBJECTS.length} subjects at ${SIZES.join(", ")} px`);
