import { z } from "zod";
import { integer, trimmed } from "../validation.js";
import { instant, projectIdField } from "./common.js";
import { assetQuality, sheetLayout, sheetRequest } from "./sheet.js";
import { paletteField } from "./palette.js";
import { tilesetLayout, tilesetRequest } from "./tileset.js";
import { mapLayout } from "./map.js";

/** The badges an icon may sit on ("none": the subject alone). */
export const iconBadges = ["none", "round", "square", "hex"] as const;
export type IconBadgeName = (typeof iconBadges)[number];

/** A data URL of a picture the caller sends inline (contract section 14): its type and its base64 bytes. */
export const imageDataUrlPattern = /^data:image\/(png|jpeg|webp|gif);base64,/;

/**
 * The caller's picture for agents whose `inputs` include "image" (contract section 14): one of their asset ids, or a
 * data URL (stored as an upload first). The bytes are checked at submit (limits, decoding), not here.
 */
export const imageField = z
  .string()
  .refine(
    (v) => /^ast_[0-9A-Za-z]{1,64}$/.test(v) || imageDataUrlPattern.test(v),
    'Must be one of your asset ids ("ast_…") or a data URL "data:image/png;base64,…" (png, jpeg, webp or gif).',
  )
  .describe(
    'The caller\'s picture, for agents whose inputs include "image": one of your asset ids ("ast_…", e.g. an upload) or a data URL "data:image/(png|jpeg|webp|gif);base64,…" (stored as an upload).',
  );

/** The generation request (contract section 3): the same body on every transport. */
export const messageSchema = z.strictObject({
  role: z.enum(["system", "user", "assistant"], { error: 'Must be "system", "user" or "assistant".' }).describe('"system", "user" or "assistant".'),
  content: trimmed(1, 4000).describe("1–4000 characters."),
});

/**
 * The fields of the generation request, each with its rules: the REST body below, and the
 * arguments of the MCP tools (`transports/mcp/inputs.ts`), which take them as they are.
 */
export const generateFields = {
  prompt: trimmed(1, 4000)
    .optional()
    .describe("What to make. Exactly one of prompt and messages (none needed with an image for an agent that says so, e.g. pixel-fixer)."),
  messages: z
    .array(messageSchema)
    .min(1, "Give at least one message.")
    .max(50, "Give at most 50 messages.")
    .refine((m) => m.some((x) => x.role === "user"), 'Include at least one message with role "user".')
    .optional()
    .describe("A conversation instead of a prompt; the last user message weighs most."),
  agentId: z
    .string()
    .min(1, "Must not be empty.")
    .max(64, "Must be at most 64 characters.")
    .optional()
    .describe("GET /api/ai/agents lists them; the default agent when absent."),
  transparent: z.boolean().optional().describe("Background pixels fully transparent (alpha 0)."),
  seed: integer(0, 2 ** 31 - 1)
    .optional()
    .describe("Same agent, prompt, seed and options: same bytes."),
  width: integer(1, 4096).optional().describe("One of the agent's sizes."),
  height: integer(1, 4096).optional().describe("One of the agent's sizes."),
  strict: z
    .boolean()
    .optional()
    .describe(
      "Refuse (400 unsupported_option, listing what the agent knows) instead of falling back when the agent does not know the prompt's subject. Charges nothing.",
    ),
  dryRun: z.boolean().optional().describe("Answer the price, the agent, the size and the interpretation without generating or charging anything."),
  image: imageField.optional(),
  sheet: sheetRequest.optional(),
  tileset: tilesetRequest.optional(),
  palette: paletteField.optional(),
  projectId: projectIdField,
  badge: z
    .enum(iconBadges, { error: 'Must be "none", "round", "square" or "hex".' })
    .optional()
    .describe(
      'Icons: the badge behind the subject, "none", "round", "square" or "hex". Absent: none at 32 px and below, else the prompt\'s words ("no badge", "round") or the seed\'s pick. Other agents ignore it.',
    ),
};

/** A sheet or a tileset, not both (reported on `tileset`). */
export function oneOutput(input: { sheet?: unknown; tileset?: unknown }, ctx: z.RefinementCtx<unknown>): void {
  if (input.sheet !== undefined && input.tileset !== undefined) {
    ctx.addIssue({ code: "custom", path: ["tileset"], message: "Give sheet or tileset, not both: one generation makes one output." });
  }
}

/**
 * Exactly one of prompt and messages (reported on `prompt`): the generation request's one cross-field rule. With an
 * `image`, neither may be given here: whether the agent then needs one is its driver's to say (checked at submit).
 */
export function promptOrMessages(
  input: { prompt?: string | undefined; messages?: unknown[] | undefined; image?: string | undefined },
  ctx: z.RefinementCtx<unknown>,
): void {
  if (input.image !== undefined && input.prompt === undefined && input.messages === undefined) return;
  if ((input.prompt === undefined) === (input.messages === undefined)) {
    ctx.addIssue({
      code: "custom",
      path: ["prompt"],
      message: input.prompt === undefined ? "Give either prompt or messages." : "Give prompt or messages, not both.",
    });
  }
}

export const generateRequest = z
  .strictObject(generateFields)
  .superRefine((input, ctx) => {
    promptOrMessages(input, ctx);
    oneOutput(input, ctx);
  })
  .meta({ id: "GenerateRequest" });

export type GenerateRequest = z.output<typeof generateRequest>;

/** The body of POST /api/v1/assets/:id/recolor: the palette to map the asset onto (contract section 12). */
export const recolorRequest = z
  .strictObject({ palette: paletteField })
  .describe("A palette swap: the asset's pixels mapped onto this palette, its size and layout kept.")
  .meta({ id: "RecolorRequest" });

/** An idempotency key (REST: the `Idempotency-Key` header; MCP: generate_asset's `idempotencyKey`), as the idempotency service accepts it. */
export const idempotencyKey = z
  .string()
  .min(1, "Must not be empty.")
  .max(255, "Must be at most 255 characters.")
  .regex(/^[\x21-\x7e]+$/, "Must be visible ASCII characters only (e.g. a UUID): no spaces, accents or control characters.");
export type Message = z.output<typeof messageSchema>;

export const generationStatuses = ["queued", "running", "succeeded", "failed", "canceled"] as const;
export type GenerationStatus = (typeof generationStatuses)[number];

export const asset = z
  .object({
    id: z.string(),
    url: z.string().describe("GET it with the same credentials for the bytes."),
    mimeType: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    bytes: z.number().int().describe("Size in bytes."),
    sha256: z.string(),
    b64: z.string().optional().describe("The bytes, base64 (single generations only, not lists)."),
    layout: z
      .discriminatedUnion("kind", [sheetLayout, tilesetLayout, mapLayout])
      .optional()
      .describe("A sheet's rows and cells, a tileset's tiles, or a map's cells; absent for one image."),
    quality: assetQuality
      .optional()
      .describe(
        "Measured on the stored pixels (colours, palette compliance, coverage, bbox, contrast; a sheet's or tileset's own figures). Absent only on assets made before it was measured.",
      ),
    exports: z
      .record(z.string(), z.string())
      .describe(
        "Engine files derived from this asset, by format: GET each with the same credentials (aseprite, texturepacker, godot, zip for a sheet; texturepacker, zip for an image).",
      ),
  })
  .meta({ id: "Asset" });

/** Known subjects near a word of the prompt the agent did not know. */
export const suggestion = z
  .object({
    word: z.string().describe("The prompt's word it did not know (or a subject it has no drawing for)."),
    subjects: z.array(z.string()).describe("Subjects it draws that are near that word, nearest first."),
  })
  .meta({ id: "Suggestion" });

/** A word of the prompt read as the nearest word the agent knows. */
export const readAs = z
  .object({
    word: z.string().describe("The prompt's word (lower case, as written)."),
    as: z.string().describe("The known word it was read as, which then appears as the subject, a modifier or an ignored word."),
  })
  .meta({ id: "ReadAs" });

/** What the pixel fixer found in the caller's picture (contract section 14). */
export const detectedGrid = z
  .object({
    scale: z.number().describe("Source pixels per art pixel (mean of both axes)."),
    width: z.number().int().describe("The art's width in pixels (cells of the grid)."),
    height: z.number().int().describe("The art's height in pixels."),
    offsetX: z.number().describe("Where the grid starts in the picture, px (negative: the picture's edge cut the first cell)."),
    offsetY: z.number().describe("Where the grid starts in the picture, px, vertically."),
    confidence: z.number().min(0).max(1).describe("0–1: how sure it is that the picture is pixel art on this grid (low on a photo)."),
  })
  .meta({ id: "DetectedGrid" });

/** What an agent that reads the prompt itself (procedural) understood of it. */
export const interpretation = z
  .object({
    subject: z.string().nullable().describe("What it draws; null when it knows none of the prompt's subjects."),
    modifiers: z.array(z.string()).describe("Words that change how it is drawn: colours, styles, held items."),
    ignored: z.array(z.string()).describe("Words it did not use."),
    fallback: z.boolean().describe("True when it did not recognise a subject and draws a generic design."),
    suggestions: z
      .array(suggestion)
      .optional()
      .describe("On fallback: subjects it knows near the words it did not know, to name instead. Absent when it did not fall back or found nothing near."),
    readAs: z
      .array(readAs)
      .optional()
      .describe(
        'Words it has no drawing or reading of its own for, each read as the nearest word it knows ("okapi" as giraffe, "thawing" as melting). Absent when every word was read as written.',
      ),
    detected: detectedGrid.optional().describe("The pixel fixer: the grid it found in your picture, once done. Absent for every other agent."),
  })
  .meta({ id: "Interpretation" });
export type InterpretationView = z.output<typeof interpretation>;

/** The answer of a dry run: what the call would do and cost. */
export const estimate = z
  .object({
    dryRun: z.literal(true),
    agentId: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    transparent: z.boolean(),
    credits: z.object({ price: z.number().int(), balance: z.number().int(), sufficient: z.boolean() }),
    interpretation: interpretation.nullable(),
    output: z.enum(["image", "sheet", "tileset"]).describe("What the call would make."),
    layout: z
      .discriminatedUnion("kind", [sheetLayout, tilesetLayout])
      .optional()
      .describe("For a sheet or a tileset: the layout it would have (its PNG is columns × frame or tile width by rows × height)."),
  })
  .meta({ id: "Estimate" });
export type EstimateView = z.output<typeof estimate>;

export const generationCredits = z.object({
  charged: z.number().int().describe("Credits this generation holds (reserved, then charged)."),
  refunded: z.number().int(),
  balance: z.number().int().describe("The account's balance when this was read."),
});

export const generation = z
  .object({
    id: z.string(),
    status: z.enum(generationStatuses),
    agentId: z.string(),
    prompt: z.string().nullable(),
    messages: z.array(messageSchema).optional(),
    transparent: z.boolean(),
    seed: z.number().int(),
    width: z.number().int().describe("The asked size: of the image, or of one frame of a sheet."),
    height: z.number().int(),
    sheet: z
      .object({ animations: z.array(z.string()), directions: z.number().int(), fps: z.number().int() })
      .optional()
      .describe("The sheet asked for, defaults filled in; absent for one image."),
    tileset: z
      .object({ layout: z.string(), terrains: z.array(z.string()) })
      .optional()
      .describe("The tileset asked for; absent otherwise."),
    palette: z
      .object({ name: z.string().optional(), colors: z.array(z.string()) })
      .optional()
      .describe("The palette asked for (its name when named, and its colours); absent otherwise."),
    image: z.string().optional().describe("The caller's picture it was given (contract section 14): its asset id (a data URL is stored as an upload first)."),
    recolorOf: z.string().optional().describe("A palette swap (POST /api/v1/assets/{id}/recolor): the asset it recoloured; absent for a drawing."),
    projectId: z.string().optional().describe("The project it is filed under; absent when none."),
    mapOf: z.string().optional().describe("A map (POST /api/v1/assets/{id}/map): the tileset it is painted with; absent otherwise."),
    badge: z.enum(iconBadges).optional().describe("The badge asked for (icons); absent when the size and the prompt decided."),
    createdAt: instant,
    startedAt: instant.nullable(),
    completedAt: instant.nullable(),
    assets: z.array(asset),
    credits: generationCredits,
    interpretation: interpretation
      .nullable()
      .describe("What a procedural agent understood of the prompt; null for model agents (the model reads it as it is)."),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
  })
  .meta({ id: "Generation" });

export type AssetView = z.output<typeof asset>;
export type GenerationView = z.output<typeof generation>;

/** One event of a generation's stream (contract section 5): `seq` is its SSE `id`. */
export const generationEvent = z.object({
  seq: z.number().int(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export const terminalEventTypes: ReadonlySet<string> = new Set(["generation.completed", "generation.failed"]);

/** The 200 answer of the one-shot generate: the finished generation, or (dryRun: true) the estimate. */
export const generationOrEstimate = z.union([generation, estimate]);
