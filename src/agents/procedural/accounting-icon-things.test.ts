/**
 * Issue 39's icon gaps read off the measured list (bench/prompts/composition-blind-2.tsv), filled by
 * data and recipes of parts, with their neighbours: everyday things of many settings (a gauge,
 * scissors, a horseshoe, a ticket, a poster, playing cards, goggles, a wax seal, a mortar, a drill, an
 * energy cell, a drinking glass, seaweed, herbs), what a container holds ("sack of flour"), words a
 * known thing reads ("frothy", "rye", "spurs") and wear and damage ("dented", "bent", "torn",
 * "leaking", "dried", "muddy"...), small things (dice, a syringe, a pill, a magnet, a bulb, a balloon,
 * an umbrella, a nail, cutlery, an inkwell). Each word is drawn, nothing vanishes, leaving it out changes the picture.
 */
import { describe, expect, it } from "vitest";
import { pictureOf, readAs } from "./reading-kit.js";
import { vanishedWords } from "./words/accounting.js";

const read = (prompt: string) => readAs("icon", prompt);
const picture = (prompt: string): Promise<Buffer> => pictureOf("icon", prompt);

/** [prompt, the word it draws (subject or modifier), the prompt without it] */
const CASES: readonly (readonly [string, string, string])[] = [
  // things of the measured list
  ["depth gauge", "depth", "gauge"],
  ["pressure warning symbol", "gauge", "warning symbol"],
  ["barnacle scraper", "barnacle", "scraper"],
  ["bundle of dried lavender", "bundle", "dried lavender"],
  ["sprig of rosemary", "herbs", "leaf"],
  ["seaweed bundle", "bundle", "seaweed"],
  ["red wax seal", "waxseal", "red"],
  ["mortar and pestle", "mortar", "pestle bowl"],
  ["pruning shears", "pruning", "shears"],
  ["wanted poster", "wanted", "poster"],
  ["bounty reward sign", "reward", "wanted poster"],
  ["lucky horseshoe", "lucky", "horseshoe"],
  ["train ticket", "locomotive", "ticket"],
  ["laser drill", "laser", "drill"],
  ["hand of playing cards", "cards", "hand"],
  ["whiskey glass", "whiskey", "glass tumbler"],
  ["ship's steering wheel", "shipwheel", "wheel"],
  ["jar of glowing plankton", "plankton", "jar glowing"],
  ["sack of flour", "flour", "sack"],
  ["bag of beans", "beans", "bag"],
  ["gunpowder keg", "gunpowder", "keg"],
  ["fuel canister", "fuel", "canister"],
  ["mug of frothy ale", "frothy", "mug of ale"],
  ["loaf of dark rye bread", "rye", "loaf of dark bread"],
  ["cheese wheel with a slice missing", "cutwedge", "cheese wheel"],
  ["hops cone", "hops", "cone"],
  ["cowboy boots with spurs", "spurs", "cowboy boots"],
  ["pearl-handled six-shooter", "pearlhandled", "six-shooter"],
  ["sonar ping symbol", "ping", "sonar symbol"],
  ["moon rock sample", "sample", "moon rock"],
  ["candle burned halfway", "burned", "candle"],
  ["pearl in an open shell", "open", "pearl in a shell"],
  ["barbed harpoon", "barbed", "harpoon"],
  ["space ration pack", "ration", "space pack"],
  ["cracked clay jug", "clay", "cracked jug"],
  ["raw titanium ore", "raw", "titanium ore"],
  ["wrench and screwdriver", "screwdriver", "wrench"],
  ["rusty diving helmet", "divinghelmet", "rusty helmet"],
  // states of the measured list
  ["bent anchor", "bent", "anchor"],
  ["dented canteen", "dented", "canteen"],
  ["tattered flag", "tattered", "flag"],
  ["frayed rope coil", "frayed", "rope coil"],
  ["leaking fuel barrel", "leaking", "fuel barrel"],
  ["waterlogged map", "waterlogged", "map"],
  ["burnt circuit chip", "burnt", "circuit chip"],
  ["freeze-dried ice cream", "freezedried", "ice cream"],
  ["bread with a bite taken", "bite", "bread"],
  // neighbours a game would also ask for
  ["barometer", "gauge", "weather"],
  ["garden shears", "garden", "shears"],
  ["movie ticket", "movie", "ticket"],
  ["wine goblet", "maroon", "goblet"],
  ["empty whiskey glass", "empty", "whiskey glass"],
  ["thyme sprig", "herbs", "leaf"],
  ["bag of rice", "rice", "bag"],
  ["barrel of oil", "oil", "barrel"],
  ["jar of fireflies", "firefly", "jar"],
  ["power cell", "cell", "power"],
  ["muddy boots", "mud", "boots"],
  ["dusty book", "dusty", "book"],
  ["sealed letter", "sealed", "letter"],
  ["chipped mug", "chipped", "mug"],
  ["spilled bucket", "spilled", "bucket"],
  ["torn cloak", "torn", "cloak"],
  ["dented helmet", "dented", "helmet"],
  ["bent key", "bent", "key"],
  ["brand new shield", "brandnew", "shield"],
  ["dried fish", "parched", "fish"],
  ["scratched shield", "scratched", "shield"],
  ["wanted dead or alive poster", "wanted", "poster"],
  ["pair of dice", "dice", "pair"],
  ["syringe of poison", "syringe", "poison"],
  ["red pill", "pill", "red"],
  ["horseshoe magnet", "magnet", "horseshoe"],
  ["light bulb", "lightbulb", "light"],
  ["red balloon", "balloon", "red"],
  ["blue umbrella", "umbrella", "blue"],
  ["bent nail", "bent", "nail"],
  ["spoon and fork", "cutlery", "and"],
  ["inkwell and quill", "inkwell", "quill"],
];

describe("icon things and states filled from the measured list are drawn, and change the picture", () => {
  it.each(CASES)("%s (%s)", async (prompt, word, without) => {
    const i = read(prompt);
    expect(i.fallback).toBe(false);
    expect([i.subject, ...i.modifiers]).toContain(word);
    expect(i.ignored).toEqual([]);
    expect(vanishedWords(prompt, i, (text) => read(text))).toEqual([]);
    expect((await picture(prompt)).equals(await picture(without))).toBe(false);
  });

  it("reports a state ignored on a thing it cannot be in", () => {
    expect(read("bent apple").ignored).toContain("bent");
    expect(read("torn sword").ignored).toContain("torn");
    expect(read("leaking sword").ignored).toContain("leaking");
  });
});
