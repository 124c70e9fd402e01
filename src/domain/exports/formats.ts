import type { SheetLayout } from "../../agents/driver.js";

// Placeholder until the export writers land: the formats that apply to an asset.
export const EXPORT_FORMATS = ["aseprite", "texturepacker", "godot", "tiled", "zip"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export function exportFormatsFor(layout: SheetLayout | null): ExportFormat[] {
  return layout ? ["aseprite", "texturepacker", "godot", "zip"] : ["texturepacker", "zip"];
}
export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}
export function renderExport(_format: ExportFormat, _source: { assetId: string; png: Uint8Array; width: number; height: number; layout: SheetLayout | null }): ExportFile {
  throw new Error("not yet");
}
