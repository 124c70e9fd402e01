import { describe, expect, it } from "vitest";
import { interpretPrompt } from "../words/prompt.js";
import { pickSpriteBuilder } from "./plan.js";
import { alphaAt, countAlpha, dominantHue, hueDistance, luminanceAt, run, silhouetteDifference, type Decoded } from "../../../../test/support/drawing.js";

function isMirrorSymmetric(img: Decoded): boolean {
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width / 2; x++) {
      if (alphaAt(img, x, y) > 0 !== alphaAt(img, img.width - 1 - x, y) > 0) return false;
    }
  }
  return true;
}

const SUBJECTS = [
  "dragon",
  "slime",
  "king",
  "princess",
  "robot",
  "skeleton",
  "ghost",
  "bat",
  "spider",
  "bird",
  "owl",
  "spaceship",
  "potion",
  "sword",
  "gem",
  "mushroom",
  "zorblax",
];

describe("pixel-sprite generator", () => {
  it.each(SUBJECTS)("draws a mirror-symmetric %s with a dark outline", async (subject) => {
    for (const size of [16, 64]) {
      const { image } = await run("pixel-sprite", subject, { size, transparent: true, seed: 11 });
      expect(isMirrorSymmetric(image), `${subject} ${size}`).toBe(true);
      expect(countAlpha(image, (a) => a === 255)).toBeGreaterThan(size * size * 0.15);
      // the topmost opaque pixel of the centre-most column is outline: darker than the inside
      let darkEdge = 0;
      for (let y = 1; y < size - 1; y++) {
        for (let x = 0; x < size; x++) {
          if (alphaAt(image, x, y) === 255 && alphaAt(image, x, y - 1) === 0 && luminanceAt(image, x, y) < 0.2) darkEdge++;
        }
      }
      expect(darkEdge, `${subject} outline`).toBeGreaterThan(2);
    }
  });

  it("has only fully opaque or fully transparent pixels (crisp pixel art)", async () => {
    const { image } = await run("pixel-sprite", "golden knight", { size: 128, transparent: true });
    expect(countAlpha(image, (a) => a !== 0 && a !== 255)).toBe(0);
  });

  it("draws 32 px sprites one cell per pixel, and retro ones as 16-cell designs scaled with nearest-neighbour", async () => {
    const uniformBlocks = (image: Decoded, block: number): boolean => {
      for (let y = 0; y < image.height; y++) {
        for (let x = 0; x < image.width; x++) {
          const i = (y * image.width + x) * 4;
          const j = ((y - (y % block)) * image.width + (x - (x % block))) * 4;
          if (image.data.readUInt32BE(i) !== image.data.readUInt32BE(j)) return false;
        }
      }
      return true;
    };
    expect(uniformBlocks((await run("pixel-sprite", "red dragon", { size: 32 })).image, 2)).toBe(false);
    expect(uniformBlocks((await run("pixel-sprite", "retro red dragon", { size: 32 })).image, 2)).toBe(true);
    expect(uniformBlocks((await run("pixel-sprite", "retro red dragon", { size: 128 })).image, 8)).toBe(true);
  });

  it("colours the sprite from the prompt", async () => {
    const red = dominantHue((await run("pixel-sprite", "red dragon", { size: 64, transparent: true })).image);
    const blue = dominantHue((await run("pixel-sprite", "blue dragon", { size: 64, transparent: true })).image);
    expect(hueDistance(red, 10)).toBeLessThan(30);
    expect(hueDistance(blue, 220)).toBeLessThan(35);
  });

  it("keeps the silhouette when only the colour changes, and changes it with the subject", async () => {
    const red = (await run("pixel-sprite", "red dragon", { size: 64, transparent: true, seed: 4 })).image;
    const blue = (await run("pixel-sprite", "blue dragon", { size: 64, transparent: true, seed: 4 })).image;
    const slime = (await run("pixel-sprite", "red slime", { size: 64, transparent: true, seed: 4 })).image;
    expect(silhouetteDifference(red, blue)).toBe(0);
    expect(silhouetteDifference(red, slime)).toBeGreaterThan(0.1);
  });

  it("follows a conversation: a later 'make it blue' recolours the sprite", async () => {
    const first = await run("pixel-sprite", { messages: [{ role: "user", content: "a red dragon" }] }, { size: 64, transparent: true });
    const refined = await run(
      "pixel-sprite",
      {
        messages: [
          { role: "user", content: "a red dragon" },
          { role: "user", content: "make it blue" },
        ],
      },
      { size: 64, transparent: true },
    );
    expect(hueDistance(dominantHue(first.image), 10)).toBeLessThan(30);
    expect(hueDistance(dominantHue(refined.image), 220)).toBeLessThan(35);
  });

  it("drops the outline for 'no outline' and changes with style words", async () => {
    const base = await run("pixel-sprite", "green slime", { size: 64 });
    for (const prompt of [
      "green slime without outline",
      "dark green slime",
      "pastel green slime",
      "retro green slime",
      "glowing green slime",
      "flat green slime",
    ]) {
      const other = await run("pixel-sprite", prompt, { size: 64 });
      expect(other.png.equals(base.png), prompt).toBe(false);
    }
  });

  it("picks builders from subjects, preferring specific ones, and falls back to a creature", () => {
    const pick = (prompt: string): string => pickSpriteBuilder(interpretPrompt({ prompt })).name;
    expect(pick("green slime monster")).toBe("slime");
    expect(pick("golden knight")).toBe("knight");
    expect(pick("rocket ship")).toBe("ship");
    expect(pick("a leaf")).toBe("leaf");
    expect(pick("")).toBe("monster");
    expect(pick("zorblax")).toBe("monster");
  });

  it("makes different creatures for different unknown words", async () => {
    const a = (await run("pixel-sprite", "zorblax", { size: 64, transparent: true, seed: 1 })).image;
    const b = (await run("pixel-sprite", "quibbit", { size: 64, transparent: true, seed: 1 })).image;
    expect(silhouetteDifference(a, b)).toBeGreaterThan(0.02);
  });
});
