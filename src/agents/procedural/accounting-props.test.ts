/**
 * Issue 39's objects and trades read off the measured composition list (bench/prompts/
 * composition-blind-2.tsv) and generalised: vehicles, machines, buildings and furniture of many
 * settings drawn as recipes of parts (sprites/items/objects.ts), and trades and roles as character
 * recipes (sprites/characters/recipes-trades.ts). Each word is drawn, nothing vanishes, and leaving
 * it out changes the picture.
 */
import { describe, expect, it } from "vitest";
import { interpretPrompt } from "./index.js";
import { pictureOf, readAs } from "./reading-kit.js";
import { vanishedWords } from "./words/accounting.js";

const read = (prompt: string) => readAs("pixel-sprite", prompt);
const picture = (prompt: string): Promise<Buffer> => pictureOf("pixel-sprite", prompt);

describe("compound names of objects and trades name one subject", () => {
  it.each([
    ["steam locomotive", "locomotive"],
    ["drilling rig", "derrick"],
    ["satellite dish", "satellitedish"],
    ["windmill water pump", "windpump"],
    ["oxygen generator", "generator"],
    ["security turret", "sentrygun"],
    ["charging dock", "charger"],
    ["stack of cargo crates", "cratestack"],
    ["bell tower", "belltower"],
    ["coffee pot", "teapot"],
    ["deep-sea diver", "diver"],
    ["harbor master", "harbormaster"],
    ["chimney sweep", "chimneysweep"],
    ["shrine maiden", "miko"],
    ["piano player", "pianist"],
  ])("%s: %s", (phrase, subject) => {
    expect(interpretPrompt({ prompt: phrase }).subjects).toEqual([subject]);
  });
});

/** [prompt, the subject drawn, the prompt without the word that names it (another subject then)] */
const CASES: readonly (readonly [string, string, string])[] = [
  ["steam locomotive", "locomotive", "steam"],
  ["lunar rover", "rover", "car"],
  ["stagecoach", "stagecoach", "cart"],
  ["armored zeppelin", "airship", "balloon"],
  ["cracked escape pod", "pod", "cracked submarine"],
  ["hovering drone with a spotlight", "quadcopter", "hovering lantern"],
  ["wooden cider press", "press", "wooden barrel"],
  ["drilling rig", "derrick", "tower"],
  ["satellite dish", "satellitedish", "radar"],
  ["security turret", "sentrygun", "cannon"],
  ["stone bell tower", "belltower", "stone tower"],
  ["saloon", "saloon", "house"],
  ["pagoda", "pagoda", "temple"],
  ["igloo", "igloo", "house"],
  ["coffin", "coffin", "chest"],
  ["piano", "piano", "table"],
  ["rolling tumbleweed", "tumbleweed", "bush"],
  ["stack of cargo crates", "cratestack", "crate"],
  ["otter deep-sea diver", "diver", "otter sailor"],
  ["badger abbot", "abbot", "badger monk"],
  ["armadillo prospector", "prospector", "miner"],
  ["undertaker", "undertaker", "villager"],
  ["nun", "nun", "cleric"],
  ["friar", "friar", "monk"],
  ["herbalist", "herbalist", "alchemist"],
  ["raccoon scavenger with a jetpack", "scavenger", "nomad with a jetpack"],
  ["ringmaster", "ringmaster", "villager"],
  ["geisha", "geisha", "woman"],
  ["ronin", "ronin", "samurai"],
  ["child", "child", "villager"],
  ["broken wooden propeller", "propeller", "broken wooden wheel"],
  ["lookout in a crow's nest", "crowsnest", "lookout"],
  ["outlaw behind bars", "caged", "outlaw"],
  ["undertaker measuring a coffin", "coffin", "undertaker"],
  ["campfire with coffee pot", "teapot", "campfire"],
  ["stagecoach with four horses", "stagecoach", "horse"],
  ["crate falling with a parachute", "parachute", "crate"],
  ["solar panel", "solarpanel", "panel"],
  ["canoe", "rowboat", "ship"],
  ["catapult", "catapult", "cart"],
];

describe("an object or a trade filled from the measured list is drawn, and changes the picture", () => {
  it.each(CASES)("%s: %s", async (prompt, subject, other) => {
    const i = read(prompt);
    expect(i.fallback).toBe(false);
    expect([i.subject, ...i.modifiers]).toContain(subject);
    expect(vanishedWords(prompt, i, (text) => read(text))).toEqual([]);
    expect((await picture(prompt)).equals(await picture(other))).toBe(false);
  });

  it("reads a trade with no recipe of its own as the broader figure holding its things", () => {
    const i = read("parrot quartermaster");
    expect(i.modifiers).toContain("quartermaster");
    expect(i.ignored).toEqual([]);
  });
});
