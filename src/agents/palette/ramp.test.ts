import { describe, expect, it } from "vitest";
import { parseHex, type Rgb, toHex } from "./color.js";
import { toOklab } from "./oklab.js";
import { namedPaletteColors } from "./parse.js";
import { rampFromPalette } from "./ramp.js";

const hex = (h: string): Rgb => parseHex(h)!;
const lightness = (ramp: readonly Rgb[]) => ramp.map((c) => toOklab(c).L);
const hexes = (ramp: readonly Rgb[]) => ramp.map(toHex);

function expectDarkToLight(ramp: readonly Rgb[]): void {
  const L = lightness(ramp);
  for (let k = 1; k < L.length; k++) expect(L[k]!).toBeGreaterThanOrEqual(L[k - 1]!);
}

describe("rampFromPalette", () => {
  const pico = namedPaletteColors("pico-8");
  const gameboy = namedPaletteColors("gameboy");

  it("shades PICO-8's red with distinct reds and pinks, dark to light, the base in the middle", () => {
    const ramp = rampFromPalette(hex("#ff004d"), 3, pico);
    expect(hexes(ramp)).toEqual(["#ab5236", "#ff004d", "#ff77a8"]);
    const five = rampFromPalette(hex("#ff004d"), 5, pico);
    expectDarkToLight(five);
    expect(new Set(hexes(five)).size).toBe(5);
    expect(hexes(five)).toContain("#ff004d");
    expect(hexes(five)[0]).toBe("#7e2553");
  });

  it("keeps to the base's hue on PICO-8 (a green's ramp holds greens)", () => {
    const ramp = rampFromPalette(hex("#30d040"), 3, pico);
    expectDarkToLight(ramp);
    expect(hexes(ramp).slice(0, 2)).toEqual(["#008751", "#00e436"]);
  });

  it("draws only palette colours, strictly lighter step by step when the palette has enough", () => {
    for (const base of ["#29adff", "#808080", "#8b5a2b", "#ffec27"]) {
      const ramp = rampFromPalette(hex(base), 4, pico);
      expect(ramp).toHaveLength(4);
      for (const c of ramp) expect(pico).toContainEqual(c);
      expectDarkToLight(ramp);
    }
  });

  it("reuses colours on the Game Boy's 4 greens and stays ordered by lightness", () => {
    const five = rampFromPalette(hex("#8bac0f"), 5, gameboy);
    expect(five).toHaveLength(5);
    expectDarkToLight(five);
    expect(new Set(hexes(five)).size).toBe(4);
    const four = rampFromPalette(hex("#8bac0f"), 4, gameboy);
    expect(hexes(four)).toEqual(["#0f380f", "#306230", "#8bac0f", "#9bbc0f"]);
    const eight = rampFromPalette(hex("#ff0000"), 8, gameboy);
    expectDarkToLight(eight);
    expect(new Set(hexes(eight)).size).toBe(4);
  });

  it("gives one step at the base's nearest lightness, and refuses nonsense", () => {
    expect(rampFromPalette(hex("#fe004c"), 1, pico)).toEqual([hex("#ff004d")]);
    expect(() => rampFromPalette(hex("#000000"), 0, pico)).toThrow(RangeError);
    expect(() => rampFromPalette(hex("#000000"), 3, [])).toThrow(RangeError);
  });

  it("is deterministic", () => {
    const base = hex("#5b6ee1");
    const db32 = namedPaletteColors("db32");
    expect(rampFromPalette(base, 6, db32)).toEqual(rampFromPalette(base, 6, db32));
  });
});
