/**
 * What the tests of the agents' words share: a prompt as one drawing agent reads it, and its
 * picture at 64 px (seed 3 unless told), the way `bench/reach.ts` measures them.
 */
import { draw, type DrawTask } from "./draw-task.js";
import { interpretIcon } from "./icons/index.js";
import { interpretSprite } from "./sprites/index.js";
import { interpretTexture } from "./textures/index.js";
import { vanishedWords } from "./words/accounting.js";
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

/**
 * A word's part in a prompt's picture: the reading, the words that vanish from it (neither drawn
 * nor reported), and whether the picture without the word (`without`, the prompt less it) differs.
 */
export async function wordInPicture(agent: DrawingAgent, prompt: string, without: string) {
  const reading = readAs(agent, prompt);
  const vanished = vanishedWords(prompt, reading, (text) => readAs(agent, text));
  const changes = !(await pictureOf(agent, prompt)).equals(await pictureOf(agent, without));
  return { reading, vanished, changes };
}
