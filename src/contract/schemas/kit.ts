import { z } from "zod";
import { integer, trimmed } from "../validation.js";
import { instant, projectIdField } from "./common.js";
import { generateFields, generation } from "./generation.js";
import { paletteField } from "./palette.js";

/** Kits (contract section 13): several assets of one call at one pixel scale, one palette, one atlas. */
export const KIT_SCALES = [16, 32, 48, 64] as const;
export const MAX_KIT_ITEMS = 64;

export const kitItem = z
  .strictObject({
    name: trimmed(1, 64).optional().describe("1–64 characters, unique in the kit; default a slug of the prompt. Names the item's atlas frames and files."),
    prompt: generateFields.prompt.unwrap().describe("What to make."),
    agentId: generateFields.agentId,
    sheet: generateFields.sheet,
    tileset: generateFields.tileset,
    width: generateFields.width.describe("The item's own size; default the kit's scale."),
    height: generateFields.height.describe("The item's own size; default the kit's scale."),
    badge: generateFields.badge.describe('Icons: the badge behind the subject, "none", "round", "square" or "hex" (default "none" in a kit).'),
  })
  .superRefine((item, ctx) => {
    if (item.sheet !== undefined && item.tileset !== undefined) {
      ctx.addIssue({ code: "custom", path: ["sheet"], message: "Give sheet or tileset, not both: one item makes one output." });
    }
  })
  .meta({ id: "KitItem" });

export const atlasOptions = z
  .strictObject({
    maxSize: integer(512, 4096).optional().describe("Largest page side, 512–4096 (default 2048)."),
    padding: integer(0, 8).optional().describe("Pixels between frames and to the page's border, 0–8 (default 2)."),
    extrude: integer(0, 4).optional().describe("Pixels of each tile's edge repeated outward, 0–4 (default 1)."),
    trim: z.boolean().optional().describe("Cut transparent borders off frames (default false)."),
    powerOfTwo: z.boolean().optional().describe("Page sides powers of two (default true)."),
  })
  .meta({ id: "AtlasOptions" });

/** A slug of a name or prompt: lower-case ASCII words joined by `-` (at most 48 characters), `item` when nothing is left. */
export function slugOf(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
  return slug || "item";
}

export const kitRequest = z
  .strictObject({
    items: z
      .array(kitItem)
      .min(1, "Give at least one item.")
      .max(MAX_KIT_ITEMS, `Give at most ${MAX_KIT_ITEMS} items.`)
      .describe("1–64 items, each one asset (an image, a sheet or a tileset)."),
    scale: z
      .union(
        KIT_SCALES.map((s) => z.literal(s)),
        { error: `Must be one of ${KIT_SCALES.join(", ")}.` },
      )
      .optional()
      .describe("The kit's pixel scale: an item without its own size is scale × scale (a sprite, a sheet's frame, a tile, an icon). Default 32."),
    palette: paletteField.optional(),
    transparent: z.boolean().optional().describe("For the items whose agent supports it (tiles stay opaque)."),
    seed: integer(0, 2 ** 31 - 1)
      .optional()
      .describe("Each item's seed is derived from it (seed + the item's index)."),
    name: trimmed(1, 64).optional().describe("The kit's name."),
    projectId: projectIdField,
    atlas: atlasOptions.optional(),
    dryRun: z.boolean().optional().describe("Answer the total and each item's price; nothing made or charged."),
  })
  .superRefine((kit, ctx) => {
    const seen = new Map<string, number>();
    for (const [i, item] of kit.items.entries()) {
      const name = item.name ?? slugOf(item.prompt);
      const first = seen.get(name);
      if (first !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["items", i, "name"],
          message: `"${name}" already names item ${first}: give each item its own name${item.name === undefined ? " (the default is a slug of the prompt)" : ""}.`,
        });
        return;
      }
      seen.set(name, i);
    }
  })
  .meta({ id: "KitRequest" });

export type KitRequest = z.output<typeof kitRequest>;
export type KitItemRequest = z.output<typeof kitItem>;

export const atlasFrame = z
  .object({
    name: z.string().describe("`<item>` for an image, `<item>/<animation>_<direction>_<i>` for a sheet's frames, `<item>/tile_<index>` for tiles."),
    page: z.number().int(),
    x: z.number().int(),
    y: z.number().int(),
    w: z.number().int(),
    h: z.number().int(),
    asset: z.string().describe("The asset the pixels come from."),
  })
  .meta({ id: "AtlasFrame" });

export const atlasLayout = z
  .object({
    kind: z.literal("atlas"),
    pages: z.array(z.object({ index: z.number().int(), width: z.number().int(), height: z.number().int(), url: z.string() })),
    frames: z.array(atlasFrame),
  })
  .meta({ id: "AtlasLayout" });

export const kitView = z
  .object({
    id: z.string(),
    status: z.enum(["running", "succeeded", "failed"]),
    name: z.string().nullable(),
    scale: z.number().int(),
    palette: z.string().nullable().describe("The palette's name, or null (none, or colours given)."),
    projectId: z.string().optional().describe("The project it is filed under; absent when none."),
    items: z.array(z.object({ name: z.string(), generation })),
    failed: z.array(z.object({ name: z.string(), generationId: z.string(), error: z.object({ code: z.string(), message: z.string() }) })),
    atlas: z
      .object({ layout: atlasLayout, exports: z.record(z.string(), z.string()) })
      .nullable()
      .describe("The items' frames packed into pages; null until an item succeeded."),
    credits: z.object({ charged: z.number().int(), balance: z.number().int() }),
    createdAt: instant,
  })
  .meta({ id: "Kit" });
export type KitView = z.output<typeof kitView>;

export const kitEstimate = z
  .object({
    dryRun: z.literal(true),
    scale: z.number().int(),
    items: z.array(
      z.object({
        name: z.string(),
        agentId: z.string(),
        width: z.number().int(),
        height: z.number().int(),
        output: z.enum(["image", "sheet", "tileset"]),
        price: z.number().int(),
      }),
    ),
    credits: z.object({ price: z.number().int(), balance: z.number().int(), sufficient: z.boolean() }),
  })
  .meta({ id: "KitEstimate" });
export type KitEstimateView = z.output<typeof kitEstimate>;

export const MAX_ATLAS_ASSETS = 500;
export const atlasRequest = z
  .strictObject({
    assets: z
      .array(z.string().min(1).max(64))
      .min(1, "Give at least one asset.")
      .max(MAX_ATLAS_ASSETS, `Give at most ${MAX_ATLAS_ASSETS} assets.`)
      .describe("1–500 of your assets' ids (ast_…), packed in this order."),
    atlas: atlasOptions.optional(),
  })
  .meta({ id: "AtlasRequest" });
