import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completedEvent, refundedEvent, startStripeDouble, stripeEvent, stripeReplies, type StripeDouble, type StripeSession } from "../doubles/stripe.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { errorOf, json, signUp, type TestUser } from "../support/users.js";

/**
 * Buying credits (contract section 16) against a local stand-in of Stripe's API, the `stripe` SDK
 * pointed at it, and webhooks signed with the SDK's own test-signature helper: a pack is granted
 * once per Checkout session (replays, ten deliveries at once, refunds before the completion), a
 * refund is taken back as an adjustment, a bad or old signature grants nothing, and Stripe down
 * mid-checkout is a 503 that charges and records nothing.
 */
const secretKey = "sk_test_assetforge";
const webhookSecret = "whsec_test_assetforge";
const stripe = new Stripe("sk_test_helper_only");
let t: TestApp;
let off: TestApp;
let double: StripeDouble;

beforeAll(async () => {
  double = await startStripeDouble({ secretKey });
  t = await startTestApp({
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    CREDIT_PACKS: "starter:500:500,studio:5000:4000",
    STRIPE_API_BASE: double.origin,
    STRIPE_TIMEOUT_MS: "300",
  });
  off = await startTestApp({ STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret }); // no packs: off
});
afterAll(async () => {
  await t?.close();
  await off?.close();
  await double?.close();
});

const signed = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? webhookSecret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });

async function deliver(event: unknown, options: { secret?: string; timestamp?: number; app?: TestApp; signature?: string | null } = {}) {
  const payload = JSON.stringify(event, null, 2); // Stripe's bodies are pretty-printed: the signature covers the exact bytes
  const signature = options.signature === undefined ? signed(payload, options) : options.signature;
  return (options.app ?? t).request("/api/billing/stripe-webhook", {
    method: "POST",
    headers: { "content-type": "application/json; charset=utf-8", ...(signature === null ? {} : { "stripe-signature": signature }) },
    body: payload,
  });
}

async function checkout(user: TestUser, pack = "starter"): Promise<StripeSession> {
  const response = await t.request("/api/billing/checkout", json({ pack }, { cookie: user.cookie }));
  expect(response.status, await response.clone().text()).toBe(201);
  const { url, sessionId } = (await response.json()) as { url: string; sessionId: string };
  const session = double.sessions.get(sessionId)!;
  expect(url).toBe(session.url);
  return session;
}

const balanceOf = async (user: TestUser) => (await t.db.prisma.account.findUniqueOrThrow({ where: { id: user.accountId } })).balance;
const entriesOf = (user: TestUser) =>
  t.db.prisma.ledgerEntry.findMany({ where: { accountId: user.accountId, kind: { in: ["purchase", "adjustment"] } }, orderBy: { id: "asc" } });

describe("buying credits with Stripe Checkout", () => {
  it("is off (404, no packs) unless the packs and both secrets are set", async () => {
    const user = await signUp(off);
    expect((await errorOf(await off.request("/api/billing/packs", { headers: { cookie: user.cookie } }))).status).toBe(404);
    expect((await errorOf(await off.request("/api/billing/checkout", json({ pack: "starter" }, { cookie: user.cookie })))).status).toBe(404);
    expect((await deliver(completedEvent({ id: "cs_x" } as StripeSession), { app: off })).status).toBe(404);
  });

  it("lists the packs, refuses an unknown one (400 naming it), and creates a Checkout session as Stripe documents it", async () => {
    const user = await signUp(t);
    const packs = await t.request("/api/billing/packs", { headers: { cookie: user.cookie } });
    expect(await packs.json()).toEqual({
      packs: [
        { name: "starter", credits: 500, priceCents: 500, currency: "usd" },
        { name: "studio", credits: 5000, priceCents: 4000, currency: "usd" },
      ],
    });
    expect(await errorOf(await t.request("/api/billing/checkout", json({ pack: "huge" }, { cookie: user.cookie })))).toMatchObject({
      status: 400,
      param: "pack",
    });
    expect(await errorOf(await t.request("/api/billing/checkout", json({}, { cookie: user.cookie })))).toMatchObject({ status: 400, param: "pack" });
    expect((await t.request("/api/billing/checkout", json({ pack: "starter" }))).status).toBe(401);

    const session = await checkout(user, "studio");
    const sent = double.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(sent.headers["idempotency-key"]).toMatch(/^checkout-/);
    expect(session).toMatchObject({ mode: "payment", amount_total: 4000, metadata: { accountId: user.accountId, pack: "studio", credits: "5000" } });
    expect(session.success_url).toBe(`${t.config.publicOrigin}/credits?purchase=done`);
    expect(await t.db.prisma.creditPurchase.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
      status: "open",
      credits: 5000,
      accountId: user.accountId,
    });
    expect(await balanceOf(user)).toBe(100); // nothing until Stripe says it is paid
  });

  it("grants a pack once per session: replays and ten deliveries at once grant it once", async () => {
    const user = await signUp(t);
    const session = await checkout(user);
    const event = completedEvent(session);
    const first = await deliver(event);
    expect(await first.json()).toEqual({ received: true, outcome: "granted" });
    expect(await balanceOf(user)).toBe(600);
    expect(await (await deliver(event)).json()).toEqual({ received: true, outcome: "already_granted" }); // a replay
    expect(await (await deliver(completedEvent(session))).json()).toMatchObject({ outcome: "already_granted" }); // another event id, same session

    const racer = await signUp(t);
    const raced = completedEvent(await checkout(racer));
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(raced)));
    const outcomes = await Promise.all(answers.map(async (r) => ((await r.json()) as { outcome: string }).outcome));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(outcomes.filter((o) => o === "granted")).toHaveLength(1);
    expect(await balanceOf(racer)).toBe(600);
    const entries = await entriesOf(racer);
    expect(entries.map((e) => [e.kind, e.amount, e.purchaseId])).toEqual([["purchase", 500, (raced.data.object as StripeSession).id]]);
  });

  it("refuses a bad, missing or old signature (400, nothing granted), and ignores sessions that are not ours", async () => {
    const user = await signUp(t);
    const event = completedEvent(await checkout(user));
    for (const options of [
      { secret: "whsec_someone_else" },
      { timestamp: Math.floor(Date.now() / 1000) - 600 },
      { signature: null },
      { signature: "t=1,v1=00" },
    ]) {
      expect(await errorOf(await deliver(event, options))).toMatchObject({ status: 400, code: "invalid_request", param: "stripe-signature" });
    }
    const payload = JSON.stringify(event);
    const altered = await t.request("/api/billing/stripe-webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signed(payload) },
      body: payload.replace('"500"', '"50000"'),
    });
    expect((await errorOf(altered)).status).toBe(400);
    expect(await balanceOf(user)).toBe(100);
    expect(await entriesOf(user)).toEqual([]);

    const foreign = stripeEvent("checkout.session.completed", {
      id: "cs_test_foreign",
      object: "checkout.session",
      payment_status: "paid",
      metadata: {},
      amount_total: 900,
    });
    expect(await (await deliver(foreign)).json()).toEqual({ received: true, outcome: "ignored" });
    expect(await (await deliver(stripeEvent("customer.created", { id: "cus_1" }))).json()).toEqual({ received: true, outcome: "ignored" });
    expect(await t.db.prisma.creditPurchase.count({ where: { id: "cs_test_foreign" } })).toBe(0);
  });

  it("takes refunds back as adjustments, in any order, once each, never below zero", async () => {
    const user = await signUp(t);
    const session = await checkout(user);
    const paid = completedEvent(session, "pi_test_partial");
    await deliver(paid);
    expect(await balanceOf(user)).toBe(600);
    const half = refundedEvent("pi_test_partial", 500, 250);
    expect(await (await deliver(half)).json()).toEqual({ received: true, outcome: "refund_recorded" });
    expect(await balanceOf(user)).toBe(350);
    await deliver(half); // a replay
    await deliver(refundedEvent("pi_test_partial", 500, 100)); // an older event, arriving late
    expect(await balanceOf(user)).toBe(350);
    await deliver(refundedEvent("pi_test_partial", 500, 500)); // the rest
    expect(await balanceOf(user)).toBe(100);
    expect((await entriesOf(user)).map((e) => [e.kind, e.amount, e.purchaseId])).toEqual([
      ["purchase", 500, session.id],
      ["adjustment", -250, session.id],
      ["adjustment", -250, session.id],
    ]);

    // The refund first, the completion after: granted and taken back, the balance where it was.
    const early = await signUp(t);
    const earlySession = await checkout(early);
    await deliver(refundedEvent("pi_test_early", 500, 500));
    expect(await balanceOf(early)).toBe(100);
    expect(await (await deliver(completedEvent(earlySession, "pi_test_early"))).json()).toMatchObject({ outcome: "granted" });
    expect(await balanceOf(early)).toBe(100);
    expect((await entriesOf(early)).map((e) => e.amount)).toEqual([500, -500]);

    // Spent before the refund: what is left is taken, and the line says what was not.
    const spender = await signUp(t);
    await deliver(completedEvent(await checkout(spender), "pi_test_spent"));
    await t.db.prisma.$executeRaw`UPDATE "accounts" SET "balance" = 200 WHERE "id" = ${spender.accountId}`; // as if 400 were spent
    await deliver(refundedEvent("pi_test_spent", 500, 500));
    expect(await balanceOf(spender)).toBe(0);
    const [, taken] = await entriesOf(spender);
    expect(taken).toMatchObject({ kind: "adjustment", amount: -200, reason: "Refund of a purchase: 500 credits taken back (300 more were already spent)" });
  });

  it("answers 503 when Stripe fails or does not answer mid-checkout, and records nothing", async () => {
    const user = await signUp(t);
    const before = await t.db.prisma.creditPurchase.count();
    for (const replies of [
      [stripeReplies.serverError(), stripeReplies.serverError()],
      [stripeReplies.hang(), stripeReplies.hang()],
      [stripeReplies.reset(), stripeReplies.reset()],
    ]) {
      double.next(...replies);
      const started = Date.now();
      const answer = await t.request("/api/billing/checkout", json({ pack: "starter" }, { cookie: user.cookie }));
      expect(await errorOf(answer)).toMatchObject({ status: 503, code: "service_unavailable" });
      expect(answer.headers.get("retry-after")).toBe("60");
      expect(Date.now() - started).toBeLessThan(5_000);
    }
    expect(await t.db.prisma.creditPurchase.count()).toBe(before);
    expect(await balanceOf(user)).toBe(100);
    // One failure then an answer: the SDK's one retry (same idempotency key) gets the session.
    double.next(stripeReplies.serverError());
    await checkout(user);
  });
});
