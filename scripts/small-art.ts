/**
 * `npx tsx scripts/small-art.ts [out.png]`: a contact sheet of the icon and texture agents' small sizes (16, 32
 * and 48 px, seed 7): 40 icons and 20 textures, each drawn at every small size and shown magnified (nearest
 * neighbour) so that every pixel can be seen, plus a tileset at 32 px. Default out: /tmp/small-art.png.
 */
import { blitZoomed, darkCanvas, writeCanvas } from "./contact-grid.js";
import { PNG } from "pngjs";
import { draw, type DrawTask } from "../src/agents/procedural/draw-task.js";
import { SMALL_ICONS, SMALL_TEXTURES } from "../test/support/small-art.js";

const SIZES = [16, 32, 48] as const;
const ZOOM = { 16: 4, 32: 2, 48: 2 } as const;
const CELL = 4 + 64 + 4 + 64 + 4 + 96 + 4; // the three sizes side by side, magnified
const ROW = 100;
const COLUMNS = 4;

const out = process.argv[2] ?? "/tmp/small-art.png";
const cases: { generator: DrawTask["generator"]; prompt: string; transparent: boolean }[] = [
  ...SMALL_ICONS.map((prompt) => ({ generator: "icon" as const, prompt, transparent: true })),
  ...SMALL_TEXTURES.map((prompt) => ({ generator: "texture" as const, prompt, transparent: false })),
];
const rows = Math.ceil(cases.length / COLUMNS);
const width = COLUMNS * CELL;
const height = rows * ROW;
const canvas = darkCanvas(width, height);

for (const [n, c] of cases.entries()) {
  const x0 = (n % COLUMNS) * CELL;
  const y0 = Math.floor(n / COLUMNS) * ROW + 2;
  let x = x0 + 4;
  for (const size of SIZES) {
    const image = await draw(
      { generator: c.generator, prompt: { prompt: c.prompt }, width: size, height: size, transparent: c.transparent, seed: 7 },
      () => undefined,
    );
    const src = PNG.sync.read(image.png).data;
    const zoom = ZOOM[size];
    blitZoomed(canvas, src, size, zoom, x, y0);
    x += size * zoom + 4;
  }
}
await writeCanvas(canvas, out);
console.log(`${out}: ${cases.length} subjects at ${SIZES.join(", ")} px`);
