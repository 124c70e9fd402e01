/**
 * An atlas from stored PNGs: decodes each source once (sharp), packs and copies the named regions
 * (compose.ts), and encodes each page as a PNG (lossless: every frame's pixels are its source's).
 */
import sharp from "sharp";
import { type AtlasFrame, type AtlasOptions, type AtlasPiece, composeAtlas, type Rgba } from "./compose.js";

/** A region of a source PNG to pack, named as the atlas's frame. */
export interface AtlasRegion {
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** Tiles are extruded. */
  tile?: boolean;
}

export interface AtlasSource {
  png: Uint8Array;
  regions: AtlasRegion[];
}

export interface BuiltAtlas {
  pages: { width: number; height: number; png: Buffer }[];
  /** In the sources' order, then the regions'. */
  frames: (AtlasFrame & { name: string; source: number })[];
}

/** A PNG's pixels as RGBA, 8 bits a channel. */
export async function decodeRgba(png: Uint8Array): Promise<Rgba> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

export async function buildAtlas(sources: readonly AtlasSource[], options: AtlasOptions): Promise<BuiltAtlas> {
  const images = await Promise.all(sources.map((s) => decodeRgba(s.png)));
  const pieces: AtlasPiece[] = [];
  const names: { name: string; source: number }[] = [];
  for (const [i, source] of sources.entries()) {
    for (const r of source.regions) {
      pieces.push({ image: images[i]!, x: r.x, y: r.y, w: r.w, h: r.h, ...(r.tile ? { tile: true } : {}) });
      names.push({ name: r.name, source: i });
    }
  }
  const composed = composeAtlas(pieces, options);
  const pages = await Promise.all(
    composed.pages.map(async (page) => ({
      width: page.width,
      height: page.height,
      png: await sharp(page.data, { raw: { width: page.width, height: page.height, channels: 4 } })
        .png({ compressionLevel: 6 })
        .toBuffer(),
    })),
  );
  return { pages, frames: composed.frames.map((f, i) => ({ ...f, ...names[i]! })) };
}
