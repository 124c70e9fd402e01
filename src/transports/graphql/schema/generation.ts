import type { Page } from "../../../contract/cursor.js";
import {
  generateRequest,
  generationStatuses,
  messageSchema,
  type AssetView,
  type EstimateView,
  type GenerationView,
  type InterpretationView,
} from "../../../contract/schemas/generation.js";
import { sheetRequest } from "../../../contract/schemas/sheet.js";
import { tilesetRequest } from "../../../contract/schemas/tileset.js";
import type { GenerationEventMessage } from "../../../infra/events/bus.js";
import { quotaHeaders } from "../../../domain/limits.js";
import { builder, rule, viewerOf } from "../builder.js";
import { withoutNulls, zodInputType } from "../zod-input.js";
import { AssetExportRef, AssetQualityRef, SheetLayoutRef, TilesetLayoutRef } from "./sheet.js";
import { ProjectRef } from "./project.js";

const AssetRef = builder.objectRef<AssetView>("Asset").implement({
  description: "A generated file. `url` serves its bytes to its owner.",
  fields: (t) => ({
    id: t.exposeID("id"),
    url: t.exposeString("url"),
    mimeType: t.exposeString("mimeType"),
    width: t.exposeInt("width"),
    height: t.exposeInt("height"),
    bytes: t.exposeInt("bytes", { description: "Size in bytes." }),
    sha256: t.exposeString("sha256"),
    b64: t.exposeString("b64", { nullable: true, description: "The bytes, base64 (on single generations, not in lists)." }),
    layout: t.field({
      type: SheetLayoutRef,
      nullable: true,
      description: "A sheet's rows and cells; null otherwise (REST's `layout` of kind sheet).",
      resolve: (a) => (a.layout?.kind === "sheet" ? a.layout : null),
    }),
    tilesetLayout: t.field({
      type: TilesetLayoutRef,
      nullable: true,
      description: "A tileset's tiles; null otherwise (REST's `layout` of kind tileset).",
      resolve: (a) => (a.layout?.kind === "tileset" ? a.layout : null),
    }),
    quality: t.field({
      type: AssetQualityRef,
      nullable: true,
      description: "A sheet's or tileset's measured quality; null for one image.",
      resolve: (a) => a.quality ?? null,
    }),
    exports: t.field({
      type: [AssetExportRef],
      description: "Engine files derived from this asset (aseprite, texturepacker, godot, zip for a sheet; texturepacker, zip for an image).",
      resolve: (a) => Object.entries(a.exports).map(([format, url]) => ({ format, url })),
    }),
  }),
});

const CreditsRef = builder.objectRef<GenerationView["credits"]>("GenerationCredits").implement({
  fields: (t) => ({
    charged: t.exposeInt("charged", { description: "Credits this generation holds (reserved, then charged)." }),
    refunded: t.exposeInt("refunded"),
    balance: t.exposeInt("balance", { description: "The account's balance when this was read." }),
  }),
});

const GenerationErrorRef = builder.objectRef<{ code: string; message: string }>("GenerationError").implement({
  fields: (t) => ({ code: t.exposeString("code"), message: t.exposeString("message") }),
});

const StatusEnum = builder.enumType("GenerationStatus", { values: generationStatuses });

export const GenerationRef = builder.objectRef<GenerationView>("Generation").implement({
  description: "One generation call: queued → running → succeeded | failed | canceled.",
  fields: (t) => ({
    id: t.exposeID("id"),
    status: t.field({ type: StatusEnum, resolve: (g) => g.status }),
    agentId: t.exposeString("agentId"),
    prompt: t.exposeString("prompt", { nullable: true }),
    messages: t.field({ type: "JSON", nullable: true, resolve: (g) => g.messages ?? null }),
    transparent: t.exposeBoolean("transparent"),
    seed: t.exposeInt("seed"),
    width: t.exposeInt("width"),
    height: t.exposeInt("height"),
    sheet: t.field({
      type: "JSON",
      nullable: true,
      description: "The sheet asked for ({animations, directions, fps}, defaults filled in); null for one image.",
      resolve: (g) => g.sheet ?? null,
    }),
    tileset: t.field({
      type: "JSON",
      nullable: true,
      description: "The tileset asked for ({layout, terrains}); null otherwise.",
      resolve: (g) => g.tileset ?? null,
    }),
    palette: t.field({
      type: "JSON",
      nullable: true,
      description: "The palette asked for ({name?, colors}); null otherwise.",
      resolve: (g) => g.palette ?? null,
    }),
    image: t.string({
      nullable: true,
      description: "The caller's picture it was given (contract section 14): its asset id; null without one.",
      resolve: (g) => g.image ?? null,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    startedAt: t.expose("startedAt", { type: "DateTime", nullable: true }),
    completedAt: t.expose("completedAt", { type: "DateTime", nullable: true }),
    assets: t.field({ type: [AssetRef], resolve: (g) => g.assets }),
    credits: t.field({ type: CreditsRef, resolve: (g) => g.credits }),
    interpretation: t.field({
      type: InterpretationRef,
      nullable: true,
      description: "What a procedural agent understood of the prompt; null for model agents.",
      resolve: (g) => g.interpretation ?? null,
    }),
    error: t.field({ type: GenerationErrorRef, nullable: true, resolve: (g) => g.error ?? null }),
    project: t.field({
      type: ProjectRef,
      nullable: true,
      description: "The project it is filed under; null when none.",
      resolve: async (g, _args, ctx) => (g.projectId ? ctx.services.projects.get(await viewerOf(ctx), g.projectId) : null),
    }),
  }),
});

const GenerationPage = builder.objectRef<Page<GenerationView>>("GenerationPage").implement({
  fields: (t) => ({
    nodes: t.field({ type: [GenerationRef], resolve: (p) => p.nodes }),
    hasNextPage: t.exposeBoolean("hasNextPage"),
    endCursor: t.exposeString("endCursor", { nullable: true, description: "Pass as `after` for the next page." }),
  }),
});

const GenerationEventRef = builder.objectRef<GenerationEventMessage>("GenerationEvent").implement({
  description: "One event of a generation's stream (contract section 5).",
  fields: (t) => ({
    seq: t.exposeInt("seq", { description: "Sequence number in the generation, from 1." }),
    type: t.exposeString("type", { description: "generation.queued, .started, .progress, .preview, .completed or .failed." }),
    data: t.field({ type: "JSON", resolve: (e) => e.data }),
  }),
});

// Derived from the contract's request schema: the same fields, types and optionality as REST.
const GenerateInput = zodInputType(
  "GenerateInput",
  generateRequest,
  {
    messages: [zodInputType("MessageInput", messageSchema)],
    sheet: zodInputType("SheetInput", sheetRequest),
    tileset: zodInputType("TilesetInput", tilesetRequest),
    // a palette name (a string) or 2–64 "#rrggbb" strings: a union GraphQL has no input type for
    palette: "JSON",
  },
  "Exactly one of prompt and messages (the same body as POST /api/v1/generate).",
);

const SuggestionRef = builder.objectRef<NonNullable<InterpretationView["suggestions"]>[number]>("Suggestion").implement({
  description: "Subjects an agent knows near a word of the prompt it did not know.",
  fields: (t) => ({
    word: t.exposeString("word", { description: "The prompt's word it did not know (or a subject it has no drawing for)." }),
    subjects: t.exposeStringList("subjects", { description: "Subjects it draws near that word, nearest first." }),
  }),
});

const ReadAsRef = builder.objectRef<NonNullable<InterpretationView["readAs"]>[number]>("ReadAs").implement({
  description: "A word of the prompt read as the nearest word the agent knows.",
  fields: (t) => ({
    word: t.exposeString("word", { description: "The prompt's word (lower case, as written)." }),
    as: t.exposeString("as", { description: "The known word it was read as, which then appears as the subject, a modifier or an ignored word." }),
  }),
});

const DetectedGridRef = builder.objectRef<NonNullable<InterpretationView["detected"]>>("DetectedGrid").implement({
  description: "What the pixel fixer found in the caller's picture.",
  fields: (t) => ({
    scale: t.exposeFloat("scale", { description: "Source pixels per art pixel (mean of both axes)." }),
    width: t.exposeInt("width", { description: "The art's width in pixels (cells of the grid)." }),
    height: t.exposeInt("height", { description: "The art's height in pixels." }),
    offsetX: t.exposeFloat("offsetX", { description: "Where the grid starts in the picture, px (negative: the picture's edge cut the first cell)." }),
    offsetY: t.exposeFloat("offsetY", { description: "Where the grid starts in the picture, px, vertically." }),
    confidence: t.exposeFloat("confidence", { description: "0–1: how sure it is that the picture is pixel art on this grid (low on a photo)." }),
  }),
});

const InterpretationRef = builder.objectRef<InterpretationView>("Interpretation").implement({
  description: "What an agent that reads the prompt itself (procedural) understood of it.",
  fields: (t) => ({
    subject: t.exposeString("subject", { nullable: true, description: "What it draws; null when it knows none of the prompt's subjects." }),
    modifiers: t.exposeStringList("modifiers", { description: "Colours, styles, held items it uses." }),
    ignored: t.exposeStringList("ignored", { description: "Words it did not use." }),
    fallback: t.exposeBoolean("fallback", { description: "True when it draws a generic design for want of a known subject." }),
    suggestions: t.field({
      type: [SuggestionRef],
      nullable: true,
      description: "On fallback: subjects it knows near the words it did not know, to name instead; null when it did not fall back or found nothing near.",
      resolve: (i) => i.suggestions ?? null,
    }),
    readAs: t.field({
      type: [ReadAsRef],
      nullable: true,
      description:
        'Words it has no drawing or reading of its own for, each read as the nearest word it knows ("okapi" as giraffe, "thawing" as melting); null when every word was read as written.',
      resolve: (i) => i.readAs ?? null,
    }),
    detected: t.field({
      type: DetectedGridRef,
      nullable: true,
      description: "The pixel fixer: the grid it found in your picture, once done; null for every other agent.",
      resolve: (i) => i.detected ?? null,
    }),
  }),
});

const EstimateCreditsRef = builder.objectRef<EstimateView["credits"]>("EstimateCredits").implement({
  fields: (t) => ({
    price: t.exposeInt("price"),
    balance: t.exposeInt("balance"),
    sufficient: t.exposeBoolean("sufficient", { description: "Whether the balance covers the price." }),
  }),
});

const EstimateRef = builder.objectRef<EstimateView>("Estimate").implement({
  description: "What a generation would make and cost (a dry run): nothing is generated or charged.",
  fields: (t) => ({
    agentId: t.exposeString("agentId"),
    width: t.exposeInt("width"),
    height: t.exposeInt("height"),
    transparent: t.exposeBoolean("transparent"),
    credits: t.field({ type: EstimateCreditsRef, resolve: (e) => e.credits }),
    interpretation: t.field({ type: InterpretationRef, nullable: true, resolve: (e) => e.interpretation }),
    output: t.exposeString("output", { description: "What the call would make: image or sheet." }),
    layout: t.field({
      type: SheetLayoutRef,
      nullable: true,
      description: "For a sheet: the layout it would have.",
      resolve: (e) => (e.layout?.kind === "sheet" ? e.layout : null),
    }),
    tilesetLayout: t.field({
      type: TilesetLayoutRef,
      nullable: true,
      description: "For a tileset: the layout it would have.",
      resolve: (e) => (e.layout?.kind === "tileset" ? e.layout : null),
    }),
  }),
});

builder.queryFields((t) => ({
  estimate: t.field({
    type: EstimateRef,
    description: "The price, agent, size and interpretation of a generation, without making it (a dry run).",
    authScopes: rule({ allow: "any", scope: "read" }),
    args: { input: t.arg({ type: GenerateInput as never, required: true }) },
    resolve: async (_root, args, ctx) => ctx.services.generations.estimate(await viewerOf(ctx), withoutNulls(args.input)),
  }),
  generation: t.field({
    type: GenerationRef,
    authScopes: rule({ allow: "any", scope: "read" }),
    args: { id: t.arg.id() },
    resolve: async (_root, args, ctx) => ctx.services.generations.get(await viewerOf(ctx), String(args.id)),
  }),
  generations: t.field({
    type: GenerationPage,
    description: "Your generations, newest first.",
    authScopes: rule({ allow: "any", scope: "read" }),
    args: {
      first: t.arg.int({ required: false, defaultValue: 20 }),
      after: t.arg.string({ required: false, description: "`endCursor` of the previous page." }),
      projectId: t.arg.id({ required: false, description: "Only the generations filed under this project of yours." }),
    },
    resolve: async (_root, args, ctx) => ctx.services.generations.list(await viewerOf(ctx), withoutNulls(args)),
  }),
}));

builder.mutationFields((t) => ({
  generate: t.field({
    type: GenerationRef,
    description:
      "Starts a generation and returns it queued; follow it with Subscription.generationEvents. With `idempotencyKey`, a retry (from any transport) returns the first answer and charges nothing more.",
    authScopes: rule({ allow: "any", scope: "generate" }),
    args: {
      input: t.arg({ type: GenerateInput as never, required: true }),
      idempotencyKey: t.arg.string({ required: false, description: "1–255 visible ASCII characters, as the Idempotency-Key header of REST." }),
    },
    resolve: async (_root, args, ctx) => {
      const submission = await ctx.services.generations.submit(await viewerOf(ctx), withoutNulls(args.input), {
        ...(args.idempotencyKey == null ? {} : { idempotencyKey: args.idempotencyKey }),
        onQuota: (quota) => Object.assign(ctx.responseHeaders, quotaHeaders(quota)),
      });
      return submission.generation;
    },
  }),
  recolorAsset: t.field({
    type: GenerationRef,
    description:
      'A palette swap: a new generation whose asset is this asset mapped onto `palette` (a palette name or 2–64 "#rrggbb"), its size and layout kept; charged RECOLOR_CREDITS once (with `idempotencyKey`, a retry charges nothing more). Returns it queued; follow it like any generation.',
    authScopes: rule({ allow: "any", scope: "generate" }),
    args: {
      id: t.arg.id({ description: "The asset to recolour (yours)." }),
      palette: t.arg({ type: "JSON", required: true, description: 'A palette name or 2–64 "#rrggbb" colours.' }),
      idempotencyKey: t.arg.string({ required: false, description: "1–255 visible ASCII characters, as the Idempotency-Key header of REST." }),
    },
    resolve: async (_root, args, ctx) => {
      const submission = await ctx.services.generations.recolor(
        await viewerOf(ctx),
        String(args.id),
        { palette: args.palette },
        {
          ...(args.idempotencyKey == null ? {} : { idempotencyKey: args.idempotencyKey }),
          onQuota: (quota) => Object.assign(ctx.responseHeaders, quotaHeaders(quota)),
        },
      );
      return submission.generation;
    },
  }),
  cancelGeneration: t.field({
    type: GenerationRef,
    description: "Cancels a queued or running generation and refunds it; a finished one is returned as it is.",
    authScopes: rule({ allow: "any", scope: "generate" }),
    args: { id: t.arg.id() },
    resolve: async (_root, args, ctx) => ctx.services.generations.cancel(await viewerOf(ctx), String(args.id)),
  }),
}));

builder.subscriptionFields((t) => ({
  generationEvents: t.field({
    type: GenerationEventRef,
    description: "The generation's events after `after` (stored ones first, then live), ending with completed or failed.",
    authScopes: rule({ allow: "any", scope: "read" }),
    args: { id: t.arg.id(), after: t.arg.int({ required: false, defaultValue: 0 }) },
    // The owner check runs before the stream exists, so a refusal is an ordinary GraphQL error.
    subscribe: async (_root, args, ctx) => ctx.services.generations.events.open(await viewerOf(ctx), String(args.id), args.after ?? 0),
    resolve: (event) => event,
  }),
}));
