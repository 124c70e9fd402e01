import { describe, expect, it } from "vitest";
import { toHsl } from "../kit/color.js";
import { interpretPrompt } from "../words/prompt.js";
import { chooseMaterial } from "./texture.js";
import { isSeamless, meanColor, run, seamScores } from "../../../../test/support/drawing.js";

const MATERIALS = ["stone", "cobblestone", "brick", "wood planks", "tiles", "metal", "grass", "sand", "water", "lava", "dirt", "snow", "ice", "marble"];

describe("texture generator", () => {
  it.each(MATERIALS)("%s tiles seamlessly (wrap difference ≈ adjacent-pixel difference)", async (prompt) => {
    for (const [size, seed] of [
      [64, 9],
      [256, 9],
      [128, 21],
    ] as const) {
      const { image } = await run("texture", prompt, { size, seed });
      const s = seamScores(image);
      expect(isSeamless(s), `${prompt} ${size}: ${JSON.stringify(s)}`).toBe(true);
    }
  });

  it("stays seamless with overlays and the retro style", async () => {
    for (const prompt of ["mossy cracked stone brick", "rusty metal", "icy glowing cobble", "large brick", "small weathered dirt"]) {
      const { image } = await run("texture", prompt, { size: 128, seed: 3 });
      expect(isSeamless(seamScores(image)), prompt).toBe(true);
    }
    // retro: compare whole 4x4 blocks (one sample per block), since pixels inside a block are equal
    const { image } = await run("texture", "retro grass", { size: 128, seed: 3 });
    const blocks = { width: 32, height: 32, data: Buffer.alloc(32 * 32 * 4) };
    for (let y = 0; y < 32; y++)
      for (let x = 0; x < 32; x++) image.data.copy(blocks.data, (y * 32 + x) * 4, (y * 4 * 128 + x * 4) * 4, (y * 4 * 128 + x * 4) * 4 + 4);
    expect(isSeamless(seamScores(blocks)), "retro grass").toBe(true);
  });

  it("detects a seam when the tile is cut in the wrong place (sanity check of the measure)", async () => {
    for (const prompt of ["stone", "sand", "water", "dirt", "snow"]) {
      const { image } = await run("texture", prompt, { size: 128, seed: 2 });
      // keep only the first 100 columns and rows, as if the tile had the wrong period
      const cropped = { width: 100, height: 100, data: Buffer.alloc(100 * 100 * 4) };
      for (let y = 0; y < 100; y++) image.data.copy(cropped.data, y * 400, y * 128 * 4, y * 128 * 4 + 400);
      expect(isSeamless(seamScores(cropped)), prompt).toBe(false);
    }
  });

  it("brick and grass differ in colour statistics", async () => {
    const brick = meanColor((await run("texture", "brick", { size: 128 })).image);
    const grass = meanColor((await run("texture", "grass", { size: 128 })).image);
    expect(brick.r).toBeGreaterThan(brick.g);
    expect(grass.g).toBeGreaterThan(grass.r);
    expect(grass.g).toBeGreaterThan(grass.b);
  });

  it("takes colour words and tone: blue stone is bluer, dark wood is darker", async () => {
    const stone = meanColor((await run("texture", "stone", { size: 64 })).image);
    const blue = meanColor((await run("texture", "blue stone", { size: 64 })).image);
    expect(blue.b - blue.r).toBeGreaterThan(stone.b - stone.r + 20);
    const wood = meanColor((await run("texture", "wood planks", { size: 64 })).image);
    const dark = meanColor((await run("texture", "dark wood planks", { size: 64 })).image);
    expect(dark.r + dark.g + dark.b).toBeLessThan((wood.r + wood.g + wood.b) * 0.8);
  });

  it("makes mossy textures greener and lava glow warm", async () => {
    const plain = meanColor((await run("texture", "stone brick", { size: 64 })).image);
    const mossy = meanColor((await run("texture", "mossy stone brick", { size: 64 })).image);
    expect(mossy.g - mossy.b).toBeGreaterThan(plain.g - plain.b + 8);
    const lava = meanColor((await run("texture", "glowing lava", { size: 64 })).image);
    expect(toHsl(lava).h).toBeLessThan(45);
    expect(lava.r).toBeGreaterThan(lava.b * 1.4);
  });

  it("uses a pattern with a substance's colours ('stone brick' is grey brick)", () => {
    expect(chooseMaterial(interpretPrompt({ prompt: "mossy stone brick" }))).toMatchObject({ material: "brick", substance: "stone" });
    expect(chooseMaterial(interpretPrompt({ prompt: "dark oak wood planks" }))).toMatchObject({ material: "plank", substance: undefined });
    expect(chooseMaterial(interpretPrompt({ prompt: "" }))).toMatchObject({ material: "stone", substance: undefined });
    expect(chooseMaterial(interpretPrompt({ prompt: "zorblax" })).material).toMatch(/\w/);
  });

  it("follows a conversation: 'make it blue' recolours the texture", async () => {
    const first = meanColor((await run("texture", { messages: [{ role: "user", content: "red brick wall" }] }, { size: 64 })).image);
    const refined = meanColor(
      (
        await run(
          "texture",
          {
            messages: [
              { role: "user", content: "red brick wall" },
              { role: "user", content: "make it blue" },
            ],
          },
          { size: 64 },
        )
      ).image,
    );
    expect(first.r).toBeGreaterThan(first.b);
    expect(refined.b).toBeGreaterThan(refined.r);
  });
});
