// Interim: the sheet's frames are the single sprite, bobbing; the posed rig replaces this file.
import sharp from "sharp";
import type { Animation, SheetLayout, SheetQuality, SheetRequest } from "../driver.js";
import { sheetLayout as layoutOf } from "../sheet-layout.js";
import { pixelSpriteGenerator } from "./pixel-sprite.js";
import type { PromptSpec } from "./prompt.js";
import type { GeneratedImage, GeneratorInput, GeneratorProgress } from "./types.js";

export const SHEET_FRAMES: Readonly<Record<Animation, number>> = { idle: 4, walk: 6, attack: 5, hurt: 3, death: 5 };

export interface GeneratedSheet extends GeneratedImage {
  layout: SheetLayout;
  quality: SheetQuality;
}

export const sheetLayout = (sheet: SheetRequest, w: number, h: number): SheetLayout => layoutOf(sheet, w, h, SHEET_FRAMES);

export function sheetRefusal(_spec: PromptSpec): string | undefined {
  return undefined;
}

export async function drawSpriteSheet(
  input: GeneratorInput & { sheet: SheetRequest },
  onProgress: (p: GeneratorProgress) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<GeneratedSheet> {
  const layout = sheetLayout(input.sheet, input.width, input.height);
  const one = await pixelSpriteGenerator.generate(input, onProgress, signal);
  const width = layout.columns * input.width;
  const height = layout.rows * input.height;
  const cells = layout.animations.flatMap((row) =>
    Array.from({ length: row.frames }, (_, c) => ({ input: one.png, left: c * input.width, top: row.row * input.height + (c % 2) })),
  );
  const png = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(cells)
    .png()
    .toBuffer();
  return { png, mimeType: "image/png", width, height, layout, quality: { colors: 0, paletteCompliance: 1, baselineJitterPx: 1, bboxHeightRangePx: 0 } };
}
