import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { caught, testContext } from "../../../test/doubles/driver-context.js";
import { falReplies, startFalQueueDouble } from "../../../test/doubles/fal-queue.js";
import { NOT_AN_IMAGE } from "../../../test/doubles/images.js";
import { describeKeyHandling, expectNonDecreasing, useModelDriver } from "../../../test/doubles/model-driver.js";
import { AgentError, isAbortError } from "../driver.js";
import { falQueueDriver } from "./driver.js";

const KEY = "3f1c9a2e-7b44-4d1a-9c3e-5a6b7c8d9e0f:0123456789abcdef0123456789abcdef";
const KEY_ENV = "TEST_FAL_KEY";
const MODEL = "fal-ai/flux/schnell";

const m = useModelDriver({
  kind: falQueueDriver,
  key: KEY,
  keyEnv: KEY_ENV,
  start: (key) => startFalQueueDouble({ key }),
  // The double serves its images on its own local address: trusted here (else the address guard refuses it).
  entry: (double) => ({
    baseUrl: double.url,
    model: MODEL,
    nativeSize: "256x256",
    pollIntervalMs: 5,
    maxPollIntervalMs: 20,
    trustedHosts: [new URL(double.url).host],
  }),
  prompt: "a mossy stone chest",
  seed: 1234,
});
const { driver, job, expectNoKey } = m;

describeKeyHandling("fal-queue", m, { wrongKey: "ffffffff-0000-4000-8000-000000000000:deadbeefdeadbeefdeadbeef", authorization: (key) => `Key ${key}` });

describe("fal-queue: success", () => {
  it("submits, polls, fetches the result and the image; the key goes to the queue only", async () => {
    m.double.next({ queue: [2, 1, 0], running: 2 });
    const { driver: d } = driver({ extraInput: { num_inference_steps: 4, enable_safety_checker: true } });
    const { images } = await d.generate(job(), m.t.ctx);

    expect([images[0]!.width, images[0]!.height]).toEqual([256, 256]);
    const meta = await sharp(images[0]!.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 256, 256]);

    const [submit] = m.double.submissions();
    expect(submit!.path).toBe(`/${MODEL}`);
    expect(submit!.json).toEqual({
      num_inference_steps: 4,
      enable_safety_checker: true,
      prompt: "a mossy stone chest",
      image_size: { width: 256, height: 256 },
      num_images: 1,
      seed: 1234,
      output_format: "png",
    });
    const id = [...m.double.queued.keys()][0]!;
    const queueCalls = m.double.requests.filter((r) => !r.path.startsWith("/files/"));
    expect(queueCalls.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /${MODEL}`,
      ...Array(6).fill(`GET /fal-ai/flux/requests/${id}/status`),
      `GET /fal-ai/flux/requests/${id}`,
    ]);
    for (const r of queueCalls) expect(r.headers.authorization).toBe(`Key ${KEY}`);
    const download = m.double.requests.find((r) => r.path.startsWith("/files/"))!;
    expect(download.headers.authorization).toBeUndefined();
    expect(m.double.cancels()).toHaveLength(0);
  });

  it("reports the queue position, the run, the result and the download, never going backwards", async () => {
    m.double.next({ queue: [3, 1, 0], running: 3 });
    await driver().driver.generate(job(), m.t.ctx);
    const stages = m.t.reports.map((r) => r.stage);
    expect(stages).toEqual([
      "calling model",
      "in queue (position 3)",
      "in queue (position 1)",
      "in queue (position 0)",
      "model running",
      "model running",
      "model running",
      "fetching result",
      "downloading image",
      "decoding image",
    ]);
    expectNonDecreasing(m.t.reports.map((r) => r.percent));
    expect(m.t.reports.at(-1)!.percent).toBeLessThan(100); // post-processing comes after the driver
  });

  it("reads an image inline as a data: URI (sync_mode)", async () => {
    m.double.next({ dataUri: true });
    const { images } = await driver().driver.generate(job(), m.t.ctx);
    expect(images[0]!.width).toBe(256);
    expect(m.double.requests.some((r) => r.path.startsWith("/files/"))).toBe(false);
  });

  it("converts a JPEG result to PNG without resizing it", async () => {
    m.double.next({ image: { format: "jpeg", width: 320, height: 200 } });
    const { images } = await driver({ outputFormat: "jpeg" }).driver.generate(job(), m.t.ctx);
    const meta = await sharp(images[0]!.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 320, 200]);
  });

  it("builds the queue URLs itself when the submit answer points elsewhere (the key stays home)", async () => {
    const elsewhere = await startFalQueueDouble();
    try {
      const base = `${elsewhere.url}/fal-ai/flux/requests/stolen`;
      // The double accepts the submit but its answer's URLs point at another host.
      const { driver: d } = driver();
      m.double.next({
        submit: { kind: "json", body: { request_id: "req-1", status_url: `${base}/status`, response_url: base, cancel_url: `${base}/cancel` } },
      });
      const error = await caught(() => d.generate(job(), m.t.ctx));
      expect(elsewhere.requests).toHaveLength(0);
      // Our own URL for an id the double never queued: 404 → unavailable, and the cancel went home too.
      expect(error).toMatchObject({ kind: "unavailable" });
      expect(m.double.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        `POST /${MODEL}`,
        "GET /fal-ai/flux/requests/req-1/status",
        "PUT /fal-ai/flux/requests/req-1/cancel",
      ]);
    } finally {
      await elsewhere.close();
    }
  });

  it("polls less often as it waits, up to maxPollIntervalMs", async () => {
    m.double.next({ queue: [0], running: 6 });
    const started = Date.now();
    await driver({ pollIntervalMs: 20, maxPollIntervalMs: 40 }).driver.generate(job(), m.t.ctx);
    // 6 waits: 20, 30, 40, 40, 40, 40 ms = 210 ms at least.
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });
});

describe("fal-queue: provider errors", () => {
  it("429 at submit with retry-after → rate_limited with retryAfterMs; nothing to cancel", async () => {
    m.double.next({ submit: falReplies.rateLimited("4") });
    const { driver: d, logs } = driver();
    const error = await caught(() => d.generate(job(), m.t.ctx));
    expect(error).toBeInstanceOf(AgentError);
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterMs: 4000 });
    expect(m.double.cancels()).toHaveLength(0);
    expectNoKey(error, logs);
  });

  it("5xx at submit → unavailable; the next attempt succeeds", async () => {
    m.double.next({ submit: falReplies.serverError(503, "runner_scheduling_failure", "1") }, {});
    const { driver: d, logs } = driver();
    expect(await caught(() => d.generate(job(), m.t.ctx))).toMatchObject({ kind: "unavailable", retryAfterMs: 1000 });
    expect(logs.find((l) => l.fields?.status === 503)?.fields?.errorType).toBe("runner_scheduling_failure");
    const { images } = await d.generate(job(), m.t.ctx);
    expect(images[0]!.width).toBe(256);
  });

  it("content_policy_violation from the result → rejected (nothing left to cancel)", async () => {
    m.double.next({ result: falReplies.contentPolicy() });
    const { driver: d, logs } = driver();
    const error = (await caught(() => d.generate(job(), m.t.ctx))) as AgentError;
    expect(error.kind).toBe("rejected");
    expect(error.retryable).toBe(false);
    expect(error.message).not.toContain("content checker");
    expect(m.double.cancels()).toHaveLength(0);
    expect(logs.some((l) => JSON.stringify(l.fields?.detailTypes) === '["content_policy_violation"]')).toBe(true);
  });

  it("an image the model's safety checker flagged → rejected", async () => {
    m.double.next({ nsfw: true });
    expect(await caught(() => driver().driver.generate(job(), m.t.ctx))).toMatchObject({ kind: "rejected" });
  });

  it("a validation 422 (input the model refuses) → unavailable, not rejected", async () => {
    m.double.next({ submit: falReplies.validationError() });
    const error = (await caught(() => driver().driver.generate(job(), m.t.ctx))) as AgentError;
    expect(error.kind).toBe("unavailable");
    expect(error.message).toContain("422");
  });

  it("malformed JSON from a status poll → unavailable, and the upstream request is canceled", async () => {
    m.double.next({ status: falReplies.malformedJson() });
    const { driver: d, logs } = driver();
    const error = (await caught(() => d.generate(job(), m.t.ctx))) as AgentError;
    expect(error).toMatchObject({ kind: "unavailable" });
    expect(error.message).toMatch(/not JSON/);
    expect(m.double.cancels()).toHaveLength(1);
    expectNoKey(error, logs);
  });

  it("a result without images → unavailable", async () => {
    m.double.next({ result: { kind: "json", body: { images: [], seed: 1 } } });
    expect(await caught(() => driver().driver.generate(job(), m.t.ctx))).toMatchObject({ kind: "unavailable" });
  });

  it("an image that is not an image → unavailable", async () => {
    m.double.next({ file: { kind: "raw", body: NOT_AN_IMAGE, contentType: "image/png" } });
    expect(await caught(() => driver().driver.generate(job(), m.t.ctx))).toMatchObject({ kind: "unavailable" });
  });

  it("an image download failing with 404 → unavailable", async () => {
    m.double.next({ file: { kind: "raw", status: 404, body: "Not Found", contentType: "text/plain" } });
    const error = (await caught(() => driver().driver.generate(job(), m.t.ctx))) as AgentError;
    expect(error).toMatchObject({ kind: "unavailable" });
    expect(error.message).toContain("404");
  });
});

describe("fal-queue: deadline, timeout, cancel", () => {
  it("a status answer slower than the deadline → timeout; socket closed; upstream canceled", async () => {
    m.t.dispose();
    m.t = testContext({ deadlineMs: 300 });
    m.double.next({ status: falReplies.slow(5000, { kind: "json", body: { status: "COMPLETED" } }) });
    const { driver: d } = driver();
    const started = Date.now();
    const error = (await caught(() => d.generate(job(), m.t.ctx))) as AgentError;
    expect(error).toBeInstanceOf(AgentError);
    expect(error.kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2000);
    const poll = m.double.requests.find((r) => r.path.endsWith("/status"))!;
    expect(await poll.settled).toBe("closed");
    expect(poll.closedEarly).toBe(true);
    const [cancel] = m.double.cancels();
    expect(cancel!.path).toBe(`/fal-ai/flux/requests/${[...m.double.queued.keys()][0]}/cancel`);
    expect(cancel!.headers.authorization).toBe(`Key ${KEY}`);
    expect([...m.double.queued.values()][0]!.canceled).toBe(true);
  });

  it("a model that never finishes → timeout after the entry's timeoutMs; upstream canceled", async () => {
    m.double.next({ queue: [0], running: Infinity });
    const error = await caught(() => driver({ timeoutMs: 250 }).driver.generate(job(), m.t.ctx));
    expect(error).toMatchObject({ kind: "timeout" });
    expect(m.double.cancels()).toHaveLength(1);
  });

  it("a status request slower than requestTimeoutMs → timeout; socket closed; upstream canceled", async () => {
    m.double.next({ status: falReplies.hang() });
    const error = await caught(() => driver({ requestTimeoutMs: 150 }).driver.generate(job(), m.t.ctx));
    expect(error).toMatchObject({ kind: "timeout" });
    expect(await m.double.requests.find((r) => r.path.endsWith("/status"))!.settled).toBe("closed");
    expect(m.double.cancels()).toHaveLength(1);
  });

  it("cancel mid-request → the AbortError as is; socket closed; upstream cancel recorded", async () => {
    m.double.next({ status: falReplies.hang() });
    const { driver: d, logs } = driver();
    const pending = caught(() => d.generate(job(), m.t.ctx));
    const poll = await m.double.waitForRequest((r) => r.path.endsWith("/status"));
    m.t.cancel();
    const error = await pending;
    expect(error).not.toBeInstanceOf(AgentError);
    expect(isAbortError(error)).toBe(true);
    expect((error as Error).name).toBe("AbortError");
    expect(await poll.settled).toBe("closed");
    expect(m.double.cancels()).toHaveLength(1);
    expect(logs.some((l) => l.msg.includes("canceled the upstream request") && l.fields?.status === 202)).toBe(true);
    expectNoKey(error, logs);
  });

  it("cancel while waiting between polls → AbortError and the upstream cancel", async () => {
    m.double.next({ queue: [5, 5, 5, 5], running: Infinity });
    const { driver: d } = driver({ pollIntervalMs: 1000, maxPollIntervalMs: 1000 });
    const pending = caught(() => d.generate(job(), m.t.ctx));
    await expect.poll(() => m.t.reports.some((r) => r.stage === "in queue (position 5)")).toBe(true);
    m.t.cancel();
    const error = await pending;
    expect(isAbortError(error)).toBe(true);
    expect(m.double.cancels()).toHaveLength(1);
    expect([...m.double.queued.values()][0]!.canceled).toBe(true);
  });

  it("cancel during the submit → AbortError; no request id, so nothing to cancel upstream", async () => {
    m.double.next({ submit: falReplies.hang() });
    const { driver: d } = driver();
    const pending = caught(() => d.generate(job(), m.t.ctx));
    const submit = await m.double.waitForRequest((r) => r.method === "POST");
    m.t.cancel();
    expect(isAbortError(await pending)).toBe(true);
    expect(await submit.settled).toBe("closed");
    expect(m.double.cancels()).toHaveLength(0);
  });
});

describe("fal-queue: secrets and options", () => {
  it("applies the defaults (fal's queue host included)", () => {
    expect(falQueueDriver.options.parse({ model: MODEL, apiKeyEnv: "FAL_KEY" })).toEqual({
      baseUrl: "https://queue.fal.run",
      model: MODEL,
      apiKeyEnv: "FAL_KEY",
      nativeSize: "1024x1024",
      outputFormat: "png",
      timeoutMs: 120_000,
      requestTimeoutMs: 30_000,
      maxRetries: 2,
      pollIntervalMs: 500,
      maxPollIntervalMs: 2000,
      maxPromptChars: 4000,
      trustedHosts: [],
    });
  });

  it.each([
    ["a baseUrl that is no URL", { baseUrl: "queue.fal.run" }],
    ["credentials in the baseUrl", { baseUrl: "https://id:secret@queue.fal.run" }],
    ["an unknown field", { webhook: "https://example.com" }],
    ["a model id without an owner", { model: "flux" }],
    ["a model id with a query", { model: "fal-ai/flux?x=1" }],
    ["maxPollIntervalMs below pollIntervalMs", { pollIntervalMs: 1000, maxPollIntervalMs: 500 }],
    ["extraInput overriding the seed", { extraInput: { seed: 1 } }],
    ["an unknown output format", { outputFormat: "gif" }],
    ["a trusted host that is a URL", { trustedHosts: ["https://cdn.example.com"] }],
  ])("refuses %s", (_name, over) => {
    expect(falQueueDriver.options.safeParse({ model: MODEL, ...over }).success).toBe(false);
  });
});
