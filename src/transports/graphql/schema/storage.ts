import type { LinkView } from "../../../contract/schemas/links.js";
import type { StorageUsage } from "../../../domain/storage/quota.js";
import { builder, rule, viewerOf } from "../builder.js";

const AssetLinkRef = builder.objectRef<LinkView>("AssetLink").implement({
  description: "A public link to an asset: anyone holding `url` can fetch its bytes (and `<url>/export/<format>`) without a key until `expiresAt`.",
  fields: (t) => ({
    url: t.exposeString("url"),
    expiresAt: t.expose("expiresAt", { type: "DateTime" }),
  }),
});

const StorageRef = builder.objectRef<StorageUsage>("Storage").implement({
  description: "The bytes the account's assets take, and its quota (STORAGE_QUOTA_MB).",
  fields: (t) => ({
    usedBytes: t.float({ resolve: (s) => s.usedBytes }),
    quotaBytes: t.float({ description: "A generation that could pass it is refused (storage_quota_exceeded).", resolve: (s) => s.quotaBytes }),
  }),
});

builder.queryFields((t) => ({
  storage: t.field({
    type: StorageRef,
    description: "Your account's storage: used and quota (as GET /api/v1/storage).",
    authScopes: rule({ allow: "any", scope: "read" }),
    resolve: async (_root, _args, ctx) => ctx.services.storage.usage((await viewerOf(ctx)).user.accountId),
  }),
}));

builder.mutationFields((t) => ({
  createAssetLink: t.field({
    type: AssetLinkRef,
    description: "A public, expiring link to one of your assets (as POST /api/v1/assets/{id}/links).",
    authScopes: rule({ allow: "any", scope: "read" }),
    args: {
      id: t.arg.id({ description: "The asset (yours)." }),
      expiresIn: t.arg.int({ required: false, description: "Seconds the link lives: 60–604800, default 3600." }),
    },
    resolve: async (_root, args, ctx) =>
      ctx.services.links.create(await viewerOf(ctx), String(args.id), args.expiresIn == null ? {} : { expiresIn: args.expiresIn }),
  }),
  deleteAsset: t.boolean({
    description: "Deletes one of your assets (as DELETE /api/v1/assets/{id}): then `gone` for it; its generation and the ledger stay.",
    authScopes: rule({ allow: "any", scope: "generate" }),
    args: { id: t.arg.id() },
    resolve: async (_root, args, ctx) => {
      await ctx.services.deletion.deleteAsset(await viewerOf(ctx), String(args.id));
      return true;
    },
  }),
  deleteGeneration: t.boolean({
    description: "Deletes one of your finished generations with its assets (as DELETE /api/v1/generations/{id}); `generation_active` while it runs.",
    authScopes: rule({ allow: "any", scope: "generate" }),
    args: { id: t.arg.id() },
    resolve: async (_root, args, ctx) => {
      await ctx.services.deletion.deleteGeneration(await viewerOf(ctx), String(args.id));
      return true;
    },
  }),
  deleteAccount: t.boolean({
    description:
      "Erases your account (as POST /api/auth/delete-account): user, sessions, keys, webhooks, generations, prompts and assets go; the ledger stays with the account id only. Needs your password.",
    authScopes: rule({ allow: "session" }),
    args: { password: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await ctx.services.deletion.deleteAccount(await viewerOf(ctx), { password: args.password });
      return true;
    },
  }),
}));
