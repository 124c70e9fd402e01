import { describe, expect, it } from "vitest";
import { snapAlpha } from "./alpha.js";
import { addOutline, DEFAULT_OUTLINE } from "./outline.js";
import { downsampleToGrid, pixelArt } from "./pixel-art.js";
import { quantize } from "./quantize.js";
import { createImage, pixelAt } from "./rgba.js";
import type { RgbaImage } from "./rgba.js";
import { addNoise, alphaAt, countAlpha, opaqueColours, renderSvg } from "../../../test/support/pipeline-images.js";

/** A shaded sphere (hundreds of colours) on a transparent background, with a semi-transparent rim. */
async function shadedSphere(size = 512): Promise<RgbaImage> {
  return renderSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><defs>
    <radialGradient id="a" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff3b0"/><stop offset="0.4" stop-color="#e0602a"/>
    <stop offset="0.7" stop-color="#8040c0"/><stop offset="1" stop-color="#301020"/></radialGradient></defs>
    <circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.4}" fill="url(#a)"/></svg>`);
}

describe("quantize", () => {
  it.each([2, 8, 32, 100])("keeps at most %i colours, and transparent pixels take no slot", async (colours) => {
    const grid = snapAlpha(await downsampleToGrid(addNoise(await shadedSphere(), 8), { width: 64, height: 64 }));
    expect(opaqueColours(grid).size).toBeGreaterThan(colours);
    const out = quantize(grid, { colours });
    expect(opaqueColours(out).size).toBeLessThanOrEqual(colours);
    expect(opaqueColours(out).size).toBeGreaterThanOrEqual(Math.min(colours, 2));
    // same transparent pixels, still RGBA 0, and no semi-transparent ones
    for (let i = 0; i < out.data.length; i += 4) {
      if (grid.data[i + 3] === 0) expect(out.data.readUInt32LE(i)).toBe(0);
      else expect(out.data[i + 3]).toBe(255);
    }
  });

  it("returns the exact colours when there are few enough", () => {
    const image = createImage(4, 1);
    image.data.set([10, 20, 30, 255, 40, 50, 60, 255, 0, 0, 0, 0, 10, 20, 30, 255]);
    expect(quantize(image, { colours: 2 }).data.equals(image.data)).toBe(true);
  });

  it("quantises well: 32 colours approximate a shaded sphere closely", async () => {
    const grid = snapAlpha(await downsampleToGrid(await shadedSphere(), { width: 64, height: 64 }));
    const out = quantize(grid, { colours: 32 });
    let error = 0;
    let n = 0;
    for (let i = 0; i < out.data.length; i += 4) {
      if (out.data[i + 3] !== 255) continue;
      error += Math.hypot(
        (out.data[i] ?? 0) - (grid.data[i] ?? 0),
        (out.data[i + 1] ?? 0) - (grid.data[i + 1] ?? 0),
        (out.data[i + 2] ?? 0) - (grid.data[i + 2] ?? 0),
      );
      n++;
    }
    expect(error / n).toBeLessThan(12);
  });
});

describe("addOutline", () => {
  it("draws a 1-pixel, 4-neighbour outline outside the subject only", () => {
    const image = createImage(9, 9);
    for (let y = 3; y < 6; y++) for (let x = 3; x < 6; x++) image.data.set([200, 10, 10, 255], (y * 9 + x) * 4);
    const out = addOutline(image);
    const dark = { ...DEFAULT_OUTLINE, a: 255 };
    expect(pixelAt(out, 2, 4)).toEqual(dark);
    expect(pixelAt(out, 4, 2)).toEqual(dark);
    expect(pixelAt(out, 6, 5)).toEqual(dark);
    expect(pixelAt(out, 2, 2).a).toBe(0); // diagonal corner: not part of a 4-neighbour outline
    expect(pixelAt(out, 1, 4).a).toBe(0); // one pixel wide
    expect(pixelAt(out, 4, 4)).toEqual({ r: 200, g: 10, b: 10, a: 255 }); // subject untouched
    expect(countAlpha(out, (a) => a === 255)).toBe(9 + 12);
  });
});

describe("downsampleToGrid", () => {
  it("gives the grid size for every prefilter", async () => {
    const image = await shadedSphere(1024);
    for (const prefilter of [1, 2, 4]) {
      const grid = await downsampleToGrid(image, { width: 64, height: 48, prefilter, mode: "contain" });
      expect([grid.width, grid.height]).toEqual([64, 48]);
    }
  });

  it("enlarges a small native image with nearest (crisp cells)", async () => {
    const small = createImage(2, 2);
    small.data.set([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]);
    const grid = await downsampleToGrid(small, { width: 8, height: 8 });
    expect(opaqueColours(grid).size).toBe(4);
  });
});

describe("pixelArt", () => {
  it("has binary alpha, the palette limit and the grid size", async () => {
    for (const paletteSize of [8, 32]) {
      const out = await pixelArt(addNoise(await shadedSphere(1024), 6), { width: 64, height: 64, paletteSize });
      expect([out.width, out.height]).toEqual([64, 64]);
      expect(countAlpha(out, (a) => a > 0 && a < 255)).toBe(0);
      expect(opaqueColours(out).size).toBeLessThanOrEqual(paletteSize);
      expect(alphaAt(out, 0, 0)).toBe(0);
      expect(alphaAt(out, 32, 32)).toBe(255);
    }
  });

  it("counts the outline colour in the palette", async () => {
    for (const paletteSize of [2, 3, 8]) {
      const out = await pixelArt(await shadedSphere(), { width: 32, height: 32, paletteSize, outline: true });
      const colours = opaqueColours(out);
      expect(colours.size).toBeLessThanOrEqual(paletteSize);
      expect(colours.has(Buffer.from([DEFAULT_OUTLINE.r, DEFAULT_OUTLINE.g, DEFAULT_OUTLINE.b, 255]).readUInt32LE(0))).toBe(true);
    }
  });

  it("draws no outline on an opaque picture and refuses bad palette sizes", async () => {
    const opaque = createImage(64, 64);
    opaque.data.fill(255);
    const out = await pixelArt(opaque, { width: 16, height: 16, outline: true });
    expect(opaqueColours(out).size).toBe(1);
    await expect(pixelArt(opaque, { width: 16, height: 16, paletteSize: 1 })).rejects.toThrow(RangeError);
    await expect(pixelArt(opaque, { width: 16, height: 16, paletteSize: 257 })).rejects.toThrow(RangeError);
  });
});
