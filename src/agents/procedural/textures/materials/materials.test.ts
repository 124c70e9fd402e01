import { describe, expect, it } from "vitest";
import { countAlpha, isSeamless, run, seamScores, type Decoded } from "../../../../../test/support/drawing.js";
import { seedRange } from "../../../../../test/support/texture-range.js";
import { interpretTexture } from "../reading.js";
import { interpretPrompt } from "../../words/prompt.js";
import { chooseMaterial } from "../texture.js";
import { MATERIALS } from "./materials.js";

/** A prompt for every texture material: the word a user would type for it. */
const SURFACES: Readonly<Record<string, string>> = {
  stone: "rock",
  cobble: "cobblestone",
  brick: "bricks",
  plank: "wood planks",
  tile: "tiles",
  metal: "metal",
  grass: "grass",
  sand: "sand",
  water: "water",
  lava: "lava",
  dirt: "dirt",
  snow: "snow",
  ice: "ice",
  marble: "marble",
  meadow: "meadow",
  mud: "mud",
  gravel: "gravel",
  pebbles: "pebbles",
  parched: "cracked dry earth",
  swamp: "swamp",
  moss: "moss",
  forest: "forest floor",
  hay: "straw",
  farmland: "farmland",
  ash: "ash",
  acid: "acid",
  slime: "slime",
  asphalt: "asphalt",
  concrete: "concrete",
  flagstone: "flagstones",
  slate: "slate",
  granite: "granite",
  sandstone: "sandstone",
  obsidian: "obsidian",
  crystal: "crystal",
  runestone: "rune stones",
  cave: "cave wall",
  castle: "castle wall",
  dungeon: "dungeon wall",
  rubble: "rubble",
  bone: "bone pile",
  coins: "gold coins",
  logpile: "woodpile",
  gems: "gem pile",
  checkered: "checkered floor",
  ceramic: "bathroom tiles",
  hextile: "hexagonal tiles",
  mosaic: "mosaic",
  parquet: "herringbone parquet",
  log: "log wall",
  shingle: "roof tiles",
  thatch: "thatch roof",
  glass: "stained glass",
  carpet: "carpet",
  wallpaper: "wallpaper",
  fabric: "cloth",
  leather: "leather",
  paper: "paper",
  fur: "fur",
  flesh: "flesh",
  scales: "dragon scales",
  bark: "tree bark",
  grate: "floor grate",
  treadplate: "iron floor",
  circuit: "circuit board",
  panel: "sci-fi panel",
  hull: "hull plating",
  gold: "gold",
  silver: "silver",
  bronze: "bronze",
  copper: "copper",
  starfield: "starry space",
  clouds: "clouds",
  bamboo: "bamboo wall",
  wicker: "wicker basket",
  chainmail: "chain mail",
  camo: "camouflage",
  feathers: "feathers",
  ore: "gold ore",
  coal: "coal",
  hedge: "hedge",
  clay: "clay ground",
  fence: "wooden fence",
  net: "rope netting",
  coral: "coral reef",
  pilings: "dock pilings",
  dock: "wooden pier",
  siding: "barn siding",
  corrugated: "corrugated metal",
  tatami: "tatami mat",
  bunker: "concrete bunker wall",
  forcefield: "energy shield",
  dust: "dust",
  mars: "mars ground",
  chainlink: "chain link fence",
  stucco: "stucco wall",
  adobe: "adobe wall",
  rubber: "rubber mat",
  regolith: "moon surface",
};

/** Standard deviation of the luminance: a drawing, not a flat fill. */
function contrast(img: Decoded): number {
  let sum = 0;
  let sq = 0;
  const n = img.width * img.height;
  for (let i = 0; i < img.data.length; i += 4) {
    const l = 0.3 * (img.data[i] ?? 0) + 0.59 * (img.data[i + 1] ?? 0) + 0.11 * (img.data[i + 2] ?? 0);
    sum += l;
    sq += l * l;
  }
  return Math.sqrt(Math.max(0, sq / n - (sum / n) ** 2));
}

describe("texture surfaces", () => {
  it("has a prompt for every material", () => {
    expect(Object.keys(SURFACES).sort()).toEqual(Object.keys(MATERIALS).sort());
  });

  it.each(Object.entries(SURFACES))("%s: '%s' is understood and draws a seamless, opaque, detailed tile at 64, 128 and 256 px", async (material, prompt) => {
    const spec = interpretPrompt({ prompt });
    expect(chooseMaterial(spec).material).toBe(material);
    const reading = interpretTexture(spec);
    expect(reading.fallback).toBe(false);
    expect(reading.subject).toBe(material);
    for (const size of [64, 128, 256]) {
      const { image } = await run("texture", prompt, { size, seed: 5 });
      expect(isSeamless(seamScores(image)), `${prompt} ${size}: ${JSON.stringify(seamScores(image))}`).toBe(true);
      expect(countAlpha(image, (a) => a !== 255)).toBe(0);
      expect(contrast(image), `${prompt} ${size}`).toBeGreaterThan(4);
    }
  });

  it("stays seamless at 512 px (a layout and a heap)", async () => {
    for (const prompt of ["castle wall", "gold coins pile"]) {
      const { image } = await run("texture", prompt, { size: 512, seed: 2 });
      expect(isSeamless(seamScores(image)), prompt).toBe(true);
    }
  });

  it.each([
    // roles lay a material out
    ["stone wall", "castle", { modifiers: ["stone"] }],
    ["sandstone wall", "castle", { modifiers: ["sandstone"] }],
    ["crystal wall", "castle", { modifiers: ["crystal"] }],
    ["wooden floor", "plank", { modifiers: ["wood"] }],
    ["iron floor", "treadplate", {}],
    ["marble floor", "tile", { modifiers: ["marble"] }],
    ["dungeon floor", "flagstone", { modifiers: ["dungeon"] }],
    ["snow ground", "snow", {}],
    ["dirt path", "dirt", {}],
    ["stone path", "flagstone", {}],
    ["gravel road", "gravel", {}],
    ["road", "cobble", {}],
    ["gold pile", "coins", {}],
    ["bone pile", "bone", {}],
    ["straw pile", "hay", {}],
    ["brick pile", "rubble", { modifiers: ["brick"] }],
    ["slate roof", "shingle", { modifiers: ["slate"] }],
    ["thatched roof", "thatch", {}],
    ["wooden roof", "shingle", {}],
    ["acid pool", "acid", {}],
    // synonyms and kinds
    ["bathroom tiles", "ceramic", {}],
    ["herringbone floor", "parquet", {}],
    ["swamp water", "swamp", {}],
    ["farmland tilled soil", "farmland", {}],
    ["volcanic ash", "ash", {}],
    ["forest floor with leaves", "forest", {}],
    ["spaceship hull plating", "hull", {}],
    ["cobblestone street", "cobble", {}],
    ["golden tiles", "tile", { modifiers: ["gold"] }],
    ["hexagonal tiles", "hextile", { modifiers: ["hex"] }],
    ["cracked mud", "parched", { modifiers: ["cracked"] }],
    ["poison swamp", "swamp", { modifiers: ["poison"] }],
    ["holy marble tiles", "tile", { modifiers: ["holy", "marble"] }],
    ["brick wall with moss", "brick", { modifiers: ["mossy"] }],
    // an effect or a style alone suggests a material
    ["poison", "acid", { modifiers: ["poison"] }],
    ["rusty", "metal", { modifiers: ["rusty"] }],
    ["gold bricks", "brick", { modifiers: ["gold"] }],
    // two grounds: patches of the second on the first; a broad head noun names what it is a kind of
    ["grassy dirt", "grass", {}],
    ["rocky desert", "sand", {}],
    ["dragon skin", "scales", {}],
    ["wheat field", "hay", {}],
    ["river pebbles", "pebbles", {}],
    ["oak floorboards", "plank", {}],
    ["dirt road with puddles", "dirt", {}],
    ["wooden fence", "fence", { modifiers: ["wood"] }],
    ["red clay roof tiles", "shingle", { modifiers: ["red", "clay"] }],
  ] as const)("reads '%s' as %s, whole", (prompt, material, expected) => {
    const spec = interpretPrompt({ prompt });
    const reading = interpretTexture(spec);
    expect(reading.subject).toBe(material);
    expect(reading.ignored).toEqual([]);
    for (const modifier of "modifiers" in expected ? expected.modifiers : []) expect(reading.modifiers).toContain(modifier);
  });

  it("takes the head noun over a pattern named before it ('pine needles' are a forest floor, not pine planks)", () => {
    expect(interpretTexture(interpretPrompt({ prompt: "pine needles" }))).toMatchObject({ subject: "forest", ignored: ["wood"] });
  });

  it("leaves a role it cannot draw in `ignored` ('dirt pile' is dirt)", () => {
    expect(interpretTexture(interpretPrompt({ prompt: "dirt pile" }))).toMatchObject({ subject: "dirt", ignored: ["pile"] });
  });

  it("draws roles, materials and effects differently from the plain material", async () => {
    const mean = async (prompt: string) => (await run("texture", prompt, { size: 64, seed: 3 })).image;
    for (const [a, b] of [
      ["stone", "stone wall"],
      ["dirt", "dirt path"],
      ["tiles", "golden tiles"],
      ["swamp", "poison swamp"],
      ["marble", "marble floor"],
      ["sand", "rocky desert"],
    ] as const) {
      const range = seedRange([await mean(a), await mean(b)]);
      expect(range.distance, `${a} vs ${b}`).toBeGreaterThan(12);
    }
  });

  it("draws the same bytes for the same seed", async () => {
    for (const prompt of ["castle wall", "grassy dirt", "gold coins pile", "dirt path", "golden tiles", "poison swamp"]) {
      const a = await run("texture", prompt, { size: 64, seed: 11 });
      const b = await run("texture", prompt, { size: 64, seed: 11 });
      expect(a.png.equals(b.png), prompt).toBe(true);
    }
  });

  it("varies the layout per seed: eight seeds differ in most pixels and by a clear distance", async () => {
    for (const prompt of ["red brick wall", "floor tiles", "wooden floor", "castle wall", "roof tiles", "sci-fi panel", "gold coins pile", "checkered floor"]) {
      const images = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(async (seed) => (await run("texture", prompt, { size: 64, seed })).image));
      const range = seedRange(images);
      expect(range.differ, prompt).toBeGreaterThan(0.25);
      expect(range.distance, prompt).toBeGreaterThan(10);
    }
  });
});
