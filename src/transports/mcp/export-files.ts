import type { GenerationView } from "../../contract/schemas/generation.js";
import { exportUri } from "./uris.js";

type ExportFiles = Record<string, { suffix: string; mimeType: string; use: string }>;

/** The engine files of a sheet (contract section 12), as the tools name them. */
export const sheetExportFiles: ExportFiles = {
  aseprite: {
    suffix: ".aseprite.json",
    mimeType: "application/json",
    use: "Aseprite JSON with a frame tag per row (Phaser load.aseprite + anims.createFromAseprite, Pixi, Defold)",
  },
  texturepacker: {
    suffix: ".atlas.json",
    mimeType: "application/json",
    use: "TexturePacker JSON hash, frames <animation>_<direction>_<i> (Phaser load.atlas, Pixi, Unity importers)",
  },
  godot: { suffix: ".tres", mimeType: "text/plain", use: "Godot 4 SpriteFrames, one animation per row (AnimatedSprite2D)" },
  zip: { suffix: ".zip", mimeType: "application/zip", use: "the PNG, every export above and a README" },
};

/** The engine files of a tileset. */
export const tilesetExportFiles: ExportFiles = {
  texturepacker: {
    suffix: ".atlas.json",
    mimeType: "application/json",
    use: "TexturePacker JSON hash, one frame per tile named tile_<index> (Phaser load.atlas, Pixi, Unity importers)",
  },
  godot: {
    suffix: ".tres",
    mimeType: "text/plain",
    use: "Godot 4 TileSet with one terrain set and each tile's peering bits: give it to a TileMapLayer and paint with the terrain",
  },
  tiled: {
    suffix: ".tiled.zip",
    mimeType: "application/zip",
    use: "Tiled: the .tsx with a Wang set for the terrain brush, a sample .tmx map painted with it, and the PNG",
  },
  zip: { suffix: ".zip", mimeType: "application/zip", use: "the PNG, every export above and a README" },
};

/** An asset's export formats in the contract's order (a generation read back from its stored event may hold them in another). */
export function formatsOf(asset: GenerationView["assets"][number], files: ExportFiles): string[] {
  const known = Object.keys(files);
  const rank = (f: string) => (known.includes(f) ? known.indexOf(f) : known.length);
  return Object.keys(asset.exports).sort((a, b) => rank(a) - rank(b));
}

/** Resource links to an asset's exports, named `<stem><suffix>` as the downloads are (contract section 13, Names). */
export function exportLinks(assetId: string, stem: string, formats: string[], files: ExportFiles, what: string) {
  return formats.map((format) => ({
    type: "resource_link" as const,
    uri: exportUri(assetId, format),
    name: `${stem}${files[format]?.suffix ?? `.${format}`}`,
    title: `${format} export`,
    ...(files[format] ? { mimeType: files[format].mimeType } : {}),
    description: files[format]?.use ?? `The ${format} export of the ${what}.`,
  }));
}
