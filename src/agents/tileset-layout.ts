import type { TerrainRef, TileEntry, TilesetLayout, TilesetRequest } from "./driver.js";

/**
 * The tiles of each autotile layout and where they sit in the PNG, decided before anything is drawn
 * (the price, the dry run, the drawing and the exports read it). `terrains[0]` is the foreground:
 * a bit of a tile's index or mask is set where the foreground is; the background is `terrains[1]`,
 * or transparency (null) in a one-terrain set.
 *
 * - wang-corner-16: index = NE·1 + SE·2 + SW·4 + NW·8 (cr31's 2-corner Wang numbering), 4×4 at (index % 4, index / 4).
 * - wang-edge-16: index = N·1 + E·2 + S·4 + W·8, 4×4 at (index % 4, index / 4).
 * - blob-47: the 47 masks that survive "a corner counts only with both its edges" in ascending
 *   order, 7×7 row-major; cell 47 holds the background's plain fill tile (terrain 1, mask 255) in a
 *   two-terrain set (transparent and absent in a one-terrain set), cell 48 stays empty.
 */

/** N, NE, E, SE, S, SW, W, NW. */
export const BLOB_BITS = { n: 1, ne: 2, e: 4, se: 8, s: 16, sw: 32, w: 64, nw: 128 } as const;

/** A raw 8-neighbour mask with each corner dropped unless both its edges are set. */
export function reduceBlobMask(raw: number): number {
  const { n, ne, e, se, s, sw, w, nw } = BLOB_BITS;
  let mask = raw & (n | e | s | w);
  if (raw & ne && raw & n && raw & e) mask |= ne;
  if (raw & se && raw & s && raw & e) mask |= se;
  if (raw & sw && raw & s && raw & w) mask |= sw;
  if (raw & nw && raw & n && raw & w) mask |= nw;
  return mask;
}

/** The 47 blob masks, ascending. */
export const BLOB_MASKS: readonly number[] = [...new Set(Array.from({ length: 256 }, (_, raw) => reduceBlobMask(raw)))].sort((a, b) => a - b);

export function tilesetLayout(request: TilesetRequest, tileWidth: number, tileHeight: number): TilesetLayout {
  const background: TerrainRef = request.terrains.length > 1 ? 1 : null;
  const at = (bit: number, value: number): TerrainRef => (value & bit ? 0 : background);
  const tiles: TileEntry[] = [];
  const place = (index: number, columns: number) => ({ index, x: (index % columns) * tileWidth, y: Math.floor(index / columns) * tileHeight });
  let columns = 4;
  let rows = 4;
  if (request.layout === "wang-corner-16") {
    for (let index = 0; index < 16; index++) {
      tiles.push({ ...place(index, 4), corners: { nw: at(8, index), ne: at(1, index), se: at(2, index), sw: at(4, index) } });
    }
  } else if (request.layout === "wang-edge-16") {
    for (let index = 0; index < 16; index++) {
      tiles.push({ ...place(index, 4), edges: { n: at(1, index), e: at(2, index), s: at(4, index), w: at(8, index) } });
    }
  } else {
    columns = 7;
    rows = 7;
    for (const [index, mask] of BLOB_MASKS.entries()) tiles.push({ ...place(index, 7), mask, terrain: 0 });
    if (background !== null) tiles.push({ ...place(BLOB_MASKS.length, 7), mask: 255, terrain: background });
  }
  return { kind: "tileset", layout: request.layout, tileWidth, tileHeight, columns, rows, terrains: [...request.terrains], tiles };
}
