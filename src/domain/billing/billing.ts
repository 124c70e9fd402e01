import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import { AppError } from "../../contract/errors.js";
import { checkoutRequest, type CreditPackView, type PurchaseView } from "../../contract/schemas/billing.js";
import { parseInput } from "../../contract/validation.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { Logger } from "../../infra/logger.js";
import { StripeSignatureRefused, StripeUnavailable, type StripeGateway } from "../../infra/stripe.js";
import { grantPurchase, recordRefund, takeBackRefunds } from "./purchases.js";

/**
 * Buying credits with Stripe Checkout (contract section 16). Off (every route 404) unless the
 * packs and both Stripe secrets are configured: then `gateway` is set.
 */
export interface BillingDeps {
  prisma: PrismaClient;
  logger: Logger;
  gateway: StripeGateway | undefined;
  packs: readonly { name: string; credits: number; priceCents: number }[];
  currency: string;
  /** Where Stripe sends the person back (the web app's Credits page). */
  publicOrigin: string;
}

export type WebhookOutcome = "granted" | "already_granted" | "not_paid" | "refund_recorded" | "ignored";

const off = () => new AppError("not_found", "Buying credits is not enabled on this service.");

export function createBilling(deps: BillingDeps) {
  const { prisma, logger, gateway } = deps;
  const enabled = () => {
    if (!gateway || deps.packs.length === 0) throw off();
    return gateway;
  };

  async function onSessionPaid(session: Stripe.Checkout.Session): Promise<WebhookOutcome> {
    if (session.payment_status !== "paid") return "not_paid"; // an async method: async_payment_succeeded follows
    const meta = session.metadata ?? {};
    const paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
    // Not one of ours (another product on the same Stripe account): neither recorded here nor carrying our metadata.
    const ours = meta.accountId && Number(meta.credits) > 0 && (session.amount_total ?? 0) > 0;
    if (!ours && !(await prisma.creditPurchase.findUnique({ where: { id: session.id }, select: { id: true } }))) return "ignored";
    const outcome = await grantPurchase(prisma, {
      sessionId: session.id,
      paymentIntent,
      accountId: meta.accountId ?? session.client_reference_id ?? "",
      pack: meta.pack ?? "unknown",
      credits: Number(meta.credits ?? 0),
      amountCents: session.amount_total ?? 0,
      currency: session.currency ?? deps.currency,
    });
    // A refund that came first (or a grant that died before this step) is taken into account now.
    if (paymentIntent) await takeBackRefunds(prisma, paymentIntent);
    if (outcome.granted) logger.info("credits bought", { sessionId: session.id, accountId: outcome.accountId, credits: outcome.credits });
    return outcome.granted ? "granted" : "already_granted";
  }

  return {
    get enabled() {
      return gateway !== undefined && deps.packs.length > 0;
    },

    packs(): { packs: CreditPackView[] } {
      enabled();
      return { packs: deps.packs.map((p) => ({ ...p, currency: deps.currency })) };
    },

    /** A Checkout session for one pack, recorded `open` under its id before the person is sent to Stripe. */
    async checkout(accountId: string, raw: unknown): Promise<{ url: string; sessionId: string }> {
      const stripe = enabled();
      const { pack: name } = parseInput(checkoutRequest, raw);
      const pack = deps.packs.find((p) => p.name === name);
      if (!pack) {
        throw new AppError("invalid_request", `pack: No pack is named "${name}"; the packs are ${deps.packs.map((p) => p.name).join(", ")}.`, {
          param: "pack",
        });
      }
      let session: { id: string; url: string };
      try {
        session = await stripe.createCheckoutSession({
          accountId,
          pack,
          currency: deps.currency,
          successUrl: `${deps.publicOrigin}/credits?purchase=done`,
          cancelUrl: `${deps.publicOrigin}/credits?purchase=canceled`,
          idempotencyKey: `checkout-${randomUUID()}`,
        });
      } catch (error) {
        if (!(error instanceof StripeUnavailable)) throw error;
        logger.warn("stripe checkout failed", { accountId, pack: pack.name, status: error.statusCode, reason: error.message });
        throw new AppError("service_unavailable", "Payments are unavailable right now (Stripe did not answer); nothing was charged. Try again in a minute.", {
          details: { retryAfterSeconds: 60 },
          headers: { "retry-after": "60" },
        });
      }
      await prisma.creditPurchase.create({
        data: { id: session.id, accountId, pack: pack.name, credits: pack.credits, amountCents: pack.priceCents, currency: deps.currency },
      });
      return { url: session.url, sessionId: session.id };
    },

    /** A Stripe event: verified first (400, nothing done, when the signature is bad or old), then acted on once. */
    async webhook(rawBody: string, signature: string | null): Promise<{ received: true; outcome: WebhookOutcome }> {
      const stripe = enabled();
      let event: Stripe.Event;
      try {
        event = stripe.verifyEvent(rawBody, signature);
      } catch (error) {
        if (!(error instanceof StripeSignatureRefused)) throw error;
        logger.warn("stripe webhook refused", { reason: error.message });
        throw new AppError("invalid_request", `Stripe-Signature: ${error.message}`, { param: "stripe-signature" });
      }
      let outcome: WebhookOutcome = "ignored";
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded":
          outcome = await onSessionPaid(event.data.object);
          break;
        case "charge.refunded": {
          const charge = event.data.object;
          const paymentIntent = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
          if (paymentIntent) {
            const took = await recordRefund(prisma, paymentIntent, charge.amount_refunded);
            if (took && took.due > 0) logger.info("purchase refunded", { purchaseId: took.purchaseId, due: took.due, taken: took.taken });
            outcome = "refund_recorded";
          }
          break;
        }
      }
      return { received: true, outcome };
    },

    /** Admins: purchases across accounts (or one account's), newest first. */
    async purchases(args: { accountId?: string; first: number }): Promise<PurchaseView[]> {
      const rows = await prisma.creditPurchase.findMany({
        where: args.accountId ? { accountId: args.accountId } : {},
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: Math.max(1, Math.min(100, args.first)),
      });
      return rows.map((r) => ({
        id: r.id,
        accountId: r.accountId,
        pack: r.pack,
        credits: r.credits,
        amountCents: r.amountCents,
        currency: r.currency,
        status: r.status === "paid" ? "paid" : "open",
        creditsTakenBack: r.creditsTakenBack,
        createdAt: r.createdAt.toISOString(),
        paidAt: r.paidAt?.toISOString() ?? null,
      }));
    },
  };
}

export type Billing = ReturnType<typeof createBilling>;
