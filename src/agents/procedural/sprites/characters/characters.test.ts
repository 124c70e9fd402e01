import { describe, expect, it } from "vitest";
import { countAlpha, run, silhouetteDifference } from "../../../../../test/support/drawing.js";
import { meanPairwiseDifference } from "../../../../../test/support/sprite-range.js";
import { interpretSprite } from "../reading.js";
import { planSprite } from "../plan.js";
import { interpretPrompt } from "../../words/prompt.js";
import { RACES } from "./plan.js";
import { RECIPES } from "./recipes.js";
import { holdAs } from "../items/held.js";
import { CHARACTER_SUBJECTS } from "../../words/subjects/characters.js";

const read = (prompt: string) => interpretSprite(interpretPrompt({ prompt }));

describe("characters: every recipe is a drawing", () => {
  it("has a recipe for every character subject, and a subject for every recipe", () => {
    expect(Object.keys(RECIPES).sort()).toEqual(Object.keys(CHARACTER_SUBJECTS).sort());
    expect(Object.keys(RECIPES).length).toBeGreaterThanOrEqual(30);
  });

  it.each(Object.keys(RECIPES))("draws %s at 16, 32, 64 and 128 px, not as a fallback", async (name) => {
    expect(planSprite(interpretPrompt({ prompt: name }))).toMatchObject({ design: name, fallback: false });
    for (const size of [16, 32, 48, 64, 128]) {
      const { image } = await run("pixel-sprite", name, { size, transparent: true, seed: 7 });
      expect(
        countAlpha(image, (a) => a === 255),
        `${name} ${size}`,
      ).toBeGreaterThan(size * size * 0.12);
    }
  });

  it("draws each class differently from its broader class (not a recolour)", async () => {
    for (const [name, entry] of Object.entries(CHARACTER_SUBJECTS)) {
      if (!entry.isA || RECIPES[entry.isA] === undefined) continue;
      const own = (await run("pixel-sprite", `red ${name}`, { size: 64, transparent: true, seed: 2 })).image;
      const broader = (await run("pixel-sprite", `red ${entry.isA}`, { size: 64, transparent: true, seed: 2 })).image;
      expect(silhouetteDifference(own, broader), `${name} vs ${entry.isA}`).toBeGreaterThan(0.02);
    }
  });
});

describe("characters: words", () => {
  it.each([
    ["mage", "wizard"],
    ["witch", "witch"],
    ["priest", "cleric"],
    ["cowboy", "sheriff"],
    ["shopkeeper", "merchant"],
    ["ogre", "troll"],
    ["smith", "blacksmith"],
    ["pirate captain", "pirate"],
    ["rogue", "thief"],
    ["nurse", "healer"],
    ["elves", "elf"],
    ["dwarves", "dwarf"],
    ["viking warrior", "viking"],
    ["merchant npc", "merchant"],
    ["angel", "angel"],
    ["pixie", "fairy"],
    ["old sage", "wizard"],
    ["knight hero", "knight"],
    ["hooded figure", "hooded"],
    ["hooded wizard", "wizard"],
    ["dwarf man", "dwarf"],
    ["elf girl", "elf"],
    ["cute knight", "knight"],
  ])("reads %s as %s, every word used", (prompt, subject) => {
    expect(read(prompt)).toMatchObject({ subject, ignored: [], fallback: false });
  });

  it.each([
    ["hunter", ["bow"]],
    ["blacksmith", ["hammer"]],
    ["miner", ["pickaxe"]],
    ["farmer", ["pitchfork"]],
    ["chef", ["pan"]],
    ["bard", ["lute"]],
    ["samurai", ["sword"]],
    ["knight", ["sword", "shield"]],
    ["wizard", ["staff"]],
    ["miner with a lantern", ["lantern"]],
    ["wizard with a scroll", ["scroll"]],
    ["jailer with keys", ["key"]],
  ])("gives a %s its equipment", (prompt, items) => {
    expect(planSprite(interpretPrompt({ prompt })).items.map((h) => h.item)).toEqual(items);
  });

  it("has a drawer for every tool a subject implies", () => {
    for (const entry of Object.values(CHARACTER_SUBJECTS)) {
      // its own drawer, the nearest broader one's ("harpoon": a spear), or its icon carried at the hand
      for (const item of entry.holds ?? []) expect(holdAs(item), item).toBeDefined();
    }
  });

  it.each([
    ["dwarf blacksmith", "blacksmith", "dwarf"],
    ["elf archer", "archer", "elf"],
    ["orc warrior", "warrior", "orc"],
    ["goblin archer", "archer", "goblin"],
    ["skeleton knight", "knight", "skeleton"],
    ["female knight", "knight", "woman"],
    ["girl archer", "archer", "woman"],
  ])("draws %s as the class with the race's body, and says so", async (prompt, cls, race) => {
    const interpretation = read(prompt);
    expect(interpretation).toMatchObject({ subject: cls, ignored: [], fallback: false });
    expect(interpretation.modifiers).toContain(race);
    const mixed = (await run("pixel-sprite", prompt, { size: 64, transparent: true, seed: 3 })).image;
    const plain = (await run("pixel-sprite", cls, { size: 64, transparent: true, seed: 3 })).image;
    expect(silhouetteDifference(mixed, plain), prompt).toBeGreaterThan(0.01);
    expect(Object.keys(RACES)).toContain(race);
  });
});

describe("characters: materials, effects and sizes change the drawing", () => {
  it.each([
    ["stone golem", "stone"],
    ["ice golem", "ice"],
    ["golden knight", "gold"],
    ["skeleton with bone club", "bone"],
    ["wooden golem", "wood"],
    ["fire mage", "fire"],
    ["poison assassin", "poison"],
    ["holy paladin", "holy"],
    ["shadow assassin", "shadow"],
    ["giant knight", "large"],
    ["tiny wizard", "small"],
    ["old king", "weathered"],
    ["frozen knight", "icy"],
    ["rusty knight", "rusty"],
  ])("%s: %s is used and changes the picture", async (prompt, word) => {
    const interpretation = read(prompt);
    expect(interpretation.modifiers, prompt).toContain(word);
    expect(interpretation.ignored, prompt).toEqual([]);
    const subject = interpretation.subject as string;
    const base = await run("pixel-sprite", subject, { size: 64, transparent: true, seed: 4 });
    const changed = await run("pixel-sprite", prompt, { size: 64, transparent: true, seed: 4 });
    expect(changed.png.equals(base.png), prompt).toBe(false);
  });

  it("makes giants bulkier and tiny figures big-headed", async () => {
    const width = async (prompt: string): Promise<number> => {
      let total = 0;
      for (const seed of [1, 2, 3]) total += countAlpha((await run("pixel-sprite", prompt, { size: 64, transparent: true, seed })).image, (a) => a === 255);
      return total;
    };
    expect(await width("giant villager")).toBeGreaterThan((await width("villager")) * 1.05);
  });

  it("leaves a word ignored when it changes nothing", () => {
    expect(read("tiny imp").ignored).toEqual(["small"]);
    // a wizard wears no armour to rust
    expect(read("rusty wizard").ignored).toEqual(["rusty"]);
  });

  it("draws the same bytes for the same seed", async () => {
    for (const prompt of ["dwarf blacksmith", "holy paladin", "female knight"]) {
      const a = await run("pixel-sprite", prompt, { size: 64, seed: 12 });
      const b = await run("pixel-sprite", prompt, { size: 64, seed: 12 });
      expect(a.png.equals(b.png), prompt).toBe(true);
    }
  });
});

describe("characters: range", () => {
  it("differs from seed to seed in at least a quarter of the pixels at 64 px", async () => {
    const prompts = ["knight with a sword", "wizard", "dwarf blacksmith", "pirate", "villager", "red warrior"];
    let total = 0;
    for (const prompt of prompts) {
      const images = [];
      for (let seed = 1; seed <= 8; seed++) images.push((await run("pixel-sprite", prompt, { size: 64, transparent: true, seed })).image);
      const mean = meanPairwiseDifference(images);
      expect(mean, prompt).toBeGreaterThan(0.18);
      total += mean;
    }
    expect(total / prompts.length).toBeGreaterThan(0.25);
  });

  it("keeps the asked colour: a red knight stays red on every seed", async () => {
    const { dominantHue, hueDistance } = await import("../../../../../test/support/drawing.js");
    for (let seed = 1; seed <= 8; seed++) {
      const { image } = await run("pixel-sprite", "red robe wizard", { size: 64, transparent: true, seed });
      expect(hueDistance(dominantHue(image), 5), `seed ${seed}`).toBeLessThan(40);
    }
  });
});
