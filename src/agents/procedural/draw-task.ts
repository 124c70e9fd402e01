import type { MessagePort } from "node:worker_threads";
import { iconGenerator } from "./icon.js";
import { pixelSpriteGenerator } from "./pixel-sprite.js";
import { interpretPrompt, type PromptInput } from "./prompt.js";
import { textureGenerator } from "./texture.js";
import type { GeneratedImage, Generator, GeneratorProgress } from "./types.js";

/** One drawing, as a worker thread receives it (plain data: it crosses a thread boundary). */
export interface DrawTask {
  generator: "pixel-sprite" | "icon" | "texture";
  prompt: PromptInput;
  width: number;
  height: number;
  transparent: boolean;
  seed: number;
  /** Where progress goes (percent, stage, preview PNG). */
  port?: MessagePort;
}

export const generatorsByKind: Record<DrawTask["generator"], Generator> = {
  "pixel-sprite": pixelSpriteGenerator,
  icon: iconGenerator,
  texture: textureGenerator,
};

/** Draws `task` (in whatever thread runs this), reporting progress to `onProgress`. */
export function draw(task: DrawTask, onProgress: (p: GeneratorProgress) => void | Promise<void>, signal?: AbortSignal): Promise<GeneratedImage> {
  return generatorsByKind[task.generator].generate(
    { spec: interpretPrompt(task.prompt), width: task.width, height: task.height, transparent: task.transparent, seed: task.seed },
    onProgress,
    signal,
  );
}
