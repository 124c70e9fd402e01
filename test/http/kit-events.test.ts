import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGenerationStore } from "../../src/domain/generation/store.js";
import { newSecretsKey } from "../../src/infra/secrets-box.js";
import { readEvents } from "../support/generation.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { bearer, createKey, errorOf, json, signUp, type TestUser } from "../support/users.js";
import { startWebhookReceiver, waitFor, type WebhookReceiver } from "../support/webhook-receiver.js";

/**
 * A kit's events (contract section 13, issue 38): its items' generation events, then one
 * kit.completed; and one kit.succeeded / kit.failed webhook per kit, which the database makes
 * exactly once (the kit row's `reported_at`), so this file runs on PGlite and PostgreSQL.
 */
let t: TestApp;
let user: TestUser;
let secret: string;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestApp({
    RATE_LIMIT_GENERATE_PER_MINUTE: "10000",
    SIGNUP_CREDITS: "200",
    WEBHOOKS_ALLOW_PRIVATE: "true",
    SECRETS_KEY: newSecretsKey(),
    WEBHOOKS_POLL_MS: "50",
  });
  t.app.services.webhooks.dispatcher.start();
  user = await signUp(t);
  ({ secret } = await createKey(t, user));
  const hook = await t.request("/api/v1/webhooks", json({ url: receiver.url("/kits"), events: ["kit.succeeded", "kit.failed"] }, { cookie: user.cookie }));
  expect(hook.status).toBe(201);
});
afterAll(async () => {
  await t?.app.services.webhooks.dispatcher.stop(1_000);
  await t?.close();
  await receiver?.close();
});

const kitHooks = (id: string) => receiver.requests("/kits").filter((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id === id);

const items = [
  { name: "slime", prompt: "green slime", agentId: "pixel-sprite" },
  { name: "key", prompt: "small red key", agentId: "pixel-sprite" },
  { name: "gem", prompt: "blue gem", agentId: "pixel-sprite" },
];

const startKit = async () => {
  const response = await t.request("/api/v1/kits", {
    method: "POST",
    headers: { "content-type": "application/json", prefer: "respond-async", ...bearer(secret) },
    body: JSON.stringify({ name: "loot", scale: 16, seed: 3, items }),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
};

describe("GET /api/v1/kits/:id/events", () => {
  it("relays every item's events, naming the item, and ends with one kit.completed carrying the settled kit", async () => {
    const id = await startKit();
    const response = await t.request(`/api/v1/kits/${id}/events`, { headers: bearer(secret) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = await readEvents(response);
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
    const last = events.at(-1)!;
    expect(last.event).toBe("kit.completed");
    expect(events.filter((e) => e.event === "kit.completed")).toHaveLength(1);
    expect(last.data).toMatchObject({ id, status: "succeeded", failed: [] });
    expect((last.data.items as { name: string; generation: { status: string } }[]).map((i) => [i.name, i.generation.status])).toEqual(
      items.map((i) => [i.name, "succeeded"]),
    );
    const completed = events.filter((e) => e.event === "generation.completed");
    expect(completed.map((e) => e.data.item).sort()).toEqual(["gem", "key", "slime"]);
    for (const e of events.slice(0, -1)) expect(items.map((i) => i.name)).toContain(e.data.item);

    // a second connection replays the same items' events from the start
    const again = await readEvents(await t.request(`/api/v1/kits/${id}/events`, { headers: bearer(secret) }));
    const kinds = (list: typeof events) => list.map((e) => `${e.event} ${String(e.data.item)}`).sort();
    expect(kinds(again)).toEqual(kinds(events));

    // the webhook: exactly one kit.succeeded, naming every item
    const [hook] = await waitFor("the kit's webhook", () => (kitHooks(id).length > 0 ? kitHooks(id) : undefined));
    const payload = JSON.parse(hook!.body) as { type: string; data: { status: string; items: { name: string; status: string }[] } };
    expect(payload.type).toBe("kit.succeeded");
    expect(payload.data.items.map((i) => [i.name, i.status])).toEqual(items.map((i) => [i.name, "succeeded"]));
    await new Promise((r) => setTimeout(r, 300)); // several dispatcher polls: a second delivery would have gone
    expect(kitHooks(id)).toHaveLength(1);
  });

  it("GraphQL Subscription.kitEvents: the items' events naming their item, then one kit.completed with the settled kit", async () => {
    const id = await startKit();
    const stream = await t.request("/graphql/stream", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", ...bearer(secret) },
      body: JSON.stringify({
        query:
          "subscription ($id: ID!) { kitEvents(id: $id) { seq type item kit { id status items { name generation { status } } atlas { pages { width } } } } }",
        variables: { id },
      }),
    });
    const nexts = (await stream.text())
      .split("\n\n")
      .filter((b) => b.startsWith("event: next"))
      .map((b) => JSON.parse(b.split("data: ")[1]!).data.kitEvents as { seq: number; type: string; item: string | null; kit: Record<string, unknown> | null });
    expect(nexts.map((e) => e.seq)).toEqual(nexts.map((_, i) => i + 1));
    expect(
      nexts
        .filter((e) => e.type === "generation.completed")
        .map((e) => e.item)
        .sort(),
    ).toEqual(["gem", "key", "slime"]);
    const last = nexts.at(-1)!;
    expect([last.type, last.item]).toEqual(["kit.completed", null]);
    expect(last.kit).toMatchObject({ id, status: "succeeded", items: items.map((i) => ({ name: i.name, generation: { status: "succeeded" } })) });
    expect((last.kit!.atlas as { pages: unknown[] }).pages.length).toBeGreaterThan(0);
    for (const e of nexts.slice(0, -1)) expect(e.kit).toBeNull();

    const other = (await createKey(t, await signUp(t))).secret;
    const refused = await t.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", ...bearer(other) },
      body: JSON.stringify({ query: "subscription ($id: ID!) { kitEvents(id: $id) { seq } }", variables: { id } }),
    });
    expect(JSON.stringify(await refused.json())).toContain("not_found");
  });

  it("reports a kit once however many of its items' endings race to report it", async () => {
    const id = await startKit();
    await waitFor("the kit reported", async () => (await t.db.prisma.kit.findUniqueOrThrow({ where: { id } })).reportedAt !== null);
    await t.db.prisma.kit.update({ where: { id }, data: { reportedAt: null } });
    const before = await t.db.prisma.webhookDelivery.count({ where: { eventType: "kit.succeeded" } });
    const store = createGenerationStore(t.db.prisma, t.infra.bus, t.db.sql, t.infra.blobs);
    const reported = await Promise.all(Array.from({ length: 6 }, () => store.reportKit({ kitId: id })));
    expect(reported.filter(Boolean)).toHaveLength(1);
    expect(await t.db.prisma.webhookDelivery.count({ where: { eventType: "kit.succeeded" } })).toBe(before + 1);
  });

  it("answers 404 for another account's kit, and 401 without a key", async () => {
    const id = await startKit();
    const other = await signUp(t);
    const otherKey = (await createKey(t, other)).secret;
    expect(await errorOf(await t.request(`/api/v1/kits/${id}/events`, { headers: bearer(otherKey) }))).toMatchObject({ status: 404, code: "not_found" });
    expect(await errorOf(await t.request(`/api/v1/kits/${id}/events`))).toMatchObject({ status: 401 });
  });
});
