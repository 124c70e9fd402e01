/** Offline procedural generators: pixel sprites, flat icons and seamless textures, as PNG. */
import { iconGenerator } from "./icons/icon.js";
import { pixelSpriteGenerator } from "./sprites/pixel-sprite.js";
import { textureGenerator } from "./textures/texture.js";
import type { Generator } from "./kit/types.js";

export type { GeneratedImage, Generator, GeneratorInput, GeneratorProgress } from "./kit/types.js";
export { interpretPrompt } from "./words/prompt.js";
export type { PromptInput, PromptMessage, PromptSpec } from "./words/prompt.js";

export const generators: ReadonlyMap<string, Generator> = new Map<string, Generator>(
  [pixelSpriteGenerator, iconGenerator, textureGenerator].map((generator) => [generator.kind, generator]),
);
