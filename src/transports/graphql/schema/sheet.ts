import type { SheetLayout, SheetRow, TileEntry, TilesetLayout } from "../../../agents/index.js";
import type { AgentView } from "../../../contract/schemas/agents.js";
import type { AssetView } from "../../../contract/schemas/generation.js";
import { builder } from "../builder.js";

/** Sprite sheets on GraphQL (contract section 12): the same shapes as REST's `layout`, `quality`, `exports` and the agents' `sheet`. */
const SheetRowRef = builder.objectRef<SheetRow>("SheetRow").implement({
  description: "One row of a sheet: one animation seen from one direction.",
  fields: (t) => ({
    name: t.exposeString("name", { description: "idle, walk, run, jump, attack, cast, hurt or death." }),
    direction: t.exposeString("direction", { description: "Seen from the camera: south faces the viewer." }),
    row: t.exposeInt("row", { description: "Row of the PNG, from 0 (y = row × frameHeight)." }),
    frames: t.exposeInt("frames", { description: "Cells used in that row, from column 0." }),
    fps: t.exposeInt("fps"),
    loop: t.exposeBoolean("loop", { description: "True for idle, walk and run; attack, hurt, death, jump and cast play once (the same in every export)." }),
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

type Box = NonNullable<NonNullable<AssetView["quality"]>["bbox"]>;

const QualityBoxRef = builder.objectRef<Box>("QualityBox").implement({
  description: "A rectangle of an asset's pixels (x, y from the top left).",
  fields: (t) => ({
    x: t.exposeInt("x"),
    y: t.exposeInt("y"),
    width: t.exposeInt("width"),
    height: t.exposeInt("height"),
  }),
});

export const AssetQualityRef = builder.objectRef<NonNullable<AssetView["quality"]>>("AssetQuality").implement({
  description: "An asset's quality, measured on its pixels.",
  fields: (t) => ({
    colors: t.exposeInt("colors", { description: "Distinct colours of the opaque pixels." }),
    paletteCompliance: t.exposeFloat("paletteCompliance", { description: "Share of opaque pixels in the asked palette (1.0 without one)." }),
    alphaCoverage: t.float({
      nullable: true,
      description: "Share of all pixels with alpha > 0; null on assets made before it was measured.",
      resolve: (q) => q.alphaCoverage ?? null,
    }),
    bbox: t.field({
      type: QualityBoxRef,
      nullable: true,
      description: "The smallest rectangle holding every pixel with alpha > 0; null when none is (or on assets made before it was measured).",
      resolve: (q) => q.bbox ?? null,
    }),
    edgeContrast: t.float({
      nullable: true,
      description: "Mean OKLab lightness change (0–1) between neighbouring opaque pixels: near 0 means a flat fill or a blank.",
      resolve: (q) => q.edgeContrast ?? null,
    }),
    tileabilityScore: t.float({
      nullable: true,
      description: "Textures: colour change across the wrap seam ÷ inside the image, tiled 2×2 (1.0 = seamless); null otherwise.",
      resolve: (q) => q.tileabilityScore ?? null,
    }),
    baselineJitterPx: t.exposeInt("baselineJitterPx", {
      nullable: true,
      description: "Sheets: largest spread of the feet's row within a row (death excepted).",
    }),
    bboxHeightRangePx: t.exposeInt("bboxHeightRangePx", {
      nullable: true,
      description: "Sheets: largest spread of the silhouette's height within a row (attack and death excepted).",
    }),
    seamScore: t.exposeFloat("seamScore", {
      nullable: true,
      description: "Tilesets: colour change across tile edges ÷ inside tiles on a random 32×32 map (1.0 = no visible seam).",
    }),
  }),
});

const TileRef = builder.objectRef<TileEntry>("Tile").implement({
  description: "One tile of a tileset: where it is (pixels) and its corners' or edges' terrains (index in terrains, null = transparent) or blob mask.",
  fields: (t) => ({
    index: t.exposeInt("index"),
    x: t.exposeInt("x"),
    y: t.exposeInt("y"),
    corners: t.field({ type: "JSON", nullable: true, description: "wang-corner-16: {nw, ne, se, sw}.", resolve: (tile) => tile.corners ?? null }),
    edges: t.field({ type: "JSON", nullable: true, description: "wang-edge-16: {n, e, s, w}.", resolve: (tile) => tile.edges ?? null }),
    mask: t.int({ nullable: true, description: "blob-47: N=1, NE=2, E=4, SE=8, S=16, SW=32, W=64, NW=128.", resolve: (tile) => tile.mask ?? null }),
    terrain: t.int({ nullable: true, description: "blob-47: the tile's own terrain.", resolve: (tile) => tile.terrain ?? null }),
  }),
});

export const TilesetLayoutRef = builder.objectRef<TilesetLayout>("TilesetLayout").implement({
  description: "What is where in a tileset's PNG (contract section 12).",
  fields: (t) => ({
    layout: t.exposeString("layout", { description: "wang-corner-16, wang-edge-16 or blob-47." }),
    tileWidth: t.exposeInt("tileWidth"),
    tileHeight: t.exposeInt("tileHeight"),
    columns: t.exposeInt("columns"),
    rows: t.exposeInt("rows"),
    terrains: t.exposeStringList("terrains", { description: "terrains[0] is the foreground." }),
    tiles: t.field({ type: [TileRef], resolve: (l) => l.tiles }),
  }),
});

export const TilesetOfferRef = builder.objectRef<NonNullable<AgentView["tileset"]>>("TilesetOffer").implement({
  description: "What an agent that draws tilesets offers.",
  fields: (t) => ({
    layouts: t.exposeStringList("layouts"),
    maxTerrains: t.exposeInt("maxTerrains"),
    creditsPer16Tiles: t.exposeInt("creditsPer16Tiles", { description: "A tileset costs this × ceil(tiles / 16)." }),
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
