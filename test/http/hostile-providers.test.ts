import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFalQueueDouble, type FalQueueDouble } from "../doubles/fal-queue.js";
import { jsonReply, startHttpDouble, type HttpDouble } from "../doubles/http-double.js";
import { pictureBomb, testImage } from "../doubles/images.js";
import { openAiReplies, startOpenAiImagesDouble, type OpenAiImagesDouble } from "../doubles/openai-images.js";
import { expectBalancedLedger, generateWithKey, readEvents, waitForAllDone } from "../support/generation.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { modelAgent, testImagesKey, testImagesKeyEnv, testModelAgent, writeCatalog } from "../support/model-agents.js";
import { bearer, createKey, errorOf, signUp, type TestUser } from "../support/users.js";

/**
 * Model providers that answer with hostile pictures, redirects and absurd waits (contract sections
 * 1 and 8): a picture past twice the entry's native size is refused from its header and refunded;
 * the service's own requests never follow a provider to another origin, and an image URL a
 * provider hands back passes the address guard; a `Retry-After` is never promised past 300 s.
 */
let openai: OpenAiImagesDouble;
let fal: FalQueueDouble;
/** Another local server, where a hostile provider tries to send the service (it must see nothing). */
let elsewhere: HttpDouble;
let t: TestApp;
let dir: string;
let user: TestUser;
let secret: string;

beforeAll(async () => {
  openai = await startOpenAiImagesDouble({ apiKey: testImagesKey });
  fal = await startFalQueueDouble();
  elsewhere = await startHttpDouble(async () => ({ kind: "raw", body: await testImage({ width: 64, height: 64 }), contentType: "image/png" }));
  dir = await mkdtemp(join(tmpdir(), "ags-hostile-providers-"));
  const falOptions = { baseUrl: fal.url, model: "fal-ai/flux/schnell", nativeSize: "64x64", pollIntervalMs: 20, maxPollIntervalMs: 40, maxRetries: 0 };
  const file = await writeCatalog(dir, [
    testModelAgent(openai.url, { timeoutMs: 5_000, maxRetries: 1 }),
    modelAgent(64, {
      id: "streaming",
      name: "Streaming model",
      driver: "openai-images",
      credits: 3,
      options: {
        baseUrl: openai.url,
        model: "gpt-image-1-mini",
        apiKeyEnv: testImagesKeyEnv,
        nativeSize: "64x64",
        stream: true,
        partialImages: 2,
        maxRetries: 0,
      },
    }),
    modelAgent(64, { id: "fal", name: "fal", driver: "fal-queue", credits: 2, options: { ...falOptions, trustedHosts: [new URL(fal.url).host] } }),
    modelAgent(64, { id: "fal-untrusting", name: "fal, no trusted hosts", driver: "fal-queue", credits: 2, options: falOptions }),
  ]);
  t = await startTestApp({ AGENTS_FILE: file, [testImagesKeyEnv]: testImagesKey, RATE_LIMIT_GENERATE_PER_MINUTE: "1000" });
  user = await signUp(t);
  ({ secret } = await createKey(t, user));
});
afterAll(async () => {
  await t.close();
  await Promise.all([openai.close(), fal.close(), elsewhere.close()]);
  await rm(dir, { recursive: true, force: true });
});

const generate = (agentId: string) => generateWithKey(t, secret, { prompt: "a red potion", agentId });

describe("a picture bomb (a small PNG declaring 8192×8192)", () => {
  it("is refused from its header (generator_unavailable, reason unavailable), on every attempt, and refunded", async () => {
    const bomb = pictureBomb();
    expect(bomb.length).toBeLessThan(300 * 1024);
    const before = await expectBalancedLedger(t, user.accountId);
    const seen = openai.generations().length;
    openai.next(openAiReplies.b64(bomb), openAiReplies.b64(bomb));
    const response = await generate("model");
    const error = await errorOf(response);
    expect(error).toMatchObject({ status: 503, code: "generator_unavailable" });
    expect((error as unknown as { details: { reason: string } }).details.reason).toBe("unavailable");
    expect(error.message).not.toMatch(/8192/); // the caller is told it failed, the log says why
    expect(openai.generations().length - seen).toBe(2); // retried once (maxRetries 1), refused both times
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before);
    const failed = t.logs.filter((l) => l.msg === "generation failed" && String(l.error).includes("8192×8192"));
    expect(failed.length).toBeGreaterThan(0);
  });

  it("as a streamed partial image: skipped (no preview), the image itself still made", async () => {
    const before = await expectBalancedLedger(t, user.accountId);
    openai.next(openAiReplies.stream({ partials: 2, partialImage: pictureBomb(), gapMs: 150 })); // spaced: no report is coalesced away
    const response = await generate("streaming");
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const events = await readEvents(await t.request(`/api/v1/generations/${id}/events`, { headers: bearer(secret) }));
    expect(events.filter((e) => e.event === "generation.preview")).toHaveLength(0);
    expect(events.some((e) => e.event === "generation.progress" && String(e.data.stage).startsWith("partial image"))).toBe(true);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before - 3);
  });
});

describe("a provider that redirects", () => {
  it("to another origin: not followed, the other server sees nothing, refunded", async () => {
    const before = await expectBalancedLedger(t, user.accountId);
    const seen = elsewhere.requests.length;
    const target = `${elsewhere.origin}/v1/images/generations`;
    openai.next(openAiReplies.redirect(target), openAiReplies.redirect(target, 302));
    const error = await errorOf(await generate("model"));
    expect(error).toMatchObject({ status: 503, code: "generator_unavailable" });
    expect(elsewhere.requests.length).toBe(seen);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before);
  });

  it("within its own origin: followed (with the POST's body on a 307)", async () => {
    const before = await expectBalancedLedger(t, user.accountId);
    const seen = openai.generations().length;
    openai.next(openAiReplies.redirect(`${openai.url}/images/generations`));
    const response = await generate("model");
    expect(response.status).toBe(200);
    const [redirected, followed] = openai.generations().slice(seen);
    expect(followed!.json).toEqual(redirected!.json);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before - 3);
  });

  it("a queue (fal) whose status answer redirects to another origin: not followed, upstream canceled, refunded", async () => {
    const before = await expectBalancedLedger(t, user.accountId);
    const seen = elsewhere.requests.length;
    fal.next({ status: { kind: "raw", status: 302, body: "", headers: { location: `${elsewhere.origin}/status` } } });
    const error = await errorOf(await generate("fal"));
    expect(error).toMatchObject({ status: 503, code: "generator_unavailable" });
    expect(elsewhere.requests.length).toBe(seen);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before);
  });
});

describe("an image URL a provider hands back", () => {
  const pointingAt = (url: string) =>
    jsonReply(200, { images: [{ url, width: 64, height: 64, content_type: "image/png" }], seed: 1, has_nsfw_concepts: [false] });

  it("on a local address: refused by the address guard unless the entry trusts its host; nothing fetched, refunded", async () => {
    const before = await expectBalancedLedger(t, user.accountId);
    const seen = elsewhere.requests.length;
    for (const agentId of ["fal", "fal-untrusting"]) {
      fal.next({ result: pointingAt(`${elsewhere.origin}/picture.png`) });
      expect(await errorOf(await generate(agentId)), agentId).toMatchObject({ status: 503, code: "generator_unavailable" });
    }
    expect(elsewhere.requests.length).toBe(seen);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before);
  });

  it("on a trusted host: fetched; on the queue's own host without trust: refused", async () => {
    const before = await expectBalancedLedger(t, user.accountId);
    const trusted = await generate("fal");
    expect(trusted.status).toBe(200);
    expect(await errorOf(await generate("fal-untrusting"))).toMatchObject({ status: 503, code: "generator_unavailable" });
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before - 2);
  });

  it("a trusted host's image that redirects to an untrusted local one: not followed", async () => {
    const before = await expectBalancedLedger(t, user.accountId);
    const seen = elsewhere.requests.length;
    fal.next({ file: { kind: "raw", status: 302, body: "", headers: { location: `${elsewhere.origin}/picture.png` } } });
    expect(await errorOf(await generate("fal"))).toMatchObject({ status: 503, code: "generator_unavailable" });
    expect(elsewhere.requests.length).toBe(seen);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before);
  });
});

describe("a provider's Retry-After", () => {
  it("of 999999 s reaches the caller as at most 300 s, in the header and the details", async () => {
    const before = await expectBalancedLedger(t, user.accountId);
    openai.next(openAiReplies.rateLimited({ retryAfter: "999999" }));
    const response = await generate("model");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("300");
    const body = (await response.json()) as { error: { code: string; details: { reason: string; retryAfterSeconds: number } } };
    expect(body.error).toMatchObject({ code: "generator_unavailable", details: { reason: "rate_limited", retryAfterSeconds: 300 } });
    await waitForAllDone(t, user.accountId);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before);
  });

  it("as an HTTP-date a year ahead: the same cap", async () => {
    openai.next(openAiReplies.rateLimited({ retryAfter: new Date(Date.now() + 365 * 86_400_000).toUTCString() }));
    const response = await generate("model");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("300");
  });

  it("of 90 s (too long to wait for within the attempt) is passed on as it is", async () => {
    openai.next(openAiReplies.rateLimited({ retryAfter: "90" }));
    const response = await generate("model");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("90");
  });
});
