import type { Page } from "../../../contract/cursor.js";
import type { LedgerEntryView } from "../../../contract/schemas/credits.js";
import { builder, rule, viewerOf } from "../builder.js";
import { withoutNulls } from "../zod-input.js";

const LedgerEntryRef = builder.objectRef<LedgerEntryView>("LedgerEntry").implement({
  description: "One change of an account's credits. The balance always equals the sum of the entries.",
  fields: (t) => ({
    id: t.exposeID("id"),
    kind: t.exposeString("kind", { description: "signup_grant, grant, charge, refund, adjustment or purchase (bought with Stripe Checkout)." }),
    amount: t.exposeInt("amount", { description: "Signed: negative takes credits." }),
    balanceAfter: t.exposeInt("balanceAfter"),
    reason: t.exposeString("reason", { nullable: true }),
    generationId: t.exposeString("generationId", { nullable: true }),
    agentId: t.exposeString("agentId", { nullable: true, description: "What a charge or refund paid for: the agent." }),
    apiKeyId: t.exposeString("apiKeyId", { nullable: true, description: "The key that made the call (null: the web app)." }),
    generationKind: t.exposeString("generationKind", { nullable: true, description: "image, sheet, tileset or recolor." }),
    promptExcerpt: t.exposeString("promptExcerpt", { nullable: true, description: "The prompt's first 80 characters." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const LedgerPage = builder.objectRef<Page<LedgerEntryView>>("LedgerPage").implement({
  fields: (t) => ({
    nodes: t.field({ type: [LedgerEntryRef], resolve: (p) => p.nodes }),
    hasNextPage: t.exposeBoolean("hasNextPage"),
    endCursor: t.exposeString("endCursor", { nullable: true, description: "Pass as `after` for the next page." }),
  }),
});

builder.prismaObjectField("Account", "ledger", (t) =>
  t.field({
    type: LedgerPage,
    description: "The account's ledger, newest first.",
    args: {
      first: t.arg.int({ required: false, defaultValue: 20, description: "1–100." }),
      after: t.arg.string({ required: false, description: "`endCursor` of the previous page." }),
    },
    resolve: (account, args, ctx) => ctx.services.credits.ledger(account.id, withoutNulls(args)),
  }),
);

const creditMutation = (kind: "grant" | "adjustment", description: string) =>
  builder.mutationField(kind === "grant" ? "grantCredits" : "adjustCredits", (t) =>
    t.prismaField({
      type: "Account",
      description,
      authScopes: rule({ allow: "session", admin: true }),
      args: { accountId: t.arg.id(), amount: t.arg.int(), reason: t.arg.string() },
      resolve: async (query, _root, args, ctx) => {
        const viewer = await viewerOf(ctx);
        await ctx.services.credits.grant({ accountId: String(args.accountId), amount: args.amount, reason: args.reason }, kind, viewer.user.id);
        return ctx.prisma.account.findUniqueOrThrow({ ...query, where: { id: String(args.accountId) } });
      },
    }),
  );

creditMutation("grant", "Admins: adds credits to an account (a `grant` ledger entry with the reason).");
creditMutation("adjustment", "Admins: corrects an account's credits by a signed amount (an `adjustment` entry); never below zero.");
