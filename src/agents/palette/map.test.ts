import { describe, expect, it } from "vitest";
import { parseHex, type Rgb, rgbKey } from "./color.js";
import { bayerMatrix, keepsToPalette, mapImage, nearest, preparePalette } from "./map.js";
import { namedPaletteColors } from "./parse.js";

const hex = (h: string): Rgb => parseHex(h)!;
const pico = namedPaletteColors("pico-8");

/** A width×height RGBA image from a function of (x, y) → [r, g, b, a]. */
function image(width: number, height: number, at: (x: number, y: number) => readonly [number, number, number, number]): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(at(x, y), (y * width + x) * 4);
  return data;
}

describe("nearest", () => {
  it("returns a palette colour itself, and the perceptually nearest otherwise", () => {
    for (const c of pico) expect(nearest(c, pico)).toEqual(c);
    expect(nearest(hex("#f00040"), pico)).toEqual(hex("#ff004d"));
    expect(nearest(hex("#30b0f0"), pico)).toEqual(hex("#29adff"));
    expect(nearest(hex("#010101"), pico)).toEqual(hex("#000000"));
    expect(nearest(hex("#a0e000"), namedPaletteColors("gameboy"))).toEqual(hex("#9bbc0f"));
  });
});

describe("bayerMatrix", () => {
  it("holds each threshold once, in the classic order", () => {
    expect([...bayerMatrix(2)]).toEqual([0, 2, 3, 1]);
    expect([...bayerMatrix(4)]).toEqual([0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]);
    expect([...bayerMatrix(8)].sort((a, b) => a - b)).toEqual(Array.from({ length: 64 }, (_, i) => i));
  });
});

describe("mapImage", () => {
  const gradient = image(64, 16, (x, y) => [x * 4, 128, 255 - x * 4, y < 8 ? 255 : 100 + x]);

  it("gives every pixel with alpha > 0 exactly one palette colour, with and without dithering", () => {
    for (const dither of ["none", "ordered"] as const) {
      for (const bayer of [4, 8] as const) {
        const out = mapImage(gradient, 64, 16, pico, { dither, bayer });
        expect(keepsToPalette(out, pico)).toBe(true);
        // Alpha is kept unless asked otherwise.
        for (let i = 3; i < out.length; i += 4) expect(out[i]).toBe(gradient[i]);
      }
    }
  });

  it("makes alpha binary when asked, and clears what becomes transparent", () => {
    const soft = image(4, 1, (x) => [250, 0, 70, [0, 127, 128, 255][x]!]);
    const out = mapImage(soft, 4, 1, pico, { binaryAlpha: true });
    expect([...out]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 255, 0, 77, 255, 255, 0, 77, 255]);
  });

  it("leaves a picture already in the palette unchanged, dithered or not", () => {
    const inPalette = image(16, 16, (x, y) => {
      const c = pico[(x + y * 3) % 16]!;
      return [c.r, c.g, c.b, 255];
    });
    expect(mapImage(inPalette, 16, 16, pico)).toEqual(inPalette);
    expect(mapImage(inPalette, 16, 16, pico, { dither: "ordered", bayer: 8 })).toEqual(inPalette);
  });

  it("dithers a colour halfway between two palette colours into a mix of both", () => {
    const black = hex("#000000");
    const white = hex("#ffffff");
    // Mid-grey in OKLab lightness (L ≈ 0.5): sRGB #636363.
    const flat = image(8, 8, () => [0x63, 0x63, 0x63, 255]);
    const plain = mapImage(flat, 8, 8, [black, white]);
    expect(new Set(colorsOf(plain)).size).toBe(1);
    const dithered = mapImage(flat, 8, 8, [black, white], { dither: "ordered", bayer: 4 });
    const counts = countColors(dithered);
    expect(counts.size).toBe(2);
    expect(counts.get(rgbKey(white))! / 64).toBeCloseTo(0.5, 1);
    // The pattern repeats with the matrix: deterministic and tile-aligned.
    expect(dithered.subarray(0, 16)).toEqual(dithered.subarray(16 * 4, 16 * 4 + 16));
  });

  it("is deterministic and accepts a prepared palette", () => {
    const prepared = preparePalette(pico);
    const a = mapImage(gradient, 64, 16, pico, { dither: "ordered" });
    const b = mapImage(gradient, 64, 16, prepared, { dither: "ordered" });
    expect(b).toEqual(a);
  });

  it("refuses a buffer of the wrong size", () => {
    expect(() => mapImage(new Uint8Array(15), 2, 2, pico)).toThrow(RangeError);
  });
});

function colorsOf(rgba: Uint8Array): number[] {
  const keys: number[] = [];
  for (let i = 0; i < rgba.length; i += 4) if (rgba[i + 3]) keys.push((rgba[i]! << 16) | (rgba[i + 1]! << 8) | rgba[i + 2]!);
  return keys;
}

function countColors(rgba: Uint8Array): Map<number, number> {
  const counts = new Map<number, number>();
  for (const key of colorsOf(rgba)) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}
