import type { TerrainRef } from "./driver.js";
import { BLOB_BITS, reduceBlobMask } from "./tileset-layout.js";

/**
 * A map painted with a tileset by its layout's own rule, as an engine's autotiler paints it: a
 * smooth random field of foreground and background (value noise, so regions have shapes, not
 * salt and pepper), and in each cell the one tile whose corners, edges or neighbour mask match it.
 * `cells[row][column]` is a tile's `index`, or -1 for no tile (a one-terrain set's background).
 * The seam score, the sample Tiled map and the web client's preview all paint with it.
 */
export interface PaintedMap {
  columns: number;
  rows: number;
  cells: number[][];
}

/** mulberry32 (the drawing kit's `mulberry32`, copied: src/agents/procedural imports this file, so it cannot import the kit back): the same map for the same seed everywhere. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** True where the foreground is, at (x, y) in cell units, on a field of about `scale` cells per feature. */
function field(seed: number, width: number, height: number, scale = 4): (x: number, y: number) => boolean {
  const next = random(seed);
  const gw = Math.ceil(width / scale) + 2;
  const gh = Math.ceil(height / scale) + 2;
  const grid = Array.from({ length: gw * gh }, () => next());
  const at = (i: number, j: number) => grid[Math.min(gh - 1, Math.max(0, j)) * gw + Math.min(gw - 1, Math.max(0, i))]!;
  return (x, y) => {
    const gx = x / scale;
    const gy = y / scale;
    const i = Math.floor(gx);
    const j = Math.floor(gy);
    const fx = gx - i;
    const fy = gy - j;
    const sx = fx * fx * (3 - 2 * fx);
    const sy = fy * fy * (3 - 2 * fy);
    const top = at(i, j) * (1 - sx) + at(i + 1, j) * sx;
    const bottom = at(i, j + 1) * (1 - sx) + at(i + 1, j + 1) * sx;
    return top * (1 - sy) + bottom * sy > 0.5;
  };
}

/** What the painter reads of a tileset's layout (a `TilesetLayout`, or the same fields as a client received them, nulls for absent ones). */
export interface PaintableLayout {
  layout: string;
  terrains: readonly string[];
  tiles: readonly {
    index: number;
    corners?: { nw: TerrainRef; ne: TerrainRef; se: TerrainRef; sw: TerrainRef } | null;
    edges?: { n: TerrainRef; e: TerrainRef; s: TerrainRef; w: TerrainRef } | null;
    mask?: number | null;
    terrain?: TerrainRef;
  }[];
}

export function paintRandomMap(layout: PaintableLayout, columns: number, rows: number, seed: number): PaintedMap {
  return paintMap(layout, columns, rows, field(seed, columns + 1, rows + 1));
}

/**
 * A map painted from a grid of terrains at the tiles' corners: `grid[row][column]` for rows 0…`rows` and columns
 * 0…`columns` (one more than the tiles each way), 0 for the first terrain, 1 for the second (transparency in a
 * one-terrain set). A corner set takes its corners from it as they are; an edge set's side, and a blob cell, take
 * the terrain at least half of the corners around them have (the first terrain on a tie).
 */
export function paintGridMap(layout: PaintableLayout, grid: readonly (readonly number[])[]): PaintedMap {
  const rows = grid.length - 1;
  const columns = (grid[0]?.length ?? 1) - 1;
  const at = (x: number, y: number) => grid[Math.min(rows, Math.max(0, y))]![Math.min(columns, Math.max(0, x))] === 0;
  const fg = (x: number, y: number): boolean => {
    const xs = Number.isInteger(x) ? [x] : [Math.floor(x), Math.ceil(x)];
    const ys = Number.isInteger(y) ? [y] : [Math.floor(y), Math.ceil(y)];
    const around = ys.flatMap((j) => xs.map((i) => at(i, j)));
    return around.filter(Boolean).length * 2 >= around.length;
  };
  return paintMap(layout, columns, rows, fg);
}

/** Each cell's tile for a foreground field `fg(x, y)` sampled in corner units (corners at integers). */
function paintMap(layout: PaintableLayout, columns: number, rows: number, fg: (x: number, y: number) => boolean): PaintedMap {
  const byKey = new Map<string, number>();
  for (const tile of layout.tiles) {
    const key = tile.corners
      ? `${tile.corners.nw},${tile.corners.ne},${tile.corners.se},${tile.corners.sw}`
      : tile.edges
        ? `${tile.edges.n},${tile.edges.e},${tile.edges.s},${tile.edges.w}`
        : `${tile.terrain},${tile.mask}`;
    byKey.set(key, tile.index);
  }
  const background = layout.terrains.length > 1 ? 1 : null;
  // String(): a join would write transparency (null) as "", and the tiles' keys above spell it "null"
  const terrain = (on: boolean) => String(on ? 0 : background);
  const find = (key: string) => byKey.get(key) ?? -1;
  const cells: number[][] = [];
  for (let j = 0; j < rows; j++) {
    const row: number[] = [];
    for (let i = 0; i < columns; i++) {
      if (layout.layout === "wang-corner-16") {
        row.push(find([fg(i, j), fg(i + 1, j), fg(i + 1, j + 1), fg(i, j + 1)].map(terrain).join(",")));
      } else if (layout.layout === "wang-edge-16") {
        // each edge's terrain from the field at its midpoint: neighbouring cells share it
        row.push(find([fg(i + 0.5, j), fg(i + 1, j + 0.5), fg(i + 0.5, j + 1), fg(i, j + 0.5)].map(terrain).join(",")));
      } else {
        const on = (x: number, y: number) => (x < 0 || y < 0 || x >= columns || y >= rows ? fg(i + 0.5, j + 0.5) : fg(x + 0.5, y + 0.5));
        if (!on(i, j)) {
          row.push(background === null ? -1 : find(`${background},255`));
          continue;
        }
        const { n, ne, e, se, s, sw, w, nw } = BLOB_BITS;
        const raw =
          (on(i, j - 1) ? n : 0) |
          (on(i + 1, j - 1) ? ne : 0) |
          (on(i + 1, j) ? e : 0) |
          (on(i + 1, j + 1) ? se : 0) |
          (on(i, j + 1) ? s : 0) |
          (on(i - 1, j + 1) ? sw : 0) |
          (on(i - 1, j) ? w : 0) |
          (on(i - 1, j - 1) ? nw : 0);
        row.push(find(`0,${reduceBlobMask(raw)}`));
      }
    }
    cells.push(row);
  }
  return { columns, rows, cells };
}
