/**
 * What the tests of the agents' words share: a prompt as one drawing agent reads it, and its
 * picture at 64 px (seed 3 unless told), the way `bench/reach.ts` measures them.
 */
import { draw, type DrawTask } from "./draw-task.js";
import { interpretIcon } from "./icons/index.js";
import { interpretSprite } from "./sprites/index.js";
import { interpretTexture } from "./textures/index.js";
import { interpretPrompt } from "./words/prompt.js";

const READERS = { "pixel-sprite": interpretSprite, icon: interpretIcon, texture: interpretTexture } as const;
export type DrawingAgent = keyof typeof READERS;

/** The agent's reading of a prompt. */
export const readAs = (agent: DrawingAgent, prompt: string) => READERS[agent](interpretPrompt({ prompt }));

/** The agent's picture of a prompt: 64 × 64, transparent but for textures. */
export async function pictureOf(agent: DrawingAgent, prompt: string, seed = 3): Promise<Buffer> {
  const task: DrawTask = { generator: agent, prompt: { prompt }, width: 64, height: 64, transparent: agent !== "texture", seed };
  return (await draw(task, () => undefined)).png;
}
