import type { TilesetLayout } from "../../agents/index.js";
import { type ExportFile, type ExportLayout, godotPath, pngName, sheetTracks } from "./formats.js";
import { plainText } from "./text.js";

/** README.txt for the zip: each file in it and how to load it. `files` are the exports beside the PNG. */
export function readmeText(assetId: string, width: number, height: number, layout: ExportLayout, files: ExportFile[], godotDir?: string): string {
  const png = pngName(assetId);
  const lines: string[] = [`${assetId}`, "", "Files", "", `${png}`, `  The image, ${width}x${height} pixels.`];
  if (layout?.kind === "tileset") {
    lines.push(...tilesetLines(layout));
  } else if (layout?.kind === "sheet") {
    lines.push(
      `  A sprite sheet of ${layout.columns}x${layout.rows} cells of ${layout.frameWidth}x${layout.frameHeight} pixels;`,
      "  cell (column c, row r) starts at (c * frame width, r * frame height). Rows, from row 0:",
    );
    for (const track of sheetTracks(layout)) {
      lines.push(
        `    row ${track.row.row}: ${track.tag}, ${track.cells.length} frame${track.cells.length === 1 ? "" : "s"} at ${track.row.fps} fps, ${track.row.loop ? "looping" : "played once"}`,
      );
    }
  }
  for (const file of files) {
    lines.push("", file.fileName, ...describe(file.fileName, assetId, png, layout, godotDir));
  }
  lines.push("", "README.txt", "  This file.");
  return `${lines.join("\n")}\n`;
}

const LAYOUT_TEXT: Record<TilesetLayout["layout"], string> = {
  "wang-corner-16": "a 16-tile corner set (each tile's four corners are foreground or background; index = NE*1 + SE*2 + SW*4 + NW*8)",
  "wang-edge-16": "a 16-tile edge set (each tile's four sides are foreground or background; index = N*1 + E*2 + S*4 + W*8)",
  "blob-47": "a 47-tile blob set (one tile per neighbour mask N=1, NE=2, E=4, SE=8, S=16, SW=32, W=64, NW=128, a corner only with both its sides)",
};

function tilesetLines(layout: TilesetLayout): string[] {
  const [foreground, background = "transparency"] = layout.terrains.map(plainText);
  return [
    `  A tileset of ${layout.columns}x${layout.rows} cells of ${layout.tileWidth}x${layout.tileHeight} pixels: ${LAYOUT_TEXT[layout.layout]},`,
    `  ${foreground} (the foreground) against ${background}. Tile i is at column i % ${layout.columns}, row floor(i / ${layout.columns}).`,
    ...(layout.layout === "blob-47" && layout.terrains.length > 1 ? [`  Tile 47 is plain ${background}, the background's fill tile.`] : []),
  ];
}

function describe(fileName: string, assetId: string, png: string, layout: ExportLayout, godotDir?: string): string[] {
  if (fileName.endsWith(".aseprite.json")) {
    return [
      "  Aseprite sprite-sheet JSON (json-array): a frame per cell and a frame tag per animation row.",
      `  Phaser 3: this.load.aseprite("${assetId}", "${png}", "${fileName}"); then this.anims.createFromAseprite("${assetId}").`,
      '  Those animations play once; sprite.play({ key: "walk_south", repeat: -1 }) loops one.',
      "  Also read by Pixi and Defold's Aseprite importers, and by most engines' Aseprite JSON loaders.",
    ];
  }
  if (fileName.endsWith(".atlas.json")) {
    return [
      `  TexturePacker JSON hash: ${layout === null ? "the whole image as one frame" : layout.kind === "tileset" ? "a frame per tile, named tile_<index>" : "a frame per cell, named <animation>_<direction>_<i>, with an animations list per row"}.`,
      `  Phaser 3: this.load.atlas("${assetId}", "${png}", "${fileName}").`,
      `  Pixi: Assets.load("${fileName}") with ${png} beside it.`,
      ...(layout === null
        ? ["  Unity: import the PNG as a Sprite (Single), or this file with a TexturePacker JSON importer."]
        : [
            "  Unity: import this file with a TexturePacker JSON importer, or set the PNG's Sprite Mode to Multiple",
            `  and slice it in the Sprite Editor by cell size ${layout.kind === "sheet" ? `${layout.frameWidth}x${layout.frameHeight}` : `${layout.tileWidth}x${layout.tileHeight}`} (Grid By Cell Size).`,
          ]),
    ];
  }
  if (fileName.endsWith(".tres") && layout?.kind === "tileset") {
    return [
      `  Godot 4 TileSet resource: the PNG as an atlas source with one terrain set (${layout.layout === "blob-47" ? "match corners and sides" : layout.layout === "wang-corner-16" ? "match corners" : "match sides"})`,
      "  and each tile's terrain and peering bits, so the TileMap editor's terrain painting autotiles with it.",
      `  It refers to ${godotPath(png, godotDir)}: put ${png} and this file in ${godotPath("", godotDir)} (the export's ?godotDir= picks the folder),`,
      "  or edit the path line at the top of the .tres to match. Then give it to a TileMapLayer's Tile Set.",
    ];
  }
  if (fileName.endsWith(".tsx")) {
    return [
      "  Tiled tileset (1.8 format) with a Wang set for Tiled's terrain brush; it refers to the PNG beside it.",
      "  Open it in Tiled, or add it to a map with Map > Add External Tileset.",
    ];
  }
  if (fileName.endsWith("-sample.tmx")) {
    return [`  A sample Tiled map of 24x16 tiles painted with the tileset; it refers to ${assetId}.tsx and the PNG beside it.`];
  }
  if (fileName.endsWith(".tres")) {
    return [
      "  Godot 4 SpriteFrames resource: an animation per <animation>_<direction> row, at the row's fps.",
      `  It refers to ${godotPath(png, godotDir)}: put ${png} and this file in ${godotPath("", godotDir)} (the export's ?godotDir= picks the folder),`,
      "  or edit the path line at the top of the .tres to match. Then give it to an AnimatedSprite2D's Sprite Frames.",
    ];
  }
  return [];
}
