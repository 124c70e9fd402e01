import { scopes } from "../../../contract/auth.js";
import { createKeyRequest, type ApiKeyView } from "../../../contract/schemas/keys.js";
import { builder, rule, viewerOf } from "../builder.js";
import { withoutNulls, zodInputType } from "../zod-input.js";

const ScopeEnum = builder.enumType("ApiKeyScope", { values: scopes, description: "`generate` implies `read`." });

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
  }),
});

const CreatedApiKey = builder.objectRef<{ apiKey: ApiKeyView; secret: string }>("CreatedApiKey").implement({
  fields: (t) => ({
    apiKey: t.field({ type: ApiKeyRef, resolve: (r) => r.apiKey }),
    secret: t.exposeString("secret", { description: "The whole key. Save it now: it cannot be shown again." }),
  }),
});

// Derived from the contract's request schema (the body of POST /api/keys).
const CreateApiKeyInput = zodInputType("CreateApiKeyInput", createKeyRequest, { scopes: [ScopeEnum as never], expiresAt: "DateTime" });

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
