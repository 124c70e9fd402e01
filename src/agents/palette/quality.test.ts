import { describe, expect, it } from "vitest";
import { parseHex, type Rgb } from "./color.js";
import { namedPaletteColors } from "./parse.js";
import { measureQuality } from "./quality.js";

const hex = (h: string): Rgb => parseHex(h)!;

/** A width×height RGBA image from a function of (x, y) → [r, g, b, a]. */
function image(width: number, height: number, at: (x: number, y: number) => readonly [number, number, number, number]): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(at(x, y), (y * width + x) * 4);
  return data;
}

const CLEAR = [0, 0, 0, 0] as const;

describe("measureQuality", () => {
  it("a flat square on transparency: one colour, no contrast inside, its exact bbox", () => {
    // A 10×6 orange rectangle at (3, 5) in a 20×16 image.
    const rgba = image(20, 16, (x, y) => (x >= 3 && x < 13 && y >= 5 && y < 11 ? [255, 163, 0, 255] : CLEAR));
    expect(measureQuality(rgba, 20, 16)).toEqual({
      colors: 1,
      paletteCompliance: 1,
      alphaCoverage: 60 / 320,
      bbox: { x: 3, y: 5, width: 10, height: 6 },
      edgeContrast: 0,
    });
  });

  it("a flat fill of the whole image: coverage 1, contrast 0", () => {
    const q = measureQuality(
      image(8, 8, () => [40, 80, 120, 255]),
      8,
      8,
    );
    expect(q).toMatchObject({ colors: 1, alphaCoverage: 1, bbox: { x: 0, y: 0, width: 8, height: 8 }, edgeContrast: 0 });
  });

  it("a black-and-white checkerboard: two colours, every pair differs by the whole lightness range", () => {
    const board = image(8, 8, (x, y) => ((x + y) % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255]));
    const q = measureQuality(board, 8, 8);
    expect(q.colors).toBe(2);
    expect(q.edgeContrast).toBeCloseTo(1, 3);
    // Black and a mid grey (#636363, OKLab L ≈ 0.5): half the contrast.
    const grey = measureQuality(
      image(8, 8, (x, y) => ((x + y) % 2 ? [0x63, 0x63, 0x63, 255] : [0, 0, 0, 255])),
      8,
      8,
    );
    expect(grey.edgeContrast).toBeGreaterThan(0.49);
    expect(grey.edgeContrast).toBeLessThan(0.51);
  });

  it("a blank image: nothing opaque, no bbox, nothing to contrast", () => {
    expect(measureQuality(new Uint8Array(4 * 4 * 4), 4, 4)).toEqual({ colors: 0, paletteCompliance: 1, alphaCoverage: 0, bbox: null, edgeContrast: 0 });
  });

  it("a known bbox of scattered pixels, semi-transparent ones included", () => {
    const dots = new Map([
      ["2,7", [10, 10, 10, 255]],
      ["9,3", [20, 20, 20, 1]],
      ["5,12", [30, 30, 30, 128]],
    ]);
    const rgba = image(16, 16, (x, y) => (dots.get(`${x},${y}`) as [number, number, number, number]) ?? CLEAR);
    const q = measureQuality(rgba, 16, 16);
    expect(q.bbox).toEqual({ x: 2, y: 3, width: 8, height: 10 });
    expect(q.colors).toBe(3);
    expect(q.alphaCoverage).toBe(0.0117);
    expect(q.edgeContrast).toBe(0);
  });

  it("palette compliance: 1 when every opaque pixel is a palette colour, the share otherwise", () => {
    const pico = namedPaletteColors("pico-8");
    const compliant = image(4, 4, (x, y) => {
      const c = pico[x + 4 * y]!;
      return [c.r, c.g, c.b, 255];
    });
    expect(measureQuality(compliant, 4, 4, { palette: pico })).toMatchObject({ colors: 16, paletteCompliance: 1 });
    // Transparent pixels do not count; off-palette ones do, whatever their alpha.
    const red = hex("#ff004d");
    const mixed = image(
      4,
      1,
      (x) =>
        [
          [red.r, red.g, red.b, 255],
          [254, 0, 77, 255],
          [1, 2, 3, 0],
          [red.r, red.g, red.b, 40],
        ][x] as [number, number, number, number],
    );
    expect(measureQuality(mixed, 4, 1, { palette: pico }).paletteCompliance).toBe(0.6667);
    // No palette asked: nothing to comply with.
    expect(measureQuality(mixed, 4, 1).paletteCompliance).toBe(1);
    // The palette of one call does not leak into the next.
    expect(measureQuality(compliant, 4, 4, { palette: [red, hex("#000000")] }).paletteCompliance).toBe(0.125);
  });

  it("tileability: a seamless texture scores 1, a seamed one well above", () => {
    // Noise: the wrap pairs differ as much as the inside pairs (a fixed generator: the same pixels every run).
    let seed = 12345;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24;
    const seamless = image(128, 128, () => [next(), next(), next(), 255]);
    const q = measureQuality(seamless, 128, 128, { tileable: true });
    expect(q.tileabilityScore).toBeGreaterThan(0.9);
    expect(q.tileabilityScore).toBeLessThan(1.1);
    // A horizontal ramp jumps from its end back to its start across the seam.
    const ramp = image(32, 32, (x) => [x * 8, 0, 0, 255]);
    const seamed = measureQuality(ramp, 32, 32, { tileable: true });
    // Inside: 1 984 horizontal pairs of 8, 1 984 vertical pairs of 0 → 4; seam: 32 pairs of 248, 32 of 0 → 124.
    expect(seamed.tileabilityScore).toBe(31);
    expect(
      measureQuality(
        image(4, 4, () => [9, 9, 9, 255]),
        4,
        4,
        { tileable: true },
      ).tileabilityScore,
    ).toBe(1);
    expect(measureQuality(ramp, 32, 32).tileabilityScore).toBeUndefined();
  });

  it("refuses a buffer of the wrong size", () => {
    expect(() => measureQuality(new Uint8Array(10), 2, 2)).toThrow(RangeError);
  });
});
