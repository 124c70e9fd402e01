/**
 * docs/fixer.png: the pixel fixer before and after. Each row: a degraded sprite of the committed set
 * (test/fixtures/pixel-art, degraded by test/support/pixel-degrade.ts), what `pixel-fixer` made of it,
 * and the original sprite, the last two magnified 8× with nearest-neighbour.
 *
 *   npx tsx scripts/fixer-picture.ts [out.png] [sprite indexes…]
 */
import sharp, { type OverlayOptions } from "sharp";
import { fixPixelArt } from "../src/agents/fixer/index.js";
import type { RgbaImage } from "../src/agents/pipeline/rgba.js";
import { degrade, readSheet } from "../test/support/pixel-degrade.js";

const SIDE = 256;
const GAP = 8;
const out = process.argv[2] ?? "docs/fixer.png";
const picked = process.argv.slice(3).map(Number);
const indexes = picked.length > 0 ? picked : [5, 20, 45, 51];

const sprites = await readSheet("test/fixtures/pixel-art/crawl-sprites.png");
const raw = (image: RgbaImage) => sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } });
const tile = async (image: RgbaImage): Promise<Buffer> =>
  raw(image)
    .resize(SIDE, SIDE, { kernel: "nearest", fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();

const layers: OverlayOptions[] = [];
for (const [row, k] of indexes.entries()) {
  const degraded = await degrade(sprites[k]!, 1000 + k);
  const fixed = await fixPixelArt(degraded.image);
  const top = GAP + row * (SIDE + GAP);
  for (const [col, image] of [degraded.image, fixed.image, degraded.truth].entries()) {
    layers.push({ input: await tile(image), left: GAP + col * (SIDE + GAP), top });
  }
}
await sharp({
  create: { width: GAP + 3 * (SIDE + GAP), height: GAP + indexes.length * (SIDE + GAP), channels: 4, background: { r: 24, g: 26, b: 32, alpha: 1 } },
})
  .composite(layers)
  .png({ compressionLevel: 9 })
  .toFile(out);
console.log(`${out}: ${indexes.length} rows (degraded, fixed, original)`);
