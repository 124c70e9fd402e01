/**
 * Microbenchmark of the drawing path, in-process (no worker thread): the whole `draw` of a task
 * (generator + preview PNG + final PNG), and its parts for a 64 px "red slime" sprite.
 *   npx tsx bench/draw-micro.ts [iterations]   (node --cpu-prof … for a profile)
 */
import { draw, type DrawTask } from "../src/agents/procedural/draw-task.js";
import { Canvas, encodePng, previewOf } from "../src/agents/procedural/index.js";

const iterations = Number(process.argv[2] ?? 2000);
const cases: Omit<DrawTask, "port">[] = [
  { generator: "pixel-sprite", prompt: { prompt: "red slime" }, width: 64, height: 64, transparent: false, seed: 1 },
  { generator: "pixel-sprite", prompt: { prompt: "golden knight with a sword" }, width: 64, height: 64, transparent: true, seed: 7 },
  { generator: "pixel-sprite", prompt: { prompt: "green dragon" }, width: 32, height: 32, transparent: false, seed: 3 },
];

async function time(label: string, n: number, fn: (i: number) => unknown): Promise<void> {
  for (let i = 0; i < Math.min(200, n); i++) await fn(i); // warm-up
  const start = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await fn(i);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(start);
  console.log(`${label.padEnd(44)} ${(wall / n).toFixed(3)} ms/op wall, ${((cpu.user + cpu.system) / 1000 / n).toFixed(3)} ms/op CPU`);
}

for (const c of cases) {
  await time(`draw ${c.prompt?.prompt} ${c.width}px`, iterations, (i) => draw({ ...c, seed: c.seed + i }, () => undefined));
}
// The encoder alone, on the first case's final canvas and its preview.
let canvas: Canvas | undefined;
const capture = { ...cases[0]! };
await draw(capture, (p) => void p);
// Re-draw to grab the canvas: the generator hands out only PNGs, so decode-free: draw a grey gradient of the same size.
canvas = new Canvas(64, 64);
{
  const { PNG } = await import("pngjs");
  const image = await draw(capture, () => undefined);
  canvas.data.set(PNG.sync.read(image.png).data);
}
await time("encodePng 64x64 (final)", iterations, () => encodePng(canvas!));
const preview = previewOf(canvas, 32);
await time("previewOf 64->32", iterations, () => previewOf(canvas!, 32));
await time("encodePng 32x32 (preview)", iterations, () => encodePng(preview));
// The encoder pngjs replaced (same bytes), and the deflate inside both.
{
  const { PNG } = await import("pngjs");
  const { deflateSync } = await import("node:zlib");
  const viaPngjs = (c: Canvas) => {
    const png = new PNG({ width: c.width, height: c.height, colorType: 6 });
    png.data = Buffer.from(c.data.buffer, c.data.byteOffset, c.data.byteLength);
    return PNG.sync.write(png, { colorType: 6 });
  };
  await time("pngjs PNG.sync.write 64x64 (before)", iterations, () => viaPngjs(canvas!));
  await time("pngjs PNG.sync.write 32x32 (before)", iterations, () => viaPngjs(preview));
  const filtered = Buffer.alloc(65 * 4 * 64);
  filtered.set(canvas.data.subarray(0, filtered.length));
  await time("deflateSync level 9 Z_RLE of 16.6 KB", iterations, () => deflateSync(filtered, { chunkSize: 32 * 1024, level: 9, strategy: 3 }));
}
