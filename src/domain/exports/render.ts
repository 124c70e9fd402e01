import type { TilesetLayout } from "../../agents/index.js";
import { asepriteJson } from "./aseprite.js";
import { type ExportFile, type ExportFormat, type ExportSource, exportFormatsFor, pngName, stemOf } from "./formats.js";
import { godotSpriteFrames } from "./godot.js";
import { godotTileSet } from "./godot-tileset.js";
import { renderMapExport } from "./map-exports.js";
import { readmeText } from "./readme.js";
import { texturePackerJson } from "./texturepacker.js";
import { tiledBundle, tiledFiles } from "./tiled.js";
import { zipArchive } from "./zip.js";

type TilesetSource = ExportSource & { layout: TilesetLayout };

function isTileset(source: ExportSource): source is TilesetSource {
  return source.layout?.kind === "tileset";
}

/**
 * The engine file `format` of an asset, byte-for-byte the same on every call for the same source.
 * The caller checks exportFormatsFor first: a format that does not apply throws.
 */
export function renderExport(format: ExportFormat, source: ExportSource): ExportFile {
  if (!exportFormatsFor(source.layout).includes(format)) {
    throw new Error(`the ${format} export does not apply to ${source.layout === null ? "an image" : `a ${source.layout.kind}`}`);
  }
  const { width, height, layout } = source;
  const stem = stemOf(source);
  if (layout?.kind === "map") return renderMapExport(format as "tiled-json" | "tiled" | "godot" | "zip", { ...source, layout });
  switch (format) {
    case "aseprite":
      if (layout?.kind !== "sheet") throw new Error("the aseprite export is for sheets");
      return asepriteJson(stem, width, height, layout);
    case "texturepacker":
      return texturePackerJson(stem, width, height, layout);
    case "godot":
      if (layout === null) throw new Error("the godot export is for sheets and tilesets");
      return layout.kind === "sheet" ? godotSpriteFrames(stem, layout, source.godotDir) : godotTileSet(stem, layout, source.godotDir);
    case "tiled":
      if (!isTileset(source)) throw new Error("the tiled export is for tilesets");
      return tiledBundle(source);
    case "tiled-json":
      throw new Error("the tiled-json export is for maps");
    case "zip":
      return bundle(source);
  }
}

/**
 * The zip: the PNG, every other export that applies, and README.txt. A tileset's Tiled files go in as they are
 * (the `.tsx` and the sample `.tmx` beside the PNG), not as the `tiled` export's own zip.
 */
function bundle(source: ExportSource): ExportFile {
  const files = exportFormatsFor(source.layout)
    .filter((format) => format !== "zip")
    .flatMap((format) => (format === "tiled" && isTileset(source) ? tiledFiles(source) : [renderExport(format, source)]));
  const readme = readmeText(stemOf(source), source.width, source.height, source.layout, files, source.godotDir);
  const body = zipArchive([
    { name: pngName(stemOf(source)), data: source.png },
    ...files.map((file) => ({ name: file.fileName, data: file.body })),
    { name: "README.txt", data: Buffer.from(readme, "utf8") },
  ]);
  return { fileName: `${stemOf(source)}.zip`, contentType: "application/zip", body };
}
