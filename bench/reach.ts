/**
 * How far the procedural agents reach and range (issue "generator depth"):
 *
 *   npx tsx bench/reach.ts PROMPTS.tsv [--range]
 *
 * PROMPTS.tsv: `agent<TAB>prompt` per line (a held-out list of real game-asset prompts, each sent to
 * its natural agent). Reach: the share understood (a subject, no fallback) and understood whole (no
 * word ignored), with each miss listed. `--range`: for a sample of the understood prompts, eight
 * seeds each at 64 px, the mean share of pixels that differ between two seeds' images (RGBA, any
 * channel), averaged over all pairs; and for every understood prompt, each understood word left out
 * in turn (seed 1, 64 px): the share of those words whose absence leaves the picture unchanged.
 * Words that vanish (neither drawn nor reported ignored) are counted always, and so are the prompts
 * understood (and understood whole) only because a word was read as a nearer known one
 * (`interpretation.readAs`, words/read-as.ts): each figure is given with and without them.
 */
import { readFileSync } from "node:fs";
import { PNG } from "pngjs";
import { draw, type DrawTask } from "../src/agents/procedural/draw-task.js";
import { interpretIcon, interpretPrompt, interpretSprite, interpretTexture } from "../src/agents/procedural/index.js";
import { GENERIC_SUBJECTS } from "../src/agents/procedural/words/subjects/subjects.js";
import { understoodWords, vanishedWords, without } from "../src/agents/procedural/words/accounting.js";
import { readWordsAsWritten } from "../src/agents/procedural/words/read-as.js";

const readers = { "pixel-sprite": interpretSprite, icon: interpretIcon, texture: interpretTexture } as const;
type Agent = keyof typeof readers;

const [file, ...flags] = process.argv.slice(2);
if (!file) {
  console.error("usage: npx tsx bench/reach.ts PROMPTS.tsv [--range]");
  process.exit(2);
}
const rows = readFileSync(file, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "" && !line.startsWith("#"))
  .map((line) => {
    const [agent, prompt] = line.split("\t") as [Agent, string];
    if (!(agent in readers) || !prompt) throw new Error(`bad line: ${line}`);
    return { agent, prompt };
  });

let understood = 0;
let whole = 0;
/** Understood (whole) with every word read as written: what the agents' own vocabulary reaches. */
let understoodAsWritten = 0;
let wholeAsWritten = 0;
let generic = 0;
let vanishing = 0;
const misses: string[] = [];
const partial: string[] = [];
const byAgent = new Map<Agent, { n: number; understood: number; whole: number }>();
for (const { agent, prompt } of rows) {
  const i = readers[agent](interpretPrompt({ prompt }));
  readWordsAsWritten(true);
  const asWritten = readers[agent](interpretPrompt({ prompt }));
  readWordsAsWritten(false);
  if (asWritten.subject !== null && !asWritten.fallback) {
    understoodAsWritten++;
    if (asWritten.ignored.length === 0) wholeAsWritten++;
  } else if (i.subject !== null && !i.fallback && GENERIC_SUBJECTS.has(i.subject)) generic++;
  vanishing += vanishedWords(prompt, i, (text) => readers[agent](interpretPrompt({ prompt: text }))).length;
  const stats = byAgent.get(agent) ?? { n: 0, understood: 0, whole: 0 };
  stats.n++;
  if (i.subject !== null && !i.fallback) {
    understood++;
    stats.understood++;
    if (i.ignored.length === 0) {
      whole++;
      stats.whole++;
    } else partial.push(`${agent}\t${prompt}\t(ignored: ${i.ignored.join(", ")})`);
  } else misses.push(`${agent}\t${prompt}`);
  byAgent.set(agent, stats);
}
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
console.log(`reach: ${rows.length} prompts; understood ${pct(understood, rows.length)}, understood whole ${pct(whole, rows.length)}`);
console.log(
  `  with every word read as written: understood ${pct(understoodAsWritten, rows.length)}, whole ${pct(wholeAsWritten, rows.length)}; understood only through a word read as a generic subject (a person, a beast): ${generic}`,
);
console.log(`vanished words (neither drawn nor reported): ${vanishing}`);
for (const [agent, s] of byAgent) console.log(`  ${agent}: ${s.n} prompts; understood ${pct(s.understood, s.n)}, whole ${pct(s.whole, s.n)}`);
if (misses.length) console.log(`not understood (${misses.length}):\n  ${misses.join("\n  ")}`);
if (partial.length) console.log(`understood, with words ignored (${partial.length}):\n  ${partial.join("\n  ")}`);

const picture = async (agent: Agent, prompt: string, seed: number, size = 64): Promise<Buffer> => {
  const task: DrawTask = { generator: agent, prompt: { prompt }, width: size, height: size, transparent: agent !== "texture", seed };
  return PNG.sync.read((await draw(task, () => undefined)).png).data;
};

if (flags.includes("--range")) {
  let words = 0;
  const unchanged: string[] = [];
  for (const { agent, prompt } of rows) {
    const i = readers[agent](interpretPrompt({ prompt }));
    if (i.subject === null || i.fallback) continue;
    const base = await picture(agent, prompt, 1);
    for (const word of understoodWords(prompt, i)) {
      words++;
      if (base.equals(await picture(agent, without(prompt, word), 1))) unchanged.push(`${agent}\t${prompt}\t(${word})`);
    }
  }
  console.log(`understood words: ${words}; leaving one out leaves the picture unchanged for ${unchanged.length} (${pct(unchanged.length, words)})`);
  if (unchanged.length) console.log(`  ${unchanged.join("\n  ")}`);

  const sample = rows.filter((_, index) => index % Math.max(1, Math.floor(rows.length / 24)) === 0).slice(0, 24);
  const seeds = [1, 2, 3, 4, 5, 6, 7, 8];
  let total = 0;
  const perAgent = new Map<Agent, number[]>();
  for (const { agent, prompt } of sample) {
    const images = await Promise.all(seeds.map((seed) => picture(agent, prompt, seed)));
    let sum = 0;
    let pairs = 0;
    for (let a = 0; a < images.length; a++) {
      for (let b = a + 1; b < images.length; b++) {
        let differ = 0;
        const x = images[a]!;
        const y = images[b]!;
        for (let p = 0; p < x.length; p += 4) if (x[p] !== y[p] || x[p + 1] !== y[p + 1] || x[p + 2] !== y[p + 2] || x[p + 3] !== y[p + 3]) differ++;
        sum += differ / (x.length / 4);
        pairs++;
      }
    }
    const mean = sum / pairs;
    total += mean;
    perAgent.set(agent, [...(perAgent.get(agent) ?? []), mean]);
    console.log(`  range ${agent}\t${prompt}: ${(100 * mean).toFixed(1)} % of pixels differ between two seeds`);
  }
  console.log(`range: ${sample.length} prompts × ${seeds.length} seeds, mean ${(100 * (total / sample.length)).toFixed(1)} % of pixels differ`);
  for (const [agent, means] of perAgent) {
    const mean = means.reduce((a, b) => a + b, 0) / means.length;
    console.log(`  ${agent}: ${means.length} prompts, mean ${(100 * mean).toFixed(1)} %, lowest ${(100 * Math.min(...means)).toFixed(1)} %`);
  }
}
