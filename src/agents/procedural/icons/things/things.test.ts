import { describe, expect, it } from "vitest";
import { countAlpha, run } from "../../../../../test/support/drawing.js";
import { seedRange } from "../../../../../test/support/seed-range.js";
import { chooseIconShapes } from "../icon.js";
import { ICON_SHAPES } from "../shapes.js";
import { FIGURE_ICONS, FIGURE_SYMBOLS } from "./figures.js";
import { ICON_COMPOUNDS, THING_ICONS } from "./things.js";
import { interpretIcon } from "../reading.js";
import { interpretPrompt } from "../../words/prompt.js";

/** A prompt that draws each shape key that is no prompt word of its own. */
const PROMPT_FOR: Readonly<Record<string, string>> = {
  "wizard hat": "wizard",
  shuriken: "ninja",
  bug: "beetle",
  helmet: "knight",
  "horned helmet": "warrior",
  "dragon head": "dragon",
  "zombie hand": "zombie",
};
const promptFor = (key: string): string => PROMPT_FOR[key] ?? key;
const read = (prompt: string) => interpretIcon(interpretPrompt({ prompt }));

describe("icon things", () => {
  it("draws every subject of its registry, non-empty and not the fallback, at 64, 128 and 256 px", async () => {
    expect(THING_ICONS.size).toBeGreaterThanOrEqual(80);
    for (const [key, shape] of THING_ICONS) {
      // a later registry (gear) may draw this subject with a shape of its own
      if (ICON_SHAPES.get(key) !== shape) continue;
      const spec = interpretPrompt({ prompt: `${promptFor(key)}, no badge` });
      const chosen = chooseIconShapes(spec);
      expect(chosen.main, key).toBe(shape);
      expect(read(promptFor(key)).fallback, key).toBe(false);
      for (const size of [64, 128, 256]) {
        const { image } = await run("icon", `${promptFor(key)}, no badge`, { size, transparent: true, seed: 3 });
        const share = countAlpha(image, (a) => a > 128) / (size * size);
        expect(share, `${key} at ${size}`).toBeGreaterThan(0.08);
      }
    }
  }, 120_000);

  it("draws at 512 px too (one subject with a material and an effect)", async () => {
    const { image } = await run("icon", "fire wooden barrel, no badge", { size: 512, transparent: true });
    expect(countAlpha(image, (a) => a > 128) / (512 * 512)).toBeGreaterThan(0.2);
  });

  it.each([
    ["wooden crate", "crate", []],
    ["box", "crate", []],
    ["bookcase", "bookshelf", []],
    ["chest of drawers", "drawers", []],
    ["dresser", "drawers", []],
    ["sun icon", "sun", []],
    ["burning torch", "torch", []],
    ["honey pot", "honey", []],
    ["apple tree", "apple tree", []],
    ["chicken drumstick", "drumstick", []],
    ["spell book", "book", []],
    ["tree stump", "stump", []],
    ["milk bottle", "milk", []],
    ["rock", "rock", []],
    ["boulder", "rock", []],
    ["log", "log", []],
    ["herb", "sprout", []],
    ["steak", "meat", []],
    ["cupcake", "cake", []],
    ["bones", "bone", []],
    ["wolf icon", "paw", []],
    ["mage", "wizard hat", []],
    ["slime king", "slime", ["crown"]],
    ["ghost", "ghost", []],
    ["skeleton", "skull", []],
    ["ninja", "shuriken", []],
    ["eagle", "feather", []],
    ["dragon", "dragon head", []],
    ["wyvern", "dragon head", []],
    ["demon", "claw", []],
    ["zombie", "zombie hand", []],
    ["spaceship", "rocket", []],
  ] as const)("reads %s as %s", (prompt, subject, ignored) => {
    const i = read(prompt);
    expect(i.subject).toBe(subject);
    expect(i.fallback).toBe(false);
    for (const word of ignored) expect(i.ignored.includes(word) || i.modifiers.includes(word), word).toBe(true);
    if (ignored.length === 0) expect(i.ignored).toEqual([]);
  });

  it("draws a knight by a helmet or a shield, and a figure named with a thing as the thing's emblem", () => {
    expect(["helmet", "shield"]).toContain(read("knight icon").subject);
    expect(read("witch cauldron")).toMatchObject({ subject: "cauldron", ignored: [] });
    expect(read("witch cauldron").modifiers).toContain("wizard hat");
  });

  it("keys its figure table and compounds on subjects that exist", () => {
    for (const [figure, symbols] of Object.entries(FIGURE_SYMBOLS))
      expect(
        symbols.some((s) => ICON_SHAPES.has(s) || FIGURE_ICONS.has(s)),
        figure,
      ).toBe(true);
    for (const compound of ICON_COMPOUNDS) expect(ICON_SHAPES.has(compound.draws), compound.draws).toBe(true);
  });
});

describe("materials and effects on icons", () => {
  it.each([
    ["wooden shield", "shield", "wood"],
    ["stone statue", "statue", "stone"],
    ["golden crown", "crown", "gold"],
    ["crystal sword", "sword", "crystal"],
    ["iron chest", "chest", "iron"],
    ["leather bag", "bag", "leather"],
    ["bone skull", "skull", "bone"],
  ] as const)("%s: the material is used and changes the drawing", async (prompt, plain, material) => {
    const i = read(prompt);
    expect(i.modifiers).toContain(material);
    expect(i.ignored).not.toContain(material);
    const a = await run("icon", prompt, { size: 64, seed: 2, transparent: true });
    const b = await run("icon", plain, { size: 64, seed: 2, transparent: true });
    expect(a.png.equals(b.png)).toBe(false);
  });

  it.each([
    ["healing potion", "potion", "healing"],
    ["poison dagger", "dagger", "poison"],
    ["fire sword", "sword", "fire"],
    ["mana crystal", "crystal", "mana"],
    ["holy shield", "shield", "holy"],
    ["shadow barrel", "barrel", "shadow"],
  ] as const)("%s: the effect is used and changes the drawing", async (prompt, plain, effect) => {
    const i = read(prompt);
    expect(i.modifiers).toContain(effect);
    expect(i.ignored).toEqual([]);
    const a = await run("icon", `${prompt}, no badge`, { size: 64, seed: 2, transparent: true });
    const b = await run("icon", `${plain}, no badge`, { size: 64, seed: 2, transparent: true });
    expect(a.png.equals(b.png)).toBe(false);
  });

  it.each([
    ["cracked shield", "shield", "cracked"],
    ["mossy rock", "rock", "mossy"],
    ["rusty anvil", "anvil", "rusty"],
    ["old book", "book", "weathered"],
    ["frozen crown", "crown", "icy"],
  ] as const)("%s: the wear is used and changes the drawing", async (prompt, plain, wear) => {
    const i = read(prompt);
    expect(i.modifiers).toContain(wear);
    expect(i.ignored).toEqual([]);
    const a = await run("icon", prompt, { size: 64, seed: 4, transparent: true });
    const b = await run("icon", plain, { size: 64, seed: 4, transparent: true });
    expect(a.png.equals(b.png)).toBe(false);
  });

  it("ignores a material when nothing is drawn (fallback)", () => {
    const i = read("golden zorblax");
    expect(i.fallback).toBe(true);
    expect(i.ignored).toContain("gold");
  });
});

describe("range of icon things", () => {
  it.each(["barrel, no badge", "red apple, no badge", "castle, no badge", "wooden shield", "wolf icon"])("%s: eight seeds differ", async (prompt) => {
    expect(await seedRange("icon", prompt)).toBeGreaterThan(0.25);
  });
});

describe("icon figures", () => {
  it.each([
    ["blacksmith", "hammer"],
    ["miner", "pickaxe"],
    ["fisherman", "rod"],
    ["witch", "wizard hat"],
    ["chef", "soup"],
    ["villager", "user"],
    ["knight", "helmet"],
  ])("draws a %s by what it is known by: %s", (prompt, subject) => {
    expect(interpretIcon(interpretPrompt({ prompt }))).toMatchObject({ subject, fallback: false, ignored: [] });
  });
});
