/**
 * Issue 39's gaps read off the measured composition list (bench/prompts/composition-blind.tsv, now
 * tuned), filled by data and small recipes: compound nouns, synonyms of actions and trades, a thing
 * named with a creature or an item standing beside it, spectacles, snow on things, surfaces' states.
 * Each word now understood is reported drawn, and leaving it out changes the picture.
 */
import { describe, expect, it } from "vitest";
import { draw, type DrawTask } from "./draw-task.js";
import { interpretIcon, interpretPrompt, interpretSprite, interpretTexture } from "./index.js";
import { vanishedWords } from "./words/accounting.js";

const readers = { "pixel-sprite": interpretSprite, icon: interpretIcon, texture: interpretTexture } as const;
type Agent = keyof typeof readers;
const read = (agent: Agent, prompt: string) => readers[agent](interpretPrompt({ prompt }));
const picture = async (agent: Agent, prompt: string): Promise<Buffer> => {
  const task: DrawTask = { generator: agent, prompt: { prompt }, width: 64, height: 64, transparent: agent !== "texture", seed: 3 };
  return (await draw(task, () => undefined)).png;
};

describe("compound nouns name one subject", () => {
  it.each([
    ["palm tree", "palm"],
    ["pine tree", "conifer"],
    ["throwing star", "shuriken"],
    ["key card", "keycard"],
    ["cabin boy", "sailor"],
  ])("%s: %s", (phrase, subject) => {
    expect(interpretPrompt({ prompt: phrase }).subjects).toEqual([subject]);
  });
});

/** [agent, prompt, the word it draws, the prompt without it] */
const CASES: readonly (readonly [Agent, string, string, string])[] = [
  ["pixel-sprite", "ghost holding a lantern", "lantern", "ghost"],
  ["pixel-sprite", "crab with a cutlass", "sword", "crab"],
  ["pixel-sprite", "stone well with a bucket", "bucket", "stone well"],
  ["pixel-sprite", "owl librarian wearing spectacles", "spectacles", "owl librarian"],
  ["pixel-sprite", "pine tree covered in snow", "snow", "pine tree"],
  ["pixel-sprite", "tent in the snow", "snow", "tent"],
  ["pixel-sprite", "penguin waddling", "waddling", "penguin"],
  ["pixel-sprite", "boar charging", "charging", "boar"],
  ["pixel-sprite", "goat milkmaid", "farmer", "goat"],
  ["pixel-sprite", "haunted armor", "shadow", "armor"],
  ["texture", "packed dirt with roots", "smooth", "dirt with roots"],
  ["texture", "loose gray gravel", "scattered", "gray gravel"],
  ["texture", "wet cellar floor", "dungeon", "wet floor"],
];

describe("a word filled from the measured list is drawn, and changes the picture", () => {
  it.each(CASES)("%s: %s (%s)", async (agent, prompt, word, without) => {
    const i = read(agent, prompt);
    expect([i.subject, ...i.modifiers]).toContain(word);
    expect(i.ignored).toEqual([]);
    expect(vanishedWords(prompt, i, (text) => read(agent, text))).toEqual([]);
    expect((await picture(agent, prompt)).equals(await picture(agent, without))).toBe(false);
  });

  it("leaves a plant where it grows: no bush set beside a berry", () => {
    expect(read("pixel-sprite", "berry bush").ignored).toEqual(["bush"]);
  });
});
