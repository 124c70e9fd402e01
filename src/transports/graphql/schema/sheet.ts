import type { SheetLayout, SheetQuality, SheetRow } from "../../../agents/driver.js";
import type { AgentView } from "../../../contract/schemas/agents.js";
import { builder } from "../builder.js";

/** Sprite sheets on GraphQL (contract section 12): the same shapes as REST's `layout`, `quality`, `exports` and the agents' `sheet`. */
const SheetRowRef = builder.objectRef<SheetRow>("SheetRow").implement({
  description: "One row of a sheet: one animation seen from one direction.",
  fields: (t) => ({
    name: t.exposeString("name", { description: "idle, walk, attack, hurt or death." }),
    direction: t.exposeString("direction", { description: "Seen from the camera: south faces the viewer." }),
    row: t.exposeInt("row", { description: "Row of the PNG, from 0 (y = row × frameHeight)." }),
    frames: t.exposeInt("frames", { description: "Cells used in that row, from column 0." }),
    fps: t.exposeInt("fps"),
    loop: t.exposeBoolean("loop", { description: "False for death." }),
  }),
});

export const SheetLayoutRef = builder.objectRef<SheetLayout>("SheetLayout").implement({
  description: "What is where in a sheet's PNG: cell (column c, row r) is at (c × frameWidth, r × frameHeight).",
  fields: (t) => ({
    kind: t.exposeString("kind"),
    frameWidth: t.exposeInt("frameWidth"),
    frameHeight: t.exposeInt("frameHeight"),
    columns: t.exposeInt("columns"),
    rows: t.exposeInt("rows"),
    animations: t.field({ type: [SheetRowRef], resolve: (l) => l.animations }),
  }),
});

export const SheetQualityRef = builder.objectRef<SheetQuality>("SheetQuality").implement({
  description: "A sheet's quality, measured on its pixels.",
  fields: (t) => ({
    colors: t.exposeInt("colors", { description: "Distinct colours of the opaque pixels." }),
    paletteCompliance: t.exposeFloat("paletteCompliance", { description: "Share of opaque pixels in the asked palette (1.0 without one)." }),
    baselineJitterPx: t.exposeInt("baselineJitterPx", { description: "Largest spread of the feet's row within a row (death excepted)." }),
    bboxHeightRangePx: t.exposeInt("bboxHeightRangePx", { description: "Largest spread of the silhouette's height within a row (attack and death excepted)." }),
  }),
});

export const AssetExportRef = builder.objectRef<{ format: string; url: string }>("AssetExport").implement({
  description: "An engine file derived from an asset: GET `url` with the same credentials.",
  fields: (t) => ({
    format: t.exposeString("format", { description: "aseprite, texturepacker, godot or zip." }),
    url: t.exposeString("url"),
  }),
});

export const SheetOfferRef = builder.objectRef<NonNullable<AgentView["sheet"]>>("SheetOffer").implement({
  description: "What an agent that draws sprite sheets offers.",
  fields: (t) => ({
    framesPerAnimation: t.field({ type: "JSON", description: "Frames of each animation, by name.", resolve: (o) => o.framesPerAnimation }),
    directions: t.exposeIntList("directions"),
    maxSidePx: t.exposeInt("maxSidePx", { description: "Largest width or height of a sheet's PNG." }),
    creditsPer8Frames: t.exposeInt("creditsPer8Frames", { description: "A sheet costs this × ceil(frames / 8)." }),
  }),
});
