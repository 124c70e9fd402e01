import { z } from "zod";
import { TILESET_LAYOUTS } from "../../agents/index.js";
import { trimmed } from "../validation.js";

/** `tileset` of the generation request (contract section 12): terrain tiles that autotile. */
export const tilesetRequest = z
  .strictObject({
    layout: z
      .enum(TILESET_LAYOUTS, { error: `Must be one of ${TILESET_LAYOUTS.join(", ")}.` })
      .describe("wang-corner-16 (Godot corner mode, Tiled corner set), wang-edge-16 (sides), blob-47 (corners and sides: Godot's 3×3 minimal, Tiled mixed)."),
    terrains: z
      .array(trimmed(1, 60))
      .min(1, "Give one terrain (against transparency, e.g. a platform) or two (the first drawn over the second).")
      .max(2, "Give at most two terrains.")
      .describe(
        '1–2 terrain texts: ["grass", "dirt"] draws grass over dirt; ["stone platform"] a platform against transparency. An item may be the asset id (ast_…) of one of your textures: made seamless, it is that terrain\'s surface (another account\'s: 404).',
      ),
  })
  .describe("A tileset instead of one image: width × height is one tile. Priced credits × ceil(tiles / 16).")
  .meta({ id: "TilesetRequest" });

const terrainRef = z.number().int().nullable().describe("An index in terrains (0 = the foreground), or null for transparency.");

export const tileEntry = z
  .object({
    index: z.number().int(),
    x: z.number().int().describe("Pixels from the left of the PNG."),
    y: z.number().int().describe("Pixels from the top of the PNG."),
    corners: z.object({ nw: terrainRef, ne: terrainRef, se: terrainRef, sw: terrainRef }).optional().describe("wang-corner-16."),
    edges: z.object({ n: terrainRef, e: terrainRef, s: terrainRef, w: terrainRef }).optional().describe("wang-edge-16."),
    mask: z
      .number()
      .int()
      .optional()
      .describe("blob-47: neighbours of the tile's own terrain, N=1, NE=2, E=4, SE=8, S=16, SW=32, W=64, NW=128 (a corner only with both its edges)."),
    terrain: terrainRef.optional().describe("blob-47: the tile's own terrain (the background's plain fill tile is 1, mask 255)."),
  })
  .meta({ id: "TileEntry" });

export const tilesetLayout = z
  .object({
    kind: z.literal("tileset"),
    layout: z.enum(TILESET_LAYOUTS),
    tileWidth: z.number().int(),
    tileHeight: z.number().int(),
    columns: z.number().int(),
    rows: z.number().int(),
    terrains: z.array(z.string()),
    tiles: z.array(tileEntry),
  })
  .describe(
    "What is where in a tileset's PNG. corner and edge sets: 4×4, index = NE·1+SE·2+SW·4+NW·8 (corners) or N·1+E·2+S·4+W·8 (edges), a bit set where terrains[0] is; blob-47: the 47 masks ascending in a 7×7 grid, cell 47 the background's fill tile (two terrains).",
  )
  .meta({ id: "TilesetLayout" });

/** What an agent that draws tilesets offers (GET /api/ai/agents). */
export const tilesetOffer = z
  .object({
    layouts: z.array(z.enum(TILESET_LAYOUTS)),
    maxTerrains: z.number().int(),
    creditsPer16Tiles: z.number().int().describe("A tileset costs this × ceil(tiles / 16): 1× for the 16-tile sets, 3× for blob-47."),
  })
  .meta({ id: "TilesetOffer" });
