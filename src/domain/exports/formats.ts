import type { SheetLayout, SheetRow } from "../../agents/driver.js";

/** Every engine file an asset can be exported as (contract section 12); which ones apply depends on its layout. */
export const EXPORT_FORMATS = ["aseprite", "texturepacker", "godot", "tiled", "zip"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A stored asset as the writers see it. `layout` is null for a plain image. */
export interface ExportSource {
  assetId: string;
  png: Uint8Array;
  width: number;
  height: number;
  layout: SheetLayout | null;
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** The formats that apply to an asset with this layout, in EXPORT_FORMATS order. */
export function exportFormatsFor(layout: SheetLayout | null): ExportFormat[] {
  if (layout === null) return ["texturepacker", "zip"];
  switch (layout.kind) {
    case "sheet":
      return ["aseprite", "texturepacker", "godot", "zip"];
    // Tilesets go here once their layout type exists: ["texturepacker", "godot", "tiled", "zip"].
    default:
      return unknownLayout(layout.kind);
  }
}

function unknownLayout(kind: never): never {
  throw new Error(`no exports for layout kind ${String(kind)}`);
}

/** The name the PNG has inside every export (meta.image, res://…) and in the zip. */
export function pngName(assetId: string): string {
  return `${assetId}.png`;
}

/** One used cell of a sheet, in the order every writer lists them. */
export interface SheetCell {
  /** `<animation>_<direction>_<i>` */
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One animation row with the index of its first cell in the flat list of used cells. */
export interface SheetTrack {
  /** `<animation>_<direction>` */
  tag: string;
  row: SheetRow;
  first: number;
  cells: SheetCell[];
}

/** The used cells of a sheet, row by row (by `row`), column by column from column 0. */
export function sheetTracks(layout: SheetLayout): SheetTrack[] {
  const rows = [...layout.animations].sort((a, b) => a.row - b.row);
  const tracks: SheetTrack[] = [];
  let first = 0;
  for (const row of rows) {
    const tag = `${row.name}_${row.direction}`;
    const cells: SheetCell[] = [];
    for (let c = 0; c < row.frames; c++) {
      cells.push({ name: `${tag}_${c}`, x: c * layout.frameWidth, y: row.row * layout.frameHeight, w: layout.frameWidth, h: layout.frameHeight });
    }
    tracks.push({ tag, row, first, cells });
    first += cells.length;
  }
  return tracks;
}

/**
 * JSON as every JSON export writes it: two-space indent, an object of plain values (a rectangle, a size) on one
 * line, a final newline. A JSON string holds no raw newline, so only the indentation is folded.
 */
export function jsonBody(value: unknown): Buffer {
  const text = JSON.stringify(value, null, 2).replace(/\{\n[^{}[\]]*?\n\s*\}/g, (flat) => flat.replace(/\n\s*/g, " "));
  return Buffer.from(`${text}\n`, "utf8");
}
