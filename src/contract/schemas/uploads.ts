import { z } from "zod";
import { ANIMATIONS, DIRECTIONS, TILESET_LAYOUTS } from "../../agents/index.js";
import { trimmed } from "../validation.js";
import { sheetLayout } from "./sheet.js";
import { tilesetLayout } from "./tileset.js";

/** POST /api/v1/uploads `?name=`: what the asset's files are called. */
export const uploadQuery = z.strictObject({
  name: z.string().optional().describe("1–100 characters; the stem of the asset's file names (default `upload`)."),
  projectId: z.string().optional().describe("File the upload under one of your projects."),
});

export const uploadedAsset = z
  .object({
    id: z.string().describe("ast_…: an asset like any other (GET, links, exports, recolor, slice, delete)."),
    generationId: z.string().describe("gen_…: the finished generation of the agent `upload` that holds it (history)."),
    source: z.literal("upload"),
    name: z.string(),
    mimeType: z.literal("image/png"),
    width: z.number().int(),
    height: z.number().int(),
    bytes: z.number().int().describe("Size of the stored PNG (8-bit sRGB, metadata stripped; indexed when ≤ 256 colours)."),
    sha256: z.string(),
    url: z.string().describe("GET it with the same credentials."),
  })
  .meta({ id: "UploadedAsset" });

export const uploadResponse = z.object({ asset: uploadedAsset }).meta({ id: "UploadResponse" });

const px = (what: string) =>
  z
    .number(`${what} must be a number of pixels.`)
    .int(`${what} must be a whole number of pixels.`)
    .min(1, `${what} must be at least 1 pixel.`)
    .max(4096, `${what} must be at most 4096 pixels.`);

export const sliceAnimation = z.strictObject({
  name: z.enum(ANIMATIONS, { error: `Must be one of ${ANIMATIONS.join(", ")}.` }),
  direction: z
    .enum(DIRECTIONS, { error: `Must be one of ${DIRECTIONS.join(", ")}.` })
    .optional()
    .describe("Default south."),
  row: z.number().int().min(0, "row counts from 0."),
  frames: z.number().int().min(1, "frames must be at least 1."),
  fps: z.number().int().min(1).max(30).optional().describe("1–30, default 8."),
});

/** POST /api/v1/assets/:id/slice: a sheet's cells, or a tileset's tiles, of an uploaded picture. */
export const sliceSheetRequest = z.strictObject({
  frameWidth: px("frameWidth"),
  frameHeight: px("frameHeight"),
  animations: z
    .array(sliceAnimation)
    .min(1)
    .max(64)
    .optional()
    .describe("One per row used; default: each row an `idle` animation, facing south, east, north, west, … (at most 8 rows)."),
});

export const sliceTilesetRequest = z.strictObject({
  tileWidth: px("tileWidth"),
  tileHeight: px("tileHeight"),
  tileset: z.strictObject({
    layout: z.enum(TILESET_LAYOUTS, { error: `Must be one of ${TILESET_LAYOUTS.join(", ")}.` }),
    terrains: z.array(trimmed(1, 60)).min(1).max(2).optional().describe('Names of the terrains (default ["terrain"]).'),
  }),
});

/** POST /api/v1/assets/:id/slice: a sheet's cells, or a tileset's tiles, of an uploaded picture. */
export const sliceRequest = z.union([sliceSheetRequest, sliceTilesetRequest]).meta({ id: "SliceRequest" });

export const sliceResponse = z
  .object({ asset: z.object({ id: z.string(), layout: z.union([sheetLayout, tilesetLayout]), exports: z.record(z.string(), z.string()) }) })
  .meta({ id: "SliceResponse" });
