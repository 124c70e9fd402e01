/**
 * Measuring a tileset: a map drawn from its sheet, the seam score of a drawn map (how much more the
 * colour changes between neighbouring pixels across a tile edge than inside a tile), the same score
 * computed from the sheet without drawing the map (a 32×32 map of 512 px tiles would be a gigabyte),
 * and the number of distinct opaque colours.
 */
import type { TilesetLayout } from "../../driver.js";
import type { PaintedMap } from "../../tileset-map.js";

const diff = (a: Uint8Array, i: number, b: Uint8Array, j: number): number =>
  Math.abs((a[i] ?? 0) - (b[j] ?? 0)) +
  Math.abs((a[i + 1] ?? 0) - (b[j + 1] ?? 0)) +
  Math.abs((a[i + 2] ?? 0) - (b[j + 2] ?? 0)) +
  Math.abs((a[i + 3] ?? 0) - (b[j + 3] ?? 0));

const ratio = (edgeSum: number, edgePairs: number, innerSum: number, innerPairs: number): number => {
  const edge = edgePairs > 0 ? edgeSum / edgePairs : 0;
  const inner = innerPairs > 0 ? innerSum / innerPairs : 0;
  if (inner === 0) return edge === 0 ? 1 : Number.POSITIVE_INFINITY;
  return edge / inner;
};

/**
 * Mean |Δr|+|Δg|+|Δb|+|Δa| of horizontally and vertically adjacent pixel pairs that straddle a
 * tile edge, divided by the same mean over the pairs inside tiles (1.0: no seam).
 */
export function seamScore(rgba: Uint8Array, width: number, height: number, tileWidth: number, tileHeight: number): number {
  let edgeSum = 0;
  let edgePairs = 0;
  let innerSum = 0;
  let innerPairs = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (x + 1 < width) {
        const d = diff(rgba, i, rgba, i + 4);
        if ((x + 1) % tileWidth === 0) {
          edgeSum += d;
          edgePairs++;
        } else {
          innerSum += d;
          innerPairs++;
        }
      }
      if (y + 1 < height) {
        const d = diff(rgba, i, rgba, i + width * 4);
        if ((y + 1) % tileHeight === 0) {
          edgeSum += d;
          edgePairs++;
        } else {
          innerSum += d;
          innerPairs++;
        }
      }
    }
  }
  return ratio(edgeSum, edgePairs, innerSum, innerPairs);
}

/** The map drawn from the tile sheet (a cell of -1 stays transparent). */
export function renderMap(tilesetRgba: Uint8Array, layout: TilesetLayout, map: PaintedMap): { rgba: Uint8Array; width: number; height: number } {
  const { tileWidth: tw, tileHeight: th } = layout;
  const sheetWidth = layout.columns * tw;
  const width = map.columns * tw;
  const height = map.rows * th;
  const rgba = new Uint8Array(width * height * 4);
  const byIndex = new Map(layout.tiles.map((t) => [t.index, t]));
  for (let row = 0; row < map.rows; row++) {
    for (let column = 0; column < map.columns; column++) {
      const tile = byIndex.get(map.cells[row]?.[column] ?? -1);
      if (!tile) continue;
      for (let y = 0; y < th; y++) {
        const from = ((tile.y + y) * sheetWidth + tile.x) * 4;
        rgba.set(tilesetRgba.subarray(from, from + tw * 4), ((row * th + y) * width + column * tw) * 4);
      }
    }
  }
  return { rgba, width, height };
}

/** seamScore(renderMap(...)) without drawing the map: sums per tile and per pair of neighbouring tiles, each computed once. */
export function mapSeamScore(tilesetRgba: Uint8Array, layout: TilesetLayout, map: PaintedMap): number {
  const { tileWidth: tw, tileHeight: th } = layout;
  const stride = layout.columns * tw * 4;
  const byIndex = new Map(layout.tiles.map((t) => [t.index, t]));
  const empty = new Uint8Array(4);
  // a pixel of a cell: its array and offset (a missing tile is transparent)
  const at = (index: number, x: number, y: number): [Uint8Array, number] => {
    const tile = byIndex.get(index);
    return tile ? [tilesetRgba, (tile.y + y) * stride + (tile.x + x) * 4] : [empty, 0];
  };
  const inner = new Map<number, number>();
  const innerOf = (index: number): number => {
    let sum = inner.get(index);
    if (sum !== undefined) return sum;
    sum = 0;
    if (byIndex.has(index)) {
      for (let y = 0; y < th; y++) {
        for (let x = 0; x < tw; x++) {
          const [a, i] = at(index, x, y);
          if (x + 1 < tw) sum += diff(a, i, a, i + 4);
          if (y + 1 < th) sum += diff(a, i, a, i + stride);
        }
      }
    }
    inner.set(index, sum);
    return sum;
  };
  const across = new Map<string, number>();
  const acrossOf = (a: number, b: number, horizontal: boolean): number => {
    const key = `${a},${b},${horizontal ? "h" : "v"}`;
    let sum = across.get(key);
    if (sum !== undefined) return sum;
    sum = 0;
    const n = horizontal ? th : tw;
    for (let k = 0; k < n; k++) {
      const [pa, i] = horizontal ? at(a, tw - 1, k) : at(a, k, th - 1);
      const [pb, j] = horizontal ? at(b, 0, k) : at(b, k, 0);
      sum += diff(pa, i, pb, j);
    }
    across.set(key, sum);
    return sum;
  };
  let edgeSum = 0;
  let edgePairs = 0;
  let innerSum = 0;
  let innerPairs = 0;
  for (let row = 0; row < map.rows; row++) {
    for (let column = 0; column < map.columns; column++) {
      const cell = map.cells[row]?.[column] ?? -1;
      innerSum += innerOf(cell);
      innerPairs += (tw - 1) * th + tw * (th - 1);
      if (column + 1 < map.columns) {
        edgeSum += acrossOf(cell, map.cells[row]?.[column + 1] ?? -1, true);
        edgePairs += th;
      }
      if (row + 1 < map.rows) {
        edgeSum += acrossOf(cell, map.cells[row + 1]?.[column] ?? -1, false);
        edgePairs += tw;
      }
    }
  }
  return ratio(edgeSum, edgePairs, innerSum, innerPairs);
}
