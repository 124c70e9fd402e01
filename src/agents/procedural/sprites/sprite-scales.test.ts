import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { SCALE_SUBJECTS } from "../../../../test/support/sprite-scales.js";
import { draw } from "../draw-task.js";
import { colorCount, isolatedShare } from "../kit/pixelize.js";

/**
 * Sprites at 32 and 48 px are drawn one cell per pixel (issue 38), in the 16-px style: a few colours per sprite
 * and clean clusters (few single pixels none of whose neighbours shares their colour), hard alpha. The subjects
 * are those of the contact sheet `npx tsx scripts/sprite-scales.ts` draws to look at.
 */
async function measure(size: number): Promise<{ maxColors: number; meanColors: number; meanIsolated: number; partialAlpha: number }> {
  const all = await Promise.all(
    SCALE_SUBJECTS.map(async (prompt) => {
      const image = await draw({ generator: "pixel-sprite", prompt: { prompt }, width: size, height: size, transparent: true, seed: 7 }, () => undefined);
      expect([image.width, image.height]).toEqual([size, size]);
      return PNG.sync.read(Buffer.from(image.png)).data;
    }),
  );
  let partialAlpha = 0;
  for (const rgba of all) for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 0 && rgba[i] !== 255) partialAlpha++;
  const colors = all.map(colorCount);
  return {
    maxColors: Math.max(...colors),
    meanColors: colors.reduce((a, b) => a + b, 0) / colors.length,
    meanIsolated: all.reduce((sum, rgba) => sum + isolatedShare(rgba, size, size), 0) / all.length,
    partialAlpha,
  };
}

describe("sprites at 16, 32 and 48 px", () => {
  // measured on seed 7 (30 subjects): 16 / 32 / 48 px: at most 22 / 26 / 27 colours (10.6 / 12.3 / 12.7 on
  // average), 5.8% / 2.7% / 1.4% single pixels on average
  it.each([
    [16, 24, 12, 0.07],
    [32, 28, 14, 0.035],
    [48, 30, 14.5, 0.02],
  ])("30 sprites at %i px: at most %i colours (mean under %f), under %f single pixels, hard alpha", async (size, colors, mean, isolated) => {
    const m = await measure(size);
    expect(m.maxColors).toBeLessThanOrEqual(colors);
    expect(m.meanColors).toBeLessThan(mean);
    expect(m.meanIsolated).toBeLessThan(isolated);
    expect(m.partialAlpha).toBe(0);
  });
});
