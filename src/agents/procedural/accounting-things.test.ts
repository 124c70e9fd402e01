import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { draw, type DrawTask } from "./draw-task.js";
import { interpretIcon, interpretPrompt, interpretTexture } from "./index.js";
import { understoodWords, vanishedWords, without } from "./words/accounting.js";
import { readingsOf, tokensOf } from "./words/prompt.js";
import { stateOf } from "./words/states.js";

/**
 * Every understood word of the things list (bench/prompts/things.tsv: states, counts, nouns and
 * surface features, for icons and textures) changes the picture when it is left out. A word that
 * says again what another word of the prompt says ("bowl of soup", "treasure chest": both words
 * read as one subject; "half eaten": one state) is left out of the count: either one alone draws
 * the same thing.
 */
const readers = { icon: interpretIcon, texture: interpretTexture } as const;
type Agent = keyof typeof readers;
const rows = readFileSync(new URL("../../../bench/prompts/things.tsv", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "" && !line.startsWith("#"))
  .map((line) => line.split("\t") as [Agent, string]);
const read = (agent: Agent, prompt: string) => readers[agent](interpretPrompt({ prompt }));
const picture = async (agent: Agent, prompt: string): Promise<Buffer> => {
  const task: DrawTask = { generator: agent, prompt: { prompt }, width: 64, height: 64, transparent: agent !== "texture", seed: 1 };
  return (await draw(task, () => undefined)).png;
};
const key = (word: string): string => [...readingsOf(word).sort(), ...[stateOf(word) ?? []].flat()].join(",");
/** Another word of the prompt reads the same as this one. */
const repeated = (prompt: string, word: string): boolean => key(word) !== "" && tokensOf(prompt).some((t) => t !== word && key(t) === key(word));

describe("the things list: every word accounted for, every understood word drawn", () => {
  it("no word vanishes", () => {
    const vanished = rows.flatMap(([agent, prompt]) => vanishedWords(prompt, read(agent, prompt), (text) => read(agent, text)).map((w) => `${prompt} (${w})`));
    expect(vanished).toEqual([]);
  });

  it("leaving out an understood word changes the picture", { timeout: 120_000 }, async () => {
    const unchanged: string[] = [];
    let words = 0;
    for (const [agent, prompt] of rows) {
      const i = read(agent, prompt);
      if (i.fallback) continue;
      const base = await picture(agent, prompt);
      for (const word of understoodWords(prompt, i)) {
        if (repeated(prompt, word)) continue;
        words++;
        if (base.equals(await picture(agent, without(prompt, word)))) unchanged.push(`${agent}\t${prompt}\t(${word})`);
      }
    }
    expect(words).toBeGreaterThan(150);
    expect(unchanged).toEqual([]);
  });
});
