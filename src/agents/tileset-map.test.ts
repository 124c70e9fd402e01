import { describe, expect, it } from "vitest";
import { paintRandomMap as paintInWeb } from "../../web/src/tileset-map.js";
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

  // web/src/tileset-map.ts is a copy for the browser (the web build does not import from src/)
  it("the web client's copy paints the same maps", () => {
    for (const layout of TILESET_LAYOUTS) {
      for (const terrains of [["grass", "dirt"], ["stone platform"]]) {
        const set = tilesetLayout({ layout, terrains }, 32, 32);
        for (const seed of [0, 1, 42, 123456789, 2 ** 31 - 1]) {
          for (const [columns, rows] of [
            [16, 10],
            [32, 32],
            [5, 3],
          ] as const) {
            expect(paintInWeb(set, columns, rows, seed)).toEqual(paintRandomMap(set, columns, rows, seed));
          }
        }
      }
    }
  });
});
