import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { caught, testContext, testEnvironment } from "../../../test/doubles/driver-context.js";
import { NOT_AN_IMAGE, truncatedPng } from "../../../test/doubles/images.js";
import { describeKeyHandling, expectNonDecreasing, useModelDriver } from "../../../test/doubles/model-driver.js";
import { openAiReplies, startOpenAiImagesDouble } from "../../../test/doubles/openai-images.js";
import { AgentError, isAbortError } from "../driver.js";
import { openAiImagesDriver } from "./driver.js";

const KEY = "sk-test-4f9c2a7e1b3d5f6a8c0e2b4d";
const KEY_ENV = "TEST_OPENAI_KEY";

const m = useModelDriver({
  kind: openAiImagesDriver,
  key: KEY,
  keyEnv: KEY_ENV,
  start: (apiKey) => startOpenAiImagesDouble({ apiKey }),
  entry: (double) => ({ baseUrl: double.url, model: "gpt-image-1-mini", nativeSize: "256x256" }),
  prompt: "a red health potion",
  seed: 7,
});
const { driver, job, expectNoKey } = m;

describeKeyHandling("openai-images", m, { wrongKey: "sk-wrong-9d8c7b6a5f4e3d2c1b0a", authorization: (key) => `Bearer ${key}` });

describe("openai-images: success", () => {
  it("returns the native PNG with its size, sends the documented body and the Bearer key", async () => {
    const { driver: d } = driver({ quality: "low", outputFormat: "png" });
    const result = await d.generate(job(), m.t.ctx);

    expect(result.images).toHaveLength(1);
    const image = result.images[0]!;
    expect([image.width, image.height]).toEqual([256, 256]);
    const meta = await sharp(image.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 256, 256]);

    const [req] = m.double.generations();
    expect(req!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req!.headers["content-type"]).toBe("application/json");
    expect(req!.json).toEqual({
      model: "gpt-image-1-mini",
      prompt: "a red health potion",
      n: 1,
      size: "256x256",
      quality: "low",
      output_format: "png",
    });
  });

  it("reports 'calling model' then 'decoding image', never going backwards", async () => {
    const { driver: d } = driver();
    await d.generate(job(), m.t.ctx);
    expect(m.t.reports.map((r) => r.stage)).toEqual(["calling model", "decoding image"]);
    expectNonDecreasing(m.t.reports.map((r) => r.percent));
  });

  it("uses the default native size 1024x1024", async () => {
    const { env } = testEnvironment({ [KEY_ENV]: KEY });
    const d = openAiImagesDriver.create(openAiImagesDriver.options.parse({ baseUrl: m.double.url, model: "gpt-image-1-mini", apiKeyEnv: KEY_ENV }), env);
    const { images } = await d.generate(job(), m.t.ctx);
    expect([images[0]!.width, images[0]!.height]).toEqual([1024, 1024]);
    expect((m.double.generations()[0]!.json as { size: string }).size).toBe("1024x1024");
  });

  it("asks for a transparent background only when the entry has native transparency and the job is transparent", async () => {
    await driver({ nativeTransparency: true }).driver.generate(job({ transparent: true }), m.t.ctx);
    await driver({ nativeTransparency: true }).driver.generate(job({ transparent: false }), m.t.ctx);
    await driver({ nativeTransparency: false }).driver.generate(job({ transparent: true }), m.t.ctx);
    const backgrounds = m.double.generations().map((r) => (r.json as { background?: string }).background);
    expect(backgrounds).toEqual(["transparent", undefined, undefined]);
  });

  it("sends no Authorization header when the entry names no key (self-hosted sd-server, LocalAI)", async () => {
    const open = await startOpenAiImagesDouble();
    try {
      const { env } = testEnvironment();
      const d = openAiImagesDriver.create(
        openAiImagesDriver.options.parse({ baseUrl: open.url, model: "sd-turbo", nativeSize: "128x128", extraBody: { response_format: "b64_json", steps: 4 } }),
        env,
      );
      const { images } = await d.generate(job(), m.t.ctx);
      expect(images[0]!.width).toBe(128);
      const [req] = open.generations();
      expect(req!.headers.authorization).toBeUndefined();
      expect(req!.json).toMatchObject({ response_format: "b64_json", steps: 4, model: "sd-turbo", n: 1 });
    } finally {
      await open.close();
    }
  });

  it.each(["jpeg", "webp"] as const)("converts a %s answer to PNG without resizing it", async (format) => {
    m.double.next(openAiReplies.success({ format, width: 320, height: 192 }));
    const { images } = await driver().driver.generate(job(), m.t.ctx);
    const meta = await sharp(images[0]!.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 320, 192]);
    expect([images[0]!.width, images[0]!.height]).toEqual([320, 192]);
  });

  it("turns a conversation into one prompt: user turns in order, the last one last", async () => {
    await driver().driver.generate(
      job({
        prompt: undefined,
        messages: [
          { role: "system", content: "You draw game assets." },
          { role: "user", content: "a knight  with a sword" },
          { role: "assistant", content: "Here is your knight." },
          { role: "user", content: "make the armour golden" },
        ],
      }),
      m.t.ctx,
    );
    expect((m.double.generations()[0]!.json as { prompt: string }).prompt).toBe("a knight with a sword\nmake the armour golden");
  });
});

describe("openai-images: provider errors", () => {
  it("429 with retry-after seconds → rate_limited with retryAfterMs", async () => {
    m.double.next(openAiReplies.rateLimited({ retryAfter: "3" }));
    const { driver: d, logs } = driver();
    const error = await caught(() => d.generate(job(), m.t.ctx));
    expect(error).toBeInstanceOf(AgentError);
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterMs: 3000 });
    expectNoKey(error, logs);
  });

  it("429 with an HTTP-date retry-after, and retry-after-ms taking precedence", async () => {
    const date = new Date(Date.now() + 5000).toUTCString();
    m.double.next(openAiReplies.rateLimited({ retryAfter: date }), openAiReplies.rateLimited({ retryAfter: "9", retryAfterMs: "1500" }));
    const first = (await caught(() => driver().driver.generate(job(), m.t.ctx))) as AgentError;
    expect(first.kind).toBe("rate_limited");
    expect(first.retryAfterMs).toBeGreaterThan(2500);
    expect(first.retryAfterMs).toBeLessThanOrEqual(5000);
    const second = (await caught(() => driver().driver.generate(job(), m.t.ctx))) as AgentError;
    expect(second).toMatchObject({ kind: "rate_limited", retryAfterMs: 1500 });
  });

  it("429 insufficient_quota is a billing problem → unavailable, no retryAfterMs", async () => {
    m.double.next(openAiReplies.insufficientQuota());
    const error = (await caught(() => driver().driver.generate(job(), m.t.ctx))) as AgentError;
    expect(error).toMatchObject({ kind: "unavailable", retryAfterMs: undefined });
  });

  it("5xx → unavailable (with its retry-after); the next attempt succeeds", async () => {
    m.double.next(openAiReplies.serverError(503, "1"), openAiReplies.success());
    const { driver: d } = driver();
    const error = await caught(() => d.generate(job(), m.t.ctx));
    expect(error).toMatchObject({ kind: "unavailable", retryAfterMs: 1000 });
    expect((error as AgentError).retryable).toBe(true);
    // The job queue retries with a new call: one attempt per call.
    const { images } = await d.generate(job(), m.t.ctx);
    expect(images[0]!.width).toBe(256);
    expect(m.double.generations()).toHaveLength(2);
  });

  it.each(["moderation_blocked", "content_policy_violation"] as const)("400 %s → rejected, final, without the upstream text", async (code) => {
    m.double.next(openAiReplies.contentPolicy(code));
    const { driver: d, logs } = driver();
    const error = (await caught(() => d.generate(job(), m.t.ctx))) as AgentError;
    expect(error).toBeInstanceOf(AgentError);
    expect(error.kind).toBe("rejected");
    expect(error.retryable).toBe(false);
    expect(error.message).not.toMatch(/safety_violations|req_0123|help\.openai/);
    expect(logs.some((l) => l.fields?.code === code)).toBe(true);
  });

  it("another 400 (an option the model refuses) → unavailable, not rejected", async () => {
    m.double.next(openAiReplies.badRequest());
    const error = (await caught(() => driver().driver.generate(job(), m.t.ctx))) as AgentError;
    expect(error.kind).toBe("unavailable");
    expect(error.message).toContain("400");
  });

  it("404 (unknown model) → unavailable", async () => {
    m.double.next(openAiReplies.modelNotFound("gpt-image-9"));
    const error = (await caught(() => driver().driver.generate(job(), m.t.ctx))) as AgentError;
    expect(error).toMatchObject({ kind: "unavailable" });
    expect(error.message).toContain("404");
  });

  it("connection reset before an answer → unavailable", async () => {
    m.double.next(openAiReplies.reset());
    const error = (await caught(() => driver().driver.generate(job(), m.t.ctx))) as AgentError;
    expect(error).toBeInstanceOf(AgentError);
    expect(error.kind).toBe("unavailable");
  });
});

describe("openai-images: malformed answers → unavailable", () => {
  it.each([
    ["JSON cut short", () => openAiReplies.malformedJson(), /not JSON/],
    ["no data[0].b64_json", () => openAiReplies.noImage(), /b64_json/],
    ["b64_json not base64", () => openAiReplies.notBase64(), /base64/],
    ["not an image", () => openAiReplies.b64(NOT_AN_IMAGE), /not a PNG, JPEG or WebP/],
  ])("%s", async (_name, reply, message) => {
    m.double.next(reply());
    const { driver: d, logs } = driver();
    const error = (await caught(() => d.generate(job(), m.t.ctx))) as AgentError;
    expect(error).toBeInstanceOf(AgentError);
    expect(error.kind).toBe("unavailable");
    expect(error.message).toMatch(message);
    expectNoKey(error, logs);
  });

  it("a truncated PNG", async () => {
    m.double.next(openAiReplies.b64(await truncatedPng(128, 128)));
    const error = (await caught(() => driver().driver.generate(job(), m.t.ctx))) as AgentError;
    expect(error).toMatchObject({ kind: "unavailable" });
    expect(error.message).toMatch(/truncated or corrupt/);
  });
});

describe("openai-images: deadline, timeout, cancel", () => {
  it("an answer slower than the deadline → timeout, and the m.double saw the socket close", async () => {
    m.t.dispose();
    m.t = testContext({ deadlineMs: 300 });
    m.double.next(openAiReplies.slow(5000));
    const started = Date.now();
    const error = (await caught(() => driver().driver.generate(job(), m.t.ctx))) as AgentError;
    expect(error).toBeInstanceOf(AgentError);
    expect(error.kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2000);
    const [req] = m.double.generations();
    expect(await req!.settled).toBe("closed");
    expect(req!.closedEarly).toBe(true);
  });

  it("an answer slower than the entry's timeoutMs → timeout, socket closed", async () => {
    m.double.next(openAiReplies.hang());
    const error = (await caught(() => driver({ timeoutMs: 200 }).driver.generate(job(), m.t.ctx))) as AgentError;
    expect(error).toMatchObject({ kind: "timeout" });
    expect(await m.double.generations()[0]!.settled).toBe("closed");
  });

  it("a deadline already passed → timeout without calling the model", async () => {
    m.t.dispose();
    m.t = testContext({ deadlineMs: 0 });
    await new Promise((r) => setTimeout(r, 5));
    const error = await caught(() => driver().driver.generate(job(), m.t.ctx));
    expect(error).toMatchObject({ kind: "timeout" });
    expect(m.double.generations()).toHaveLength(0);
  });

  it("cancel mid-request → the AbortError as is, and the m.double saw the socket close", async () => {
    m.double.next(openAiReplies.hang());
    const { driver: d, logs } = driver();
    const pending = caught(() => d.generate(job(), m.t.ctx));
    await m.double.waitForRequest((r) => r.path.endsWith("/images/generations"));
    m.t.cancel();
    const error = await pending;
    expect(error).not.toBeInstanceOf(AgentError);
    expect(isAbortError(error)).toBe(true);
    expect((error as Error).name).toBe("AbortError");
    expect(await m.double.generations()[0]!.settled).toBe("closed");
    expectNoKey(error, logs);
  });
});

describe("openai-images: the runner's abort reasons", () => {
  it("a cancel whose reason is a Symbol (fetch rethrows the bare Symbol) → an AbortError; socket closed", async () => {
    const controller = new AbortController();
    m.double.next(openAiReplies.hang());
    const { driver: d } = driver();
    const pending = caught(() => d.generate(job(), { signal: controller.signal, deadline: Date.now() + 60_000, report: async () => undefined }));
    await m.double.waitForRequest((r) => r.path.endsWith("/images/generations"));
    controller.abort(Symbol("canceled"));
    const error = await pending;
    expect(isAbortError(error)).toBe(true);
    expect(await m.double.generations()[0]!.settled).toBe("closed");
  });
});

describe("openai-images: streaming", () => {
  it("reports each partial image as a small preview, then returns the completed image", async () => {
    const { driver: d } = driver({ stream: true, partialImages: 3 });
    const { images } = await d.generate(job(), m.t.ctx);
    expect([images[0]!.width, images[0]!.height]).toEqual([256, 256]);

    const req = m.double.generations()[0]!;
    expect(req.json).toMatchObject({ stream: true, partial_images: 3 });
    expect(req.headers.accept).toContain("text/event-stream");

    expect(m.t.reports.map((r) => r.stage)).toEqual(["calling model", "partial image 1", "partial image 2", "partial image 3", "decoding image"]);
    expectNonDecreasing(m.t.reports.map((r) => r.percent));
    const previews = m.t.reports.flatMap((r) => (r.preview ? [r.preview] : []));
    expect(previews).toHaveLength(3);
    for (const p of previews) {
      const meta = await sharp(p.png).metadata();
      expect(meta.format).toBe("png");
      expect(Math.max(p.width, p.height)).toBeLessThanOrEqual(128);
      expect([meta.width, meta.height]).toEqual([p.width, p.height]);
    }
  });

  it("does not send stream or partial_images unless the entry streams (sd-server, LocalAI)", async () => {
    await driver().driver.generate(job(), m.t.ctx);
    const body = m.double.generations()[0]!.json as Record<string, unknown>;
    expect(body.stream).toBeUndefined();
    expect(body.partial_images).toBeUndefined();
  });

  it("accepts a plain JSON answer from a server that ignores stream: true", async () => {
    m.double.next(openAiReplies.success());
    const { images } = await driver({ stream: true }).driver.generate(job(), m.t.ctx);
    expect(images[0]!.width).toBe(256);
  });

  it("an error event refusing the prompt → rejected", async () => {
    m.double.next(
      openAiReplies.stream({
        partials: 1,
        failWith: { message: "Your request was rejected by the safety system.", type: "image_generation_user_error", param: null, code: "moderation_blocked" },
      }),
    );
    const error = (await caught(() => driver({ stream: true, partialImages: 1 }).driver.generate(job(), m.t.ctx))) as AgentError;
    expect(error).toMatchObject({ kind: "rejected" });
  });

  it("a stream that ends without the completed event → unavailable", async () => {
    m.double.next({
      kind: "sse",
      events: [{ event: "image_generation.partial_image", data: { type: "image_generation.partial_image", b64_json: "", partial_image_index: 0 } }],
    });
    const error = (await caught(() => driver({ stream: true, partialImages: 1 }).driver.generate(job(), m.t.ctx))) as AgentError;
    expect(error).toMatchObject({ kind: "unavailable" });
  });

  it("cancel while the stream is open → AbortError, the m.double saw the socket close", async () => {
    m.double.next(openAiReplies.stream({ partials: 1, stall: true }));
    const { driver: d } = driver({ stream: true, partialImages: 2 });
    const pending = caught(() => d.generate(job(), m.t.ctx));
    await expect.poll(() => m.t.reports.some((r) => r.stage === "partial image 1")).toBe(true);
    m.t.cancel();
    const error = await pending;
    expect(isAbortError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(AgentError);
    expect(await m.double.generations()[0]!.settled).toBe("closed");
  });
});

describe("openai-images: secrets and options", () => {
  it("applies the defaults and strips a trailing slash", () => {
    const parsed = openAiImagesDriver.options.parse({ baseUrl: "https://api.openai.com/v1/", model: "gpt-image-1-mini" });
    expect(parsed).toEqual({
      baseUrl: "https://api.openai.com/v1",
      model: "gpt-image-1-mini",
      nativeSize: "1024x1024",
      nativeTransparency: false,
      timeoutMs: 120_000,
      maxRetries: 2,
      stream: false,
      maxPromptChars: 4000,
    });
  });

  it.each([
    ["a baseUrl that is no URL", { baseUrl: "not a url" }],
    ["an ftp baseUrl", { baseUrl: "ftp://example.com/v1" }],
    ["credentials in the baseUrl", { baseUrl: "https://user:secret@example.com/v1" }],
    ["an unknown field", { colour: "red" }],
    ["a malformed nativeSize", { nativeSize: "big" }],
    ["an unknown quality", { quality: "ultra" }],
    ["partialImages above 3", { stream: true, partialImages: 4 }],
    ["partialImages without stream", { partialImages: 2 }],
    ["an outputFormat other than png", { outputFormat: "jpeg" }],
    ["extraBody overriding the prompt", { extraBody: { prompt: "x" } }],
    ["a non-positive timeout", { timeoutMs: 0 }],
    ["a negative maxRetries", { maxRetries: -1 }],
    ["apiKeyEnv that is no variable name", { apiKeyEnv: "sk-abc def" }],
  ])("refuses %s", (_name, over) => {
    const result = openAiImagesDriver.options.safeParse({ baseUrl: "https://api.openai.com/v1", model: "gpt-image-1-mini", ...over });
    expect(result.success).toBe(false);
  });

  it("refuses a missing model", () => {
    expect(openAiImagesDriver.options.safeParse({ baseUrl: "https://api.openai.com/v1" }).success).toBe(false);
  });
});
