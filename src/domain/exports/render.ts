import { asepriteJson } from "./aseprite.js";
import { type ExportFile, type ExportFormat, type ExportSource, exportFormatsFor, pngName } from "./formats.js";
import { godotSpriteFrames } from "./godot.js";
import { readmeText } from "./readme.js";
import { texturePackerJson } from "./texturepacker.js";
import { zipArchive } from "./zip.js";

/**
 * The engine file `format` of an asset, byte-for-byte the same on every call for the same source.
 * The caller checks exportFormatsFor first: a format that does not apply throws.
 */
export function renderExport(format: ExportFormat, source: ExportSource): ExportFile {
  if (!exportFormatsFor(source.layout).includes(format)) {
    throw new Error(`the ${format} export does not apply to ${source.layout === null ? "an image" : `a ${source.layout.kind}`}`);
  }
  const { assetId, width, height, layout } = source;
  switch (format) {
    case "aseprite":
      return asepriteJson(assetId, width, height, layout!);
    case "texturepacker":
      return texturePackerJson(assetId, width, height, layout);
    case "godot":
      return godotSpriteFrames(assetId, layout!);
    case "zip":
      return bundle(source);
    case "tiled":
      throw new Error("the tiled export is for tilesets");
  }
}

/** The zip: the PNG, every other export that applies, and README.txt. */
function bundle(source: ExportSource): ExportFile {
  const files = exportFormatsFor(source.layout)
    .filter((format) => format !== "zip")
    .map((format) => renderExport(format, source));
  const readme = readmeText(source.assetId, source.width, source.height, source.layout, files);
  const body = zipArchive([
    { name: pngName(source.assetId), data: source.png },
    ...files.map((file) => ({ name: file.fileName, data: file.body })),
    { name: "README.txt", data: Buffer.from(readme, "utf8") },
  ]);
  return { fileName: `${source.assetId}.zip`, contentType: "application/zip", body };
}
