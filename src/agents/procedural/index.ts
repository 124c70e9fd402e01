/** Offline procedural generators: pixel sprites, flat icons and seamless textures, as PNG. */
import { iconGenerator } from "./icon.js";
import { pixelSpriteGenerator } from "./pixel-sprite.js";
import { textureGenerator } from "./texture.js";
import type { Generator } from "./types.js";

export type { GeneratedImage, Generator, GeneratorInput, GeneratorProgress } from "./types.js";
export { interpretPrompt } from "./prompt.js";
export type { PromptInput, PromptMessage, PromptSpec } from "./prompt.js";

export const generators: ReadonlyMap<string, Generator> = new Map<string, Generator>(
  [pixelSpriteGenerator, iconGenerator, textureGenerator].map((generator) => [generator.kind, generator]),
);
