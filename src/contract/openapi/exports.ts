import type { MediaTypeObject, ParameterObject } from "./types.js";

/**
 * The engine exports of `GET /api/v1/assets/{id}/export/{format}` (contract section 12): the
 * formats, and the content type each answers (one route row, several media types, which the
 * route table's single `contentType` cannot say).
 */
export const exportRouteId = "getAssetExport";

/** Every format, and the assets it applies to. */
const formats = {
  aseprite: "sheets: Aseprite JSON (json-array, a frame tag `<animation>_<direction>` per row) for Aseprite, Phaser `load.aseprite`, Pixi, Defold",
  texturepacker:
    "every asset: TexturePacker JSON hash, frames `<animation>_<direction>_<i>` (a sheet), `tile_<index>` (a tileset) or the one image (Phaser `load.atlas`, Pixi, Unity importers, Cocos)",
  godot:
    "sheets and tilesets: a Godot 4 `.tres`, a `SpriteFrames` with one animation per `<animation>_<direction>` for a sheet, a `TileSet` with a terrain set and each tile's peering bits for a tileset (paint with the terrain in the TileMap editor)",
  tiled: "tilesets only: a zip of the Tiled `.tsx` (a Wang set for the terrain brush: corner, edge or mixed), a sample `.tmx` map painted with it and the PNG",
  zip: "every asset: the PNG, every export that applies and a README",
} as const;

export const exportFormatParameter: ParameterObject = {
  name: "format",
  in: "path",
  required: true,
  description: `The engine file: ${Object.entries(formats)
    .map(([name, what]) => `\`${name}\` (${what})`)
    .join("; ")}. A format that does not apply to the asset answers 404 listing those that do.`,
  schema: { type: "string", enum: Object.keys(formats) },
  example: "aseprite",
};

const frame = { x: 0, y: 0, w: 64, h: 64 };
const asepriteExample = {
  frames: [
    {
      filename: "idle_south_0",
      frame,
      rotated: false,
      trimmed: false,
      spriteSourceSize: frame,
      sourceSize: { w: 64, h: 64 },
      duration: 125,
    },
  ],
  meta: {
    app: "https://www.aseprite.org/",
    version: "1.3",
    image: "ast_4HqW8nZr2KxT6mVc9LpB3s.png",
    format: "RGBA8888",
    size: { w: 384, h: 512 },
    scale: "1",
    frameTags: [{ name: "idle_south", from: 0, to: 3, direction: "forward", color: "#000000ff" }],
    layers: [{ name: "Layer 1", opacity: 255, blendMode: "normal" }],
    slices: [],
  },
};

const godotExample = `[gd_resource type="SpriteFrames" load_steps=42 format=3]

[ext_resource type="Texture2D" path="res://ast_4HqW8nZr2KxT6mVc9LpB3s.png" id="1_tex"]

[sub_resource type="AtlasTexture" id="AtlasTexture_0"]
atlas = ExtResource("1_tex")
region = Rect2(0, 0, 64, 64)
…`;

/** The 200 answer's media types: JSON (aseprite, texturepacker), text (godot's .tres) and zip (tiled, zip). */
export function exportMedia(): Record<string, MediaTypeObject> {
  return {
    "application/json": {
      schema: { type: "object", description: "`aseprite` (Aseprite JSON, json-array) or `texturepacker` (TexturePacker JSON hash)." },
      example: asepriteExample,
    },
    "text/plain": {
      schema: { type: "string", description: "`godot`: a Godot 4 text resource (`.tres`): `SpriteFrames` for a sheet, `TileSet` for a tileset." },
      example: godotExample,
    },
    "application/zip": {
      schema: {
        type: "string",
        contentMediaType: "application/zip",
        description:
          "`zip`: the PNG, every export that applies and README.txt. `tiled` (tilesets): `<id>.tsx`, `<id>-sample.tmx` and the PNG, side by side as Tiled expects them.",
      },
    },
  };
}

/** The 404 of an export: the asset is not the caller's, or the format does not apply (the answer lists those that do). */
export const exportNotFoundExamples = {
  format: {
    summary: "A format that does not apply",
    value: {
      error: {
        code: "not_found",
        message: "The tiled export does not apply to a sprite sheet; this asset has: aseprite, texturepacker, godot, zip.",
        requestId: "req_7Hc2mQx9LwZ4pKt1VbR8sN",
        retryable: false,
        details: { formats: ["aseprite", "texturepacker", "godot", "zip"] },
      },
    },
  },
};
