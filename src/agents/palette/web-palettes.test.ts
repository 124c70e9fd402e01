import { describe, expect, it } from "vitest";
import { isPaletteName, namedPalettes, paletteLabels, paletteNames, parseCustomPalette } from "../../../web/src/palette.js";
import { NAMED_PALETTES, PALETTE_NAMES } from "./named.js";

describe("the web client's palettes", () => {
  it("are the service's lists, each with a label", () => {
    expect(namedPalettes).toBe(NAMED_PALETTES);
    expect([...paletteNames]).toEqual([...PALETTE_NAMES]);
    expect(Object.keys(paletteLabels).sort()).toEqual([...PALETTE_NAMES].sort());
    expect(paletteNames.every(isPaletteName)).toBe(true);
    expect(isPaletteName("pico8")).toBe(false);
  });

  it("reads custom colours separated by commas, lines or spaces, as written", () => {
    expect(parseCustomPalette("#1a1c2c, #5d275d,#b13e53")).toEqual(["#1a1c2c", "#5d275d", "#b13e53"]);
    expect(parseCustomPalette("  #1A1C2C\n#5d275d\r\n\n  #zz0000 \n")).toEqual(["#1A1C2C", "#5d275d", "#zz0000"]);
    expect(parseCustomPalette("#000000 #ffffff; #ff0000")).toEqual(["#000000", "#ffffff", "#ff0000"]);
    expect(parseCustomPalette(" , \n ")).toEqual([]);
  });
});
