import { describe, expect, it } from "vitest";
import { HEX_COLOR } from "./color.js";
import { NAMED_PALETTES, PALETTE_NAMES } from "./named.js";

const expectedSizes = { "pico-8": 16, "endesga-32": 32, db32: 32, "sweetie-16": 16, gameboy: 4, nes: 55, "resurrect-64": 64 } as const;

describe("named palettes", () => {
  it("lists every name of contract section 12, each with a list", () => {
    expect([...PALETTE_NAMES].sort()).toEqual(["db32", "endesga-32", "gameboy", "nes", "pico-8", "resurrect-64", "sweetie-16"]);
    expect(Object.keys(NAMED_PALETTES).sort()).toEqual([...PALETTE_NAMES].sort());
  });

  it.each(PALETTE_NAMES)("%s has its published size, valid lowercase #rrggbb colours, each once", (name) => {
    const colors = NAMED_PALETTES[name];
    expect(colors).toHaveLength(expectedSizes[name]);
    for (const color of colors) {
      expect(color).toMatch(HEX_COLOR);
      expect(color).toBe(color.toLowerCase());
    }
    expect(new Set(colors).size).toBe(colors.length);
  });

  it("keeps the published order and anchor colours", () => {
    const pico = NAMED_PALETTES["pico-8"];
    expect(pico[0]).toBe("#000000");
    expect(pico[8]).toBe("#ff004d");
    expect(pico[12]).toBe("#29adff");
    expect(pico[15]).toBe("#ffccaa");
    expect(NAMED_PALETTES.db32[0]).toBe("#000000");
    expect(NAMED_PALETTES.db32[1]).toBe("#222034");
    expect(NAMED_PALETTES.db32[31]).toBe("#8a6f30");
    expect(NAMED_PALETTES["endesga-32"][0]).toBe("#be4a2f");
    expect(NAMED_PALETTES["endesga-32"][26]).toBe("#ff0044");
    expect(NAMED_PALETTES["sweetie-16"][0]).toBe("#1a1c2c");
    expect(NAMED_PALETTES["sweetie-16"][12]).toBe("#f4f4f4");
    expect(NAMED_PALETTES.gameboy).toEqual(["#0f380f", "#306230", "#8bac0f", "#9bbc0f"]);
    expect(NAMED_PALETTES.nes[0]).toBe("#000000");
    expect(NAMED_PALETTES.nes[4]).toBe("#7c7c7c");
    expect(NAMED_PALETTES.nes[54]).toBe("#787878");
    expect(NAMED_PALETTES["resurrect-64"][0]).toBe("#2e222f");
    expect(NAMED_PALETTES["resurrect-64"][63]).toBe("#fdcbb0");
  });
});
