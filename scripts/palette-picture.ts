/**
 * `npm run palette-picture`: the README's picture of palettes. Draws one prompt ("knight with a sword", pixel-sprite,
 * 64 px, transparent, seed 7) through the procedural generator, as the drawing threads do, once in each of four named
 * palettes (pico-8, endesga-32, gameboy, nes), and writes docs/palettes.png: the four sprites side by side, scaled 3×
 * (nearest neighbour) on a checkerboard (transparency shows), each with its palette's name, how many of its colours
 * the drawing uses, and the palette's swatches under it. The same bytes on every run; run it again when the drawing
 * changes.
 */
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { type PaletteName, NAMED_PALETTES } from "../src/agents/palette/named.js";
import { draw } from "../src/agents/procedural/draw-task.js";
import { drawText, GLYPH_HEIGHT } from "./tiny-font.js";

const PROMPT = "knight with a sword";
const PALETTES: PaletteName[] = ["pico-8", "endesga-32", "gameboy", "nes"];
const SIZE = 64;
const SEED = 7;
const SCALE = 3;
const PANEL = SIZE * SCALE;
const PAD = 12;
const FONT = 2;
const CHECK = 12;
/** Swatches: at most 16 a row, as wide as the panel together; this tall. */
const SWATCH_COLUMNS = 16;
const SWATCH_HEIGHT = 12;
const BACKGROUND = [32, 34, 42] as const;
const LIGHT = [74, 78, 92] as const;
const DARK = [58, 61, 74] as const;
const TEXT = [226, 230, 240] as const;
const FAINT = [150, 156, 172] as const;

const docs = (name: string) => fileURLToPath(new URL(`../docs/${name}`, import.meta.url));
const rgbOf = (hex: string): [number, number, number] => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

function fill(pixels: Uint8Array, stride: number, x0: number, y0: number, w: number, h: number, color: readonly number[]): void {
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0; x < x0 + w; x++) {
      const i = (y * stride + x) * 4;
      pixels[i] = color[0]!;
      pixels[i + 1] = color[1]!;
      pixels[i + 2] = color[2]!;
      pixels[i + 3] = 255;
    }
  }
}

const sprites = [];
for (const name of PALETTES) {
  const palette = NAMED_PALETTES[name];
  const out = await draw(
    { generator: "pixel-sprite", prompt: { prompt: PROMPT }, width: SIZE, height: SIZE, transparent: true, seed: SEED, palette: [...palette] },
    () => undefined,
  );
  const { data } = await sharp(out.png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  sprites.push({ name, palette, rgba: new Uint8Array(data), colors: out.quality?.colors ?? 0, compliance: out.quality?.paletteCompliance });
}

const swatchRows = Math.max(...PALETTES.map((name) => Math.ceil(NAMED_PALETTES[name].length / SWATCH_COLUMNS)));
const labelY = PAD + PANEL + 10;
const usedY = labelY + GLYPH_HEIGHT * FONT + 6;
const swatchY = usedY + GLYPH_HEIGHT + 8;
const width = PAD + PALETTES.length * (PANEL + PAD);
const height = swatchY + swatchRows * SWATCH_HEIGHT + PAD;
const pixels = new Uint8Array(width * height * 4);
fill(pixels, width, 0, 0, width, height, BACKGROUND);

for (const [n, sprite] of sprites.entries()) {
  const left = PAD + n * (PANEL + PAD);
  // the sprite at 3×, its transparent pixels showing a checkerboard (its alpha is binary)
  for (let y = 0; y < PANEL; y++) {
    for (let x = 0; x < PANEL; x++) {
      const s = (Math.floor(y / SCALE) * SIZE + Math.floor(x / SCALE)) * 4;
      const color = sprite.rgba[s + 3]! > 0 ? [...sprite.rgba.subarray(s, s + 3)] : (Math.floor(x / CHECK) + Math.floor(y / CHECK)) % 2 ? DARK : LIGHT;
      fill(pixels, width, left + x, PAD + y, 1, 1, color);
    }
  }
  drawText(pixels, width, left, labelY, sprite.name, TEXT, FONT);
  drawText(pixels, width, left, usedY, `${sprite.colors} of ${sprite.palette.length} colours used`, FAINT, 1);
  // the palette's swatches, in its published order, filling the panel's width
  const columns = Math.min(SWATCH_COLUMNS, sprite.palette.length);
  for (const [i, hex] of sprite.palette.entries()) {
    const column = i % columns;
    const x0 = left + Math.round((column * PANEL) / columns);
    const x1 = left + Math.round(((column + 1) * PANEL) / columns);
    fill(pixels, width, x0, swatchY + Math.floor(i / columns) * SWATCH_HEIGHT, x1 - x0, SWATCH_HEIGHT, rgbOf(hex));
  }
}

// Fewer than 256 colours in all (the four palettes, the background, checkerboard and text): an indexed PNG holds them exactly.
const picture = await sharp(Buffer.from(pixels), { raw: { width, height, channels: 4 } })
  .removeAlpha()
  .png({ compressionLevel: 9, palette: true, colours: 256, dither: 0 })
  .toBuffer();
await writeFile(docs("palettes.png"), picture);
console.log(
  `palette-picture: docs/palettes.png ${width}×${height} (${Math.round(picture.length / 1024)} KiB); ` +
    sprites.map((s) => `${s.name}: ${s.colors}/${s.palette.length} colours, compliance ${s.compliance}`).join(", "),
);
