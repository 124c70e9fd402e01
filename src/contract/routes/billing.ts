import { checkoutRequest, checkoutResponse, packsResponse, stripeWebhookResponse } from "../schemas/billing.js";
import { authErrors, bodyErrors, json, type RouteSpec } from "./spec.js";

/**
 * Buying credits with Stripe Checkout (contract section 16). Off unless STRIPE_SECRET_KEY,
 * STRIPE_WEBHOOK_SECRET and CREDIT_PACKS are set: then every route here answers 404.
 */
export const billingRoutes = {
  listPacks: {
    method: "GET",
    path: "/api/billing/packs",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Credits"],
    summary: "The credit packs on sale (CREDIT_PACKS); 404 while buying credits is off.",
    responses: { 200: json("The packs.", packsResponse) },
    errors: [...authErrors, "not_found", "rate_limited", "service_unavailable"],
  },
  createCheckout: {
    method: "POST",
    path: "/api/billing/checkout",
    transport: "rest",
    auth: { allow: "session" },
    tags: ["Credits"],
    body: checkoutRequest,
    summary:
      "Starts buying a pack: a Stripe Checkout session for the signed-in account; send the person to `url`. Credits come when Stripe reports the payment (the webhook below). 503 when Stripe cannot be reached (nothing charged).",
    responses: { 201: json("The Checkout session.", checkoutResponse) },
    errors: [...bodyErrors, ...authErrors, "not_found", "service_unavailable"],
  },
  stripeWebhook: {
    method: "POST",
    path: "/api/billing/stripe-webhook",
    transport: "rest",
    auth: { allow: "public" },
    tags: ["Credits"],
    summary:
      "Stripe's events (Stripe-Signature verified with STRIPE_WEBHOOK_SECRET, five minutes' tolerance): checkout.session.completed and checkout.session.async_payment_succeeded grant the pack once per session, charge.refunded takes the refunded share back as an adjustment. A bad or old signature: 400, nothing granted.",
    responses: { 200: json("The event was taken into account (or was not one to act on).", stripeWebhookResponse) },
    errors: ["invalid_request", "invalid_json", "payload_too_large", "unsupported_media_type", "not_found", "service_unavailable"],
  },
} as const satisfies Record<string, RouteSpec>;
