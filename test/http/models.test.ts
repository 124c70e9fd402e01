import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAiReplies, startOpenAiImagesDouble, type OpenAiImagesDouble } from "../doubles/openai-images.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { testImagesKey, testImagesKeyEnv, writeModelCatalog } from "../support/model-agents.js";
import { decodePng, expectBalancedLedger, generateWithKey, readEvents, waitForAllDone, type GenerationBody } from "../support/generation.js";
import { bearer, createKey, errorOf, signUp, type TestUser } from "../support/users.js";

/**
 * A model agent (the `openai-images` driver) configured by AGENTS_FILE, against an in-process
 * double of the OpenAI Images API, through the service's HTTP API: each kind of driver failure is
 * retried or not as the contract says, refunded once, and answered with the right code; a cancel
 * reaches the driver (the double sees the socket close); the provider key never leaks.
 */
const apiKey = testImagesKey;
let double: OpenAiImagesDouble;
let t: TestApp;
let dir: string;
let user: TestUser;
let secret: string;

beforeAll(async () => {
  double = await startOpenAiImagesDouble({ apiKey });
  dir = await mkdtemp(join(tmpdir(), "ags-models-"));
  const file = await writeModelCatalog(dir, double.url);
  t = await startTestApp({ AGENTS_FILE: file, [testImagesKeyEnv]: apiKey, RATE_LIMIT_GENERATE_PER_MINUTE: "1000" });
  user = await signUp(t);
  ({ secret } = await createKey(t, user));
});
afterAll(async () => {
  await t.close();
  await double.close();
  await rm(dir, { recursive: true, force: true });
});

const generate = (headers: Record<string, string> = {}) => generateWithKey(t, secret, { prompt: "a red potion", agentId: "model" }, headers);

async function eventsOf(id: string) {
  return readEvents(await t.request(`/api/v1/generations/${id}/events`, { headers: bearer(secret) }));
}

describe("a model agent from AGENTS_FILE", () => {
  it("is listed with its catalog price and sizes", async () => {
    const body = (await (await t.request("/api/ai/agents")).json()) as { agents: { id: string; credits: number; sizes: unknown }[] };
    expect(body.agents.map((a) => a.id)).toEqual(["pixel-sprite", "icon", "texture", "model"]);
    expect(body.agents[3]).toMatchObject({ credits: 3, sizes: [{ width: 64, height: 64 }] });
  });

  it("generates through the provider: the key in Authorization, the asset stored, the price charged once", async () => {
    const before = await expectBalancedLedger(t, user.accountId);
    const seen = double.requests.length;
    const response = await generate();
    expect(response.status).toBe(200);
    const g = (await response.json()) as GenerationBody;
    expect(g).toMatchObject({ status: "succeeded", agentId: "model", credits: { charged: 3, refunded: 0, balance: before - 3 } });
    const png = decodePng(g.assets[0]!.b64!);
    expect([png.width, png.height]).toEqual([64, 64]);
    const request = double.requests[seen]!;
    expect(request.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(request.json).toMatchObject({ model: "gpt-image-1-mini", prompt: "a red potion", n: 1, size: "64x64" });
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before - 3);
  });

  it("retries a 429 after its retry-after, then succeeds, charged once", async () => {
    const before = await expectBalancedLedger(t, user.accountId);
    const seen = double.generations().length;
    double.next(openAiReplies.rateLimited({ retryAfter: "1" }), openAiReplies.success());
    const response = await generate();
    expect(response.status).toBe(200);
    const g = (await response.json()) as GenerationBody;
    expect(double.generations().length - seen).toBe(2);
    const stages = (await eventsOf(g.id)).filter((e) => e.event === "generation.progress").map((e) => String(e.data.stage));
    expect(stages).toContain("rate limited: retrying in 1 s");
    expect(stages).toContain("retrying (attempt 2 of 2)");
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before - 3);
  });

  it.each([
    ["a 5xx", () => openAiReplies.serverError(503), "unavailable"],
    ["malformed JSON", () => openAiReplies.malformedJson(), "unavailable"],
    ["an answer past the deadline", () => openAiReplies.hang(), "timeout"],
  ] as const)("gives up after maxRetries on %s: 503 generator_unavailable with the reason, refunded once", async (_name, reply, reason) => {
    const before = await expectBalancedLedger(t, user.accountId);
    const seen = double.generations().length;
    double.next(reply(), reply());
    const response = await generate();
    const error = (await response.json()) as { error: { code: string; retryable: boolean; details: Record<string, unknown> } };
    expect(response.status).toBe(503);
    expect(error.error).toMatchObject({ code: "generator_unavailable", retryable: true, details: { reason, refunded: 3, balance: before } });
    const attempts = double.generations().slice(seen);
    expect(attempts).toHaveLength(2); // the first attempt and one retry
    if (reason === "timeout") {
      // Each attempt's HTTP request was really closed at the deadline.
      expect(await Promise.all(attempts.map((r) => r.settled))).toEqual(["closed", "closed"]);
    }
    const id = String(error.error.details.generationId);
    const failed = (await eventsOf(id)).at(-1)!;
    expect(failed.event).toBe("generation.failed");
    expect(failed.data).toMatchObject({ error: { code: "generator_unavailable", details: { reason } }, credits: { refunded: 3, balance: before } });
    expect(await t.db.prisma.ledgerEntry.count({ where: { generationId: id, kind: "refund" } })).toBe(1);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before);
  });

  it("does not retry a content-policy refusal: 422 content_rejected, refunded", async () => {
    const before = await expectBalancedLedger(t, user.accountId);
    const seen = double.generations().length;
    double.next(openAiReplies.contentPolicy());
    const response = await generate();
    expect(await errorOf(response)).toMatchObject({ status: 422, code: "content_rejected" });
    expect(double.generations().length - seen).toBe(1);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before);
  });

  it("cancels a running model call: the provider sees the connection close, the credits come back once", async () => {
    const before = await expectBalancedLedger(t, user.accountId);
    double.next(openAiReplies.slow(1_200));
    const seen = double.generations().length;
    const accepted = (await (await generate({ prefer: "respond-async" })).json()) as GenerationBody;
    const call = await double.waitForRequest((r) => r.path.endsWith("/images/generations") && r.seq > (double.generations()[seen - 1]?.seq ?? 0));
    const canceled = await t.request(`/api/v1/generations/${accepted.id}/cancel`, { method: "POST", headers: bearer(secret) });
    expect(canceled.status).toBe(200);
    expect(((await canceled.json()) as GenerationBody).status).toBe("canceled");
    expect(await call.settled).toBe("closed");
    await waitForAllDone(t, user.accountId);
    const g = (await (await t.request(`/api/v1/generations/${accepted.id}`, { headers: bearer(secret) })).json()) as GenerationBody;
    expect(g).toMatchObject({ status: "canceled", assets: [], credits: { charged: 0, refunded: 3 } });
    expect(double.generations().length - seen).toBe(1); // not retried
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before);
  });

  it("never shows the provider key: not in answers, events, logs or the database", async () => {
    double.next(openAiReplies.invalidApiKey(apiKey), openAiReplies.invalidApiKey(apiKey));
    const response = await generate();
    const text = await response.text();
    expect(response.status).toBe(503);
    expect(text).not.toContain(apiKey);
    const id = (JSON.parse(text) as { error: { details: { generationId: string } } }).error.details.generationId;
    expect(JSON.stringify(await eventsOf(id))).not.toContain(apiKey);
    expect(JSON.stringify(t.logs)).not.toContain(apiKey);
    const rows = await t.db.prisma.generationEvent.findMany({ where: { generationId: id } });
    expect(JSON.stringify(rows)).not.toContain(apiKey);
  });
});
