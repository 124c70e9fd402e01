/**
 * Small pictures of an asset for a model to look at (the MCP tools' answers): a thumbnail of an
 * image, the top-left corner of a sheet, a tileset's sheet and a sample map painted with it. Image
 * work, so it lives here, below the transports; they reach it through the services (or, for the
 * stdio client, what its process wires).
 */
import type { TilesetLayout } from "./driver.js";
import { renderMap } from "./procedural/index.js";
import { paintRandomMap } from "./tileset-map.js";

/** The longest edge of an inline preview, in pixels. */
export const thumbnailEdge = 128;
/** Past this many bytes a preview is redone smaller: tool output limits (~25k tokens) count base64 too. */
const maxThumbnailBytes = 24_000;

export interface Thumbnail {
  png: Buffer;
  width: number;
  height: number;
}

/**
 * A small PNG preview of an asset for a model to look at: at most 128×128 (aspect kept). Larger
 * images are shrunk; small pixel art is enlarged by a whole factor with nearest-neighbour
 * sampling so it stays crisp. Palette-encoded to stay a few kilobytes. sharp is loaded on the first
 * preview (a service that never serves one never loads it).
 */
export async function thumbnail(bytes: Uint8Array, edge = thumbnailEdge): Promise<Thumbnail> {
  const { default: sharp } = await import("sharp");
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  if (width <= 0 || height <= 0) throw new Error("not an image");
  let scale = edge / Math.max(width, height);
  if (scale >= 1) scale = Math.floor(scale);
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const png = await sharp(bytes)
    .resize(w, h, { fit: "fill", kernel: scale >= 1 ? "nearest" : "lanczos3" })
    .png({ palette: true, colours: 256, compressionLevel: 9, effort: 10 })
    .toBuffer();
  if (png.byteLength > maxThumbnailBytes && edge > 64) return thumbnail(bytes, edge - 32);
  return { png, width: w, height: h };
}

/** The box a sheet's preview fits in, and the size one frame is shown at (about). */
export const sheetPreviewEdge = 256;
const sheetPreviewCell = 64;

export interface SheetPreview extends Thumbnail {
  /** Rows shown (from row 0) and frames of each (from column 0). */
  rows: number;
  columns: number;
  /** Shown size of one frame over its own size: a whole number above 1, 1 / a whole number below. */
  scale: number;
}

/**
 * A preview of a sheet's top-left corner: its first rows (the first animation, one row per
 * direction) and their first frames, as many as fit in 256×256 with each frame shown at about
 * 64 px. Frames are scaled by a whole factor, up or down, with nearest-neighbour sampling, so
 * pixel art stays crisp and every frame keeps its edges (a whole sheet shrunk to 128 px would not).
 */
export async function sheetPreview(
  bytes: Uint8Array,
  layout: { frameWidth: number; frameHeight: number; rows: number; animations: { name: string; row: number; frames: number }[] },
  cell = sheetPreviewCell,
): Promise<SheetPreview> {
  const { default: sharp } = await import("sharp");
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const frame = Math.max(layout.frameWidth, layout.frameHeight);
  if (width <= 0 || height <= 0 || frame <= 0) throw new Error("not an image");
  const scale = frame <= cell ? Math.max(1, Math.floor(cell / frame)) : 1 / Math.ceil(frame / cell);
  const shownW = Math.max(1, Math.round(layout.frameWidth * scale));
  const shownH = Math.max(1, Math.round(layout.frameHeight * scale));
  const firstAnimation = layout.animations.find((a) => a.row === 0)?.name;
  const directions = layout.animations.filter((a) => a.name === firstAnimation).length;
  const rows = Math.max(1, Math.min(directions || 1, layout.rows, Math.floor(sheetPreviewEdge / shownH)));
  const widest = Math.max(1, ...layout.animations.filter((a) => a.row < rows).map((a) => a.frames));
  const columns = Math.max(1, Math.min(widest, Math.floor(sheetPreviewEdge / shownW)));
  const cropW = Math.min(width, columns * layout.frameWidth);
  const cropH = Math.min(height, rows * layout.frameHeight);
  const w = Math.max(1, Math.round(cropW * scale));
  const h = Math.max(1, Math.round(cropH * scale));
  const png = await sharp(bytes)
    .extract({ left: 0, top: 0, width: cropW, height: cropH })
    .resize(w, h, { fit: "fill", kernel: "nearest" })
    .png({ palette: true, colours: 256, compressionLevel: 9, effort: 10 })
    .toBuffer();
  if (png.byteLength > maxThumbnailBytes && cell > 16) return sheetPreview(bytes, layout, cell / 2);
  return { png, width: w, height: h, rows, columns, scale };
}

/** The box each of a tileset's previews fits in. */
export const tilesetPreviewEdge = 256;
/** The sample map a tileset's answer shows, in tiles, and the seed it is painted with. */
export const sampleMap = { columns: 8, rows: 6, seed: 1 } as const;

export interface TilesetPreview {
  /** The whole tile sheet. */
  sheet: Thumbnail & { scale: number };
  /** A small map painted with the tiles by the layout's own rule (absent if it could not be drawn). */
  map?: Thumbnail & { scale: number };
}

/**
 * A tileset's previews: the tile sheet, and a sampleMap painted with it as an engine's autotiler
 * would (paintRandomMap, then each cell's tile copied from the sheet), each within 256×256 and
 * scaled by a whole factor up or down with nearest-neighbour sampling, so every tile keeps its
 * edges and a seam shows as it would in a game.
 */
export async function tilesetPreview(bytes: Uint8Array, layout: TilesetLayout, edge = tilesetPreviewEdge): Promise<TilesetPreview> {
  const { default: sharp } = await import("sharp");
  const { tileWidth: tw, tileHeight: th } = layout;
  const width = layout.columns * tw;
  const height = layout.rows * th;
  const { width: pngWidth, height: pngHeight } = await sharp(bytes).metadata();
  if (pngWidth !== width || pngHeight !== height) throw new Error("the PNG is not the layout's size");
  const sheet = await crisp(bytes, width, height, edge, false);
  // The map is drawn from the sheet already shrunk by the whole factor it is shown at (one that
  // divides the tile, so tiles stay whole): a blob-47 set of 512 px tiles is 50 MB of pixels.
  let shrink = Math.max(1, Math.ceil(Math.max(sampleMap.columns * tw, sampleMap.rows * th) / edge));
  while (shrink > 1 && (tw % shrink !== 0 || th % shrink !== 0)) shrink--;
  const small = await sharp(bytes)
    .resize(width / shrink, height / shrink, { fit: "fill", kernel: "nearest" })
    .ensureAlpha()
    .raw()
    .toBuffer();
  const smallLayout: TilesetLayout = {
    ...layout,
    tileWidth: tw / shrink,
    tileHeight: th / shrink,
    tiles: layout.tiles.map((tile) => ({ ...tile, x: tile.x / shrink, y: tile.y / shrink })),
  };
  const painted = renderMap(
    new Uint8Array(small.buffer, small.byteOffset, small.byteLength),
    smallLayout,
    paintRandomMap(layout, sampleMap.columns, sampleMap.rows, sampleMap.seed),
  );
  const map = await crisp(painted.rgba, painted.width, painted.height, edge, true)
    .then((shown) => ({ ...shown, scale: shown.scale / shrink }))
    .catch(() => undefined);
  return { sheet, ...(map ? { map } : {}) };
}

/**
 * A PNG (or raw RGBA) as a palette PNG within edge × edge, scaled by a whole factor (or 1 / a whole
 * factor) with nearest-neighbour sampling, redone smaller past the byte bound.
 */
async function crisp(input: Uint8Array, width: number, height: number, edge: number, raw: boolean): Promise<Thumbnail & { scale: number }> {
  const { default: sharp } = await import("sharp");
  const longest = Math.max(width, height);
  const scale = longest <= edge ? Math.max(1, Math.floor(edge / longest)) : 1 / Math.ceil(longest / edge);
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const png = await sharp(input, raw ? { raw: { width, height, channels: 4 } } : {})
    .resize(w, h, { fit: "fill", kernel: "nearest" })
    .png({ palette: true, colours: 256, compressionLevel: 9, effort: 10 })
    .toBuffer();
  if (png.byteLength > maxThumbnailBytes && edge > 64) return crisp(input, width, height, edge / 2, raw);
  return { png, width: w, height: h, scale };
}

/** The previews as one service (services.ts hands it to the MCP tools; so does mcp.ts for the stdio client). */
export interface AssetPreviews {
  thumbnail(bytes: Uint8Array): Promise<Thumbnail>;
  sheetPreview(bytes: Uint8Array, layout: Parameters<typeof sheetPreview>[1]): Promise<SheetPreview>;
  tilesetPreview(bytes: Uint8Array, layout: TilesetLayout): Promise<TilesetPreview>;
}

export const assetPreviews: AssetPreviews = {
  thumbnail: (bytes) => thumbnail(bytes),
  sheetPreview: (bytes, layout) => sheetPreview(bytes, layout),
  tilesetPreview: (bytes, layout) => tilesetPreview(bytes, layout),
};
