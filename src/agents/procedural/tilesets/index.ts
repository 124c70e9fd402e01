/**
 * The tileset family: autotiling tilesets of two terrains, each a texture of the texture family.
 * What the agent's face may use; everything else here is the family's own.
 *
 * - tileset.ts: the set (layouts, terrains, tiles) and what it refuses.
 * - field.ts: where one terrain meets the other inside each tile (a field that agrees across
 *   tile edges); paint.ts: how the edge between them is drawn; flatten.ts: a terrain evened out.
 * - quality.ts: a map drawn from the set and its seam score.
 */
export { renderMap, seamScore } from "./quality.js";
export { drawTileset, tilesetRefusal } from "./tileset.js";
