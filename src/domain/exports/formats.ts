import { BLOB_BITS, type MapLayout, type SheetLayout, type SheetRow, type TerrainRef, type TileEntry, type TilesetLayout } from "../../agents/index.js";

/** Every engine file an asset can be exported as (contract section 12); which ones apply depends on its layout. */
export const EXPORT_FORMATS = ["aseprite", "texturepacker", "godot", "tiled", "tiled-json", "zip"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What is where in an asset's PNG: a sheet's cells, a tileset's tiles, a map's cells, or null for one plain image. */
export type ExportLayout = SheetLayout | TilesetLayout | MapLayout | null;

/** A stored asset as the writers see it. `layout` is null for a plain image. */
export interface ExportSource {
  assetId: string;
  /** The files' stem (`<name>.png`, `<name>.tres`…): a slug of the asset's prompt or item name; the asset's id when absent. */
  name?: string;
  /** The folder Godot resources reference (`res://<godotDir>/<name>.png`); the top of `res://` when absent. */
  godotDir?: string;
  png: Uint8Array;
  width: number;
  height: number;
  layout: ExportLayout;
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** The formats that apply to an asset with this layout, in EXPORT_FORMATS order. */
export function exportFormatsFor(layout: ExportLayout): ExportFormat[] {
  if (layout === null) return ["texturepacker", "zip"];
  switch (layout.kind) {
    case "sheet":
      return ["aseprite", "texturepacker", "godot", "zip"];
    case "tileset":
      return ["texturepacker", "godot", "tiled", "zip"];
    case "map":
      return ["godot", "tiled", "tiled-json", "zip"];
    default:
      return unknownLayout(layout);
  }
}

function unknownLayout(layout: never): never {
  throw new Error(`no exports for layout kind ${String((layout as { kind?: unknown }).kind)}`);
}

/** The name the PNG has inside every export (meta.image, res://…) and in the zip. */
export function pngName(stem: string): string {
  return `${stem}.png`;
}

/** The stem of every file an export names: the source's name, else its asset id. */
export const stemOf = (source: { assetId: string; name?: string }): string => source.name ?? source.assetId;

/** A Godot resource path: `res://<dir>/<file>`, or `res://<file>` without a folder. */
export const godotPath = (file: string, dir?: string): string => `res://${dir ? `${dir}/` : ""}${file}`;

/**
 * The display colour of each terrain in the engines' editors (Godot's terrain list, Tiled's Wang colours): the
 * foreground red and the background green, Tiled's own first two Wang colours. Only the editors show them.
 */
export const TERRAIN_COLORS: readonly (readonly [number, number, number])[] = [
  [255, 0, 0],
  [0, 255, 0],
];

/** A tile's cell in the tileset's grid (column, row), from its pixel position. */
export function tileCell(layout: TilesetLayout, tile: { x: number; y: number }): { column: number; row: number } {
  return { column: tile.x / layout.tileWidth, row: tile.y / layout.tileHeight };
}

/** The eight neighbours of a tile, clockwise from the top (the order of Tiled's wangid). */
export const NEIGHBOURS = ["n", "ne", "e", "se", "s", "sw", "w", "nw"] as const;
export type Neighbour = (typeof NEIGHBOURS)[number];

/** What an autotiler matches a tile by: its own terrain and the terrain toward each neighbour its layout uses. */
export interface TileTerrains {
  /** The tile's own (centre) terrain; null for transparency. */
  centre: TerrainRef;
  /** Only the neighbours the layout matches: corners (wang-corner-16), sides (wang-edge-16) or all eight (blob-47). */
  around: Partial<Record<Neighbour, TerrainRef>>;
}

/**
 * A tile's terrains as the engines' terrain matchers see them.
 * - Corner and edge tiles: the four corners or sides as the layout has them; the centre is the terrain most of
 *   them have, the foreground on a 2–2 tie (a tile that is half foreground belongs to the foreground, as a
 *   hand-made Godot set marks it).
 * - Blob tiles: the centre is the tile's terrain; a side or corner whose bit is in the mask has the tile's terrain,
 *   every other one the other terrain (the background, or transparency in a one-terrain set). A corner bit counts
 *   only with both its sides, so the reduced mask already says which corners join.
 */
export function tileTerrains(layout: TilesetLayout, tile: TileEntry): TileTerrains {
  const background: TerrainRef = layout.terrains.length > 1 ? 1 : null;
  if (tile.corners || tile.edges) {
    const around: Partial<Record<Neighbour, TerrainRef>> = tile.corners
      ? { ne: tile.corners.ne, se: tile.corners.se, sw: tile.corners.sw, nw: tile.corners.nw }
      : { n: tile.edges!.n, e: tile.edges!.e, s: tile.edges!.s, w: tile.edges!.w };
    const values = Object.values(around);
    const foreground = values.filter((value) => value === 0).length;
    return { centre: foreground * 2 >= values.length ? 0 : background, around };
  }
  const own = tile.terrain ?? 0;
  const other = own === 0 ? background : 0;
  const mask = tile.mask ?? 0;
  const around: Partial<Record<Neighbour, TerrainRef>> = {};
  for (const neighbour of NEIGHBOURS) around[neighbour] = mask & BLOB_BITS[neighbour] ? own : other;
  return { centre: own, around };
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
