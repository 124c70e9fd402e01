/**
 * The engine files of a map (contract section 13): Tiled JSON with the tileset embedded (what Phaser's
 * `load.tilemapTiledJSON` reads), Tiled's `.tmx` + `.tsx`, and a Godot 4 scene whose TileMapLayer uses the
 * tileset's TileSet. The map asset's PNG is its tileset's; its layout says which tile each cell shows.
 */
import type { MapLayout } from "../../agents/index.js";
import { type ExportFile, godotPath, pngName, stemOf, tileCell } from "./formats.js";
import { godotTileSet } from "./godot-tileset.js";
import { godotString } from "./text.js";
import { tiledJsonMap, tiledMapXml, tiledTileset, tileIdOf } from "./tiled.js";
import { zipArchive } from "./zip.js";

export interface MapSource {
  assetId: string;
  /** The files' stem (the asset's id when absent) and Godot's folder (the top of `res://` when absent). */
  name?: string;
  godotDir?: string;
  png: Uint8Array;
  /** The tileset image's size (the map asset's PNG). */
  width: number;
  height: number;
  layout: MapLayout;
}

/** The map's Tiled tile ids, row by row (-1 for an empty cell). */
export function mapTileIds(layout: MapLayout): number[][] {
  const byIndex = new Map(layout.tileset.tiles.map((tile) => [tile.index, tileIdOf(layout.tileset, tile)]));
  return Array.from({ length: layout.rows }, (_, j) =>
    Array.from({ length: layout.columns }, (_, i) => {
      const index = layout.cells[j * layout.columns + i] ?? -1;
      return index < 0 ? -1 : (byIndex.get(index) ?? -1);
    }),
  );
}

/** `tiled-json`: a Tiled JSON map (`.tmj`) with the tileset embedded at firstgid 1, its image the PNG beside it. */
export function mapTiledJson(source: MapSource): ExportFile {
  const json = tiledJsonMap(stemOf(source), pngName(stemOf(source)), source.width, source.height, source.layout.tileset, mapTileIds(source.layout));
  return { fileName: `${stemOf(source)}.tmj`, contentType: "application/json", body: Buffer.from(`${JSON.stringify(json)}\n`, "utf8") };
}

/** The `.tmx` (naming the `.tsx` beside it) and the `.tsx` (naming the PNG). */
export function mapTiledFiles(source: MapSource): ExportFile[] {
  const tsx = tiledTileset(stemOf(source), source.width, source.height, source.layout.tileset);
  const tmx = tiledMapXml(tsx.fileName, source.layout.tileset, mapTileIds(source.layout));
  return [{ fileName: `${stemOf(source)}.tmx`, contentType: "application/xml", body: tmx }, tsx];
}

/**
 * A Godot 4 scene (`.tscn`, format=3) of one TileMapLayer (Godot 4.3+) using the TileSet `res://<asset>.tres`.
 * `tile_map_data` is TileMapLayer's packed cells: a uint16 format (0), then per cell, little-endian, int16 x,
 * int16 y, uint16 source id (0: the TileSet's one atlas source), uint16 atlas column, uint16 atlas row, uint16
 * alternative (0). Empty cells are left out.
 */
export function mapGodotScene(source: MapSource): ExportFile {
  const { layout } = source;
  const cellOf = new Map(layout.tileset.tiles.map((tile) => [tile.index, tileCell(layout.tileset, tile)]));
  const placed: [number, number, { column: number; row: number }][] = [];
  for (let j = 0; j < layout.rows; j++) {
    for (let i = 0; i < layout.columns; i++) {
      const cell = cellOf.get(layout.cells[j * layout.columns + i] ?? -1);
      if (cell) placed.push([i, j, cell]);
    }
  }
  const data = Buffer.alloc(2 + placed.length * 12);
  data.writeUInt16LE(0, 0);
  placed.forEach(([x, y, cell], k) => {
    const at = 2 + k * 12;
    data.writeInt16LE(x, at);
    data.writeInt16LE(y, at + 2);
    data.writeUInt16LE(0, at + 4);
    data.writeUInt16LE(cell.column, at + 6);
    data.writeUInt16LE(cell.row, at + 8);
    data.writeUInt16LE(0, at + 10);
  });
  const lines = [
    "[gd_scene load_steps=2 format=3]",
    "",
    `[ext_resource type="TileSet" path=${godotString(godotPath(`${stemOf(source)}.tres`, source.godotDir))} id="1_tileset"]`,
    "",
    `[node name=${godotString(stemOf(source))} type="TileMapLayer"]`,
    `tile_map_data = PackedByteArray(${[...data].join(", ")})`,
    `tile_set = ExtResource("1_tileset")`,
  ];
  return { fileName: `${stemOf(source)}.tscn`, contentType: "text/plain; charset=utf-8", body: Buffer.from(`${lines.join("\n")}\n`, "utf8") };
}

/** The Godot files: the scene, the TileSet it uses, and the PNG the TileSet names, all at the top of `res://`. */
function godotFiles(source: MapSource): ExportFile[] {
  return [mapGodotScene(source), godotTileSet(stemOf(source), source.layout.tileset, source.godotDir)];
}

const pngFile = (source: MapSource) => ({ name: pngName(stemOf(source)), data: source.png });

/** The map's export `format` (tiled-json, tiled, godot, zip). */
export function renderMapExport(format: "tiled-json" | "tiled" | "godot" | "zip", source: MapSource): ExportFile {
  const zip = (fileName: string, files: ExportFile[], extra: { name: string; data: Uint8Array }[] = []): ExportFile => ({
    fileName,
    contentType: "application/zip",
    body: zipArchive([pngFile(source), ...files.map((f) => ({ name: f.fileName, data: f.body })), ...extra]),
  });
  switch (format) {
    case "tiled-json":
      return mapTiledJson(source);
    case "tiled":
      return zip(`${stemOf(source)}.tiled.zip`, mapTiledFiles(source));
    case "godot":
      return zip(`${stemOf(source)}.godot.zip`, godotFiles(source));
    case "zip":
      return zip(
        `${stemOf(source)}.zip`,
        [mapTiledJson(source), ...mapTiledFiles(source), ...godotFiles(source)],
        [{ name: "README.txt", data: Buffer.from(mapReadme(source), "utf8") }],
      );
  }
}

function mapReadme(source: MapSource): string {
  const id = stemOf(source);
  const { columns, rows, tileWidth, tileHeight } = source.layout;
  return [
    `${id}: a map of ${columns}x${rows} tiles of ${tileWidth}x${tileHeight} pixels, painted with the tileset ${source.layout.tilesetAsset}.`,
    "",
    `${pngName(id)}  the tileset's image.`,
    `${id}.tmj  Tiled JSON map, the tileset embedded. Phaser 3: this.load.tilemapTiledJSON("map", "${id}.tmj") and`,
    `  this.load.image("tiles", "${pngName(id)}"); then make.tilemap({ key: "map" }), addTilesetImage("${id}", "tiles"), createLayer(0, tileset).`,
    `${id}.tmx, ${id}.tsx  Tiled 1.8 map and tileset (with its Wang set for the terrain brush): open the .tmx in Tiled.`,
    `${id}.tscn, ${id}.tres  Godot 4.3+: a scene of one TileMapLayer using the TileSet; put them and the PNG in ${godotPath("", source.godotDir)}.`,
    "README.txt  this file.",
    "",
  ].join("\n");
}
