import { AppError } from "../../../contract/errors.js";
import { builder, rule, viewerOf } from "../builder.js";
import { withoutNulls } from "../zod-input.js";

builder.prismaObject("User", {
  fields: (t) => ({
    id: t.exposeID("id"),
    email: t.exposeString("email"),
    name: t.exposeString("name", { nullable: true }),
    role: t.exposeString("role", { description: "`user` or `admin`." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    account: t.relation("account"),
  }),
});

builder.prismaObject("Account", {
  description: "Where credits live. Each generation deducts its agent's price from the balance.",
  fields: (t) => ({
    id: t.exposeID("id"),
    balance: t.exposeInt("balance", { description: "Credits available now." }),
    lowBalanceThreshold: t.exposeInt("lowBalanceThreshold", {
      nullable: true,
      description: "credits.low is sent each time a charge takes the balance below this; null: never.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    user: t.relation("user", { nullable: true, description: "The user who owns the account." }),
  }),
});

const ViewerRef = builder.objectRef<{ userId: string; accountId: string; via: "session" | "api_key"; scopes: string[] }>("Viewer");
ViewerRef.implement({
  description: "The caller.",
  fields: (t) => ({
    user: t.prismaField({
      type: "User",
      resolve: (query, viewer, _args, ctx) => ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: viewer.userId } }),
    }),
    account: t.prismaField({
      type: "Account",
      resolve: (query, viewer, _args, ctx) => ctx.prisma.account.findUniqueOrThrow({ ...query, where: { id: viewer.accountId } }),
    }),
    authenticatedBy: t.string({ description: "`session` or `api_key`.", resolve: (viewer) => viewer.via }),
    scopes: t.stringList({ description: "What the credentials allow: the key's scopes; a session may do everything.", resolve: (viewer) => viewer.scopes }),
  }),
});

const AccountPage = builder.objectRef<{ nodes: { id: string }[]; endCursor: string | null; hasNextPage: boolean; totalCount: number }>("AccountPage");
AccountPage.implement({
  fields: (t) => ({
    nodes: t.prismaField({
      type: ["Account"],
      resolve: (query, page, _args, ctx) =>
        ctx.prisma.account
          .findMany({ ...query, where: { id: { in: page.nodes.map((n) => n.id) } } })
          .then((rows) => page.nodes.map((n) => rows.find((r) => r.id === n.id)!)),
    }),
    endCursor: t.string({ nullable: true, resolve: (page) => page.endCursor }),
    hasNextPage: t.boolean({ resolve: (page) => page.hasNextPage }),
    totalCount: t.int({ resolve: (page) => page.totalCount }),
  }),
});

builder.queryFields((t) => ({
  viewer: t.field({
    type: ViewerRef,
    nullable: true,
    description: "The caller, or null when anonymous.",
    authScopes: rule({ allow: "public" }),
    resolve: async (_root, _args, ctx) => {
      const viewer = await ctx.viewer();
      if (viewer.kind === "anonymous") return null;
      return {
        userId: viewer.user.id,
        accountId: viewer.user.accountId,
        via: viewer.kind,
        scopes: viewer.kind === "api_key" ? [...viewer.scopes] : ["generate", "read"],
      };
    },
  }),

  account: t.prismaField({
    type: "Account",
    description:
      "An account by id: your own, or any for an admin signed in with a session (an admin's API key reads only its own). Another account answers not_found.",
    authScopes: rule({ allow: "any", scope: "read" }),
    args: { id: t.arg.id() },
    resolve: async (query, _root, args, ctx) => {
      const id = String(args.id);
      ctx.services.accounts.assertReadable(await viewerOf(ctx), id);
      const account = await ctx.prisma.account.findUnique({ ...query, where: { id } });
      if (!account) throw new AppError("not_found", "No such account.");
      return account;
    },
  }),

  accounts: t.field({
    type: AccountPage,
    description: "Admins: every account, newest first, optionally filtered by owner email.",
    authScopes: rule({ allow: "session", admin: true }),
    args: {
      search: t.arg.string({ required: false, description: "Part of the owner's email, any case." }),
      first: t.arg.int({ required: false, defaultValue: 20, description: "Page size, 1–100." }),
      after: t.arg.string({ required: false, description: "`endCursor` of the previous page." }),
    },
    resolve: (_root, args, ctx) => ctx.services.accounts.listAccounts(withoutNulls(args)),
  }),
}));

builder.mutationField("setLowBalanceThreshold", (t) =>
  t.prismaField({
    type: "Account",
    description: "Sets your account's low-balance threshold (webhook event credits.low; the web app's banner); null removes it.",
    authScopes: rule({ allow: "session" }),
    args: { credits: t.arg.int({ required: false }) },
    resolve: async (query, _root, args, ctx) => {
      const viewer = await viewerOf(ctx);
      await ctx.services.accounts.updateSettings(viewer.user.accountId, { lowBalanceThreshold: args.credits ?? null });
      return ctx.prisma.account.findUniqueOrThrow({ ...query, where: { id: viewer.user.accountId } });
    },
  }),
);
