import { LOOPING_ANIMATIONS, type SheetLayout } from "../../agents/index.js";
import { type ExportFile, jsonBody, pngName, sheetTracks } from "./formats.js";

/** A frame's duration in milliseconds at `fps`, as Aseprite stores it (whole milliseconds). */
export function frameDurationMs(fps: number): number {
  return Math.round(1000 / fps);
}

/**
 * Aseprite's sprite-sheet JSON, json-array variant with tags (`aseprite --format json-array --list-tags
 * --filename-format "{frame}"`): one frame per used cell, one tag per animation row. Phaser's `load.aseprite` and
 * `createFromAseprite` read it; Phaser looks a tag's frames up by their number as text, so each frame's `filename`
 * is its index ("0", "1", …), not its cell name (TexturePacker's JSON carries those).
 */
export function asepriteJson(assetId: string, width: number, height: number, layout: SheetLayout): ExportFile {
  const tracks = sheetTracks(layout);
  const frames = tracks.flatMap((track) =>
    track.cells.map((cell, i) => ({
      filename: String(track.first + i),
      frame: { x: cell.x, y: cell.y, w: cell.w, h: cell.h },
      rotated: false,
      trimmed: false,
      spriteSourceSize: { x: 0, y: 0, w: cell.w, h: cell.h },
      sourceSize: { w: cell.w, h: cell.h },
      duration: frameDurationMs(track.row.fps),
    })),
  );
  const frameTags = tracks
    .filter((track) => track.cells.length > 0)
    .map((track) => ({
      name: track.tag,
      from: track.first,
      to: track.first + track.cells.length - 1,
      direction: "forward",
      color: "#000000ff",
      // Aseprite 1.3 writes a tag's repeat count only when it is set; "1" plays the tag once (a death).
      ...(LOOPING_ANIMATIONS.has(track.row.name) ? {} : { repeat: "1" }),
    }));
  const body = {
    frames,
    meta: {
      app: "https://www.aseprite.org/",
      version: "1.3",
      image: pngName(assetId),
      format: "RGBA8888",
      size: { w: width, h: height },
      scale: "1",
      frameTags,
      layers: [{ name: "Layer 1", opacity: 255, blendMode: "normal" }],
      slices: [],
    },
  };
  return { fileName: `${assetId}.aseprite.json`, contentType: "application/json", body: jsonBody(body) };
}
