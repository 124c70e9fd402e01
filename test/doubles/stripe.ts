/**
 * A stand-in of Stripe's API for the calls the service makes, as Stripe documents them
 * (https://docs.stripe.com/api/checkout/sessions/create), with the `stripe` SDK pointed at it
 * (STRIPE_API_BASE → the SDK's `host`, `port`, `protocol`):
 *
 * - `POST /v1/checkout/sessions`, a form-encoded body (`line_items[0][price_data][unit_amount]=500`),
 *   `Authorization: Bearer sk_…`: answers a Checkout Session object (`cs_test_…`, `object:
 *   "checkout.session"`, `status: "open"`, `payment_status: "unpaid"`, `amount_total`, `metadata`,
 *   `url` on checkout.stripe.com …). The same `Idempotency-Key` answers the same session again.
 * - errors in Stripe's shape `{error: {type, code?, param?, message}}`: 401 for another secret key,
 *   400 `parameter_missing`, 404 for other paths, and whatever a test scripts with `next(...)`
 *   (a 500 `api_error`, an answer that never comes, a reset socket).
 *
 * And Stripe's side of a payment: `completedEvent(session)` and `refundedEvent(...)` build the
 * webhook events Stripe would send (https://docs.stripe.com/api/events/object); the tests sign them
 * with the SDK's own `stripe.webhooks.generateTestHeaderString`.
 */
import { randomBytes } from "node:crypto";
import { jsonReply, startHttpDouble, type RecordedRequest, type Reply } from "./http-double.js";

export type { Reply } from "./http-double.js";

export interface StripeSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: "unpaid" | "paid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  success_url: string;
  cancel_url: string | null;
  url: string | null;
}

export interface StripeDouble {
  origin: string;
  requests: RecordedRequest[];
  /** The sessions created, by id. */
  sessions: Map<string, StripeSession>;
  /** Scripts the next answers (first in, first out); then the normal behaviour again. */
  next(...replies: Reply[]): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const stripeError = (status: number, type: string, message: string, extra: Record<string, string> = {}) =>
  jsonReply(status, { error: { type, message, ...extra } }, { "request-id": id("req") });

export const stripeReplies = {
  serverError: (): Reply => stripeError(500, "api_error", "An unknown error occurred on Stripe's side."),
  hang: (): Reply => ({ kind: "hang" }),
  reset: (): Reply => ({ kind: "reset" }),
};

export async function startStripeDouble(options: { secretKey: string }): Promise<StripeDouble> {
  const sessions = new Map<string, StripeSession>();
  const byIdempotencyKey = new Map<string, StripeSession>();
  const script: Reply[] = [];

  const double = await startHttpDouble((req) => {
    const scripted = script.shift();
    if (scripted) return scripted;
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      return stripeError(401, "invalid_request_error", `Invalid API Key provided: ${String(req.headers.authorization ?? "").slice(7, 15)}****`);
    }
    if (req.method !== "POST" || req.path !== "/v1/checkout/sessions") {
      return stripeError(404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${req.path}).`);
    }
    const key = req.headers["idempotency-key"];
    const again = typeof key === "string" ? byIdempotencyKey.get(key) : undefined;
    if (again) return jsonReply(200, again, { "idempotent-replayed": "true" });
    const form = decodeForm(req.text);
    for (const param of ["mode", "success_url", "line_items"]) {
      if (form[param] === undefined)
        return stripeError(400, "invalid_request_error", `Missing required param: ${param}.`, { code: "parameter_missing", param });
    }
    const items = form.line_items as Record<string, { quantity?: string; price_data?: { currency?: string; unit_amount?: string } }>;
    const total = Object.values(items).reduce((sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1), 0);
    const created = Math.floor(Date.now() / 1000);
    const sessionId = id("cs");
    const session: StripeSession = {
      id: sessionId,
      object: "checkout.session",
      amount_subtotal: total,
      amount_total: total,
      currency: Object.values(items)[0]?.price_data?.currency ?? "usd",
      client_reference_id: (form.client_reference_id as string | undefined) ?? null,
      created,
      expires_at: created + 86_400,
      livemode: false,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      mode: form.mode as string,
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      success_url: form.success_url as string,
      cancel_url: (form.cancel_url as string | undefined) ?? null,
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
    };
    sessions.set(session.id, session);
    if (typeof key === "string") byIdempotencyKey.set(key, session);
    return jsonReply(200, session, { "request-id": id("req") });
  });

  return {
    origin: double.origin,
    requests: double.requests,
    sessions,
    next: (...replies) => void script.push(...replies),
    close: () => double.close(),
  };
}

/** Stripe's form encoding (`a[b][0][c]=1`) back into nested objects (arrays as objects keyed "0", "1", …). */
export function decodeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const path = name.replace(/\]/g, "").split("[");
    let at = root;
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) at[part] = value;
      else at = (at[part] ??= {}) as Record<string, unknown>;
    }
  }
  return root;
}

/** An event as Stripe sends it to a webhook endpoint. */
export function stripeEvent(type: string, object: unknown, created = Math.floor(Date.now() / 1000)) {
  return {
    id: id("evt"),
    object: "event",
    api_version: "2026-10-29.clover",
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** The session once paid: `checkout.session.completed` (`payment_status: "paid"`, its PaymentIntent). */
export function completedEvent(session: StripeSession, paymentIntent = id("pi")) {
  return stripeEvent("checkout.session.completed", { ...session, status: "complete", payment_status: "paid", payment_intent: paymentIntent, url: null });
}

/** `charge.refunded`: the charge of `paymentIntent`, `amountRefunded` of `amount` refunded so far (cumulative). */
export function refundedEvent(paymentIntent: string, amount: number, amountRefunded: number) {
  return stripeEvent("charge.refunded", {
    id: id("ch"),
    object: "charge",
    amount,
    amount_captured: amount,
    amount_refunded: amountRefunded,
    captured: true,
    currency: "usd",
    paid: true,
    payment_intent: paymentIntent,
    refunded: amountRefunded >= amount,
    status: "succeeded",
  });
}
