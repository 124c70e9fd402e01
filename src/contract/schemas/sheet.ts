import { z } from "zod";
import { ANIMATIONS, DIRECTIONS } from "../../agents/index.js";
import { integer } from "../validation.js";

/** The animations a sheet holds when the request names none. */
export const defaultAnimations = ["idle", "walk"] as const;

/** `sheet` of the generation request (contract section 12): one character or creature in several directions and animations. */
export const sheetRequest = z
  .strictObject({
    animations: z
      .array(z.enum(ANIMATIONS, { error: `Must be one of ${ANIMATIONS.join(", ")}.` }))
      .min(1, "Give at least one animation.")
      .max(ANIMATIONS.length, `Give at most ${ANIMATIONS.length} animations.`)
      .refine((a) => new Set(a).size === a.length, "Name each animation once.")
      .optional()
      .describe(
        `1–${ANIMATIONS.length} of ${ANIMATIONS.join(", ")}, each once; rows follow this order. run loops; jump leaves the baseline while airborne. Default ["idle","walk"].`,
      ),
    directions: integer(1, 8)
      .refine((d) => d === 1 || d === 4 || d === 8, "Must be 1, 4 or 8.")
      .optional()
      .describe("1 (south), 4 (south, east, north, west) or 8 (adds south-east, north-east, north-west, south-west). Default 4."),
    fps: integer(1, 30).optional().describe("Frames per second, 1–30 (the exports' frame durations). Default 8."),
  })
  .describe("A sprite sheet instead of one image: width × height is one frame. Priced credits × ceil(frames / 8).")
  .meta({ id: "SheetRequest" });

/** A sheet request with its defaults filled in. */
export interface SheetSpec {
  animations: (typeof ANIMATIONS)[number][];
  directions: 1 | 4 | 8;
  fps: number;
}

export function withSheetDefaults(sheet: z.output<typeof sheetRequest>): SheetSpec {
  return {
    animations: sheet.animations ?? [...defaultAnimations],
    directions: (sheet.directions ?? 4) as 1 | 4 | 8,
    fps: sheet.fps ?? 8,
  };
}

export const sheetRow = z
  .object({
    name: z.enum(ANIMATIONS),
    direction: z.enum(DIRECTIONS).describe("Seen from the camera: south faces the viewer."),
    row: z.number().int().describe("Row of the PNG, from 0 (y = row × frameHeight)."),
    frames: z.number().int().describe("Cells used in that row, from column 0."),
    fps: z.number().int(),
    loop: z.boolean().describe("True for idle, walk and run; attack, hurt, death, jump and cast play once (the same in every export)."),
  })
  .meta({ id: "SheetRow" });

export const sheetLayout = z
  .object({
    kind: z.literal("sheet"),
    frameWidth: z.number().int(),
    frameHeight: z.number().int(),
    columns: z.number().int(),
    rows: z.number().int(),
    animations: z.array(sheetRow).describe("One per (animation, direction), in row order."),
  })
  .describe("What is where in the PNG: cell (column c, row r) is at (c × frameWidth, r × frameHeight); cells past a row's frames are transparent.")
  .meta({ id: "SheetLayout" });

export const assetQuality = z
  .object({
    colors: z.number().int().describe("Distinct colours of the opaque pixels."),
    paletteCompliance: z.number().describe("Share of the opaque pixels that are one of the asked palette's colours (1.0 without a palette)."),
    alphaCoverage: z.number().optional().describe("Share of all pixels with alpha > 0."),
    bbox: z
      .object({ x: z.number().int(), y: z.number().int(), width: z.number().int(), height: z.number().int() })
      .nullable()
      .optional()
      .describe("The smallest rectangle holding every pixel with alpha > 0; null when none is."),
    edgeContrast: z
      .number()
      .optional()
      .describe("Mean OKLab lightness change (0–1) between neighbouring opaque pixels: near 0 means a flat fill or a blank; pixel art usually 0.05–0.3."),
    tileabilityScore: z.number().optional().describe("Textures: colour change across the wrap seam ÷ inside the image, tiled 2×2 (1.0 = seamless)."),
    baselineJitterPx: z.number().int().optional().describe("Sheets: largest spread of the feet's row across one row's frames (death excepted)."),
    bboxHeightRangePx: z
      .number()
      .int()
      .optional()
      .describe("Sheets: largest spread of the silhouette's height across one row's frames (attack and death excepted)."),
    seamScore: z
      .number()
      .optional()
      .describe("Tilesets: mean colour change across tile edges ÷ inside tiles, on a random 32×32 map painted by the layout's rule (1.0 = no visible seam)."),
  })
  .describe("Measured on the pixels, not asserted.")
  .meta({ id: "AssetQuality" });

/** What an agent that draws sheets offers (GET /api/ai/agents). */
export const sheetOffer = z
  .object({
    framesPerAnimation: z.record(z.enum(ANIMATIONS), z.number().int()).describe("Frames each animation has (one row per direction)."),
    directions: z.array(z.number().int()).describe("The direction counts it draws: 1, 4, 8."),
    maxSidePx: z.number().int().describe("Largest width or height of a sheet's PNG (columns × frame width, rows × frame height)."),
    creditsPer8Frames: z.number().int().describe("A sheet costs this × ceil(frames / 8)."),
  })
  .meta({ id: "SheetOffer" });
