/**
 * The face of the procedural agents: offline generators of pixel sprites, flat icons and seamless
 * textures (with sprite sheets and tilesets), as PNG. Code outside this folder imports only this
 * file and the other files at its root (agents.ts, driver.ts, draw-pool.ts, draw-task.ts).
 *
 * The rooms: kit/ (raster, PNG, colour, geometry, noise, randomness, progress, the generator
 * contract), words/ (reading a prompt: vocabulary, subjects, suggestions, what each agent knows),
 * then one folder per family, each with one entry (its index.ts) that the others use: icons/,
 * sprites/, sheets/ (on the sprites), textures/, tilesets/ (on the textures).
 */
import { iconGenerator } from "./icons/index.js";
import type { Generator } from "./kit/types.js";
import { pixelSpriteGenerator } from "./sheets/index.js";
import { textureGenerator } from "./textures/index.js";

export const generators: ReadonlyMap<string, Generator> = new Map<string, Generator>(
  [pixelSpriteGenerator, iconGenerator, textureGenerator].map((generator) => [generator.kind, generator]),
);

export type { GeneratedImage, Generator, GeneratorInput, GeneratorProgress, PromptInput, PromptMessage, PromptSpec } from "./kit/types.js";
export { interpretPrompt } from "./words/prompt.js";
export { probeSubjects } from "./words/knows.js";
/** What each generator understood of a read prompt (the drivers' `interpret`, before suggestions). */
export { interpretIcon } from "./icons/index.js";
export { interpretSprite } from "./sprites/index.js";
export { interpretTexture } from "./textures/index.js";

/** A sheet or a tileset drawn in this thread (the pictures' scripts, benchmarks). */
export { drawSpriteSheet } from "./sheets/index.js";
export { drawTileset, renderMap } from "./tilesets/index.js";

/** The drawing kit that tests and benchmarks measure with. */
export { toHsl } from "./kit/color.js";
export { mulberry32 } from "./kit/random.js";
export { Canvas, encodePng, previewOf } from "./kit/raster.js";
