import { type ExportFile, type ExportLayout, jsonBody, pngName, sheetTracks } from "./formats.js";

interface Frame {
  frame: { x: number; y: number; w: number; h: number };
  rotated: false;
  trimmed: false;
  spriteSourceSize: { x: number; y: number; w: number; h: number };
  sourceSize: { w: number; h: number };
  pivot: { x: number; y: number };
}

function frame(x: number, y: number, w: number, h: number, pivot: { x: number; y: number }): Frame {
  return { frame: { x, y, w, h }, rotated: false, trimmed: false, spriteSourceSize: { x: 0, y: 0, w, h }, sourceSize: { w, h }, pivot };
}

/**
 * TexturePacker's JSON hash: frames keyed by name. A sheet's frames are `<animation>_<direction>_<i>` with the pivot
 * at the feet (bottom centre) and an `animations` map of frame names per row, as TexturePacker's Pixi exporter writes
 * it (Pixi's Spritesheet reads it; Phaser's `load.atlas` ignores it). A tileset's frames are its tiles, `tile_<index>`
 * in index order, pivot in the middle, with no animations. A plain image is one frame named after the asset, pivot
 * in the middle.
 */
export function texturePackerJson(assetId: string, width: number, height: number, layout: ExportLayout): ExportFile {
  const frames: Record<string, Frame> = {};
  const animations: Record<string, string[]> = {};
  if (layout === null) {
    frames[assetId] = frame(0, 0, width, height, { x: 0.5, y: 0.5 });
  } else if (layout.kind === "tileset") {
    for (const tile of layout.tiles) frames[`tile_${tile.index}`] = frame(tile.x, tile.y, layout.tileWidth, layout.tileHeight, { x: 0.5, y: 0.5 });
  } else if (layout.kind === "sheet") {
    for (const track of sheetTracks(layout)) {
      for (const cell of track.cells) frames[cell.name] = frame(cell.x, cell.y, cell.w, cell.h, { x: 0.5, y: 1 });
      animations[track.tag] = track.cells.map((cell) => cell.name);
    }
  }
  const body = {
    frames,
    ...(layout?.kind === "sheet" ? { animations } : {}),
    meta: {
      app: "https://www.codeandweb.com/texturepacker",
      version: "1.0",
      image: pngName(assetId),
      format: "RGBA8888",
      size: { w: width, h: height },
      scale: "1",
    },
  };
  return { fileName: `${assetId}.atlas.json`, contentType: "application/json", body: jsonBody(body) };
}
