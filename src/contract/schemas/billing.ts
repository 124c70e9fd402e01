import { z } from "zod";
import { instant } from "./common.js";

/** Buying credits (contract section 16): the packs on sale, a Checkout session, a purchase. */
export const creditPack = z
  .object({
    name: z.string(),
    credits: z.number().int().describe("Credits the pack grants."),
    priceCents: z.number().int().describe("Its price in the currency's smallest unit."),
    currency: z.string().describe("ISO code, lowercase (e.g. usd)."),
  })
  .meta({ id: "CreditPack" });
export type CreditPackView = z.output<typeof creditPack>;

export const packsResponse = z.object({ packs: z.array(creditPack) }).meta({ id: "CreditPacks" });

export const checkoutRequest = z.strictObject({
  pack: z.string("Must be a string: a pack's name (GET /api/billing/packs).").min(1, "Must not be empty.").max(32, "Must be at most 32 characters."),
});

export const checkoutResponse = z
  .object({
    url: z.string().describe("Stripe Checkout's page for this purchase: send the person there."),
    sessionId: z.string().describe("The Checkout session's id (cs_…): the purchase's key."),
  })
  .meta({ id: "CheckoutSession" });

/** The Stripe webhook's answer (Stripe only reads the status). */
export const stripeWebhookResponse = z
  .object({
    received: z.literal(true),
    outcome: z
      .enum(["granted", "already_granted", "not_paid", "refund_recorded", "ignored"])
      .describe("What the event did: credits granted, a replay that granted nothing, a refund taken into account, or an event not acted on."),
  })
  .meta({ id: "StripeWebhookAnswer" });

export const purchase = z
  .object({
    id: z.string().describe("The Stripe Checkout session's id."),
    accountId: z.string(),
    pack: z.string(),
    credits: z.number().int(),
    amountCents: z.number().int(),
    currency: z.string(),
    status: z.enum(["open", "paid"]).describe("open: checkout started; paid: credits granted."),
    creditsTakenBack: z.number().int().describe("Credits taken back for refunds."),
    createdAt: instant,
    paidAt: instant.nullable(),
  })
  .meta({ id: "Purchase" });
export type PurchaseView = z.output<typeof purchase>;
