/**
 * `npm run sheet-picture`: the README's picture of a sprite sheet. Draws the sheet the README's request asks for
 * ("knight with a sword", idle/walk/attack × 4 directions, 64 px, seed 7) through the procedural generator, as the
 * drawing threads do, and writes
 * - docs/sheet.png: the sheet as the service returns it, each cell on a checkerboard (transparency and cell edges
 *   show), each row labelled `<animation>_<direction>` on the left;
 * - docs/sheet-walk.gif: the walk_south row played at the sheet's fps, scaled 3× (nearest neighbour), looping.
 * Run it again when the drawing changes (the frames are interim until the posed rig lands).
 */
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { SheetRequest } from "../src/agents/driver.js";
import { drawSpriteSheet, interpretPrompt } from "../src/agents/procedural/index.js";
import { drawText, GLYPH_HEIGHT, textWidth } from "./tiny-font.js";

const PROMPT = "knight with a sword";
const SHEET: SheetRequest = { animations: ["idle", "walk", "attack"], directions: 4, fps: 8 };
const SIZE = 64;
const SEED = 7;
const GIF_ROW = { name: "walk", direction: "south" };
const GIF_SCALE = 3;
const PAD = 6;
const FONT = 2;
const CHECK = 8;
const BACKGROUND = [32, 34, 42] as const;
const LIGHT = [74, 78, 92] as const;
const DARK = [58, 61, 74] as const;
const UNUSED = [40, 42, 52] as const;
const TEXT = [226, 230, 240] as const;

const docs = (name: string) => fileURLToPath(new URL(`../docs/${name}`, import.meta.url));

function put(pixels: Uint8Array, stride: number, x: number, y: number, color: readonly number[]): void {
  const i = (y * stride + x) * 4;
  pixels[i] = color[0]!;
  pixels[i + 1] = color[1]!;
  pixels[i + 2] = color[2]!;
  pixels[i + 3] = 255;
}

const sheet = await drawSpriteSheet(
  { spec: interpretPrompt({ prompt: PROMPT }), width: SIZE, height: SIZE, transparent: true, seed: SEED, sheet: SHEET },
  () => undefined,
);
const { layout } = sheet;
const { data: rgba, info } = await sharp(sheet.png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
const labels = layout.animations.map((row) => `${row.name}_${row.direction}`);
const left = PAD * 2 + Math.max(...labels.map((label) => textWidth(label, FONT)));
const width = left + info.width + PAD;
const height = info.height + PAD * 2;
const pixels = new Uint8Array(width * height * 4);
for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) put(pixels, width, x, y, BACKGROUND);

// The sheet at (left, PAD): a used cell on a checkerboard, an unused one plain, the sprite's pixels blended over.
for (let y = 0; y < info.height; y++) {
  for (let x = 0; x < info.width; x++) {
    const row = layout.animations.find((r) => r.row === Math.floor(y / layout.frameHeight));
    const used = row !== undefined && Math.floor(x / layout.frameWidth) < row.frames;
    const under = !used ? UNUSED : (Math.floor((x % layout.frameWidth) / CHECK) + Math.floor((y % layout.frameHeight) / CHECK)) % 2 ? DARK : LIGHT;
    const s = (y * info.width + x) * 4;
    const a = rgba[s + 3]! / 255;
    const blended = [0, 1, 2].map((c) => Math.round(rgba[s + c]! * a + under[c]! * (1 - a)));
    put(pixels, width, left + x, PAD + y, blended);
  }
}
for (const [i, row] of layout.animations.entries()) {
  const y = PAD + row.row * layout.frameHeight + Math.floor((layout.frameHeight - GLYPH_HEIGHT * FONT) / 2);
  drawText(pixels, width, PAD, y, labels[i]!, TEXT, FONT);
}
const picture = await sharp(Buffer.from(pixels), { raw: { width, height, channels: 4 } })
  .removeAlpha()
  .png({ compressionLevel: 9, palette: true, colours: 256, dither: 0 })
  .toBuffer();
await writeFile(docs("sheet.png"), picture);

// One row as an animated GIF: its frames stacked into a strip of pages, scaled up, each shown 1/fps seconds.
const walk = layout.animations.find((r) => r.name === GIF_ROW.name && r.direction === GIF_ROW.direction)!;
const frames = await Promise.all(
  Array.from({ length: walk.frames }, (_, c) =>
    sharp(sheet.png)
      .extract({ left: c * layout.frameWidth, top: walk.row * layout.frameHeight, width: layout.frameWidth, height: layout.frameHeight })
      .resize(layout.frameWidth * GIF_SCALE, layout.frameHeight * GIF_SCALE, { kernel: "nearest" })
      .ensureAlpha()
      .raw()
      .toBuffer(),
  ),
);
const frameW = layout.frameWidth * GIF_SCALE;
const frameH = layout.frameHeight * GIF_SCALE;
const gif = await sharp(Buffer.concat(frames), { raw: { width: frameW, height: frameH * walk.frames, channels: 4, pageHeight: frameH } })
  .gif({ delay: Array(walk.frames).fill(Math.round(1000 / walk.fps)), loop: 0 })
  .toBuffer();
await writeFile(docs("sheet-walk.gif"), gif);

console.log(
  `sheet-picture: docs/sheet.png ${width}×${height} (${Math.round(picture.length / 1024)} KiB), ` +
    `docs/sheet-walk.gif ${frameW}×${frameH}, ${walk.frames} frames at ${walk.fps} fps (${Math.round(gif.length / 1024)} KiB)`,
);
