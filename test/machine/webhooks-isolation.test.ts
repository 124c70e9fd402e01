import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateWithKey } from "../support/generation.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { createKey, json, signUp, type TestUser } from "../support/users.js";
import { refusingUrl, startWebhookReceiver, waitFor, type WebhookReceiver } from "../support/webhook-receiver.js";

/**
 * One account's dead endpoints never delay another account's deliveries (contract section 10),
 * measured through HTTP with the default delivery settings (10 s attempt timeout, the default retry
 * schedule): four accounts register ten endpoints each that refuse connections, answer 500, or
 * hang until the timeout, and end ten generations each (400 deliveries, most of them to endpoints
 * that hang: with the former 16 shared slots claimed in due order, the next delivery waited
 * minutes). Then a healthy endpoint of another account, one that has delivered before and one
 * registered during the storm, must each get its delivery within 5 s. A timing test: in the serial
 * group.
 */

const deadline = 5_000;
let t: TestApp;
let receiver: WebhookReceiver;

interface Hooked {
  user: TestUser;
  key: string;
}

async function account(): Promise<Hooked> {
  const user = await signUp(t);
  return { user, key: (await createKey(t, user)).secret };
}

async function register(who: Hooked, url: string): Promise<string> {
  const response = await t.request("/api/v1/webhooks", json({ url }, { cookie: who.user.cookie }));
  expect(response.status).toBe(201);
  return ((await response.json()) as { webhook: { id: string } }).webhook.id;
}

/** Generates (waiting for the end); returns its id and when it was asked for (the delivery's lateness counts from there). */
async function generate(who: Hooked, seed: number): Promise<{ id: string; askedAt: number }> {
  const askedAt = performance.now();
  const response = await generateWithKey(t, who.key, { prompt: "a small blue shield", agentId: "pixel-sprite", width: 16, seed });
  expect(response.status).toBe(200);
  return { id: ((await response.json()) as { id: string }).id, askedAt };
}

/** The first request at `path` delivering generation `id`. */
const deliveryOf = (path: string, id: string) => receiver.requests(path).find((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id === id);

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestApp({ WEBHOOKS_ALLOW_PRIVATE: "true", RATE_LIMIT_GENERATE_PER_MINUTE: "100000" });
});

afterAll(async () => {
  await t?.app.services.webhooks.dispatcher.stop(500); // interrupts the hanging attempts
  await t?.close();
  await receiver?.close();
});

describe("endpoint isolation", () => {
  it("delivers to a healthy endpoint within 5 s while other accounts' endpoints refuse, fail and hang", async () => {
    const dispatcher = t.app.services.webhooks.dispatcher;
    // An established customer: its endpoint has delivered before.
    const established = await account();
    await register(established, receiver.url("/healthy/established"));
    dispatcher.start();
    await generate(established, 1);
    await waitFor("the established endpoint's first delivery", () => receiver.requests("/healthy/established").length === 1);
    await dispatcher.stop(5_000);

    // The storm: 4 accounts × 10 endpoints (24 hang, 8 refuse, 8 answer 500), 10 generations each.
    const plans = [
      Array(10).fill("hang"),
      Array(10).fill("hang"),
      [...Array(5).fill("refuse"), ...Array(5).fill(500)],
      [...Array(4).fill("hang"), ...Array(3).fill("refuse"), ...Array(3).fill(500)],
    ] as const;
    const attackers: Hooked[] = [];
    for (const [a, plan] of plans.entries()) {
      const who = await account();
      attackers.push(who);
      for (const [e, behaviour] of plan.entries()) {
        const path = `/dead/${a}/${e}`;
        if (behaviour === "refuse") await register(who, await refusingUrl(path));
        else {
          receiver.set(path, behaviour as "hang" | 500);
          await register(who, receiver.url(path));
        }
      }
    }
    for (let g = 0; g < 10; g++) await Promise.all(attackers.map((who, a) => generate(who, 100 * a + g)));
    const pending = await t.db.prisma.webhookDelivery.count({
      where: { status: "pending", webhook: { accountId: { in: attackers.map((a) => a.user.accountId) } } },
    });
    expect(pending).toBe(400);

    dispatcher.start();
    // Saturated as before: more attempts hang at once than the former 16 shared slots.
    await waitFor("the hanging endpoints to hold 16 attempts", () => receiver.open() >= 16);
    await waitFor("the 500 endpoints to be tried", () => receiver.requests((p) => p.startsWith("/dead/2/")).length >= 5);

    // The established endpoint, then a new one registered now, each for its own generation.
    const second = await generate(established, 2);
    const established2 = await waitFor("the established endpoint's delivery", () => deliveryOf("/healthy/established", second.id), deadline + 5_000);
    const newcomer = await account();
    await register(newcomer, receiver.url("/healthy/new"));
    const third = await generate(newcomer, 3);
    const fresh = await waitFor("the new endpoint's delivery", () => deliveryOf("/healthy/new", third.id), deadline + 5_000);
    const lateness = { established: Math.round(established2.at - second.askedAt), fresh: Math.round(fresh.at - third.askedAt) };
    console.info(
      `webhook isolation: healthy deliveries ${lateness.established} ms and ${lateness.fresh} ms after their generations were asked for, ${receiver.open()} attempts hanging`,
    );
    expect(lateness.established).toBeLessThan(deadline);
    expect(lateness.fresh).toBeLessThan(deadline);

    // How: one attempt at a time to an endpoint that has not succeeded yet, a share of the slots
    // per account, and a failing endpoint backed off as a whole (one probe, not one try per delivery).
    for (const [a, plan] of plans.entries()) {
      plan.forEach((behaviour, e) => {
        if (behaviour !== "refuse") expect(receiver.maxOpen(`/dead/${a}/${e}`)).toBeLessThanOrEqual(1);
      });
      const hanging = plan.map((_, e) => receiver.open(`/dead/${a}/${e}`)).reduce((x, y) => x + y, 0);
      expect(hanging).toBeLessThanOrEqual(8);
    }
    const failing500 = [2, 3].flatMap((a) => plans[a]!.map((b, e) => (b === 500 ? receiver.requests(`/dead/${a}/${e}`).length : -1)).filter((n) => n >= 0));
    expect(failing500).toHaveLength(8);
    for (const tries of failing500) expect(tries).toBeLessThanOrEqual(2); // 10 deliveries each, not retried one by one
    const refusedAttempts = await t.db.prisma.webhookAttempt.count({
      where: { delivery: { webhook: { accountId: attackers[2]!.user.accountId, url: { not: { startsWith: receiver.url("/") } } } } },
    });
    expect(refusedAttempts).toBeGreaterThan(0);
    expect(refusedAttempts).toBeLessThanOrEqual(10); // 5 endpoints × 10 deliveries: at most two probes each so far
    // Every one of them failed and is backed off as a whole.
    await waitFor("account 2's endpoints backed off", async () => {
      const hooks = await t.db.prisma.webhook.findMany({ where: { accountId: attackers[2]!.user.accountId } });
      return hooks.length === 10 && hooks.every((h) => h.consecutiveFailures > 0 && h.pausedUntil !== null && h.lastError !== null);
    });
  });
});
