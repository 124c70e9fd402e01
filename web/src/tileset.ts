import { ApiError } from "./api";
import type { Agent, TilesetInput } from "./contract";

/** The autotile layouts (contract section 12), in the order the form offers them. */
export const tilesetLayouts = ["wang-corner-16", "wang-edge-16", "blob-47"] as const;
export type TilesetLayoutName = (typeof tilesetLayouts)[number];

/** Each layout's name and what it is for, in one line. */
export const layoutText: Record<TilesetLayoutName, { name: string; explain: string }> = {
  "wang-corner-16": { name: "Corner 16", explain: "16 tiles matched by their corners: Godot's corner mode, a Tiled corner set." },
  "wang-edge-16": { name: "Edge 16", explain: "16 tiles matched by their sides: Godot's side mode, a Tiled edge set." },
  "blob-47": { name: "Blob 47", explain: "47 tiles matched by sides and corners: Godot's 3×3 minimal, a Tiled mixed set." },
};

export type TilesetOffer = NonNullable<Agent["tileset"]>;

/** The tiles a layout holds: blob-47 adds the background's plain fill tile in a two-terrain set. */
export function tileCountOf(layout: TilesetLayoutName, terrains: number): number {
  return layout === "blob-47" ? 47 + (terrains > 1 ? 1 : 0) : 16;
}

/** What a tileset request makes with `offer` at a tile size: its grid, its PNG and its price (credits × ceil(tiles / 16)). */
export function planTileset(offer: TilesetOffer, tileset: TilesetInput, tile: { width: number; height: number }) {
  const layout = tileset.layout as TilesetLayoutName;
  const tiles = tileCountOf(layout, tileset.terrains.length);
  const columns = layout === "blob-47" ? 7 : 4;
  const rows = columns;
  return {
    tiles,
    columns,
    rows,
    width: columns * tile.width,
    height: rows * tile.height,
    price: offer.creditsPer16Tiles * Math.ceil(tiles / 16),
  };
}
export type TilesetPlan = ReturnType<typeof planTileset>;

/**
 * A terrain refusal's suggestions, from the error's data (never its English text): a 400
 * `unsupported_option` on `tileset.terrains` carries `details: {terrain, knownSurfaces}`.
 */
export function refusedTerrain(error: unknown): { terrain?: string; surfaces: string[] } {
  if (!(error instanceof ApiError) || error.param !== "tileset.terrains") return { surfaces: [] };
  const { terrain, knownSurfaces } = error.details as { terrain?: unknown; knownSurfaces?: unknown };
  return {
    ...(typeof terrain === "string" ? { terrain } : {}),
    surfaces: Array.isArray(knownSurfaces) ? knownSurfaces.filter((s): s is string => typeof s === "string") : [],
  };
}
