import type { Interpretation } from "../driver.js";
import { interpretIcon } from "./icons/index.js";
import type { PromptSpec } from "./kit/types.js";
import { interpretSprite } from "./sprites/index.js";
import { interpretTexture } from "./textures/index.js";

/** How a generator reads a prompt: what it understood (the same plan it draws from). */
export type Reader = (spec: PromptSpec) => Interpretation;

/** Each procedural driver's reader, by driver name (driver.ts; knows-worker.ts works out what each knows). */
export const readers = {
  "procedural-sprite": interpretSprite,
  "procedural-icon": interpretIcon,
  "procedural-texture": interpretTexture,
} as const satisfies Record<string, Reader>;

export type ReaderName = keyof typeof readers;
