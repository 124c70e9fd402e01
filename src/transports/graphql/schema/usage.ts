import { AppError } from "../../../contract/errors.js";
import type { UsageView } from "../../../contract/schemas/usage.js";
import { builder, rule, viewerOf } from "../builder.js";
import { withoutNulls } from "../zod-input.js";

type Row = UsageView["rows"][number];

const UsageRowRef = builder.objectRef<Row>("UsageRow").implement({
  description: "One group of usage: a UTC day, a key or an agent.",
  fields: (t) => ({
    day: t.string({ nullable: true, description: "groupBy day: the UTC day (2026-11-01).", resolve: (r) => r.day ?? null }),
    keyId: t.string({ nullable: true, description: "groupBy key: the API key (null: the web app).", resolve: (r) => r.keyId ?? null }),
    agentId: t.string({ nullable: true, description: "groupBy agent.", resolve: (r) => r.agentId ?? null }),
    generations: t.exposeInt("generations", { description: "Generations charged in the range." }),
    credits: t.exposeInt("credits", { description: "Charges minus refunds in the range." }),
  }),
});

const UsageTotalRef = builder.objectRef<UsageView["total"]>("UsageTotal").implement({
  fields: (t) => ({ generations: t.exposeInt("generations"), credits: t.exposeInt("credits") }),
});

const UsageRef = builder.objectRef<UsageView>("Usage").implement({
  description: "Charges minus refunds in [from, to), from the ledger (always equal to it).",
  fields: (t) => ({
    from: t.expose("from", { type: "DateTime" }),
    to: t.expose("to", { type: "DateTime" }),
    groupBy: t.exposeString("groupBy"),
    splitBy: t.string({ nullable: true, resolve: (u) => u.splitBy ?? null }),
    rows: t.field({ type: [UsageRowRef], resolve: (u) => u.rows }),
    total: t.field({ type: UsageTotalRef, resolve: (u) => u.total }),
  }),
});

builder.queryField("usage", (t) =>
  t.field({
    type: UsageRef,
    description:
      "Usage by day, key or agent. Your account's; admins signed in with a session: any account (accountId), or every account together (allAccounts: true).",
    authScopes: rule({ allow: "any", scope: "read" }),
    args: {
      from: t.arg.string({ required: false, description: "A date (2026-11-01) or an instant; default 30 days before `to`." }),
      to: t.arg.string({ required: false, description: "Exclusive; default now." }),
      groupBy: t.arg.string({ required: false, description: "day (default), key or agent." }),
      splitBy: t.arg.string({ required: false, description: "With groupBy day: key or agent (one row per day and key or agent)." }),
      accountId: t.arg.id({ required: false }),
      allAccounts: t.arg.boolean({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = await viewerOf(ctx);
      const { accountId, allAccounts, ...query } = withoutNulls(args) as { accountId?: string | number; allAccounts?: boolean } & Record<string, unknown>;
      if (allAccounts) {
        if (viewer.kind !== "session" || viewer.user.role !== "admin")
          throw new AppError("forbidden", "Only an admin signed in with a session reads every account's usage.");
        return ctx.services.usage(undefined, query);
      }
      const id = accountId === undefined ? viewer.user.accountId : String(accountId);
      ctx.services.accounts.assertReadable(viewer, id);
      return ctx.services.usage(id, query);
    },
  }),
);
