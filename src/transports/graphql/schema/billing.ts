import type { PurchaseView } from "../../../contract/schemas/billing.js";
import { builder, rule } from "../builder.js";

const PurchaseRef = builder.objectRef<PurchaseView>("Purchase").implement({
  description: "A credit pack bought with Stripe Checkout, keyed by the Checkout session.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The Stripe Checkout session's id (cs_…)." }),
    accountId: t.exposeID("accountId"),
    pack: t.exposeString("pack"),
    credits: t.exposeInt("credits"),
    amountCents: t.exposeInt("amountCents", { description: "The price, in the currency's smallest unit." }),
    currency: t.exposeString("currency"),
    status: t.exposeString("status", { description: "open: checkout started; paid: credits granted." }),
    creditsTakenBack: t.exposeInt("creditsTakenBack", { description: "Credits taken back for refunds." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    paidAt: t.expose("paidAt", { type: "DateTime", nullable: true }),
  }),
});

builder.queryField("purchases", (t) =>
  t.field({
    type: [PurchaseRef],
    description: "Admins: credit purchases across accounts (or one account's), newest first.",
    authScopes: rule({ allow: "session", admin: true }),
    args: {
      accountId: t.arg.id({ required: false }),
      first: t.arg.int({ required: false, defaultValue: 20, description: "How many, 1–100." }),
    },
    resolve: (_root, args, ctx) =>
      ctx.services.billing.purchases({ ...(args.accountId ? { accountId: String(args.accountId) } : {}), first: args.first ?? 20 }),
  }),
);
