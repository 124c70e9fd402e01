import type { SheetLayout } from "../../agents/driver.js";
import { type ExportFile, pngName, sheetTracks } from "./formats.js";

/** README.txt for the zip: each file in it and how to load it. `files` are the exports beside the PNG. */
export function readmeText(assetId: string, width: number, height: number, layout: SheetLayout | null, files: ExportFile[]): string {
  const png = pngName(assetId);
  const lines: string[] = [`${assetId}`, "", "Files", "", `${png}`, `  The image, ${width}x${height} pixels.`];
  if (layout !== null) {
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
    lines.push("", file.fileName, ...describe(file.fileName, assetId, png, layout));
  }
  lines.push("", "README.txt", "  This file.");
  return `${lines.join("\n")}\n`;
}

function describe(fileName: string, assetId: string, png: string, layout: SheetLayout | null): string[] {
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
      `  TexturePacker JSON hash: ${layout === null ? "the whole image as one frame" : "a frame per cell, named <animation>_<direction>_<i>, with an animations list per row"}.`,
      `  Phaser 3: this.load.atlas("${assetId}", "${png}", "${fileName}").`,
      `  Pixi: Assets.load("${fileName}") with ${png} beside it.`,
      ...(layout === null
        ? ["  Unity: import the PNG as a Sprite (Single), or this file with a TexturePacker JSON importer."]
        : [
            "  Unity: import this file with a TexturePacker JSON importer, or set the PNG's Sprite Mode to Multiple",
            `  and slice it in the Sprite Editor by cell size ${layout.frameWidth}x${layout.frameHeight} (Grid By Cell Size).`,
          ]),
    ];
  }
  if (fileName.endsWith(".tres")) {
    return [
      "  Godot 4 SpriteFrames resource: an animation per <animation>_<direction> row, at the row's fps.",
      `  It refers to res://${png}: put ${png} and this file at the top of the project (res://), or, in a subfolder,`,
      "  edit the path line at the top of the .tres to match. Then give it to an AnimatedSprite2D's Sprite Frames.",
    ];
  }
  return [];
}
