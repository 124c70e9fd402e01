import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { SMALL_ICONS, SMALL_TEXTURES } from "../../../test/support/small-art.js";
import { draw } from "./draw-task.js";
import type { IconBadge } from "./kit/types.js";
import { colorCount, isolatedShare } from "./kit/pixelize.js";

/**
 * Icons and textures at 16, 32 and 48 px are pixel art (issue 38): a few colours, clean clusters (few single
 * pixels none of whose neighbours shares their colour), binary alpha, seamless textures. The subjects are those
 * of the contact sheet `npx tsx scripts/small-art.ts` draws to look at.
 */
async function pixels(generator: "icon" | "texture", prompt: string, size: number, badge?: IconBadge): Promise<Uint8Array> {
  const transparent = generator === "icon";
  const image = await draw({ generator, prompt: { prompt }, width: size, height: size, transparent, seed: 7, ...(badge ? { badge } : {}) }, () => undefined);
  expect([image.width, image.height]).toEqual([size, size]);
  return PNG.sync.read(image.png).data;
}

function measure(all: Uint8Array[], size: number, wrap: boolean): { maxColors: number; meanIsolated: number; partialAlpha: number } {
  let partialAlpha = 0;
  for (const rgba of all) for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 0 && rgba[i] !== 255) partialAlpha++;
  return {
    maxColors: Math.max(...all.map(colorCount)),
    meanIsolated: all.reduce((sum, rgba) => sum + isolatedShare(rgba, size, size, wrap), 0) / all.length,
    partialAlpha,
  };
}

describe("pixel art at 16, 32 and 48 px", () => {
  // measured on seed 7: icons 12 / 15 / 19 colours at most, 3.8% / 1.6% / 0.7% single pixels on average
  it.each([
    [16, 14, 0.05],
    [32, 17, 0.025],
    [48, 21, 0.012],
  ])("40 icons at %i px: at most %i colours, under %f single pixels, hard alpha", async (size, colors, isolated) => {
    const all = await Promise.all(SMALL_ICONS.map((prompt) => pixels("icon", prompt, size)));
    const m = measure(all, size, false);
    expect(m.maxColors).toBeLessThanOrEqual(colors);
    expect(m.meanIsolated).toBeLessThan(isolated);
    expect(m.partialAlpha).toBe(0);
  });

  // measured: 4 / 5 / 6 colours, under 0.4% single pixels (counted across the wrapped edges)
  it.each([
    [16, 4],
    [32, 5],
    [48, 6],
  ])("20 textures at %i px: %i colours, almost no single pixels", async (size, colors) => {
    const all = await Promise.all(SMALL_TEXTURES.map((prompt) => pixels("texture", prompt, size)));
    const m = measure(all, size, true);
    expect(m.maxColors).toBeLessThanOrEqual(colors);
    expect(m.meanIsolated).toBeLessThan(0.01);
  });

  it("icons have no badge by default at 16 and 32 px, and the one asked for at any size", async () => {
    const corner = (rgba: Uint8Array, size: number, x: number, y: number): number => rgba[(y * size + x) * 4 + 3] ?? 0;
    for (const size of [16, 32]) {
      const plain = await pixels("icon", "gold coin", size);
      const round = await pixels("icon", "gold coin", size, "round");
      const square = await pixels("icon", "gold coin", size, "square");
      // the middle of the top edge: transparent without a badge, the badge's outline with one
      expect(corner(plain, size, size / 2, 0)).toBe(0);
      expect(corner(round, size, size / 2, 0)).toBe(255);
      // a round badge leaves the corners clear, a square one reaches nearer to them
      expect(corner(round, size, 1, 1)).toBe(0);
      expect(corner(square, size, 2, 2)).toBe(255);
    }
    const none = await pixels("icon", "round gold coin", 64, "none");
    expect(none[3]).toBe(0);
    expect(none[(32 * 64 + 1) * 4 + 3]).toBe(0);
  });
});
