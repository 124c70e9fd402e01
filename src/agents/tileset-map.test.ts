import { describe, expect, it } from "vitest";
import { TILESET_LAYOUTS } from "./driver.js";
import { tilesetLayout } from "./tileset-layout.js";
import { paintRandomMap } from "./tileset-map.js";

describe("paintRandomMap", () => {
  it("paints only the layout's own tiles, and the background only where a one-terrain set has none", () => {
    for (const layout of TILESET_LAYOUTS) {
      for (const terrains of [["grass", "dirt"], ["stone"]]) {
        const set = tilesetLayout({ layout, terrains }, 16, 16);
        const indexes = new Set(set.tiles.map((t) => t.index));
        const map = paintRandomMap(set, 24, 16, 7);
        const cells = map.cells.flat();
        expect(cells).toHaveLength(24 * 16);
        for (const cell of cells) expect(cell === -1 ? terrains.length === 1 : indexes.has(cell)).toBe(true);
        expect(new Set(cells).size).toBeGreaterThan(3);
      }
    }
  });
});
