import { describe, expect, it } from "vitest";
import { countAlpha, run } from "../../../../test/support/drawing.js";
import { meanPairwiseDifference } from "../../../../test/support/sprite-range.js";
import { interpretSprite } from "./reading.js";
import { planSprite } from "./plan.js";
import { interpretPrompt } from "../words/prompt.js";
import { Random } from "../kit/random.js";
import { SpriteGrid } from "./grid.js";

const read = (prompt: string) => interpretSprite(interpretPrompt({ prompt }));

/** The design's cells for a prompt, built with a fixed random stream: only the words change them. */
function cells(prompt: string, n = 32): Uint8Array {
  const g = new SpriteGrid(n);
  planSprite(interpretPrompt({ prompt })).builder.build(g, new Random(5), { cute: false, scary: false });
  return g.cells;
}
const differs = (a: Uint8Array, b: Uint8Array): boolean => a.some((c, k) => c !== b[k]);

const NEW_SUBJECTS = [
  "fisherman",
  "engineer",
  "sniper",
  "bountyhunter",
  "nomad",
  "innkeeper",
  "mermaid",
  "harpy",
  "minotaur",
  "seagull",
  "gargoyle",
  "rattlesnake",
  "galleon",
];

describe("sprite words: new subjects are drawings", () => {
  it.each(NEW_SUBJECTS)("draws %s at 16, 32, 64 and 128 px, not as a fallback", async (name) => {
    expect(planSprite(interpretPrompt({ prompt: name }))).toMatchObject({ design: name, fallback: false });
    for (const size of [16, 32, 64, 128]) {
      const { image } = await run("pixel-sprite", name, { size, transparent: true, seed: 3 });
      expect(
        countAlpha(image, (a) => a === 255),
        `${name} ${size}`,
      ).toBeGreaterThan(size * size * 0.08);
    }
  });

  it.each([
    ["deckhand with a mop", "sailor"],
    ["cowboy gunslinger", "sheriff"],
    ["space marine with a rifle", "soldier"],
    ["gnome tinkerer", "engineer"],
    ["mechanic", "engineer"],
    ["bounty hunter", "bountyhunter"],
    ["old fisherman holding rod", "fisherman"],
    ["marksman", "sniper"],
    ["desert nomad", "nomad"],
    ["tavern keeper", "innkeeper"],
    ["bartender", "innkeeper"],
    ["merman", "mermaid"],
    ["harpies", "harpy"],
    ["seagull", "seagull"],
    ["gull", "seagull"],
    ["stone gargoyle", "gargoyle"],
    ["rattlesnake", "rattlesnake"],
    ["cyborg sniper", "sniper"],
  ])("reads %s as a %s", (prompt, subject) => {
    expect(read(prompt).subject).toBe(subject);
  });

  it.each([
    ["fisherman", "rod"],
    ["engineer", "wrench"],
    ["sniper", "rifle"],
    ["sheriff", "gun"],
    ["minotaur", "axe"],
  ])("gives a %s its %s", (prompt, item) => {
    expect(planSprite(interpretPrompt({ prompt })).items.map((h) => h.item)).toContain(item);
  });
});

describe("sprite words: worn things, roles, states and settings change the drawing", () => {
  it.each([
    // worn things replace the recipe's headgear, torso or face, or add a jetpack, a cape, wings
    ["farmer with a straw hat", "farmer with a pirate hat", "hat"],
    ["villager with an apron", "villager", "apron"],
    ["villager in overalls", "villager", "overalls"],
    ["villager with a jetpack", "villager", "jetpack"],
    ["villager with a tricorn", "villager", "tricorn"],
    ["villager with wings", "villager", "wings"],
    ["knight with a turban", "knight", "turban"],
    // roles: a boss is bigger and meaner, a companion smaller and cuter, a lord crowned, a drone hovers
    ["dragon boss", "dragon", "boss"],
    ["wolf companion", "wolf", "companion"],
    ["bat lord", "bat", "lord"],
    ["barbarian chieftain", "barbarian", "chieftain"],
    ["insect drone", "insect", "drone"],
    ["orc boss", "orc", "boss"],
    // states
    ["sleeping cat", "cat", "sleeping"],
    ["sleeping villager", "villager", "sleeping"],
    ["floating ghost", "ghost", "floating"],
    ["hovering wizard", "wizard", "hovering"],
    ["rotting wolf", "wolf", "rotting"],
    ["rotting farmer", "farmer", "rotting"],
    ["cracked tombstone", "tombstone", "cracked"],
    ["cracked golem", "golem", "cracked"],
    // coat patterns of creatures
    ["spotted frog", "frog", "spotted"],
    ["red-eyed wolf", "wolf", "eyed"],
    ["scarecrow in patched overalls", "scarecrow in overalls", "patched"],
    ["tabby cat", "cat", "tabby"],
    ["striped snake", "snake", "striped"],
    ["wizard with a beard", "wizard", "beard"],
  ])("%s differs from %s: %s is drawn", (prompt, base, word) => {
    const i = read(prompt);
    expect(i.ignored, prompt).toEqual([]);
    expect(i.modifiers, prompt).toContain(word);
    expect(differs(cells(prompt), cells(base)), prompt).toBe(true);
  });

  it.each([
    ["space pirate", "pirate"],
    ["desert nomad", "nomad"],
    ["cave troll", "troll"],
  ])("%s: the setting dresses or colours the figure", (prompt, base) => {
    const i = read(prompt);
    expect(i.ignored, prompt).toEqual([]);
    const a = planSprite(interpretPrompt({ prompt })).builder;
    const b = planSprite(interpretPrompt({ prompt: base })).builder;
    expect(differs(cells(prompt), cells(base)) || a.skin !== b.skin, prompt).toBe(true);
  });

  it.each([
    ["sea turtle", "turtle", "teal"],
    ["snowy owl", "owl", "white"],
    ["giant cave spider", "spider", "grey"],
    ["desert scorpion", "scorpion", "tan"],
  ])("%s takes its setting's colour", (prompt, base, color) => {
    expect(read(prompt).ignored, prompt).toEqual([]);
    expect(planSprite(interpretPrompt({ prompt })).builder.primary).toBe(color);
    expect(planSprite(interpretPrompt({ prompt: base })).builder.primary).not.toBe(color);
  });

  it("rusts a held blade: a skeleton's rusty sword", async () => {
    expect(read("skeleton warrior with rusty sword").ignored).toEqual([]);
    const rusty = await run("pixel-sprite", "skeleton warrior with rusty sword", { size: 64, transparent: true, seed: 2 });
    const plain = await run("pixel-sprite", "skeleton warrior with sword", { size: 64, transparent: true, seed: 2 });
    expect(rusty.png.equals(plain.png)).toBe(false);
  });

  it("makes a boss bigger than the plain creature", async () => {
    const area = async (prompt: string): Promise<number> => {
      let total = 0;
      for (const seed of [1, 2, 3]) total += countAlpha((await run("pixel-sprite", prompt, { size: 64, transparent: true, seed })).image, (a) => a === 255);
      return total;
    };
    expect(await area("spider boss")).toBeGreaterThan((await area("spider")) * 1.1);
    expect(await area("spider companion")).toBeLessThan((await area("spider")) * 0.9);
  });

  it("leaves words ignored where they change nothing", () => {
    // a sword plays no role (a sleeping knight, whose closed helm has no eyes to close, sits down to sleep: sheets/actions.ts)
    expect(read("sleeping knight").ignored).toEqual([]);
    expect(read("boss sword").ignored).toEqual(["boss"]);
    expect(read("rusty wizard").ignored).toEqual(["rusty"]);
    // a coat pattern is a creature's
    expect(read("spotted knight").ignored).toEqual(["spotted"]);
    // a place is never held
    expect(planSprite(interpretPrompt({ prompt: "village baker" })).items.map((h) => h.item)).not.toContain("house");
  });

  it("draws the same bytes for the same seed", async () => {
    for (const prompt of ["floating ghost", "bounty hunter with jetpack", "sleeping cat"]) {
      const a = await run("pixel-sprite", prompt, { size: 64, seed: 9 });
      const b = await run("pixel-sprite", prompt, { size: 64, seed: 9 });
      expect(a.png.equals(b.png), prompt).toBe(true);
    }
  });
});

describe("sprite words: ships, pairs and ghosts", () => {
  it.each([
    ["pirate ship with black sails", ["pirate", "sails"]],
    ["ghost ship", ["ghost"]],
    ["viking ship", ["viking"]],
  ])("draws %s as a sailing ship shaped by its words", (prompt, words) => {
    const i = read(prompt);
    expect(i).toMatchObject({ subject: "galleon", ignored: [] });
    for (const w of words) expect(i.modifiers).toContain(w);
    expect(differs(cells(prompt), cells("galleon")), prompt).toBe(true);
  });

  it("keeps a ship alone a spaceship, and a captain named after the ship a figure", () => {
    expect(read("ship").subject).toBe("ship");
    expect(read("ghost ship captain")).toMatchObject({ subject: "pirate", ignored: ["ship"] });
  });

  it("colours the sails with the colour named with them", async () => {
    const black = await run("pixel-sprite", "galleon with black sails", { size: 64, transparent: true, seed: 1 });
    const plain = await run("pixel-sprite", "black galleon", { size: 64, transparent: true, seed: 1 });
    expect(black.png.equals(plain.png)).toBe(false);
  });

  it("puts one named item in both hands for twin, dual, two", () => {
    for (const prompt of ["elf rogue with twin daggers", "ninja with dual swords"]) {
      expect(planSprite(interpretPrompt({ prompt })).items.map((h) => h.hand)).toEqual(["main", "off"]);
      expect(read(prompt).ignored).toEqual([]);
    }
  });

  it("draws a ghost of a class as that class, pale with glowing eyes", () => {
    expect(read("ghost pirate")).toMatchObject({ subject: "pirate", ignored: [] });
    expect(read("ghost pirate").modifiers).toContain("ghost");
    expect(differs(cells("ghost pirate"), cells("pirate"))).toBe(true);
    expect(read("ghost").subject).toBe("ghost");
  });
});

describe("sprite words: statues, royalty, coloured wings", () => {
  it("turns a figure to stone when named with statue", async () => {
    for (const [prompt, base] of [
      ["gargoyle statue", "gargoyle"],
      ["knight statue", "knight"],
    ]) {
      expect(read(prompt as string)).toMatchObject({ subject: base, ignored: [] });
      const a = await run("pixel-sprite", prompt as string, { size: 64, transparent: true, seed: 3 });
      const b = await run("pixel-sprite", base as string, { size: 64, transparent: true, seed: 3 });
      expect(a.png.equals(b.png), prompt).toBe(false);
    }
  });

  it("crowns a class named with royalty", () => {
    expect(read("mermaid princess")).toMatchObject({ subject: "mermaid", ignored: [] });
    expect(differs(cells("mermaid princess"), cells("mermaid"))).toBe(true);
  });

  it("gives the one colour named with wings to the wings", async () => {
    expect(read("harpy with red wings").ignored).toEqual([]);
    const red = await run("pixel-sprite", "harpy with red wings", { size: 64, transparent: true, seed: 3 });
    const body = await run("pixel-sprite", "red harpy", { size: 64, transparent: true, seed: 3 });
    expect(red.png.equals(body.png)).toBe(false);
  });

  it("makes the metal of a held weapon glow for plasma and laser, and ignores them with nothing metal in hand", async () => {
    expect(read("space marine with plasma rifle").ignored).toEqual([]);
    expect(read("knight with a laser sword").modifiers).toContain("laser");
    expect(planSprite(interpretPrompt({ prompt: "knight with a laser sword" })).items.find((h) => h.item === "sword")?.energy).toBe(true);
    const laser = await run("pixel-sprite", "knight with a laser sword", { size: 64, transparent: true, seed: 3 });
    const plain = await run("pixel-sprite", "knight with a sword", { size: 64, transparent: true, seed: 3 });
    expect(laser.png.equals(plain.png)).toBe(false);
    expect(read("wizard with a laser").ignored).toContain("laser");
  });

  it("draws a sea captain, not the sea", () => {
    expect(read("sea captain with a tricorn hat").subject).toBe("pirate");
  });
});

describe("sprite words: range", () => {
  it("differs from seed to seed in at least a fifth of the pixels at 64 px", async () => {
    const prompts = ["fisherman", "mermaid", "bounty hunter with jetpack", "seagull", "gargoyle", "dragon boss", "pirate ship"];
    let total = 0;
    for (const prompt of prompts) {
      const images = [];
      for (let seed = 1; seed <= 8; seed++) images.push((await run("pixel-sprite", prompt, { size: 64, transparent: true, seed })).image);
      const mean = meanPairwiseDifference(images);
      expect(mean, prompt).toBeGreaterThan(0.12);
      total += mean;
    }
    expect(total / prompts.length).toBeGreaterThan(0.22);
  });
});
