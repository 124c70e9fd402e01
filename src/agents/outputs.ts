/**
 * What a generation can make besides one picture (contract section 12): sprite sheets and
 * tilesets, their layouts, and the quality report measured on every asset.
 */

/** The animations a sheet can hold, in the order their rows come (contract section 12). */
export const ANIMATIONS = ["idle", "walk", "run", "jump", "attack", "cast", "hurt", "death"] as const;
export type Animation = (typeof ANIMATIONS)[number];

/** Compass names seen from the camera: `south` faces the viewer. 1 direction is south; 4 add east, north, west; 8 the diagonals. */
export const DIRECTIONS = ["south", "east", "north", "west", "south-east", "north-east", "north-west", "south-west"] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** The directions a sheet of 1, 4 or 8 directions draws, in row order. */
export function directionsOf(count: 1 | 4 | 8): Direction[] {
  return DIRECTIONS.slice(0, count) as Direction[];
}

/** True for a tileset terrain that names one of the caller's assets (contract section 14) rather than a surface. */
export const isAssetRef = (terrain: string): boolean => /^ast_[A-Za-z0-9]{6,40}$/.test(terrain);

export interface SheetRequest {
  /** 1–8 animations, each at most once; rows follow this order. */
  animations: Animation[];
  directions: 1 | 4 | 8;
  /** Frames per second, 1–30. */
  fps: number;
}

/** One row of a sheet: one animation seen from one direction. */
export interface SheetRow {
  name: Animation;
  direction: Direction;
  row: number;
  frames: number;
  fps: number;
  loop: boolean;
}

/** What is where in a sheet's PNG: cell (column c, row r) is at (c × frameWidth, r × frameHeight). */
export interface SheetLayout {
  kind: "sheet";
  frameWidth: number;
  frameHeight: number;
  columns: number;
  rows: number;
  animations: SheetRow[];
}

/** Measured on the pixels of the sheet (contract section 12's `quality`). */
export interface SheetQuality {
  /** Distinct opaque colours in the whole PNG. */
  colors: number;
  /** Share of pixels with alpha > 0 that are one of the asked palette's colours (1.0 with no palette). */
  paletteCompliance: number;
  /** The largest spread of the feet's row (lowest opaque row) across the frames of one row, `death` and `jump` excepted. */
  baselineJitterPx: number;
  /** The largest spread of the silhouette's height across the frames of one row, `attack`, `cast`, `jump` and `death` excepted. */
  bboxHeightRangePx: number;
}

/** Autotile layouts (contract section 12). */
export const TILESET_LAYOUTS = ["wang-corner-16", "wang-edge-16", "blob-47"] as const;
export type TilesetLayoutName = (typeof TILESET_LAYOUTS)[number];

export interface TilesetRequest {
  layout: TilesetLayoutName;
  /**
   * 1–2 terrain texts. `terrains[0]` is the foreground (the terrain a tile's bits mark, drawn over
   * the other: grass over dirt), `terrains[1]` the background; with one terrain the background is
   * transparency (a platform).
   */
  terrains: string[];
}

/** A terrain of a tile's corner, edge or body: its index in `terrains`, or null for transparency (one-terrain sets). */
export type TerrainRef = number | null;

/** One tile of a tileset: where it is in the PNG (pixels) and which terrain each corner, edge or neighbour has. */
export interface TileEntry {
  index: number;
  x: number;
  y: number;
  /** wang-corner-16 */
  corners?: { nw: TerrainRef; ne: TerrainRef; se: TerrainRef; sw: TerrainRef };
  /** wang-edge-16 */
  edges?: { n: TerrainRef; e: TerrainRef; s: TerrainRef; w: TerrainRef };
  /** blob-47: the neighbours of the same terrain as the tile's (N=1, NE=2, E=4, SE=8, S=16, SW=32, W=64, NW=128; a corner only with both its edges). */
  mask?: number;
  /** blob-47: the tile's own terrain (0, the foreground, for the 47; the background's plain fill tile is terrain 1 with mask 255). */
  terrain?: TerrainRef;
}

export interface TilesetLayout {
  kind: "tileset";
  layout: TilesetLayoutName;
  tileWidth: number;
  tileHeight: number;
  columns: number;
  rows: number;
  terrains: string[];
  tiles: TileEntry[];
}

/**
 * A map (POST /api/v1/assets/:id/map): a tileset's tiles placed on a grid. Its asset's PNG is the tileset's;
 * `cells` holds each cell's tile index row by row (-1 for an empty cell).
 */
export interface MapLayout {
  kind: "map";
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  /** The tileset asset the map is painted with. */
  tilesetAsset: string;
  cells: number[];
  tileset: TilesetLayout;
}

/** Measured on the pixels of a tileset. */
export interface TilesetQuality {
  colors: number;
  paletteCompliance: number;
  /** Mean colour change across tile edges ÷ mean change between neighbouring pixels inside tiles, on a random map painted by the layout's rule (1.0 = no visible seam; higher = a seam shows). */
  seamScore: number;
}

/** An asset's quality report: the figures of every image, and those of a sheet or a tileset. */
export type AssetQualityReport = Partial<SheetQuality & TilesetQuality> & {
  colors: number;
  paletteCompliance: number;
  alphaCoverage?: number;
  bbox?: { x: number; y: number; width: number; height: number } | null;
  edgeContrast?: number;
  tileabilityScore?: number;
};
