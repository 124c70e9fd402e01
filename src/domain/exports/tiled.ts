import { paintRandomMap, type TileEntry, type TilesetLayout } from "../../agents/index.js";
import { type ExportFile, type ExportSource, NEIGHBOURS, pngName, stemOf, TERRAIN_COLORS, tileTerrains } from "./formats.js";
import { plainText, xmlAttribute as xml } from "./text.js";
import { zipArchive } from "./zip.js";

/** Tiled's Wang set type for each layout. */
export const WANGSET_TYPE = { "wang-corner-16": "corner", "wang-edge-16": "edge", "blob-47": "mixed" } as const;

/** The sample map: its size in tiles and the seed it is painted with (the same map on every call). */
export const SAMPLE_MAP = { columns: 24, rows: 16, seed: 1 } as const;

const VERSION = 'version="1.8" tiledversion="1.8.2"';

function hex([r, g, b]: readonly [number, number, number]): string {
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * A tile's wangid: eight Wang colours clockwise from the top (top, top-right, right, bottom-right, bottom,
 * bottom-left, left, top-left). Colours count from 1 (terrain index + 1); 0 is "no colour", which is both
 * transparency in a one-terrain set and every position the set's type does not use (a corner set's sides, an edge
 * set's corners). Blob tiles (a mixed set) fill all eight: sides from the mask's side bits, corners from its
 * reduced corner bits, the rest the other terrain; the background's fill tile is all 2.
 */
export function wangId(layout: TilesetLayout, tile: TileEntry): number[] {
  const { around } = tileTerrains(layout, tile);
  return NEIGHBOURS.map((neighbour) => {
    const ref = around[neighbour];
    return ref === null || ref === undefined ? 0 : ref + 1;
  });
}

/**
 * The tiles of the Wang set. A tile whose wangid is all 0 (the fully transparent tile of a one-terrain corner or edge
 * set, and a one-terrain blob's lone tile, whose every neighbour is transparency) says nothing Tiled can match: Tiled
 * drops such a tile from a Wang set when it reads one, so the file leaves it out.
 */
export function wangTiles(layout: TilesetLayout): { tileId: number; wangId: number[] }[] {
  // No two tiles share a wangid, or Tiled's brush takes them for variants of one another: a blob-47 set's
  // island (its terrain alone, every neighbour the other) has the background's fill tile's wangid (a mixed
  // set has no centre colour), so the fill tile, listed later, keeps it.
  const byWangId = new Map<string, { tileId: number; wangId: number[] }>();
  for (const tile of layout.tiles) {
    const entry = { tileId: tileIdOf(layout, tile), wangId: wangId(layout, tile) };
    if (entry.wangId.some((c) => c !== 0)) byWangId.set(entry.wangId.join(","), entry);
  }
  return [...byWangId.values()].sort((a, b) => a.tileId - b.tileId);
}

/** A tile's id in Tiled: its position in the image, row by row (equal to `index` for these layouts). */
export function tileIdOf(layout: TilesetLayout, tile: TileEntry): number {
  return (tile.y / layout.tileHeight) * layout.columns + tile.x / layout.tileWidth;
}

/**
 * A Tiled tileset (`.tsx`, the 1.8 format) over the PNG beside it: the whole image as a grid of tiles and one Wang
 * set (type corner, edge or mixed) with a Wang colour per terrain and a wangtile per tile that has any colour.
 */
export function tiledTileset(assetId: string, width: number, height: number, layout: TilesetLayout): ExportFile {
  const name = layout.terrains.join("-");
  const lines = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<tileset ${VERSION} name="${xml(assetId)}" tilewidth="${layout.tileWidth}" tileheight="${layout.tileHeight}" tilecount="${layout.columns * layout.rows}" columns="${layout.columns}">`,
    ` <image source="${xml(pngName(assetId))}" width="${width}" height="${height}"/>`,
    " <wangsets>",
    `  <wangset name="${xml(name)}" type="${WANGSET_TYPE[layout.layout]}" tile="-1">`,
    ...layout.terrains.map(
      (terrain, i) => `   <wangcolor name="${xml(terrain)}" color="${hex(TERRAIN_COLORS[i] ?? [128, 128, 128])}" tile="-1" probability="1"/>`,
    ),
    ...wangTiles(layout).map((tile) => `   <wangtile tileid="${tile.tileId}" wangid="${tile.wangId.join(",")}"/>`),
    "  </wangset>",
    " </wangsets>",
    "</tileset>",
  ];
  return { fileName: `${assetId}.tsx`, contentType: "application/xml", body: Buffer.from(`${lines.join("\n")}\n`, "utf8") };
}

/** The sample map's tile ids, row by row: paintRandomMap's cells as Tiled ids, or -1 for an empty cell. */
export function sampleMapTileIds(layout: TilesetLayout): number[][] {
  const map = paintRandomMap(layout, SAMPLE_MAP.columns, SAMPLE_MAP.rows, SAMPLE_MAP.seed);
  const byIndex = new Map(layout.tiles.map((tile) => [tile.index, tileIdOf(layout, tile)]));
  return map.cells.map((row) => row.map((index) => (index < 0 ? -1 : (byIndex.get(index) ?? -1))));
}

/**
 * A sample Tiled map (`.tmx`): 24×16 cells painted by the layout's own rule (paintRandomMap, seed 1), one tile
 * layer in CSV, the tileset from the `.tsx` beside it at firstgid 1 (gid = tile id + 1; 0 is an empty cell).
 */
export function tiledSampleMap(assetId: string, layout: TilesetLayout): ExportFile {
  return { fileName: `${assetId}-sample.tmx`, contentType: "application/xml", body: tiledMapXml(`${assetId}.tsx`, layout, sampleMapTileIds(layout)) };
}

/** A Tiled map (`.tmx`) of one tile layer in CSV: `ids` (tile ids row by row, -1 empty) over the external tileset `tsx`. */
export function tiledMapXml(tsx: string, layout: TilesetLayout, ids: readonly (readonly number[])[]): Buffer {
  const rows = ids.length;
  const columns = ids[0]?.length ?? 0;
  const csv = ids.map((row, j) => row.map((id) => id + 1).join(",") + (j < rows - 1 ? "," : "")).join("\n");
  const lines = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<map ${VERSION} orientation="orthogonal" renderorder="right-down" width="${columns}" height="${rows}" tilewidth="${layout.tileWidth}" tileheight="${layout.tileHeight}" infinite="0" nextlayerid="2" nextobjectid="1">`,
    ` <tileset firstgid="1" source="${xml(tsx)}"/>`,
    ` <layer id="1" name="${xml(layout.terrains.join("-"))}" width="${columns}" height="${rows}">`,
    `  <data encoding="csv">`,
    csv,
    "</data>",
    " </layer>",
    "</map>",
  ];
  return Buffer.from(`${lines.join("\n")}\n`, "utf8");
}

/** The tileset as Tiled JSON writes it inside a map (embedded: what Phaser's `load.tilemapTiledJSON` needs). */
export function tiledJsonTileset(name: string, image: string, width: number, height: number, layout: TilesetLayout) {
  return {
    firstgid: 1,
    name: plainText(name),
    image: plainText(image),
    imagewidth: width,
    imageheight: height,
    tilewidth: layout.tileWidth,
    tileheight: layout.tileHeight,
    tilecount: layout.columns * layout.rows,
    columns: layout.columns,
    margin: 0,
    spacing: 0,
    wangsets: [
      {
        name: plainText(layout.terrains.join("-")),
        type: WANGSET_TYPE[layout.layout],
        tile: -1,
        colors: layout.terrains.map((terrain, i) => ({ name: plainText(terrain), color: hex(TERRAIN_COLORS[i] ?? [128, 128, 128]), tile: -1, probability: 1 })),
        wangtiles: wangTiles(layout).map((t) => ({ tileid: t.tileId, wangid: t.wangId })),
      },
    ],
  };
}

/**
 * A Tiled JSON map (`.tmj`, Tiled 1.8's JSON) with its tileset embedded at firstgid 1: one tile layer of
 * `ids` (tile ids row by row, -1 for an empty cell; gid = id + 1, 0 empty).
 */
export function tiledJsonMap(name: string, image: string, width: number, height: number, layout: TilesetLayout, ids: number[][]) {
  const rows = ids.length;
  const columns = ids[0]?.length ?? 0;
  return {
    type: "map",
    version: "1.8",
    tiledversion: "1.8.2",
    orientation: "orthogonal",
    renderorder: "right-down",
    width: columns,
    height: rows,
    tilewidth: layout.tileWidth,
    tileheight: layout.tileHeight,
    infinite: false,
    layers: [
      {
        type: "tilelayer",
        id: 1,
        name: plainText(layout.terrains.join("-")),
        width: columns,
        height: rows,
        x: 0,
        y: 0,
        opacity: 1,
        visible: true,
        data: ids.flatMap((row) => row.map((id) => id + 1)),
      },
    ],
    tilesets: [tiledJsonTileset(name, image, width, height, layout)],
    nextlayerid: 2,
    nextobjectid: 1,
  };
}

/** The sample map as Tiled JSON, the tileset embedded. */
export function tiledSampleJson(assetId: string, width: number, height: number, layout: TilesetLayout): ExportFile {
  const json = tiledJsonMap(assetId, pngName(assetId), width, height, layout, sampleMapTileIds(layout));
  return { fileName: `${assetId}-sample.tmj`, contentType: "application/json", body: Buffer.from(`${JSON.stringify(json)}\n`, "utf8") };
}

/** The Tiled files of a tileset: the `.tsx`, the sample `.tmx` (they refer to the PNG and to each other by name), and the sample as JSON. */
export function tiledFiles(source: ExportSource & { layout: TilesetLayout }): ExportFile[] {
  return [
    tiledTileset(stemOf(source), source.width, source.height, source.layout),
    tiledSampleMap(stemOf(source), source.layout),
    tiledSampleJson(stemOf(source), source.width, source.height, source.layout),
  ];
}

/**
 * The `tiled` export. Tiled needs three files side by side (the `.tsx`, the `.tmx` that names it, the PNG both
 * name), and an export is one download, so it is a zip of the three, flat, ready to open in Tiled once unpacked.
 */
export function tiledBundle(source: ExportSource & { layout: TilesetLayout }): ExportFile {
  const body = zipArchive([
    { name: pngName(stemOf(source)), data: source.png },
    ...tiledFiles(source).map((file) => ({ name: file.fileName, data: file.body })),
  ]);
  return { fileName: `${stemOf(source)}.tiled.zip`, contentType: "application/zip", body };
}
