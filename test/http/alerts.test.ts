import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantCredits } from "../../src/domain/credits/ledger.js";
import { generateWithKey } from "../support/generation.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { errorOf, createKey, json, signUp } from "../support/users.js";
import { startWebhookReceiver, waitFor, type WebhookReceiver } from "../support/webhook-receiver.js";

/** Alerts (contract section 16): credits.low and key.budget_exhausted, webhook events sent once per crossing. */
let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestApp({
    WEBHOOKS_ALLOW_PRIVATE: "true",
    WEBHOOKS_POLL_MS: "50",
    WEBHOOKS_RETRY_SCHEDULE_MS: "100",
    SIGNUP_CREDITS: "1000",
    RATE_LIMIT_GENERATE_PER_MINUTE: "10000",
  });
  t.app.services.webhooks.dispatcher.start();
});
afterAll(async () => {
  await t.app.services.webhooks.dispatcher.stop(1_000);
  await t.close();
  await receiver.close();
});

const sprite = { prompt: "green slime", agentId: "pixel-sprite", width: 16, height: 16 };

describe("alerts", () => {
  it("credits.low once per crossing of the threshold, key.budget_exhausted once when a key uses its budget up", async () => {
    const user = await signUp(t);
    const patchAccount = (body: unknown) => t.request("/api/account", { ...json(body, { cookie: user.cookie }), method: "PATCH" });
    expect(await errorOf(await patchAccount({ lowBalanceThreshold: 0 }))).toMatchObject({ status: 400, param: "lowBalanceThreshold" });
    const set = await patchAccount({ lowBalanceThreshold: 998 });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ lowBalanceThreshold: 998, balance: 1000 });
    const hook = await t.request(
      "/api/v1/webhooks",
      json({ url: receiver.url(`/alerts-${user.accountId}`), events: ["credits.low", "key.budget_exhausted"] }, { cookie: user.cookie }),
    );
    expect(hook.status, await hook.clone().text()).toBe(201);
    const { secret } = (await hook.json()) as { secret: string };
    const path = `/alerts-${user.accountId}`;
    receiver.set(path, 500); // the receiver fails at first: alerts are retried like every event
    const key = await createKey(t, user, { budget: { credits: 3, period: "day" } });

    for (let i = 0; i < 3; i++) expect((await generateWithKey(t, key.secret, sprite)).status).toBe(200); // 999, 998, 997: crosses once, and spends the budget
    expect((await generateWithKey(t, key.secret, sprite)).status).toBe(402);
    const other = await createKey(t, user);
    expect((await generateWithKey(t, other.secret, sprite)).status).toBe(200); // 996: still below, no new alert
    await grantCredits(t.db.prisma, { accountId: user.accountId, amount: 10, kind: "grant", reason: "test" }); // 1006: above again
    for (let i = 0; i < 8; i++) expect((await generateWithKey(t, other.secret, sprite)).status).toBe(200); // 998 … crosses on the 9th credit
    expect((await generateWithKey(t, other.secret, sprite)).status).toBe(200); // 997: the second crossing

    // Written by the charging statement itself, once per crossing, with the body every attempt sends.
    const rows = await t.db.prisma.webhookDelivery.findMany({ where: { webhook: { accountId: user.accountId } }, orderBy: { createdAt: "asc" } });
    const bodies = rows.map((r) => JSON.parse(r.payload!) as { type: string; data: Record<string, unknown> });
    const low = bodies.filter((b) => b.type === "credits.low");
    const exhausted = bodies.filter((b) => b.type === "key.budget_exhausted");
    expect(low.map((b) => b.data)).toEqual([
      { accountId: user.accountId, balance: 997, threshold: 998 },
      { accountId: user.accountId, balance: 997, threshold: 998 },
    ]);
    expect(exhausted.map((b) => b.data)).toEqual([{ keyId: key.id, name: "test key", budget: 3, spent: 3, period: "day" }]);
    expect(bodies).toHaveLength(3);
    expect(rows.every((r) => r.generationId === null)).toBe(true);

    // Delivered like every other event: signed (Standard Webhooks), retried with the same id and body
    // while the receiver fails, then accepted once per crossing.
    await waitFor("a failed attempt", () => receiver.requests(path).length > 0);
    receiver.set(path, 200);
    const accepted = () => receiver.requests(path).filter((r) => r.answered === 200);
    await waitFor("the three alerts", () => accepted().length >= 3);
    await waitFor(
      "every delivery recorded",
      async () => (await t.db.prisma.webhookDelivery.count({ where: { webhook: { accountId: user.accountId }, status: "succeeded" } })) === 3,
    );
    const got = receiver.requests(path);
    for (const r of got) expect(JSON.parse(r.body)).toEqual(new Webhook(secret).verify(r.body, r.headers));
    expect(
      accepted()
        .map((r) => r.webhookId)
        .sort(),
    ).toEqual(rows.map((r) => r.id).sort());
    const bodyOf = new Map(rows.map((r) => [r.id, r.payload]));
    expect(got.every((r) => r.body === bodyOf.get(r.webhookId))).toBe(true);
    expect(got[0]!.answered).toBe(500);
    expect(accepted().map((r) => r.webhookId)).toContain(got[0]!.webhookId); // the failed one, sent again
    const attempts = await t.db.prisma.webhookAttempt.count({ where: { delivery: { webhook: { accountId: user.accountId } } } });
    expect(attempts).toBe(got.length);
  });
});
