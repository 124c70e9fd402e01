/**
 * The face of the agents: all that the layers above (contract, domain, services, transports, the
 * processes) use of them. The files behind it are the agents' own (`.dependency-cruiser.cjs`,
 * rule `agents-through-their-face`, holds everyone to it).
 *
 * The rooms behind it: driver.ts and outputs.ts (what a driver is, takes and answers), catalog.ts
 * and registry.ts (the agents file, every kind of driver), procedural/ (the offline drawers),
 * models/ (what the model drivers share) with openai-images/ and fal-queue/, pipeline/ (a model's
 * picture → the asset, and palette swaps, in worker threads), palette/, the layouts of sheets and
 * tilesets, the pixel budget, and previews.ts (small pictures for a model to look at).
 */

/** What a driver is, takes and answers, and the outputs' words (animations, directions, tileset layouts). */
export * from "./driver.js";

/** The agents file and the drivers behind it. */
export { type AgentEntry, type AgentInput, type Catalog, CatalogError } from "./catalog.js";
export { closeDrivers, openCatalog, warmDrivers } from "./registry.js";

/** The caller's picture (contract section 14), decoded once for a driver. */
export { decodeImageInput, MAX_IMAGE_INPUT_PIXELS } from "./image-input.js";

/** Palettes: the named ones, reading a palette field, colours as `#rrggbb`. */
export { NAMED_PALETTES, PALETTE_NAMES, type PaletteName, isPaletteName } from "./palette/named.js";
export {
  countMessage,
  duplicateColorMessage,
  MAX_PALETTE_COLORS,
  MIN_PALETTE_COLORS,
  malformedColorMessage,
  PALETTE_FORMS,
  type PaletteError,
  type ResolvedPalette,
  resolvePalette,
  unknownNameMessage,
} from "./palette/parse.js";
export { HEX_COLOR, toHex } from "./palette/color.js";

/** Layouts: a sheet's rows, a tileset's tiles, a map painted with a tileset's rule. */
export { framesOf, LOOPING_ANIMATIONS, sheetLayout } from "./sheet-layout.js";
export { BLOB_BITS, tilesetLayout } from "./tileset-layout.js";
export { type PaintableLayout, type PaintedMap, paintGridMap, paintRandomMap } from "./tileset-map.js";

/** Running a job: its pixels, the budget that admits it, a model's picture finished, an asset recoloured. */
export { jobPixels } from "./output-size.js";
export { PixelBudget } from "./pixel-budget.js";
export { finishAsset } from "./finish.js";
export type { RecolorSource } from "./pipeline/recolor.js";
export { recolorOffThread } from "./pipeline/finish-pool.js";
export { indexedPng } from "./pipeline/indexed-png.js";
export { decodeImage } from "./pipeline/rgba.js";

/** Small pictures of an asset for a model to look at. */
export * from "./previews.js";

/** Atlases: frames of stored pictures packed into pages (MaxRects, padding, extrusion, trim). */
export { type AtlasRegion, type AtlasSource, type BuiltAtlas, buildAtlas } from "./atlas/build.js";
export { type AtlasOptions, DEFAULT_ATLAS_OPTIONS } from "./atlas/compose.js";
export { PackTooLargeError } from "./atlas/pack.js";
