import { AppError } from "../../contract/errors.js";
import { EXPORT_FORMATS, type ExportFile, type ExportFormat, type ExportLayout, exportFormatsFor } from "./formats.js";
import { renderExport } from "./render.js";

/** A stored asset as an export needs it. */
export interface ExportableAsset {
  id: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  layout: unknown;
}

/**
 * The engine file `format` of an asset, derived from its PNG and layout (the same bytes on every
 * call, no charge); 404 listing the formats that apply when this one does not (contract section 12).
 */
export function exportAsset(asset: ExportableAsset, format: string): ExportFile {
  const layout = exportFormat(asset, format);
  return renderExport(format as ExportFormat, { assetId: asset.id, png: asset.bytes, width: asset.width, height: asset.height, layout });
}

const KIND_TEXT = { image: "one image", sheet: "a sprite sheet", tileset: "a tileset", map: "a map" } as const;

/** The asset's layout when `format` applies to it (checked before any bytes are read); else the 404. */
export function exportFormat(asset: { layout: unknown }, format: string): ExportLayout {
  const layout = (asset.layout ?? null) as ExportLayout;
  const formats = exportFormatsFor(layout);
  if (!(formats as readonly string[]).includes(format)) {
    const known = (EXPORT_FORMATS as readonly string[]).includes(format);
    throw new AppError(
      "not_found",
      `${known ? `The ${format} export does not apply to ${KIND_TEXT[layout?.kind ?? "image"]}` : `No export format "${format}"`}; this asset has: ${formats.join(", ")}.`,
      { details: { formats } },
    );
  }
  return layout;
}
