import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";
import { createWebhookDispatcher, secretContext } from "../../src/domain/webhooks/dispatcher.js";
import { notAllowedMessage } from "../../src/domain/webhooks/url-guard.js";
import { createLogger } from "../../src/infra/logger.js";
import { createSecretsBox, newSecretsKey } from "../../src/infra/secrets-box.js";
import { openAiReplies, startOpenAiImagesDouble, type OpenAiImagesDouble } from "../doubles/openai-images.js";
import { generateWithKey, type GenerationBody } from "../support/generation.js";
import { origin, startTestApp, type TestApp } from "../support/harness.js";
import { testImagesKey, testImagesKeyEnv, writeModelCatalog } from "../support/model-agents.js";
import { bearer, createKey, errorOf, json, signUp, type TestUser } from "../support/users.js";

/**
 * Webhooks (contract section 10) through HTTP: a local receiver verifies every delivery with the
 * `standardwebhooks` package. The receiver is on 127.0.0.1 over http, so the main app runs with
 * WEBHOOKS_ALLOW_PRIVATE=true; a strict app (without it) checks the SSRF guard. Retry timings are
 * shortened by configuration so the whole file runs in seconds.
 */

// ---------------------------------------------------------------------------------------------
// The receiver
// ---------------------------------------------------------------------------------------------

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  arrivedAt: number;
  answeredAt?: number;
  /** The payload when the signature verified with the path's secret, else the verification error. */
  payload?: { type: string; timestamp: string; data: GenerationBody & Record<string, unknown> };
  verifyError?: string;
}

type Step = number | "hang";
let receiver: Server;
let receiverPort: number;
const received: Received[] = [];
/** The secret to verify each path's deliveries with. */
const secretsByPath = new Map<string, string>();
/** Scripted answers per path (status codes, or "hang"); 200 once the script is used up. */
const scripts = new Map<string, Step[]>();
/** Paths that answer after this many milliseconds; the most requests each had open at once. */
const slowPaths = new Map<string, number>();
const inFlightAt = new Map<string, number>();
const maxInFlight = new Map<string, number>();

async function startReceiver(): Promise<void> {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    const arrivedAt = performance.now();
    const path = req.url ?? "/";
    inFlightAt.set(path, (inFlightAt.get(path) ?? 0) + 1);
    maxInFlight.set(path, Math.max(maxInFlight.get(path) ?? 0, inFlightAt.get(path)!));
    res.on("close", () => inFlightAt.set(path, inFlightAt.get(path)! - 1));
    req.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const entry: Received = { path, headers, body, arrivedAt };
      const secret = secretsByPath.get(path);
      try {
        if (!secret) throw new Error("no secret for this path");
        entry.payload = new Webhook(secret).verify(body, headers) as Received["payload"];
      } catch (error) {
        entry.verifyError = (error as Error).message;
      }
      received.push(entry);
      const step = scripts.get(path)?.shift() ?? 200;
      if (step === "hang") return; // never answers (the attempt times out)
      if (slowPaths.has(path)) await new Promise((resolve) => setTimeout(resolve, slowPaths.get(path)));
      entry.answeredAt = performance.now();
      if (step >= 300 && step < 400) return void res.writeHead(step, { location: `http://127.0.0.1:${receiverPort}/elsewhere` }).end();
      res.writeHead(step, { "content-type": "text/plain" }).end(step < 300 ? "thanks" : `receiver says ${step}`);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverPort = (receiver.address() as AddressInfo).port;
}

const hookUrl = (path: string) => `http://127.0.0.1:${receiverPort}${path}`;
const at = (path: string) => received.filter((r) => r.path === path);

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const receivedAt = (path: string, count = 1) => waitFor(`${count} request(s) at ${path}`, () => (at(path).length >= count ? at(path) : undefined));

// ---------------------------------------------------------------------------------------------
// The apps
// ---------------------------------------------------------------------------------------------

const secretsKey = newSecretsKey();
let t: TestApp;
let double: OpenAiImagesDouble;
let dir: string;

interface CreatedWebhook {
  webhook: { id: string; url: string; events: string[]; createdAt: string; disabledAt: string | null; lastError: string | null; failingSince: string | null };
  secret: string;
}

async function register(app: TestApp, user: TestUser, body: Record<string, unknown>): Promise<Response> {
  return app.request("/api/v1/webhooks", json(body, { cookie: user.cookie }));
}

/** A user with a webhook at `path` (whose secret the receiver verifies with) and a key. */
async function userWithWebhook(path: string, events?: string[]): Promise<{ user: TestUser; key: string; hook: CreatedWebhook }> {
  const user = await signUp(t);
  const key = (await createKey(t, user)).secret;
  const response = await register(t, user, { url: hookUrl(path), ...(events ? { events } : {}) });
  expect(response.status).toBe(201);
  const hook = (await response.json()) as CreatedWebhook;
  secretsByPath.set(path, hook.secret);
  return { user, key, hook };
}

interface DeliveryView {
  id: string;
  webhookId: string;
  type: string;
  generationId: string;
  status: string;
  attemptCount: number;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  attempts: { attemptedAt: string; statusCode: number | null; error: string | null; durationMs: number; responseSnippet: string | null }[];
}

async function deliveries(app: TestApp, user: TestUser, webhookId: string): Promise<DeliveryView[]> {
  const response = await app.request(`/api/v1/webhooks/${webhookId}/deliveries`, { headers: { cookie: user.cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { deliveries: DeliveryView[] }).deliveries;
}

const settled = (app: TestApp, user: TestUser, webhookId: string, count = 1) =>
  waitFor(`${count} settled deliveries`, async () => {
    const list = await deliveries(app, user, webhookId);
    return list.length >= count && list.every((d) => d.status !== "pending") ? list : undefined;
  });

async function generate(key: string, body: Record<string, unknown> = {}): Promise<GenerationBody> {
  const response = await generateWithKey(t, key, { prompt: "a tiny red key", agentId: "pixel-sprite", width: 16, ...body });
  const generation = (await response.json()) as GenerationBody;
  return generation;
}

beforeAll(async () => {
  await startReceiver();
  double = await startOpenAiImagesDouble({ apiKey: testImagesKey });
  dir = await mkdtemp(join(tmpdir(), "ags-webhooks-"));
  const agentsFile = await writeModelCatalog(dir, double.url, { maxRetries: 0 });
  t = await startTestApp({
    WEBHOOKS_ALLOW_PRIVATE: "true",
    SECRETS_KEY: secretsKey,
    WEBHOOKS_POLL_MS: "50",
    WEBHOOKS_RETRY_SCHEDULE_MS: "150",
    WEBHOOKS_TIMEOUT_MS: "2000",
    AGENTS_FILE: agentsFile,
    [testImagesKeyEnv]: testImagesKey,
    RATE_LIMIT_GENERATE_PER_MINUTE: "1000",
  });
  t.app.services.webhooks.dispatcher.start();
});

afterAll(async () => {
  await t?.app.services.webhooks.dispatcher.stop(1_000);
  await t?.close();
  await double?.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  if (dir) await rm(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------

describe("registering webhooks", () => {
  it("answers 201 with the webhook and its whsec_ secret, once: never in the list, the database or the logs", async () => {
    const user = await signUp(t);
    const response = await register(t, user, { url: hookUrl("/hooks/registered") });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const created = (await response.json()) as CreatedWebhook;
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.webhook).toEqual({
      id: expect.stringMatching(/^whk_/),
      url: hookUrl("/hooks/registered"),
      events: ["generation.completed", "generation.failed", "generation.canceled"],
      createdAt: expect.any(String),
      disabledAt: null,
      lastError: null,
      failingSince: null,
    });

    const listed = await t.request("/api/v1/webhooks", { headers: { cookie: user.cookie } });
    const text = await listed.text();
    expect(JSON.parse(text)).toEqual({ webhooks: [created.webhook] });
    expect(text).not.toContain(created.secret.slice(6));

    const row = await t.db.prisma.webhook.findUniqueOrThrow({ where: { id: created.webhook.id } });
    expect(row.secretCiphertext).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(row.secretCiphertext).not.toContain(created.secret.slice(6));
    expect(await createSecretsBox({ key: secretsKey }).open(row.secretCiphertext, secretContext(row.id))).toBe(created.secret);
    expect(JSON.stringify(t.logs)).not.toContain(created.secret.slice(6));
  });

  it("takes an API key with the generate scope; a read key may list but not register", async () => {
    const user = await signUp(t);
    const key = (await createKey(t, user)).secret;
    const readKey = (await createKey(t, user, { scopes: ["read"] })).secret;
    const post = (secret: string) =>
      t.request("/api/v1/webhooks", {
        method: "POST",
        headers: { "content-type": "application/json", ...bearer(secret) },
        body: JSON.stringify({ url: hookUrl("/hooks/by-key") }),
      });
    expect((await post(key)).status).toBe(201);
    expect(await errorOf(await post(readKey))).toMatchObject({ status: 403, code: "forbidden" });
    expect((await t.request("/api/v1/webhooks", { headers: bearer(readKey) })).status).toBe(200);
    expect(await errorOf(await t.request("/api/v1/webhooks"))).toMatchObject({ status: 401, code: "unauthenticated" });
  });

  it("validates the body: events of the list, no unknown field, a URL", async () => {
    const user = await signUp(t);
    expect(await errorOf(await register(t, user, { url: hookUrl("/x"), events: ["generation.started"] }))).toMatchObject({ status: 400, param: "events.0" });
    expect(await errorOf(await register(t, user, { url: hookUrl("/x"), events: [] }))).toMatchObject({ status: 400, param: "events" });
    expect(await errorOf(await register(t, user, { url: hookUrl("/x"), secret: "mine" }))).toMatchObject({ status: 400, param: "secret" });
    expect(await errorOf(await register(t, user, { url: "not a url" }))).toMatchObject({
      status: 400,
      code: "invalid_request",
      param: "url",
      message: expect.stringMatching(/absolute URL/),
    });
    expect(await errorOf(await register(t, user, {}))).toMatchObject({ status: 400, param: "url" });
  });

  it("allows at most 10 per account; DELETE removes one (404 for another account's)", async () => {
    const [user, other] = [await signUp(t), await signUp(t)];
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await register(t, user, { url: hookUrl(`/hooks/many/${i}`) });
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as CreatedWebhook).webhook.id);
    }
    expect(await errorOf(await register(t, user, { url: hookUrl("/hooks/many/10") }))).toMatchObject({
      status: 400,
      code: "invalid_request",
      message: expect.stringMatching(/at most 10 webhooks/),
    });
    const remove = (who: TestUser, id: string) => t.request(`/api/v1/webhooks/${id}`, { method: "DELETE", headers: { cookie: who.cookie, origin } });
    expect(await errorOf(await remove(other, ids[0]!))).toMatchObject({ status: 404, code: "not_found" });
    expect((await remove(user, ids[0]!)).status).toBe(204);
    expect(await errorOf(await remove(user, ids[0]!))).toMatchObject({ status: 404 });
    expect((await register(t, user, { url: hookUrl("/hooks/many/10") })).status).toBe(201);
    expect(await errorOf(await t.request(`/api/v1/webhooks/${ids[1]}/deliveries`, { headers: { cookie: other.cookie } }))).toMatchObject({ status: 404 });
  });
});

describe("deliveries", () => {
  it("sends generation.completed, signed (Standard Webhooks), with the generation object without b64", async () => {
    const { user, key, hook } = await userWithWebhook("/hooks/completed");
    const generation = await generate(key);
    expect(generation.status).toBe("succeeded");
    const [delivery] = await receivedAt("/hooks/completed");
    expect(delivery!.verifyError).toBeUndefined();
    expect(delivery!.headers).toMatchObject({
      "content-type": "application/json",
      "webhook-id": expect.stringMatching(/^msg_[0-9a-f]{32}$/),
      "webhook-timestamp": expect.stringMatching(/^\d{10}$/),
      "webhook-signature": expect.stringMatching(/^v1,/),
      "user-agent": expect.stringMatching(/assetforge-webhooks/),
    });
    expect(Math.abs(Number(delivery!.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(30);
    const payload = delivery!.payload!;
    expect(payload.type).toBe("generation.completed");
    expect(new Date(payload.timestamp).toISOString()).toBe(payload.timestamp);
    const { b64: _, ...asset } = generation.assets[0]!;
    expect(payload.data).toMatchObject({ id: generation.id, status: "succeeded", agentId: "pixel-sprite", width: 16, assets: [asset] });
    expect(payload.data.assets[0]).not.toHaveProperty("b64");
    expect(delivery!.body).not.toContain("b64");

    const [listed] = await settled(t, user, hook.webhook.id);
    expect(listed).toMatchObject({
      id: delivery!.headers["webhook-id"],
      webhookId: hook.webhook.id,
      type: "generation.completed",
      generationId: generation.id,
      status: "succeeded",
      attemptCount: 1,
      nextAttemptAt: null,
      deliveredAt: expect.any(String),
      attempts: [{ statusCode: 200, error: null, responseSnippet: "thanks", durationMs: expect.any(Number), attemptedAt: expect.any(String) }],
    });
  });

  it("sends generation.failed for a failed generation", async () => {
    const { key } = await userWithWebhook("/hooks/failed");
    double.next(openAiReplies.contentPolicy());
    const response = await generateWithKey(t, key, { prompt: "something the model refuses", agentId: "model" });
    expect(await errorOf(response)).toMatchObject({ status: 422, code: "content_rejected" });
    const [delivery] = await receivedAt("/hooks/failed");
    expect(delivery!.verifyError).toBeUndefined();
    expect(delivery!.payload).toMatchObject({
      type: "generation.failed",
      data: { status: "failed", agentId: "model", error: { code: "content_rejected" }, assets: [] },
    });
  });

  it("sends generation.canceled for a canceled generation", async () => {
    const { key } = await userWithWebhook("/hooks/canceled");
    double.next(openAiReplies.success({ delayMs: 1_000 }));
    const accepted = await generateWithKey(t, key, { prompt: "a slow one", agentId: "model" }, { prefer: "respond-async" });
    expect(accepted.status).toBe(202);
    const { id } = (await accepted.json()) as GenerationBody;
    await double.waitForRequest((req) => req.text.includes("a slow one")); // running: the scripted answer is taken
    const canceled = await t.request(`/api/v1/generations/${id}/cancel`, { method: "POST", headers: bearer(key) });
    expect(((await canceled.json()) as GenerationBody).status).toBe("canceled");
    const [delivery] = await receivedAt("/hooks/canceled");
    expect(delivery!.verifyError).toBeUndefined();
    expect(delivery!.payload).toMatchObject({ type: "generation.canceled", data: { id, status: "canceled", error: { code: "canceled" } } });
  });

  it("retries after a 500 with the same webhook-id and body, and is delivered once", async () => {
    scripts.set("/hooks/retry", [500, 200]);
    const { user, key, hook } = await userWithWebhook("/hooks/retry");
    await generate(key);
    const [first, second] = await receivedAt("/hooks/retry", 2);
    expect(first!.verifyError).toBeUndefined();
    expect(second!.verifyError).toBeUndefined();
    expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    expect(second!.body).toBe(first!.body);
    const [listed] = await settled(t, user, hook.webhook.id);
    expect(listed).toMatchObject({ status: "succeeded", attemptCount: 2 });
    expect(listed!.attempts.map((a) => [a.statusCode, a.error])).toEqual([
      [500, "The receiver answered 500."],
      [200, null],
    ]);
    expect(listed!.attempts[0]!.responseSnippet).toBe("receiver says 500");
    await new Promise((resolve) => setTimeout(resolve, 400)); // nothing more comes
    expect(at("/hooks/retry")).toHaveLength(2);
  });

  it("redelivers a delivery by id (same webhook-id), answering 202; 404 for another account's", async () => {
    const { user, key, hook } = await userWithWebhook("/hooks/redeliver");
    await generate(key);
    const [first] = await receivedAt("/hooks/redeliver");
    const [listed] = await settled(t, user, hook.webhook.id);
    const path = `/api/v1/webhooks/${hook.webhook.id}/deliveries/${listed!.id}/redeliver`;

    const other = await signUp(t);
    expect(await errorOf(await t.request(path, json({}, { cookie: other.cookie })))).toMatchObject({ status: 404, code: "not_found" });
    expect(
      await errorOf(await t.request(`/api/v1/webhooks/${hook.webhook.id}/deliveries/msg_nope/redeliver`, json({}, { cookie: user.cookie }))),
    ).toMatchObject({ status: 404 });
    expect(
      await errorOf(
        await t.request(`/api/v1/webhooks/${hook.webhook.id}/deliveries/${encodeURIComponent("a'b")}/redeliver`, json({}, { cookie: user.cookie })),
      ),
    ).toMatchObject({ status: 404 });

    const response = await t.request(path, json({}, { cookie: user.cookie }));
    expect(response.status).toBe(202);
    expect(((await response.json()) as { delivery: DeliveryView }).delivery).toMatchObject({ id: listed!.id, status: "pending" });
    const [, again] = await receivedAt("/hooks/redeliver", 2);
    expect(again!.verifyError).toBeUndefined();
    expect(again!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    const [after] = await settled(t, user, hook.webhook.id);
    expect(after).toMatchObject({ status: "succeeded", attemptCount: 2 });
  });

  it("respects the event filter", async () => {
    const completedOnly = await userWithWebhook("/hooks/filter-completed", ["generation.completed"]);
    const failedPath = "/hooks/filter-failed";
    const failedHook = (await (await register(t, completedOnly.user, { url: hookUrl(failedPath), events: ["generation.failed"] })).json()) as CreatedWebhook;
    secretsByPath.set(failedPath, failedHook.secret);
    expect(failedHook.webhook.events).toEqual(["generation.failed"]);

    await generate(completedOnly.key);
    await receivedAt("/hooks/filter-completed");
    double.next(openAiReplies.contentPolicy());
    await generateWithKey(t, completedOnly.key, { prompt: "refused", agentId: "model" });
    const [failed] = await receivedAt(failedPath);
    expect(failed!.payload!.type).toBe("generation.failed");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(at("/hooks/filter-completed").map((r) => r.payload!.type)).toEqual(["generation.completed"]);
    expect(at(failedPath).map((r) => r.payload!.type)).toEqual(["generation.failed"]);
  });

  it("does not follow a redirect: a 302 is a failed attempt, retried", async () => {
    scripts.set("/hooks/redirect", [302, 200]);
    const { user, key, hook } = await userWithWebhook("/hooks/redirect");
    await generate(key);
    const [listed] = await settled(t, user, hook.webhook.id);
    expect(listed!.attempts.map((a) => a.statusCode)).toEqual([302, 200]);
    expect(listed!.attempts[0]!.error).toMatch(/redirect.*not followed/);
    expect(at("/elsewhere")).toHaveLength(0);
  });

  it("records the delivery in the statement that ends the generation: it survives a process that sends nothing", async () => {
    const path = "/hooks/outbox";
    const { user, key, hook } = await userWithWebhook(path);
    await t.app.services.webhooks.dispatcher.stop(1_000);
    try {
      const generation = await generate(key);
      const rows = await t.db.prisma.webhookDelivery.findMany({ where: { generationId: generation.id } });
      expect(rows).toMatchObject([{ webhookId: hook.webhook.id, eventType: "generation.completed", status: "pending", attemptCount: 0 }]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(at(path)).toHaveLength(0);
    } finally {
      t.app.services.webhooks.dispatcher.start(); // as the next process would
    }
    await receivedAt(path);
    expect((await settled(t, user, hook.webhook.id))[0]).toMatchObject({ status: "succeeded" });
  });

  it("never sends one attempt twice when several dispatchers share the database, and holds each endpoint's in-flight limit across them", async () => {
    // Two endpoints of one account: one that has succeeded before (up to 4 in flight), one new (1 until it succeeds).
    const proven = await userWithWebhook("/hooks/shared-proven");
    await generate(proven.key);
    await settled(t, proven.user, proven.hook.webhook.id);
    const fresh = (await (await register(t, proven.user, { url: hookUrl("/hooks/shared-new") })).json()) as CreatedWebhook;
    secretsByPath.set("/hooks/shared-new", fresh.secret);
    for (const path of ["/hooks/shared-proven", "/hooks/shared-new"]) slowPaths.set(path, 150);
    await t.app.services.webhooks.dispatcher.stop(1_000);
    try {
      for (let i = 0; i < 6; i++) await generate(proven.key, { seed: i });
      const box = createSecretsBox({ key: secretsKey });
      const settings = { ...t.config.webhooks };
      const others = [1, 2, 3].map(() =>
        createWebhookDispatcher({ prisma: t.db.prisma, box, logger: createLogger("silent"), settings, concurrency: 8, accountConcurrency: 8 }),
      );
      const rounds: number[] = [];
      for (let round = 0; round < 20; round++) {
        const counts = await Promise.all(others.map((d) => d.runOnce()));
        rounds.push(counts.reduce((a, b) => a + b, 0));
        if ((await t.db.prisma.webhookDelivery.count({ where: { webhook: { accountId: proven.user.accountId }, status: "pending" } })) === 0) break;
      }
      // Round 1: at most 4 (the proven endpoint) + 1 (the new one) whatever the three processes did.
      expect(rounds[0]).toBeGreaterThanOrEqual(2);
      expect(rounds[0]).toBeLessThanOrEqual(5);
      expect(rounds.reduce((a, b) => a + b, 0)).toBe(12);
      for (const [path, limit] of [
        ["/hooks/shared-proven", 4],
        ["/hooks/shared-new", 4],
      ] as const) {
        const requests = at(path).slice(path === "/hooks/shared-proven" ? 1 : 0);
        expect(requests).toHaveLength(6);
        expect(new Set(requests.map((r) => r.headers["webhook-id"])).size).toBe(6);
        expect(maxInFlight.get(path)).toBeLessThanOrEqual(limit);
      }
      expect(maxInFlight.get("/hooks/shared-proven")).toBeGreaterThan(1); // the limit is not 1 for an endpoint that answers
      // The new endpoint's first attempt was alone: the second began after the first was answered.
      const [first, second] = at("/hooks/shared-new");
      expect(second!.arrivedAt).toBeGreaterThanOrEqual(first!.answeredAt!);
      expect(await t.db.prisma.webhookDelivery.count({ where: { webhookId: { in: [proven.hook.webhook.id, fresh.webhook.id] }, status: "succeeded" } })).toBe(
        13,
      );
    } finally {
      t.app.services.webhooks.dispatcher.start();
    }
  });

  it("the secret never reaches a log line", () => {
    const secrets = [...secretsByPath.values()];
    expect(secrets.length).toBeGreaterThan(3);
    const logs = JSON.stringify(t.logs);
    for (const secret of secrets) expect(logs).not.toContain(secret.slice(6));
    expect(t.logs.some((line) => line.msg === "webhook delivered")).toBe(true);
  });
});

describe("timeouts and the retry window", () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await startTestApp({
      WEBHOOKS_ALLOW_PRIVATE: "true",
      SECRETS_KEY: secretsKey,
      WEBHOOKS_POLL_MS: "50",
      WEBHOOKS_RETRY_SCHEDULE_MS: "100",
      WEBHOOKS_TIMEOUT_MS: "300",
      WEBHOOKS_RETRY_FOR_SECONDS: "1",
    });
    short.app.services.webhooks.dispatcher.start();
  });
  afterAll(async () => {
    await short?.app.services.webhooks.dispatcher.stop(1_000);
    await short?.close();
  });

  it("counts a timeout as a failed attempt, retries until the window ends, then fails; a redelivery then succeeds", async () => {
    const path = "/hooks/timeout";
    scripts.set(path, Array<Step>(50).fill("hang"));
    const user = await signUp(short);
    const key = (await createKey(short, user)).secret;
    const hook = (await (await register(short, user, { url: hookUrl(path) })).json()) as CreatedWebhook;
    secretsByPath.set(path, hook.secret);
    const generated = await generateWithKey(short, key, { prompt: "a coin", agentId: "pixel-sprite", width: 16 });
    expect(generated.status).toBe(200);

    const [failed] = await settled(short, user, hook.webhook.id);
    expect(failed).toMatchObject({ status: "failed", nextAttemptAt: null, deliveredAt: null });
    expect(failed!.attemptCount).toBeGreaterThanOrEqual(2);
    expect(failed!.attempts.every((a) => a.statusCode === null && a.error === "No answer within 300 ms.")).toBe(true);
    const last = failed!.attempts.at(-1)!;
    const created = await short.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: failed!.id } });
    // Retried for the whole window: the last attempt ended after it.
    expect(new Date(last.attemptedAt).getTime() + last.durationMs).toBeGreaterThanOrEqual(created.createdAt.getTime() + 1_000 - 50);

    scripts.set(path, []); // the receiver answers again
    const before = at(path).length;
    const response = await short.request(`/api/v1/webhooks/${hook.webhook.id}/deliveries/${failed!.id}/redeliver`, json({}, { cookie: user.cookie }));
    expect(response.status).toBe(202);
    const [redelivered] = await settled(short, user, hook.webhook.id);
    expect(redelivered).toMatchObject({ status: "succeeded", attemptCount: failed!.attemptCount + 1 });
    expect(at(path).length).toBe(before + 1);
    expect(at(path).at(-1)!.headers["webhook-id"]).toBe(failed!.id);
  });
});

describe("without WEBHOOKS_ALLOW_PRIVATE", () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await startTestApp({ SECRETS_KEY: secretsKey, WEBHOOKS_POLL_MS: "50", WEBHOOKS_RETRY_SCHEDULE_MS: "100" });
    strict.app.services.webhooks.dispatcher.start();
  });
  afterAll(async () => {
    await strict?.app.services.webhooks.dispatcher.stop(1_000);
    await strict?.close();
  });

  it.each([
    ["http://127.0.0.1:PORT/hooks/x", /must use https/],
    ["http://hooks.example.com/x", /must use https/],
  ])("refuses %s with 400 invalid_request naming url", async (url, message) => {
    const user = await signUp(strict);
    const error = await errorOf(await register(strict, user, { url: url.replace("PORT", String(receiverPort)) }));
    expect(error).toMatchObject({ status: 400, code: "invalid_request", param: "url", message: expect.stringMatching(message) });
  });

  it.each([
    ["https://127.0.0.1:PORT/hooks/x", /127\.0\.0\.1 is a loopback address/],
    ["https://localhost:PORT/hooks/x", /localhost resolves to (127\.0\.0\.1|::1), which is a loopback address/],
    ["https://10.0.0.1/hooks/x", /10\.0\.0\.1 is a private address/],
    ["https://[::1]/hooks/x", /::1 is a loopback address/],
    ["https://169.254.169.254/latest/meta-data/", /169\.254\.169\.254 is a link-local address/],
    ["https://[::ffff:192.168.1.1]/x", /private address \(IPv4-mapped\)/],
    ["https://100.64.0.1/x", /carrier-grade NAT/],
    ["https://does-not-exist.invalid/x", /does-not-exist\.invalid (does|did) not resolve/],
  ])("refuses %s as not allowed (400 naming url), without an address; the detail is logged", async (url, detail) => {
    const user = await signUp(strict);
    const error = await errorOf(await register(strict, user, { url: url.replace("PORT", String(receiverPort)) }));
    expect(error).toMatchObject({ status: 400, code: "invalid_request", param: "url", message: `url: ${notAllowedMessage}` });
    expect(error.message).toMatch(/not allowed/);
    expect(error.message).not.toMatch(/\d+\.\d+\.\d+\.\d+|::|localhost|invalid|resolves to|loopback|private|link-local/);
    expect(strict.logs).toContainEqual(
      expect.objectContaining({ msg: "webhook URL refused", accountId: user.accountId, reason: expect.stringMatching(detail) }),
    );
  });

  it("checks the address again at delivery: a host that now resolves privately is not sent to", async () => {
    const user = await signUp(strict);
    const key = (await createKey(strict, user)).secret;
    // Registered while it resolved publicly (written directly: the sandbox has no public DNS), it now resolves to loopback.
    const id = "whk_rebound";
    const secret = `whsec_${Buffer.alloc(32, 1).toString("base64")}`;
    await strict.db.prisma.webhook.create({
      data: {
        id,
        accountId: user.accountId,
        url: `https://localhost:${receiverPort}/hooks/rebound`,
        events: ["generation.completed"],
        secretCiphertext: await createSecretsBox({ key: secretsKey }).seal(secret, secretContext(id)),
      },
    });
    const generated = await generateWithKey(strict, key, { prompt: "a gem", agentId: "pixel-sprite", width: 16 });
    expect(generated.status).toBe(200);
    const attempt = await waitFor(
      "the refused attempt",
      async () => (await strict.db.prisma.webhookAttempt.findFirst({ where: { delivery: { webhookId: id } } })) ?? undefined,
    );
    expect(attempt).toMatchObject({ statusCode: null, error: `Not sent: ${notAllowedMessage}` });
    expect(at("/hooks/rebound")).toHaveLength(0);
    // The owner sees "not allowed" on the webhook and its delivery, never what the host resolved to; the log has it.
    const listed = (
      (await (await strict.request("/api/v1/webhooks", { headers: { cookie: user.cookie } })).json()) as { webhooks: CreatedWebhook["webhook"][] }
    ).webhooks;
    expect(listed).toMatchObject([{ id, lastError: `Not sent: ${notAllowedMessage}`, disabledAt: null, failingSince: expect.any(String) }]);
    const text = JSON.stringify([listed, await deliveries(strict, user, id)]);
    expect(text).toContain("not allowed");
    expect(text).not.toMatch(/127\.0\.0\.1|::1|resolves to|loopback/);
    expect(strict.logs).toContainEqual(
      expect.objectContaining({
        msg: "webhook URL refused at delivery",
        webhookId: id,
        reason: expect.stringMatching(/^localhost resolves to (127\.0\.0\.1|::1), which is a loopback address/),
      }),
    );
  });
});

describe("configuration", () => {
  it("checks SECRETS_KEY without ever echoing it, and requires it in production on PostgreSQL", () => {
    const bad = "not-a-key-but-maybe-a-secret";
    const error = (() => {
      try {
        loadConfig({ SECRETS_KEY: bad });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.message).toMatch(/^Invalid configuration: SECRETS_KEY must be 32 random bytes/);
    expect(error!.message).not.toContain(bad);
    expect(() => loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgresql://db/x" })).toThrow(
      /^Invalid configuration: SECRETS_KEY is required in production with DATABASE_URL/,
    );
    const config = loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgresql://db/x", SECRETS_KEY: secretsKey });
    expect(JSON.stringify(config)).not.toContain(secretsKey); // read through secret(), never a setting
    expect(config.secret("SECRETS_KEY")).toBe(secretsKey);
    expect(loadConfig({}).webhooks).toEqual({
      allowPrivate: false,
      pollMs: 1_000,
      timeoutMs: 10_000,
      retryScheduleMs: [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000],
      retryForMs: 86_400_000,
      disableAfterMs: 259_200_000,
    });
    expect(loadConfig({ WEBHOOKS_DISABLE_AFTER_HOURS: "0.5" }).webhooks.disableAfterMs).toBe(1_800_000);
    expect(loadConfig({ WEBHOOKS_DISABLE_AFTER_HOURS: "0" }).webhooks.disableAfterMs).toBe(0);
    expect(() => loadConfig({ WEBHOOKS_DISABLE_AFTER_HOURS: "-1" })).toThrow(/WEBHOOKS_DISABLE_AFTER_HOURS/);
    expect(() => loadConfig({ WEBHOOKS_RETRY_SCHEDULE_MS: "5s,30s" })).toThrow(/WEBHOOKS_RETRY_SCHEDULE_MS must be delays in milliseconds/);
  });
});
