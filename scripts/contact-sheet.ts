/**
 * `npm run contact-sheet [-- out.png]`: every subject each built-in procedural agent knows (its
 * `knows.subjects`, the list GET /api/ai/agents answers), drawn once at 64 px with a fixed seed,
 * its name under it, grouped per agent under a heading, into one PNG (default
 * docs/vocabulary.png). A look at the whole vocabulary at once: what each word draws, and where
 * two words draw the same thing.
 */
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { PNG } from "pngjs";
import sharp from "sharp";
import { builtInAgents } from "../src/agents/procedural/agents.js";
import { draw, type DrawTask } from "../src/agents/procedural/draw-task.js";
import { proceduralDrivers } from "../src/agents/procedural/driver.js";
import { drawText, GLYPH_HEIGHT, textWidth } from "./tiny-font.js";

const SIZE = 64;
const SEED = 7;
const COLUMNS = 16;
const PAD = 4;
/** Two lines: the subject, and what it draws when that is another design ("as sword"). */
const LABEL = GLYPH_HEIGHT * 2 + 6;
const CELL_W = SIZE + PAD * 2;
const CELL_H = SIZE + PAD + LABEL + 2;
const HEADING = GLYPH_HEIGHT * 2 + 14;
const BACKGROUND = [32, 34, 42] as const;
const CELL = [58, 61, 74] as const;
const TEXT = [226, 230, 240] as const;
const HEAD = [255, 194, 92] as const;
const DIM = [150, 156, 176] as const;

/** Which generator draws each built-in driver, and whether its pictures have a transparent background. */
const GENERATORS: Record<string, { generator: DrawTask["generator"]; transparent: boolean }> = {
  "procedural-sprite": { generator: "pixel-sprite", transparent: true },
  "procedural-icon": { generator: "icon", transparent: true },
  "procedural-texture": { generator: "texture", transparent: false },
};

const env = { secret: () => undefined, fetch, log: { warn() {}, info() {} } };

interface Group {
  title: string;
  generator: DrawTask["generator"];
  transparent: boolean;
  subjects: string[];
  /** The design each subject draws, as the agent's interpretation names it. */
  drawnAs: (subject: string) => string | null;
}

/** Rows of compositions: animals in roles, worn things, actions, counted parts, states and wear of things. */
const COMPOSITIONS = [
  "cat blacksmith",
  "raccoon merchant",
  "turtle guard",
  "rabbit knight",
  "bear chef",
  "frog wizard",
  "fox thief",
  "desert bandit",
  "badger abbot",
  "otter diver",
  "frog in a top hat",
  "shark wearing an eyepatch",
  "rearing horse",
  "three-legged dog",
  "two-tailed fox",
  "goat pulling a cart",
  "open treasure chest",
  "smoking cannon",
  "mossy boulder",
  "sunken anchor",
];

function groups(): Group[] {
  const sprite = proceduralDrivers.find((kind) => kind.name === "procedural-sprite")?.create({}, env);
  const compositions: Group = {
    title: `compositions: ${COMPOSITIONS.length} prompts`,
    generator: "pixel-sprite",
    transparent: true,
    subjects: COMPOSITIONS,
    drawnAs: (prompt) => sprite?.interpret?.({ prompt }).subject ?? null,
  };
  return [...perAgent(), compositions];
}

function perAgent(): Group[] {
  // the drawing agents only: the image drivers (pixel fixer, cutout) take a picture, no subject
  return proceduralDrivers.flatMap((kind) => {
    const agent = builtInAgents.find((a) => a.driver === kind.name);
    const drawing = GENERATORS[kind.name];
    if (!drawing) return [];
    const { generator, transparent } = drawing;
    const driver = kind.create({}, env);
    const subjects = driver.knows?.().subjects ?? [];
    const drawnAs = (subject: string) => driver.interpret?.({ prompt: subject }).subject ?? null;
    return { title: `${agent?.id ?? kind.name}: ${subjects.length} subjects`, generator, transparent, subjects, drawnAs };
  });
}

function fill(pixels: Uint8Array, stride: number, x: number, y: number, w: number, h: number, color: readonly number[]): void {
  for (let py = y; py < y + h; py++) {
    for (let px = x; px < x + w; px++) {
      const i = (py * stride + px) * 4;
      pixels[i] = color[0]!;
      pixels[i + 1] = color[1]!;
      pixels[i + 2] = color[2]!;
      pixels[i + 3] = 255;
    }
  }
}

/** Draws `rgba` (SIZE×SIZE) over the sheet at (x, y), blending its alpha over what is there. */
function blit(pixels: Uint8Array, stride: number, x: number, y: number, rgba: Uint8Array): void {
  for (let py = 0; py < SIZE; py++) {
    for (let px = 0; px < SIZE; px++) {
      const s = (py * SIZE + px) * 4;
      const d = ((y + py) * stride + x + px) * 4;
      const a = rgba[s + 3]! / 255;
      for (let c = 0; c < 3; c++) pixels[d + c] = Math.round(rgba[s + c]! * a + pixels[d + c]! * (1 - a));
    }
  }
}

export async function renderContactSheet(): Promise<Buffer> {
  const all = groups();
  const width = COLUMNS * CELL_W + PAD * 2;
  const heights = all.map((g) => HEADING + Math.ceil(g.subjects.length / COLUMNS) * CELL_H + PAD);
  const height = heights.reduce((a, b) => a + b, 0) + PAD;
  const pixels = new Uint8Array(width * height * 4);
  fill(pixels, width, 0, 0, width, height, BACKGROUND);
  let top = PAD;
  for (const [index, group] of all.entries()) {
    drawText(pixels, width, PAD + 2, top + 6, group.title, HEAD, 2);
    for (const [i, subject] of group.subjects.entries()) {
      const x = PAD + (i % COLUMNS) * CELL_W;
      const y = top + HEADING + Math.floor(i / COLUMNS) * CELL_H;
      fill(pixels, width, x + PAD, y, SIZE, SIZE, CELL);
      const image = await draw(
        { generator: group.generator, prompt: { prompt: subject }, width: SIZE, height: SIZE, transparent: group.transparent, seed: SEED },
        () => undefined,
      );
      blit(pixels, width, x + PAD, y, PNG.sync.read(image.png).data);
      const label = (text: string, line: number, color: readonly [number, number, number]) => {
        const fitted = textWidth(text) > CELL_W - 2 ? text.slice(0, Math.floor((CELL_W - 1) / 4)) : text;
        drawText(
          pixels,
          width,
          x + Math.max(1, Math.floor((CELL_W - textWidth(fitted)) / 2)),
          y + SIZE + 3 + line * (GLYPH_HEIGHT + 2),
          fitted,
          color,
          1,
          CELL_W - 2,
        );
      };
      label(subject, 0, TEXT);
      const drawn = group.drawnAs(subject);
      if (drawn && drawn !== subject) label(`as ${drawn}`, 1, DIM);
    }
    top += heights[index]!;
  }
  return sharp(Buffer.from(pixels), { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 9, palette: true, colours: 256, dither: 0 })
    .toBuffer();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = process.argv[2] ?? fileURLToPath(new URL("../docs/vocabulary.png", import.meta.url));
  const png = await renderContactSheet();
  await writeFile(out, png);
  console.log(`contact-sheet: ${out} (${Math.round(png.length / 1024)} KiB)`);
}
