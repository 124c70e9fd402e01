import type { TerrainRef, TilesetLayout } from "../../agents/index.js";
import { type ExportFile, godotPath, type Neighbour, pngName, TERRAIN_COLORS, tileCell, tileTerrains } from "./formats.js";
import { godotString } from "./text.js";

/** Godot's TileSet.TerrainMode for each layout: 0 match corners and sides, 1 match corners, 2 match sides. */
export const GODOT_TERRAIN_MODE = { "blob-47": 0, "wang-corner-16": 1, "wang-edge-16": 2 } as const;

/** Godot's name of the peering bit toward each neighbour (TileSet.CellNeighbor on a square grid). */
export const GODOT_PEERING_BIT: Record<Neighbour, string> = {
  n: "top_side",
  ne: "top_right_corner",
  e: "right_side",
  se: "bottom_right_corner",
  s: "bottom_side",
  sw: "bottom_left_corner",
  w: "left_side",
  nw: "top_left_corner",
};

// The order Godot lists a square tile's peering bits in (TileSet::CellNeighbor, clockwise from the right side).
const BIT_ORDER: Neighbour[] = ["e", "se", "s", "sw", "w", "nw", "n", "ne"];

const TEXTURE_ID = "1_tex";
const ATLAS_ID = "TileSetAtlasSource_1";

/** A colour channel as Godot writes a float: the shortest form (`1`, `0`, `0.5`). */
function channel(value: number): string {
  return String(Math.round((value / 255) * 1e6) / 1e6);
}

/**
 * A Godot 4 TileSet resource (text `.tres`, format=3) for a tileset: one TileSetAtlasSource over the PNG at
 * `res://<dir>/<name>.png`, one terrain set whose mode follows the layout (corner set → match corners, edge set →
 * match sides, blob → match corners and sides) with a terrain per entry of `terrains`, and on each tile
 * (at its atlas cell `column:row`) its terrain set, its centre terrain and a peering bit per matched neighbour.
 *
 * Transparency (the background of a one-terrain set) is Godot's "no terrain", -1. Godot stores -1 as the absence
 * of the property (TileData leaves a -1 peering bit and a -1 `terrain` out of what it saves), so this file does the
 * same: a tile's `terrain` line and its bits toward transparency are omitted, and the tile still has
 * `terrain_set = 0`. The centre terrain of a corner or edge tile is the terrain most of its corners or sides have,
 * the foreground on a tie (see tileTerrains).
 */
export function godotTileSet(assetId: string, layout: TilesetLayout, dir?: string): ExportFile {
  const mode = GODOT_TERRAIN_MODE[layout.layout];
  const atlas: string[] = [
    `[sub_resource type="TileSetAtlasSource" id="${ATLAS_ID}"]`,
    `texture = ExtResource("${TEXTURE_ID}")`,
    `texture_region_size = Vector2i(${layout.tileWidth}, ${layout.tileHeight})`,
  ];
  const set = (ref: TerrainRef | undefined): ref is number => ref !== null && ref !== undefined;
  for (const tile of layout.tiles) {
    const { column, row } = tileCell(layout, tile);
    const key = `${column}:${row}/0`;
    const { centre, around } = tileTerrains(layout, tile);
    atlas.push(`${key} = 0`, `${key}/terrain_set = 0`);
    if (set(centre)) atlas.push(`${key}/terrain = ${centre}`);
    for (const neighbour of BIT_ORDER) {
      const ref = around[neighbour];
      if (set(ref)) atlas.push(`${key}/terrains_peering_bit/${GODOT_PEERING_BIT[neighbour]} = ${ref}`);
    }
  }
  const resource: string[] = ["[resource]", `tile_size = Vector2i(${layout.tileWidth}, ${layout.tileHeight})`, `terrain_set_0/mode = ${mode}`];
  layout.terrains.forEach((name, i) => {
    const [r, g, b] = TERRAIN_COLORS[i] ?? [128, 128, 128];
    resource.push(
      `terrain_set_0/terrain_${i}/name = ${godotString(name)}`,
      `terrain_set_0/terrain_${i}/color = Color(${channel(r)}, ${channel(g)}, ${channel(b)}, 1)`,
    );
  });
  resource.push(`sources/0 = SubResource("${ATLAS_ID}")`);
  const sections = [
    `[gd_resource type="TileSet" load_steps=3 format=3]`,
    `[ext_resource type="Texture2D" path=${godotString(godotPath(pngName(assetId), dir))} id="${TEXTURE_ID}"]`,
    atlas.join("\n"),
    resource.join("\n"),
  ];
  return { fileName: `${assetId}.tres`, contentType: "text/plain; charset=utf-8", body: Buffer.from(`${sections.join("\n\n")}\n`, "utf8") };
}
