import { describe, expect, it } from "vitest";
import { BLOB_MASKS, reduceBlobMask, tilesetLayout } from "./tileset-layout.js";

describe("tileset layouts", () => {
  it("blob-47: reducing all 256 raw masks leaves exactly the 47 published masks", () => {
    const published = [
      0, 1, 4, 5, 7, 16, 17, 20, 21, 23, 28, 29, 31, 64, 65, 68, 69, 71, 80, 81, 84, 85, 87, 92, 93, 95, 112, 113, 116, 117, 119, 124, 125, 127, 193, 197, 199,
      209, 213, 215, 221, 223, 241, 245, 247, 253, 255,
    ];
    expect(BLOB_MASKS).toEqual(published);
    expect(reduceBlobMask(2)).toBe(0); // NE alone: no edge holds it
    expect(reduceBlobMask(1 | 2 | 4)).toBe(7);
  });

  it("every combination once, at distinct cells inside the grid", () => {
    for (const layout of ["wang-corner-16", "wang-edge-16", "blob-47"] as const) {
      for (const terrains of [["grass", "dirt"], ["stone platform"]]) {
        const set = tilesetLayout({ layout, terrains }, 32, 16);
        const keys = set.tiles.map((t) => JSON.stringify(t.corners ?? t.edges ?? [t.mask, t.terrain]));
        expect(new Set(keys).size).toBe(set.tiles.length);
        const cells = set.tiles.map((t) => `${t.x},${t.y}`);
        expect(new Set(cells).size).toBe(set.tiles.length);
        for (const t of set.tiles) {
          expect(t.x % 32).toBe(0);
          expect(t.y % 16).toBe(0);
          expect(t.x / 32).toBeLessThan(set.columns);
          expect(t.y / 16).toBeLessThan(set.rows);
        }
      }
    }
    expect(tilesetLayout({ layout: "wang-corner-16", terrains: ["grass", "dirt"] }, 1, 1).tiles).toHaveLength(16);
    expect(tilesetLayout({ layout: "blob-47", terrains: ["grass", "dirt"] }, 1, 1).tiles).toHaveLength(48);
    expect(tilesetLayout({ layout: "blob-47", terrains: ["stone platform"] }, 1, 1).tiles).toHaveLength(47);
  });

  it("corner index bits: NE 1, SE 2, SW 4, NW 8, set where the foreground (terrains[0]) is", () => {
    const set = tilesetLayout({ layout: "wang-corner-16", terrains: ["grass", "dirt"] }, 16, 16);
    expect(set.tiles[0]!.corners).toEqual({ nw: 1, ne: 1, se: 1, sw: 1 });
    expect(set.tiles[15]!.corners).toEqual({ nw: 0, ne: 0, se: 0, sw: 0 });
    expect(set.tiles[1 + 8]!.corners).toEqual({ nw: 0, ne: 0, se: 1, sw: 1 });
    const one = tilesetLayout({ layout: "wang-edge-16", terrains: ["ledge"] }, 16, 16);
    expect(one.tiles[5]!.edges).toEqual({ n: 0, e: null, s: 0, w: null });
  });
});

describe("a painted map", () => {
  it("uses every cell's matching tile, agrees on shared corners and edges, and is the same for the same seed", async () => {
    const { paintRandomMap } = await import("./tileset-map.js");
    for (const layout of ["wang-corner-16", "wang-edge-16", "blob-47"] as const) {
      const set = tilesetLayout({ layout, terrains: ["grass", "dirt"] }, 16, 16);
      const map = paintRandomMap(set, 32, 32, 7);
      expect(map).toEqual(paintRandomMap(set, 32, 32, 7));
      const tile = (i: number, j: number) => set.tiles.find((t) => t.index === map.cells[j]![i])!;
      const used = new Set(map.cells.flat());
      expect(used.has(-1)).toBe(false);
      expect(used.size).toBeGreaterThan(12); // a varied map, not one tile
      for (let j = 0; j < 32; j++) {
        for (let i = 0; i < 31; i++) {
          const [a, b] = [tile(i, j), tile(i + 1, j)];
          if (a.corners) expect([a.corners.ne, a.corners.se]).toEqual([b.corners!.nw, b.corners!.sw]);
          if (a.edges) expect(a.edges.e).toBe(b.edges!.w);
          if (a.mask !== undefined && a.terrain === 0 && b.terrain === 0) expect(a.mask & 4 && b.mask! & 64).toBeTruthy();
        }
      }
    }
  });

  it("paints a one-terrain corner or edge set with its transparent-cornered tiles (no empty cells)", async () => {
    const { paintRandomMap } = await import("./tileset-map.js");
    for (const layout of ["wang-corner-16", "wang-edge-16"] as const) {
      const set = tilesetLayout({ layout, terrains: ["ledge"] }, 16, 16);
      const cells = paintRandomMap(set, 32, 32, 7).cells.flat();
      expect(cells).not.toContain(-1);
      expect(new Set(cells).size).toBeGreaterThan(8);
    }
  });
});
