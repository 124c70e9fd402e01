import type { AssetQualityReport, SheetLayout, SheetRequest, TilesetLayout, TilesetRequest } from "../driver.js";
import { parseHex } from "../palette/color.js";
import { iconGenerator } from "./icons/index.js";
import { drawGivenSheet, drawSpriteSheet, pixelSpriteGenerator } from "./sheets/index.js";
import { drawTileset } from "./tilesets/index.js";
import { interpretPrompt, type PromptInput } from "./words/prompt.js";
import { textureGenerator } from "./textures/index.js";
import type { GeneratedImage, Generator, GeneratorProgress, IconBadge, PromptSpec } from "./kit/types.js";

/** One drawing, as a worker thread receives it (plain data: it crosses a thread boundary). */
export interface DrawTask {
  generator: "pixel-sprite" | "icon" | "texture";
  /** The prompt's reading, made once at submit (the driver's `read`): drawn from as it is. */
  spec?: PromptSpec;
  /** The prompt, read here only when no `spec` came with the task. */
  prompt?: PromptInput;
  width: number;
  height: number;
  transparent: boolean;
  seed: number;
  /** A sprite sheet instead of one image (the pixel-sprite generator only). */
  sheet?: SheetRequest;
  /** A tileset instead of one image (the texture generator only). */
  tileset?: TilesetRequest;
  /** The palette (`#rrggbb`) every pixel with alpha > 0 must be one of. */
  palette?: string[];
  /** Icons: the badge behind the subject ("none" for none); absent, the size and the prompt decide. */
  badge?: IconBadge;
  /** The caller's sprite to animate (a sheet of the pixel-sprite generator), decoded. */
  image?: DrawImage;
  /** The caller's textures named as terrains (a tileset of the texture generator), decoded, by asset id. */
  terrainImages?: Record<string, DrawImage>;
  /** The drawing's number in this process: its progress messages carry it (draw-pool.ts). */
  id?: number;
}

/** A caller's picture as a thread receives it: straight RGBA, width × height × 4 bytes. */
export interface DrawImage {
  rgba: Uint8Array;
  width: number;
  height: number;
}

/** A progress report crossing the thread boundary: a LazyPreview as its pixels (`rgba`), any other as its PNG. */
export interface ProgressMessage {
  percent: number;
  stage: string;
  preview?: { rgba?: Uint8Array; png?: Uint8Array; width: number; height: number };
}

/** What a drawing thread answers: the PNG, and the progress it held back (all of it, unless it streamed). */
export interface DrawResult {
  png: Uint8Array;
  /** A sheet's or tileset's layout and measured quality. */
  layout?: SheetLayout | TilesetLayout;
  quality?: AssetQualityReport;
  progress: ProgressMessage[];
  /** True when progress was posted as the drawing ran (`StreamedMessage`s), ending with `{ id, done: true }`. */
  streamed: boolean;
}

/** What a drawing thread posts on its `parentPort` while a long drawing runs: its progress, then `done`. */
export type StreamedMessage = { id: number; progress: ProgressMessage; done?: undefined } | { id: number; done: true; progress?: undefined };

/**
 * A drawing thread holds its progress back for this long, then sends what it held and the rest as
 * it comes: a fast drawing (most: 1–20 ms) sends its progress with its result, in one message.
 */
export const holdProgressMs = 50;

export const generatorsByKind: Record<DrawTask["generator"], Generator> = {
  "pixel-sprite": pixelSpriteGenerator,
  icon: iconGenerator,
  texture: textureGenerator,
};

/** What a drawing makes: one image, or a sheet or tileset with its layout and quality. */
export type Drawn = GeneratedImage & { layout?: SheetLayout | TilesetLayout; quality?: AssetQualityReport };

/** Draws `task` (in whatever thread runs this), reporting progress to `onProgress`. */
export function draw(task: DrawTask, onProgress: (p: GeneratorProgress) => void | Promise<void>, signal?: AbortSignal): Promise<Drawn> {
  const input = {
    spec: task.spec ?? interpretPrompt(task.prompt ?? {}),
    width: task.width,
    height: task.height,
    transparent: task.transparent,
    seed: task.seed,
    ...(task.palette ? { palette: task.palette.map((hex) => parseHex(hex) ?? { r: 0, g: 0, b: 0 }) } : {}),
    ...(task.badge ? { badge: task.badge } : {}),
  };
  if (task.sheet) {
    if (task.generator !== "pixel-sprite") throw new Error(`the ${task.generator} generator draws no sheets`);
    if (task.image)
      return drawGivenSheet(
        { image: task.image, width: task.width, height: task.height, sheet: task.sheet, ...(input.palette ? { palette: input.palette } : {}) },
        onProgress,
        signal,
      );
    return drawSpriteSheet({ ...input, sheet: task.sheet }, onProgress, signal);
  }
  if (task.tileset) {
    if (task.generator !== "texture") throw new Error(`the ${task.generator} generator draws no tilesets`);
    return drawTileset({ ...input, tileset: task.tileset, ...(task.terrainImages ? { terrainImages: task.terrainImages } : {}) }, onProgress, signal);
  }
  return generatorsByKind[task.generator].generate(input, onProgress, signal);
}
