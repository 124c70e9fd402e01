import type { AssetView, GenerationView } from "../../../domain/generation/view.js";
import type { GenerationEventMessage } from "../../../infra/events/bus.js";
import { builder, rule, viewerOf } from "../builder.js";

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
  }),
});

const CreditsRef = builder
  .objectRef<GenerationView["credits"]>("GenerationCredits")
  .implement({
    fields: (t) => ({
      charged: t.exposeInt("charged", { description: "Credits this generation holds (reserved, then charged)." }),
      refunded: t.exposeInt("refunded"),
      balance: t.exposeInt("balance", { description: "The account's balance when this was read." }),
    }),
  });

const GenerationErrorRef = builder.objectRef<{ code: string; message: string }>("GenerationError").implement({
  fields: (t) => ({ code: t.exposeString("code"), message: t.exposeString("message") }),
});

const StatusEnum = builder.enumType("GenerationStatus", { values: ["queued", "running", "succeeded", "failed", "canceled"] as const });

const GenerationRef = builder.objectRef<GenerationView>("Generation").implement({
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
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    startedAt: t.expose("startedAt", { type: "DateTime", nullable: true }),
    completedAt: t.expose("completedAt", { type: "DateTime", nullable: true }),
    assets: t.field({ type: [AssetRef], resolve: (g) => g.assets }),
    credits: t.field({ type: CreditsRef, resolve: (g) => g.credits }),
    error: t.field({ type: GenerationErrorRef, nullable: true, resolve: (g) => g.error ?? null }),
  }),
});

const GenerationPage = builder.objectRef<{ nodes: GenerationView[]; hasNextPage: boolean }>("GenerationPage").implement({
  fields: (t) => ({
    nodes: t.field({ type: [GenerationRef], resolve: (p) => p.nodes }),
    hasNextPage: t.exposeBoolean("hasNextPage"),
    endCursor: t.string({ nullable: true, resolve: (p) => p.nodes.at(-1)?.id ?? null }),
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

const MessageInput = builder.inputType("MessageInput", {
  fields: (t) => ({
    role: t.string({ description: "system, user or assistant" }),
    content: t.string(),
  }),
});

const GenerateInput = builder.inputType("GenerateInput", {
  description: "Exactly one of prompt and messages.",
  fields: (t) => ({
    prompt: t.string({ required: false }),
    messages: t.field({ type: [MessageInput], required: false }),
    agentId: t.string({ required: false }),
    transparent: t.boolean({ required: false }),
    seed: t.int({ required: false }),
    width: t.int({ required: false }),
    height: t.int({ required: false }),
  }),
});

/** GraphQL nulls mean "absent" to the shared validation. */
const withoutNulls = (input: Record<string, unknown>) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));

builder.queryFields((t) => ({
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
    },
    resolve: async (_root, args, ctx) =>
      ctx.services.generations.list(await viewerOf(ctx), { first: args.first ?? 20, after: args.after ?? undefined }),
  }),
}));

builder.mutationFields((t) => ({
  generate: t.field({
    type: GenerationRef,
    description: "Starts a generation and returns it queued; follow it with Subscription.generationEvents.",
    authScopes: rule({ allow: "any", scope: "generate" }),
    args: { input: t.arg({ type: GenerateInput }) },
    resolve: async (_root, { input }, ctx) => {
      const raw = withoutNulls(input as Record<string, unknown>);
      return ctx.services.generations.submit(await viewerOf(ctx), raw);
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
    subscribe: async (_root, args, ctx) => {
      const id = String(args.id);
      await ctx.services.generations.assertOwner(await viewerOf(ctx), id);
      return ctx.services.generations.events(id, Math.max(0, args.after ?? 0));
    },
    resolve: (event) => event,
  }),
}));
