import { describe, expect, it } from "vitest";
import { countAlpha, type Decoded, isSeamless, meanColor, run, seamScores } from "../../../../test/support/drawing.js";
import { seedRange } from "../../../../test/support/texture-range.js";
import { interpretIcon } from "../icons/index.js";
import { interpretTexture } from "./reading.js";
import { interpretPrompt } from "../words/prompt.js";

const read = (prompt: string) => interpretTexture(interpretPrompt({ prompt }));
const image = async (prompt: string, seed = 4, size = 64): Promise<Decoded> => (await run("texture", prompt, { size, seed })).image;
const luma = (c: { r: number; g: number; b: number }): number => 0.3 * c.r + 0.59 * c.g + 0.11 * c.b;
/** Share of pixels brighter than `level` (highlights). */
function brightShare(img: Decoded, level: number): number {
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4) if (luma({ r: img.data[i] ?? 0, g: img.data[i + 1] ?? 0, b: img.data[i + 2] ?? 0 }) > level) n++;
  return n / (img.width * img.height);
}

describe("texture conditions and settings", () => {
  it.each([
    // new surfaces, their synonyms, and the things that stand for them
    ["rope netting", "net", []],
    ["fishnet", "net", []],
    ["coral reef", "coral", []],
    ["wooden pier", "dock", []],
    ["harbor dock planks", "dock", []],
    ["sci-fi hangar floor", "panel", []],
    ["steel bulkhead", "hull", ["steel"]],
    ["stone block", "castle", []],
    ["weathered wooden barn siding", "siding", ["wood", "weathered"]],
    ["white clapboard", "siding", ["white"]],
    ["rusty corrugated metal", "corrugated", ["rusty"]],
    ["corrugated tin roof", "corrugated", []],
    ["tatami mat", "tatami", []],
    ["concrete bunker wall", "bunker", []],
    ["hexagon energy shield", "forcefield", ["hex"]],
    ["blue force field", "forcefield", ["blue"]],
    ["chain link fence", "chainlink", []],
    ["red mars dust ground", "mars", ["red"]],
    ["alien planet surface", "mars", ["alien"]],
    ["purple alien rock", "stone", ["purple", "alien"]],
    ["sandstone blocks", "castle", ["sandstone"]],
    ["wooden shingle roof", "shingle", ["wood"]],
    ["old wooden crate", "plank", ["weathered"]],
    // conditions
    ["wet sewer bricks", "brick", ["wet"]],
    ["wet rocks with barnacles", "rubble", ["wet", "barnacles"]],
    ["polished obsidian", "obsidian", ["glossy"]],
    ["deep ocean water", "water", ["deep"]],
    ["shallow clear water", "water", ["shallow"]],
    ["murky swamp water", "swamp", ["murky"]],
    ["scattered bones floor", "bone", ["scattered"]],
    ["scattered leaves on grass", "forest", ["scattered"]],
    ["blood-stained stone tiles", "tile", ["stone", "bloody"]],
    ["blood splattered dungeon floor", "flagstone", ["bloody"]],
    ["riveted steel hull panels", "hull", ["riveted"]],
    ["dusty stone floor", "flagstone", ["dusty"]],
    ["thick green moss", "moss", ["thick"]],
    ["checkered kitchen tiles", "checkered", ["ceramic"]],
    // settings
    ["crypt marble floor", "tile", ["marble"]],
    ["tropical jungle floor", "forest", ["tropical"]],
    ["sci-fi corridor wall panel", "panel", []],
    ["mossy stone garden wall", "castle", ["stone", "mossy", "garden"]],
    ["cobblestone garden path", "cobble", ["garden"]],
    ["lightning stone", "stone", ["lightning"]],
  ] as const)("reads '%s' as %s, whole", (prompt, subject, modifiers) => {
    const reading = read(prompt);
    expect(reading.subject).toBe(subject);
    expect(reading.fallback).toBe(false);
    for (const m of modifiers) expect(reading.modifiers).toContain(m);
    expect(reading.ignored).toEqual([]);
  });

  it("draws one role of two, and leaves the other in `ignored` unless it lays the material out the same way", () => {
    expect(read("spaceship corridor wall")).toMatchObject({ subject: "hull", ignored: ["floor"] });
    expect(read("sci-fi corridor wall panel")).toMatchObject({ subject: "panel", ignored: [] });
    // the pilings of a dock are drawn; the dock's deck is not
    expect(read("dock timber pilings")).toMatchObject({ subject: "pilings", ignored: ["dock"] });
  });

  it("keeps a blood stain from colouring the surface crimson or making stained glass", () => {
    const reading = read("blood-stained stone tiles");
    expect(reading.modifiers).not.toContain("crimson");
    expect(reading.subject).not.toBe("glass");
    // a crimson named besides the blood still colours it
    expect(read("crimson blood-stained tiles").modifiers).toContain("crimson");
  });

  it.each([
    ["deep sand", "deep"],
    ["shallow brick wall", "shallow"],
    ["wet water", "wet"],
    ["scattered brick wall", "scattered"],
    ["murky grass", "murky"],
    ["thick marble", "thick"],
  ])("leaves a condition it cannot draw in `ignored` ('%s')", (prompt, word) => {
    const reading = read(prompt);
    expect(reading.ignored).toContain(word);
    expect(reading.modifiers).not.toContain(word);
  });

  it("reads words only a texture draws without making them subjects of the other agents", () => {
    expect(interpretIcon(interpretPrompt({ prompt: "stone block" })).subject).toBe("stone");
    expect(interpretIcon(interpretPrompt({ prompt: "wooden dock" })).subject).toBe("wood");
    expect(interpretIcon(interpretPrompt({ prompt: "tin watering can" })).modifiers).not.toContain("shield");
  });

  it("draws no surface for things that are none ('sword'), and lists only what it draws", () => {
    expect(read("sword").fallback).toBe(true);
    expect(read("shield").subject).toBe("forcefield");
    expect(read("robot").subject).toBe("panel");
  });

  it("changes the picture with each condition, on the same layout", async () => {
    const pairs: readonly [string, string, (plain: Decoded, changed: Decoded) => boolean][] = [
      ["cobblestone", "wet cobblestone", (a, b) => luma(meanColor(b)) < luma(meanColor(a)) - 8],
      ["obsidian", "polished obsidian", (a, b) => brightShare(b, 90) > brightShare(a, 90) + 0.04],
      ["ocean water", "deep ocean water", (a, b) => luma(meanColor(b)) < luma(meanColor(a)) - 15],
      ["pond water", "shallow pond water", (a, b) => meanColor(b).r > meanColor(a).r + 15],
      ["swamp water", "murky swamp water", (a, b) => seedRange([a, b]).distance > 8],
      ["bone floor", "scattered bones floor", (a, b) => seedRange([a, b]).distance > 15],
      ["stone tiles", "blood-stained stone tiles", (a, b) => meanColor(b).r - meanColor(b).g > meanColor(a).r - meanColor(a).g + 8],
      ["rocks", "rocks with barnacles", (a, b) => seedRange([a, b]).differ > 0.06],
      ["steel panels", "riveted steel panels", (a, b) => seedRange([a, b]).differ > 0.05],
      ["stone floor", "dusty stone floor", (a, b) => luma(meanColor(b)) > luma(meanColor(a)) + 8],
      ["marble floor", "crypt marble floor", (a, b) => luma(meanColor(b)) < luma(meanColor(a)) - 15],
      ["jungle floor", "tropical jungle floor", (a, b) => meanColor(b).g - meanColor(b).r > meanColor(a).g - meanColor(a).r + 15],
      ["rock", "alien rock", (a, b) => seedRange([a, b]).distance > 20],
      ["stone wall", "stone garden wall", (a, b) => seedRange([a, b]).differ > 0.03],
      ["cobblestone path", "cobblestone garden path", (a, b) => seedRange([a, b]).differ > 0.2],
      ["stone", "lightning stone", (a, b) => seedRange([a, b]).distance > 5],
      ["checkered tiles", "checkered kitchen tiles", (a, b) => brightShare(b, 200) > brightShare(a, 200) + 0.01],
      ["green moss", "thick green moss", (a, b) => seedRange([a, b]).differ > 0.5 && luma(meanColor(b)) < luma(meanColor(a))],
    ];
    for (const [plain, changed, holds] of pairs) {
      const a = await image(plain);
      const b = await image(changed);
      expect(holds(a, b), `${plain} → ${changed}`).toBe(true);
    }
  });

  it("stays seamless and opaque with every condition, at 64, 128 and 256 px", async () => {
    for (const prompt of [
      "wet rocks with barnacles",
      "polished wooden floor",
      "shallow clear water",
      "deep murky swamp",
      "scattered bones floor",
      "scattered leaves on grass",
      "blood-stained stone tiles",
      "riveted steel hull panels",
      "dusty stone floor",
      "crypt marble floor",
      "tropical jungle floor",
      "alien planet surface",
      "wet planks",
      "mossy stone garden wall",
    ]) {
      for (const size of [64, 128, 256]) {
        const { image: img } = await run("texture", prompt, { size, seed: 6 });
        expect(isSeamless(seamScores(img)), `${prompt} ${size}: ${JSON.stringify(seamScores(img))}`).toBe(true);
        expect(countAlpha(img, (a) => a !== 255)).toBe(0);
      }
    }
  });

  it("varies the new surfaces per seed: eight seeds differ in most pixels", async () => {
    for (const prompt of ["rope netting", "coral reef", "barn siding", "tatami mat", "wet cobblestone", "scattered bones floor"]) {
      const images = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => image(prompt, seed)));
      const range = seedRange(images);
      expect(range.differ, prompt).toBeGreaterThan(0.25);
      expect(range.distance, prompt).toBeGreaterThan(8);
    }
  });

  it("draws the same bytes for the same seed", async () => {
    for (const prompt of ["wet rocks with barnacles", "blood-stained stone tiles", "alien planet surface"]) {
      const a = await run("texture", prompt, { size: 64, seed: 9 });
      const b = await run("texture", prompt, { size: 64, seed: 9 });
      expect(a.png.equals(b.png), prompt).toBe(true);
    }
  });
});
