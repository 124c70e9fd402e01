import { scopes } from "../../../contract/auth.js";
import { createKeyRequest, keyBudget, updateKeyRequest, type ApiKeyView } from "../../../contract/schemas/keys.js";
import { builder, rule, viewerOf } from "../builder.js";
import { withoutNulls, zodInputType } from "../zod-input.js";

const ScopeEnum = builder.enumType("ApiKeyScope", { values: scopes, description: "`generate` implies `read`." });

const KeyBudgetRef = builder.objectRef<NonNullable<ApiKeyView["budget"]>>("KeyBudget").implement({
  description: "A key's spending limit: credits per UTC day, per UTC month, or in total.",
  fields: (t) => ({
    credits: t.exposeInt("credits"),
    period: t.exposeString("period", { description: "day, month or total." }),
  }),
});

const ApiKeyRef = builder.objectRef<ApiKeyView>("ApiKey").implement({
  description: "An API key. The secret is shown once, by createApiKey, and never again.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    start: t.exposeString("start", { description: "The key's first characters, to recognise it (e.g. ags_AbCd)." }),
    scopes: t.field({ type: [ScopeEnum], resolve: (key) => key.scopes }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    expiresAt: t.expose("expiresAt", { type: "DateTime", nullable: true }),
    lastUsedAt: t.expose("lastUsedAt", { type: "DateTime", nullable: true, description: "Updated at most once a minute." }),
    budget: t.field({ type: KeyBudgetRef, nullable: true, resolve: (key) => key.budget }),
    spent: t.exposeInt("spent", { description: "Credits spent (charges minus refunds) in the budget's current period; in total without a budget." }),
    resetsAt: t.expose("resetsAt", { type: "DateTime", nullable: true, description: "When the budget's period ends (UTC)." }),
  }),
});

const CreatedApiKey = builder.objectRef<{ apiKey: ApiKeyView; secret: string }>("CreatedApiKey").implement({
  fields: (t) => ({
    apiKey: t.field({ type: ApiKeyRef, resolve: (r) => r.apiKey }),
    secret: t.exposeString("secret", { description: "The whole key. Save it now: it cannot be shown again." }),
  }),
});

// Derived from the contract's request schema (the body of POST /api/keys).
const KeyBudgetInput = zodInputType("KeyBudgetInput", keyBudget, {}, 'A spending limit: credits (1–10^9) per period ("day", "month" or "total").');
const CreateApiKeyInput = zodInputType("CreateApiKeyInput", createKeyRequest, { scopes: [ScopeEnum as never], expiresAt: "DateTime", budget: KeyBudgetInput });
const UpdateApiKeyInput = zodInputType("UpdateApiKeyInput", updateKeyRequest, { budget: KeyBudgetInput });

builder.queryFields((t) => ({
  apiKeys: t.field({
    type: [ApiKeyRef],
    description: "The account's live API keys, newest first.",
    authScopes: rule({ allow: "any", scope: "read" }),
    resolve: async (_root, _args, ctx) => ctx.services.keys.list((await viewerOf(ctx)).user.accountId),
  }),
}));

builder.mutationFields((t) => ({
  createApiKey: t.field({
    type: CreatedApiKey,
    authScopes: rule({ allow: "session" }),
    args: { input: t.arg({ type: CreateApiKeyInput as never, required: true }) },
    resolve: async (_root, args, ctx) => ctx.services.keys.create((await viewerOf(ctx)).user, withoutNulls(args.input)),
  }),
  updateApiKey: t.field({
    type: ApiKeyRef,
    description: "Renames one of your keys or sets its budget (budget: null removes it).",
    authScopes: rule({ allow: "session" }),
    args: { id: t.arg.id(), input: t.arg({ type: UpdateApiKeyInput as never, required: true }) },
    resolve: async (_root, args, ctx) => {
      // null means "no budget" here: only an absent field is left alone.
      const { name, budget } = args.input as { name?: string | null; budget?: unknown };
      const input = { ...(name != null ? { name } : {}), ...(budget !== undefined ? { budget } : {}) };
      return ctx.services.keys.update((await viewerOf(ctx)).user.accountId, String(args.id), input);
    },
  }),
  revokeApiKey: t.boolean({
    description: "Revokes one of your keys; it answers 401 from then on.",
    authScopes: rule({ allow: "session" }),
    args: { id: t.arg.id() },
    resolve: async (_root, args, ctx) => {
      await ctx.services.keys.revoke((await viewerOf(ctx)).user.accountId, String(args.id));
      return true;
    },
  }),
}));
