import { z } from "zod";
import { integer } from "../validation.js";
import { tilesetLayout } from "./tileset.js";

/** Maps (contract section 13): a tileset's tiles placed on a grid, for Tiled, Phaser and Godot. */
export const MAP_MIN_SIDE = 4;
export const MAP_MAX_SIDE = 256;

const side = (name: string) => integer(MAP_MIN_SIDE, MAP_MAX_SIDE).describe(`The map's ${name} in tiles, ${MAP_MIN_SIDE}–${MAP_MAX_SIDE}.`);

/** A row of the corner grid: terrain indexes as numbers, or as a string of digits ("00110…", compact for large maps). */
const gridRow = z.union([
  z.array(z.union([z.literal(0), z.literal(1)], { error: "Must be 0 (the first terrain) or 1 (the second, or transparency)." })),
  z.string().regex(/^[01]+$/, 'Must be a string of "0" and "1" characters, one per corner.'),
]);

export const mapRequest = z
  .strictObject({
    width: side("width"),
    height: side("height"),
    grid: z
      .array(gridRow)
      .optional()
      .describe(
        "The terrain at each tile corner, (height + 1) rows of (width + 1): 0 the first terrain, 1 the second (transparency in a one-terrain set). Rows may be arrays of numbers or strings of digits. Absent: a random natural map (`seed`).",
      ),
    seed: integer(0, 2 ** 31 - 1)
      .optional()
      .describe("The random map's seed (same seed, same map); ignored with a grid."),
  })
  .superRefine((map, ctx) => {
    if (!map.grid) return;
    if (map.grid.length !== map.height + 1) {
      ctx.addIssue({
        code: "custom",
        path: ["grid"],
        message: `Give height + 1 = ${map.height + 1} rows of corners (one more than the tiles): ${map.grid.length} given.`,
      });
      return;
    }
    const bad = map.grid.findIndex((row) => row.length !== map.width + 1);
    if (bad >= 0) {
      ctx.addIssue({
        code: "custom",
        path: ["grid", bad],
        message: `Give width + 1 = ${map.width + 1} corners in each row (one more than the tiles): row ${bad} has ${map.grid[bad]!.length}.`,
      });
    }
  })
  .describe("A map painted with this tileset: a corner grid you give, or a random natural map.")
  .meta({ id: "MapRequest" });
export type MapRequest = z.output<typeof mapRequest>;

/** The corner grid as numbers, row by row. */
export const gridOf = (grid: NonNullable<MapRequest["grid"]>): number[][] => grid.map((row) => (typeof row === "string" ? [...row].map(Number) : [...row]));

export const mapLayout = z
  .object({
    kind: z.literal("map"),
    columns: z.number().int().describe("The map's width in tiles."),
    rows: z.number().int().describe("The map's height in tiles."),
    tileWidth: z.number().int(),
    tileHeight: z.number().int(),
    tilesetAsset: z.string().describe("The tileset asset the map is painted with (its PNG is this asset's PNG)."),
    cells: z.array(z.number().int()).describe("Each cell's tile index in the tileset, row by row; -1 for an empty cell."),
    tileset: tilesetLayout.describe("The tileset's layout, as on its own asset."),
  })
  .describe("A map: the tileset's PNG, and which of its tiles each cell of the map shows.")
  .meta({ id: "MapLayout" });
export type MapLayoutView = z.output<typeof mapLayout>;
