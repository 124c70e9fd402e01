/**
 * An atlas's pages from pieces of pictures: optional trim, packing (pack.ts), each frame's pixels
 * copied exactly, tiles' edges extruded. Pure: RGBA in, RGBA out.
 */
import { type PackItem, packRects } from "./pack.js";

/** An RGBA picture, 4 bytes a pixel, rows without gaps. */
export interface Rgba {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A frame to pack: the region (x, y, w, h) of `image`; `tile` frames are extruded. */
export interface AtlasPiece {
  image: Rgba;
  x: number;
  y: number;
  w: number;
  h: number;
  tile?: boolean;
}

export interface AtlasOptions {
  maxSize: number;
  padding: number;
  extrude: number;
  trim: boolean;
  powerOfTwo: boolean;
}

export const DEFAULT_ATLAS_OPTIONS: AtlasOptions = { maxSize: 2048, padding: 2, extrude: 1, trim: false, powerOfTwo: true };

/** Where a piece went, in TexturePacker's words: `frame` on the page, `spriteSourceSize` within `sourceSize`. */
export interface AtlasFrame {
  page: number;
  frame: { x: number; y: number; w: number; h: number };
  trimmed: boolean;
  spriteSourceSize: { x: number; y: number; w: number; h: number };
  sourceSize: { w: number; h: number };
}

export interface AtlasPages {
  pages: Rgba[];
  frames: AtlasFrame[];
}

/** The smallest region of `piece` that holds all its non-transparent pixels (1×1 at its corner when there are none). */
export function trimRegion(piece: AtlasPiece): { x: number; y: number; w: number; h: number } {
  const { image, x, y, w, h } = piece;
  let left = w;
  let right = -1;
  let top = h;
  let bottom = -1;
  for (let row = 0; row < h; row++) {
    let at = ((y + row) * image.width + x) * 4 + 3;
    for (let col = 0; col < w; col++, at += 4) {
      if (image.data[at] === 0) continue;
      if (col < left) left = col;
      if (col > right) right = col;
      if (row < top) top = row;
      if (row > bottom) bottom = row;
    }
  }
  if (right < 0) return { x: 0, y: 0, w: 1, h: 1 };
  return { x: left, y: top, w: right - left + 1, h: bottom - top + 1 };
}

/** Copies the `w` × `h` region at (sx, sy) of `from` to (dx, dy) of `to`. */
function blit(from: Rgba, sx: number, sy: number, w: number, h: number, to: Rgba, dx: number, dy: number): void {
  for (let row = 0; row < h; row++) {
    const src = ((sy + row) * from.width + sx) * 4;
    to.data.set(from.data.subarray(src, src + w * 4), ((dy + row) * to.width + dx) * 4);
  }
}

/** Repeats the edge pixels of the frame at (x, y, w, h) of `page` outward by `e` pixels (corners too). */
function extrude(page: Rgba, x: number, y: number, w: number, h: number, e: number): void {
  const px = page.data;
  const stride = page.width * 4;
  for (let row = 0; row < h; row++) {
    const base = (y + row) * stride;
    const left = base + x * 4;
    const right = base + (x + w - 1) * 4;
    for (let k = 1; k <= e; k++) {
      px.copyWithin(left - k * 4, left, left + 4);
      px.copyWithin(right + k * 4, right, right + 4);
    }
  }
  const rowStart = (x - e) * 4;
  const rowEnd = (x + w + e) * 4;
  for (let k = 1; k <= e; k++) {
    px.copyWithin((y - k) * stride + rowStart, y * stride + rowStart, y * stride + rowEnd);
    px.copyWithin((y + h - 1 + k) * stride + rowStart, (y + h - 1) * stride + rowStart, (y + h - 1) * stride + rowEnd);
  }
}

/** Packs `pieces` into pages and draws them. Throws pack.ts's PackTooLargeError for a piece no page holds. */
export function composeAtlas(pieces: readonly AtlasPiece[], options: AtlasOptions): AtlasPages {
  const regions = pieces.map((p) => (options.trim && !p.tile ? trimRegion(p) : { x: 0, y: 0, w: p.w, h: p.h }));
  const items: PackItem[] = pieces.map((p, i) => ({ w: regions[i]!.w, h: regions[i]!.h, extrude: p.tile ? options.extrude : 0 }));
  const packed = packRects(items, options);
  const pages: Rgba[] = packed.pages.map(({ width, height }) => ({ data: new Uint8Array(width * height * 4), width, height }));
  const frames = pieces.map((piece, i): AtlasFrame => {
    const at = packed.rects[i]!;
    const region = regions[i]!;
    const page = pages[at.page]!;
    blit(piece.image, piece.x + region.x, piece.y + region.y, region.w, region.h, page, at.x, at.y);
    if (piece.tile && options.extrude > 0) extrude(page, at.x, at.y, at.w, at.h, options.extrude);
    return {
      page: at.page,
      frame: { x: at.x, y: at.y, w: at.w, h: at.h },
      trimmed: region.w !== piece.w || region.h !== piece.h,
      spriteSourceSize: region,
      sourceSize: { w: piece.w, h: piece.h },
    };
  });
  return { pages, frames };
}
