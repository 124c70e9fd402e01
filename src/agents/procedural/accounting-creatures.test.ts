/**
 * Issue 39's creature gaps read off the measured list (bench/prompts/composition-blind-2.tsv) and
 * their neighbours: animals of sea, farm, forest, jungle, desert and myth drawn on the known body
 * plans, counted legs, tails and arms where the plan shows them, wings, a saddle, a coil, a puffed-up
 * fish and a group of animals. Each word is drawn, nothing vanishes, and leaving it out changes the picture.
 */
import { describe, expect, it } from "vitest";
import { pictureOf, readAs } from "./reading-kit.js";
import { vanishedWords } from "./words/accounting.js";

const read = (prompt: string) => readAs("pixel-sprite", prompt);
const picture = (prompt: string, seed = 3): Promise<Buffer> => pictureOf("pixel-sprite", prompt, seed);

describe("animals missing before are subjects with drawings of their own", () => {
  it.each([
    ["otter", "otter"],
    ["badger", "badger"],
    ["raccoon", "raccoon"],
    ["capybara", "capybara"],
    ["armadillo", "armadillo"],
    ["coyote", "coyote"],
    ["jackrabbit", "rabbit"],
    ["steer", "cow"],
    ["bison", "bison"],
    ["elephant", "elephant"],
    ["walrus", "walrus"],
    ["manatee", "manatee"],
    ["sea lion", "seal"],
    ["pufferfish", "pufferfish"],
    ["anglerfish", "anglerfish"],
    ["seahorse", "seahorse"],
    ["starfish", "starfish"],
    ["hermit crab", "crab"],
    ["flamingo", "flamingo"],
    ["pigeon", "pigeon"],
    ["dragonfly", "dragonfly"],
    ["grasshopper", "grasshopper"],
    ["dinosaur", "dinosaur"],
    ["pegasus", "pegasus"],
    ["cerberus", "cerberus"],
    ["kitsune", "kitsune"],
    ["werewolf", "werewolf"],
    ["clownfish", "clownfish"],
    ["husky", "dog"],
    ["manta ray", "stingray"],
    ["geese", "duck"],
  ])("%s: %s", (prompt, design) => {
    const i = read(prompt);
    expect(i.subject).toBe(design);
    expect(i.fallback).toBe(false);
    expect(i.ignored).toEqual([]);
  });

  it("draws a new animal unlike its nearest known one", async () => {
    for (const [animal, near] of [
      ["otter", "rat"],
      ["coyote", "wolf"],
      ["walrus", "whale"],
      ["pufferfish", "fish"],
      ["elephant", "rhino"],
    ] as const)
      expect((await picture(animal)).equals(await picture(near)), animal).toBe(false);
  });

  it("stands a new animal up in a trade, in the trade's clothes", () => {
    for (const [prompt, animal] of [
      ["coyote sheriff", "coyote"],
      ["capybara sailor", "capybara"],
      ["walrus sailor", "walrus"],
      ["badger monk", "badger"],
    ] as const) {
      const i = read(prompt);
      expect(i.subject, prompt).not.toBe(animal);
      expect(i.modifiers, prompt).toContain(animal);
      expect(i.ignored, prompt).toEqual([]);
    }
  });
});

/** [prompt, the word it draws, the prompt without it] */
const CASES: readonly (readonly [string, string, string])[] = [
  ["three-legged dog", "three-legged", "dog"],
  ["two-tailed sky fox", "two-tailed", "sky fox"],
  ["three-tailed cat", "three-tailed", "cat"],
  ["three-armed starfish", "three-armed", "starfish"],
  ["winged lion", "winged", "lion"],
  ["bat-winged imp", "winged", "imp"],
  ["saddled wyvern", "saddled", "wyvern"],
  ["saddled horse", "saddled", "horse"],
  ["rattlesnake coiled to strike", "coiled", "rattlesnake"],
  ["inflated pufferfish", "inflated", "pufferfish"],
  ["school of small silver fish", "school", "small silver fish"],
  ["flock of crows", "flock", "crows"],
  ["two-tailed pig", "two-tailed", "pig"],
  ["winged wolf", "winged", "wolf"],
  ["space jellyfish", "starfield", "jellyfish"],
  ["cloud whale", "cloud", "whale"],
];

describe("a creature's parts, forms and groups are drawn, and change the picture", () => {
  it.each(CASES)("%s (%s)", async (prompt, word, without) => {
    const i = read(prompt);
    expect([i.subject, ...i.modifiers]).toContain(word);
    expect(i.ignored).toEqual([]);
    expect(vanishedWords(prompt, i, read)).toEqual([]);
    expect((await picture(prompt)).equals(await picture(without))).toBe(false);
  });

  it("reads a creature's named parts as its own", () => {
    for (const prompt of ["anglerfish with a lantern lure", "jellyfish with glowing tentacles", "hermit crab in a teacup"]) {
      const i = read(prompt);
      expect(i.ignored, prompt).toEqual([]);
      expect(vanishedWords(prompt, i, read), prompt).toEqual([]);
    }
    expect(read("tentacled alien").subject).toBe("octopus");
  });

  it("takes a group word only when it names the animals", () => {
    expect(read("wolf pack").modifiers).toContain("pack");
    expect(read("pack mule").modifiers).not.toContain("pack");
  });

  it("leaves a count the plan cannot show ignored", () => {
    expect(read("three-legged slime").ignored).toEqual(expect.arrayContaining(["three", "legged"]));
  });
});
