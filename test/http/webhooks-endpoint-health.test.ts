import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateWithKey } from "../support/generation.js";
import { origin, startTestApp, type TestApp } from "../support/harness.js";
import { createKey, errorOf, json, signUp, type TestUser } from "../support/users.js";
import { startWebhookReceiver, waitFor, type WebhookReceiver } from "../support/webhook-receiver.js";

/**
 * An endpoint that has failed every attempt for WEBHOOKS_DISABLE_AFTER_HOURS (the default, 72 h:
 * the run of failures is moved 73 h into the past in the database) is disabled: its record says
 * so (`disabledAt`, `lastError`), it gets no more deliveries, and its owner (only) enables it
 * again (contract section 10). Retry delays are shortened by configuration.
 */

let t: TestApp;
let receiver: WebhookReceiver;

interface WebhookView {
  id: string;
  url: string;
  disabledAt: string | null;
  lastError: string | null;
  failingSince: string | null;
}

async function listed(user: TestUser): Promise<WebhookView[]> {
  const response = await t.request("/api/v1/webhooks", { headers: { cookie: user.cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { webhooks: WebhookView[] }).webhooks;
}

async function generate(key: string): Promise<string> {
  const response = await generateWithKey(t, key, { prompt: "a green potion", agentId: "pixel-sprite", width: 16 });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

const enable = (user: TestUser, id: string, body: unknown = {}) =>
  t.request(`/api/v1/webhooks/${id}/enable`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: user.cookie, origin },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestApp({ WEBHOOKS_ALLOW_PRIVATE: "true", WEBHOOKS_POLL_MS: "50", WEBHOOKS_RETRY_SCHEDULE_MS: "100", WEBHOOKS_TIMEOUT_MS: "2000" });
  t.app.services.webhooks.dispatcher.start();
});

afterAll(async () => {
  await t?.app.services.webhooks.dispatcher.stop(1_000);
  await t?.close();
  await receiver?.close();
});

describe("disabling an endpoint that keeps failing", () => {
  it("is disabled after failing every attempt for the period, shows disabledAt and lastError, gets nothing more, and is enabled by its owner only", async () => {
    const path = "/failing";
    receiver.set(path, 500);
    const user = await signUp(t);
    const key = (await createKey(t, user)).secret;
    const created = await t.request("/api/v1/webhooks", json({ url: receiver.url(path) }, { cookie: user.cookie }));
    const { id } = ((await created.json()) as { webhook: WebhookView }).webhook;

    // Failing, not yet for long: the record shows it, still enabled.
    await generate(key);
    const failing = await waitFor("the failure on the record", async () => (await listed(user)).find((w) => w.id === id && w.lastError !== null));
    expect(failing).toMatchObject({ disabledAt: null, lastError: "The receiver answered 500.", failingSince: expect.any(String) });
    // Retried (the endpoint's backoff, then a probe), still enabled.
    const row = await waitFor("a second failure", async () => {
      const found = await t.db.prisma.webhook.findUniqueOrThrow({ where: { id } });
      return found.consecutiveFailures >= 2 ? found : undefined;
    });
    expect(row.disabledAt).toBeNull();

    // The run of failures began 73 h ago (more than the default 72 h): the next failed attempt disables it.
    await t.db.prisma.$executeRaw`UPDATE "webhooks" SET "failing_since" = "failing_since" - interval '73 hours' WHERE "id" = ${id}`;
    const disabled = await waitFor("the webhook to be disabled", async () => (await listed(user)).find((w) => w.id === id && w.disabledAt !== null), 10_000);
    expect(disabled).toMatchObject({ lastError: "The receiver answered 500.", disabledAt: expect.any(String) });
    await waitFor("the log line", () => t.logs.some((l) => l.msg === "webhook disabled: every attempt failed for the configured period" && l.webhookId === id));
    const deliveries = await t.db.prisma.webhookDelivery.findMany({ where: { webhookId: id } });
    expect(deliveries.map((d) => d.status)).toEqual(["failed"]);

    // Disabled: nothing is sent, nothing is queued, a redelivery is refused with what to do.
    const before = receiver.requests(path).length;
    await generate(key);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.requests(path)).toHaveLength(before);
    expect(await t.db.prisma.webhookDelivery.count({ where: { webhookId: id } })).toBe(1);
    const redeliver = await t.request(`/api/v1/webhooks/${id}/deliveries/${deliveries[0]!.id}/redeliver`, json({}, { cookie: user.cookie }));
    expect(await errorOf(redeliver)).toMatchObject({ status: 400, code: "invalid_request", message: expect.stringMatching(/disabled.*\/enable/) });

    // Another account cannot see or enable it; bad input is refused and changes nothing.
    const other = await signUp(t);
    expect(await errorOf(await enable(other, id))).toMatchObject({ status: 404, code: "not_found" });
    expect(await errorOf(await enable(user, id, { enabled: true }))).toMatchObject({ status: 400, code: "invalid_request", param: "enabled" });
    expect(await errorOf(await enable(user, "whk_nope"))).toMatchObject({ status: 404 });
    expect((await t.db.prisma.webhook.findUniqueOrThrow({ where: { id } })).disabledAt).not.toBeNull();

    // The owner enables it: the failure count starts over; the next event is delivered.
    receiver.set(path, 200);
    const enabled = await enable(user, id);
    expect(enabled.status).toBe(200);
    expect(((await enabled.json()) as { webhook: WebhookView }).webhook).toMatchObject({
      id,
      disabledAt: null,
      failingSince: null,
      lastError: "The receiver answered 500.",
    });
    expect((await enable(user, id)).status).toBe(200); // idempotent
    await generate(key);
    await waitFor("a delivery after enabling", () => receiver.requests(path).length > before);
    const healthy = await waitFor("the success on the record", async () => (await listed(user)).find((w) => w.id === id && w.lastError === null));
    expect(healthy).toMatchObject({ disabledAt: null, failingSince: null });
  });

  it("is not disabled when an attempt succeeded since its run of failures began, however long ago that was", async () => {
    const path = "/flaky";
    const user = await signUp(t);
    const key = (await createKey(t, user)).secret;
    const created = await t.request("/api/v1/webhooks", json({ url: receiver.url(path) }, { cookie: user.cookie }));
    const { id } = ((await created.json()) as { webhook: WebhookView }).webhook;
    const dispatcher = t.app.services.webhooks.dispatcher;
    receiver.set(path, 500);
    await generate(key);
    await waitFor("a failure", async () => (await t.db.prisma.webhook.findUniqueOrThrow({ where: { id } })).failingSince ?? undefined);
    // Its run of failures began 73 h ago, and now the endpoint answers again: a success ends the run.
    await dispatcher.stop(1_000);
    receiver.set(path, 200);
    await t.db.prisma.$executeRaw`UPDATE "webhooks" SET "failing_since" = "failing_since" - interval '73 hours' WHERE "id" = ${id}`;
    dispatcher.start();
    await waitFor("a success", async () => (await t.db.prisma.webhook.findUniqueOrThrow({ where: { id } })).lastSuccessAt ?? undefined);
    // Failing again: a new run, counted from now, so not disabled.
    receiver.set(path, 500);
    await generate(key);
    const hook = await waitFor("a new failure", async () => (await listed(user)).find((w) => w.id === id && w.lastError !== null));
    expect(hook).toMatchObject({ disabledAt: null, lastError: "The receiver answered 500." });
    expect(Date.now() - new Date(hook.failingSince!).getTime()).toBeLessThan(60_000);
  });
});

describe("backing off a failing endpoint as a whole", () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await startTestApp({
      WEBHOOKS_ALLOW_PRIVATE: "true",
      WEBHOOKS_POLL_MS: "50",
      WEBHOOKS_RETRY_SCHEDULE_MS: "500,120000",
      WEBHOOKS_TIMEOUT_MS: "2000",
    });
    slow.app.services.webhooks.dispatcher.start();
  });
  afterAll(async () => {
    await slow?.app.services.webhooks.dispatcher.stop(1_000);
    await slow?.close();
  });

  it("probes it once per backoff step, holds its other deliveries back, and sends them at once when it answers again", async () => {
    const path = "/backoff";
    receiver.set(path, 500);
    const user = await signUp(slow);
    const key = (await createKey(slow, user)).secret;
    const created = await slow.request("/api/v1/webhooks", json({ url: receiver.url(path) }, { cookie: user.cookie }));
    const { id } = ((await created.json()) as { webhook: WebhookView }).webhook;
    await slow.app.services.webhooks.dispatcher.stop(1_000);
    for (let i = 0; i < 4; i++)
      expect((await generateWithKey(slow, key, { prompt: "a red gem", agentId: "pixel-sprite", width: 16, seed: i })).status).toBe(200);
    slow.app.services.webhooks.dispatcher.start();

    // A new endpoint gets one attempt at a time; after its 1st failure it waits ~0.5 s (one probe), after its 2nd ~2 min.
    const hook = await waitFor("two failures in a row", async () => {
      const row = await slow.db.prisma.webhook.findUniqueOrThrow({ where: { id } });
      return row.consecutiveFailures >= 2 ? row : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(receiver.requests(path)).toHaveLength(2); // 4 deliveries, 2 attempts: not one try per delivery
    expect(receiver.maxOpen(path)).toBe(1);
    expect(hook.pausedUntil!.getTime()).toBeGreaterThan(Date.now() + 60_000);
    const pending = await slow.db.prisma.webhookDelivery.findMany({ where: { webhookId: id }, orderBy: { createdAt: "asc" } });
    expect(pending.every((d) => d.status === "pending" && d.nextAttemptAt!.getTime() >= hook.pausedUntil!.getTime() - 1)).toBe(true);

    // The owner fixed the receiver and redelivers one: it is sent now, and the rest follow at once.
    receiver.set(path, 200);
    const response = await slow.request(`/api/v1/webhooks/${id}/deliveries/${pending[0]!.id}/redeliver`, json({}, { cookie: user.cookie }));
    expect(response.status).toBe(202);
    const started = Date.now();
    await waitFor(
      "all four delivered",
      async () => (await slow.db.prisma.webhookDelivery.count({ where: { webhookId: id, status: "succeeded" } })) === 4 || undefined,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(
      new Set(
        receiver
          .requests(path)
          .slice(2)
          .map((r) => r.webhookId),
      ).size,
    ).toBe(4);
    expect(await slow.db.prisma.webhook.findUniqueOrThrow({ where: { id } })).toMatchObject({ consecutiveFailures: 0, pausedUntil: null, lastError: null });
  });
});
