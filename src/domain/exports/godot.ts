import { LOOPING_ANIMATIONS, type SheetLayout } from "../../agents/index.js";
import { type ExportFile, godotPath, pngName, sheetTracks } from "./formats.js";
import { godotString } from "./text.js";

/** A float as Godot's text writer prints it: always with a decimal point (`8.0`, `12.5`). */
export function godotFloat(value: number): string {
  return Number.isInteger(value) ? `${value}.0` : String(value);
}

/** Godot writes a Dictionary one key per line and an Array on one line; this follows it. */
function dictionary(entries: [string, string][]): string {
  return `{\n${entries.map(([key, value]) => `${godotString(key)}: ${value}`).join(",\n")}\n}`;
}

const TEXTURE_ID = "1_tex";

/**
 * A Godot 4 SpriteFrames resource (text `.tres`, format=3): one AtlasTexture per used cell of the PNG at
 * `res://<dir>/<name>.png`, one animation per `<animation>_<direction>` row at the row's fps, frames of duration 1.0.
 *
 * Served as `text/plain; charset=utf-8`: it is UTF-8 text (a browser or proxy may show or compress it, and
 * Godot does not care what it was served as); the endpoint's Content-Disposition makes it a download.
 */
export function godotSpriteFrames(assetId: string, layout: SheetLayout, dir?: string): ExportFile {
  const tracks = sheetTracks(layout);
  const subResources = tracks.reduce((n, track) => n + track.cells.length, 0);
  const sections: string[] = [
    `[gd_resource type="SpriteFrames" load_steps=${1 + subResources + 1} format=3]`,
    `[ext_resource type="Texture2D" path=${godotString(godotPath(pngName(assetId), dir))} id="${TEXTURE_ID}"]`,
  ];
  const animations: string[] = [];
  for (const track of tracks) {
    const frames: string[] = [];
    for (let i = 0; i < track.cells.length; i++) {
      const cell = track.cells[i]!;
      const id = `AtlasTexture_${track.first + i}`;
      sections.push(
        [
          `[sub_resource type="AtlasTexture" id="${id}"]`,
          `atlas = ExtResource("${TEXTURE_ID}")`,
          `region = Rect2(${cell.x}, ${cell.y}, ${cell.w}, ${cell.h})`,
        ].join("\n"),
      );
      frames.push(
        dictionary([
          ["duration", godotFloat(1)],
          ["texture", `SubResource("${id}")`],
        ]),
      );
    }
    animations.push(
      dictionary([
        ["frames", `[${frames.join(", ")}]`],
        ["loop", LOOPING_ANIMATIONS.has(track.row.name) ? "true" : "false"],
        ["name", `&${godotString(track.tag)}`],
        ["speed", godotFloat(track.row.fps)],
      ]),
    );
  }
  sections.push(`[resource]\nanimations = [${animations.join(", ")}]`);
  return { fileName: `${assetId}.tres`, contentType: "text/plain; charset=utf-8", body: Buffer.from(`${sections.join("\n\n")}\n`, "utf8") };
}
