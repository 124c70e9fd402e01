import type { KitEvent } from "../../../domain/kits/kit-events.js";
import { atlasOptions, type KitEstimateView, kitItem, kitRequest, type KitView } from "../../../contract/schemas/kit.js";
import { sheetRequest } from "../../../contract/schemas/sheet.js";
import { tilesetRequest } from "../../../contract/schemas/tileset.js";
import { quotaHeaders } from "../../../domain/limits.js";
import { builder, rule, viewerOf } from "../builder.js";
import { withoutNulls, zodInputType } from "../zod-input.js";
import { GenerationRef } from "./generation.js";

/** Kits (contract section 13): several generations at one pixel scale, packed into one atlas. */
type Atlas = NonNullable<KitView["atlas"]>;

const AtlasPageRef = builder.objectRef<Atlas["layout"]["pages"][number]>("AtlasPage").implement({
  fields: (t) => ({
    index: t.exposeInt("index"),
    width: t.exposeInt("width"),
    height: t.exposeInt("height"),
    url: t.exposeString("url", { description: "The page as PNG." }),
  }),
});

const AtlasFrameRef = builder.objectRef<Atlas["layout"]["frames"][number]>("AtlasFrame").implement({
  fields: (t) => ({
    name: t.exposeString("name", { description: "`<item>`, `<item>/<animation>_<direction>_<i>` or `<item>/tile_<index>`." }),
    page: t.exposeInt("page"),
    x: t.exposeInt("x"),
    y: t.exposeInt("y"),
    w: t.exposeInt("w"),
    h: t.exposeInt("h"),
    asset: t.exposeString("asset", { description: "The asset the pixels come from." }),
  }),
});

const AtlasExportRef = builder.objectRef<{ format: string; url: string }>("AtlasExport").implement({
  fields: (t) => ({ format: t.exposeString("format"), url: t.exposeString("url") }),
});

const AtlasRef = builder.objectRef<Atlas>("Atlas").implement({
  description: "Frames packed into pages, with engine exports (phaser, texturepacker, godot, libgdx, zip).",
  fields: (t) => ({
    pages: t.field({ type: [AtlasPageRef], resolve: (a) => a.layout.pages }),
    frames: t.field({ type: [AtlasFrameRef], resolve: (a) => a.layout.frames }),
    exports: t.field({ type: [AtlasExportRef], resolve: (a) => Object.entries(a.exports).map(([format, url]) => ({ format, url })) }),
  }),
});

const KitItemRef = builder.objectRef<KitView["items"][number]>("KitItem").implement({
  fields: (t) => ({ name: t.exposeString("name"), generation: t.field({ type: GenerationRef, resolve: (i) => i.generation }) }),
});

const KitFailureRef = builder.objectRef<KitView["failed"][number]>("KitFailure").implement({
  description: "An item that failed (refunded).",
  fields: (t) => ({
    name: t.exposeString("name"),
    generationId: t.exposeID("generationId"),
    code: t.string({ resolve: (f) => f.error.code }),
    message: t.string({ resolve: (f) => f.error.message }),
  }),
});

const KitCreditsRef = builder.objectRef<KitView["credits"]>("KitCredits").implement({
  fields: (t) => ({
    charged: t.exposeInt("charged", { description: "Credits the kit's items hold (reserved, then charged)." }),
    balance: t.exposeInt("balance"),
  }),
});

const KitRef = builder.objectRef<KitView>("Kit").implement({
  description: "A kit (as GET /api/v1/kits/:id): its items' generations, the failed ones, its atlas once every item has ended.",
  fields: (t) => ({
    id: t.exposeID("id"),
    status: t.exposeString("status", { description: "running, succeeded or failed." }),
    name: t.exposeString("name", { nullable: true }),
    scale: t.exposeInt("scale"),
    palette: t.exposeString("palette", { nullable: true }),
    projectId: t.string({ nullable: true, resolve: (k) => k.projectId ?? null }),
    items: t.field({ type: [KitItemRef], resolve: (k) => k.items }),
    failed: t.field({ type: [KitFailureRef], resolve: (k) => k.failed }),
    atlas: t.field({ type: AtlasRef, nullable: true, resolve: (k) => k.atlas }),
    credits: t.field({ type: KitCreditsRef, resolve: (k) => k.credits }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const KitEstimateItemRef = builder.objectRef<KitEstimateView["items"][number]>("KitEstimateItem").implement({
  fields: (t) => ({
    name: t.exposeString("name"),
    agentId: t.exposeString("agentId"),
    width: t.exposeInt("width"),
    height: t.exposeInt("height"),
    output: t.exposeString("output", { description: "image, sheet or tileset." }),
    price: t.exposeInt("price"),
  }),
});

const KitEstimateRef = builder.objectRef<KitEstimateView>("KitEstimate").implement({
  description: "What a kit would make and cost (a dry run): nothing made or charged.",
  fields: (t) => ({
    scale: t.exposeInt("scale"),
    items: t.field({ type: [KitEstimateItemRef], resolve: (e) => e.items }),
    price: t.int({ resolve: (e) => e.credits.price }),
    balance: t.int({ resolve: (e) => e.credits.balance }),
    sufficient: t.boolean({ resolve: (e) => e.credits.sufficient }),
  }),
});

const sheet = zodInputType("SheetInput", sheetRequest);
const tileset = zodInputType("TilesetInput", tilesetRequest);
// Derived from the contract's kit request: the same fields, types and optionality as POST /api/v1/kits.
const GenerateKitInput = zodInputType(
  "GenerateKitInput",
  kitRequest,
  {
    items: [zodInputType("KitItemInput", kitItem, { sheet, tileset })],
    scale: "Int",
    atlas: zodInputType("AtlasOptionsInput", atlasOptions),
    // a palette name or 2–64 "#rrggbb" strings: a union GraphQL has no input type for
    palette: "JSON",
  },
  "The same body as POST /api/v1/kits.",
);

builder.queryFields((t) => ({
  kit: t.field({
    type: KitRef,
    description: "Your kit (as GET /api/v1/kits/:id); its status settles once every item has ended.",
    authScopes: rule({ allow: "any", scope: "read" }),
    args: { id: t.arg.id() },
    resolve: async (_root, args, ctx) => ctx.services.kits.get(await viewerOf(ctx), String(args.id)),
  }),
  estimateKit: t.field({
    type: KitEstimateRef,
    description: "A kit's total and each item's price, without making it (POST /api/v1/kits with dryRun).",
    authScopes: rule({ allow: "any", scope: "read" }),
    args: { input: t.arg({ type: GenerateKitInput as never, required: true }) },
    resolve: async (_root, args, ctx) => ctx.services.kits.estimate(await viewerOf(ctx), withoutNulls(args.input)),
  }),
}));

builder.mutationFields((t) => ({
  generateKit: t.field({
    type: KitRef,
    description:
      "Starts a kit and returns it running (as POST /api/v1/kits with Prefer: respond-async): the items' price reserved all or nothing; follow it with Query.kit. With `idempotencyKey`, a retry (from any transport) returns the first answer and charges nothing more. dryRun: use Query.estimateKit.",
    authScopes: rule({ allow: "any", scope: "generate" }),
    args: {
      input: t.arg({ type: GenerateKitInput as never, required: true }),
      idempotencyKey: t.arg.string({ required: false, description: "1–255 visible ASCII characters, as the Idempotency-Key header of REST." }),
    },
    resolve: async (_root, args, ctx) => {
      const submission = await ctx.services.kits.submit(await viewerOf(ctx), withoutNulls(args.input), {
        ...(args.idempotencyKey == null ? {} : { idempotencyKey: args.idempotencyKey }),
        onQuota: (quota) => Object.assign(ctx.responseHeaders, quotaHeaders(quota)),
      });
      return submission.kit;
    },
  }),
}));

const KitEventRef = builder.objectRef<KitEvent>("KitEvent").implement({
  description:
    "One event of a kit's stream (as GET /api/v1/kits/:id/events): its items' generation events, each naming its item, then one kit.completed carrying the settled kit.",
  fields: (t) => ({
    seq: t.exposeInt("seq", { description: "1, 2, … in the order sent." }),
    type: t.exposeString("type", { description: "An item's generation.* event, or kit.completed (the last)." }),
    item: t.string({
      nullable: true,
      description: "The item the event is of; null for kit.completed.",
      resolve: (e) => (typeof e.data.item === "string" ? e.data.item : null),
    }),
    data: t.field({ type: "JSON", description: "The event's data (a generation event's, or the kit's).", resolve: (e) => e.data }),
    kit: t.field({
      type: KitRef,
      nullable: true,
      description: "The settled kit, on kit.completed; null otherwise.",
      resolve: (e) => (e.type === "kit.completed" ? (e.data as unknown as KitView) : null),
    }),
  }),
});

builder.subscriptionFields((t) => ({
  kitEvents: t.field({
    type: KitEventRef,
    description: "The kit's events: every item's generation events as they come, then kit.completed with the kit (as GET /api/v1/kits/:id/events).",
    authScopes: rule({ allow: "any", scope: "read" }),
    args: { id: t.arg.id() },
    // The owner check runs before the stream exists, so a refusal is an ordinary GraphQL error.
    subscribe: async (_root, args, ctx) => ctx.services.kits.events(await viewerOf(ctx), String(args.id)),
    resolve: (event) => event,
  }),
}));
