/** Which words some agent reads, asked of the agents' own readers (every word read as written). */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { interpretIcon, interpretPrompt, interpretSprite, interpretTexture } from "../../src/agents/procedural/index.js";
import { ACTION_WORDS } from "../../src/agents/procedural/words/actions.js";
import { readingsOf } from "../../src/agents/procedural/words/prompt.js";
import { readWordsAsWritten } from "../../src/agents/procedural/words/read-as.js";
import { STATE_WORDS } from "../../src/agents/procedural/words/states.js";
import { EFFECT_WORDS, FILLER_WORDS, STYLE_WORDS } from "../../src/agents/procedural/words/vocabulary.js";

readWordsAsWritten(true);
/** A subject of every kind the agents draw: a word none of them reads beside any of these is read by none. */
const PROBES = (
  "wolf knight sword bread candle grass chest potion sea water sky door cannon ship tree house stone floor wall road " +
  "rope barrel coin shield apple fish flower lantern map scroll pistol helmet cat dragon wagon fire ice cloud sand brick egg moon"
).split(" ");
/** Words an agent reads in the prompt lists of `bench/prompts` (not ignored there): read in some setting ("pocked" beside a crater). */
const readInLists = new Set<string>();
const readerOf = { "pixel-sprite": interpretSprite, icon: interpretIcon, texture: interpretTexture } as const;
const readers = Object.values(readerOf);
for (const file of readdirSync("bench/prompts").filter((f) => f.endsWith(".tsv"))) {
  for (const line of readFileSync(join("bench/prompts", file), "utf8").split("\n")) {
    const [agent, prompt] = line.split("\t") as [keyof typeof readerOf, string | undefined];
    if (!prompt || !(agent in readerOf)) continue;
    const spec = interpretPrompt({ prompt });
    const ignored = new Set(readerOf[agent](spec).ignored);
    for (const word of spec.otherWords) if (!ignored.has(word)) readInLists.add(word);
  }
}
const knownCache = new Map<string, boolean>();
/** Whether some agent reads `word`: a word of the tables, filler, or not ignored by some agent in some probe naming it. */
export function known(word: string): boolean {
  let answer = knownCache.get(word);
  if (answer === undefined) {
    answer =
      readingsOf(word).length > 0 ||
      FILLER_WORDS.has(word) ||
      readInLists.has(word) ||
      PROBES.some((probe) => {
        const spec = interpretPrompt({ prompt: `${word} ${probe}` });
        return readers.some((read) => !read(spec).ignored.includes(word));
      });
    knownCache.set(word, answer);
  }
  return answer;
}

/** A word of an action, a state, a style or an effect, that some agent reads ("jade" is no synonym of "tire": a colour is no look). */
export function isLook(word: string): boolean {
  return [ACTION_WORDS, STATE_WORDS, STYLE_WORDS, EFFECT_WORDS].some((table) => table.has(word)) && known(word);
}
