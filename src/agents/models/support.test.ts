import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { caught, testContext } from "../../../test/doubles/driver-context.js";
import { pictureBomb, testImage } from "../../../test/doubles/images.js";
import { AgentError, isAbortError, type AgentContext } from "../driver.js";
import { AttemptScope, ProgressTracker, parseRetryAfter, sanitizeSnippet } from "./http.js";
import { decodeBase64, limitOfNativeSize, previewOf, sniffImage, toNativePng } from "./image.js";
import { promptFromJob } from "./prompt.js";

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  const h = (init: Record<string, string>) => new Headers(init);
  it("reads delta-seconds, fractional seconds, an HTTP-date and retry-after-ms (first)", () => {
    expect(parseRetryAfter(h({ "retry-after": "12" }), now)).toBe(12_000);
    expect(parseRetryAfter(h({ "retry-after": "0.5" }), now)).toBe(500);
    expect(parseRetryAfter(h({ "retry-after": "Thu, 01 Jan 2026 00:00:30 GMT" }), now)).toBe(30_000);
    expect(parseRetryAfter(h({ "retry-after": "Wed, 31 Dec 2025 23:59:00 GMT" }), now)).toBe(0);
    expect(parseRetryAfter(h({ "retry-after": "7", "retry-after-ms": "250" }), now)).toBe(250);
  });
  it("is undefined when absent or unreadable", () => {
    expect(parseRetryAfter(h({}), now)).toBeUndefined();
    expect(parseRetryAfter(h({ "retry-after": "soon" }), now)).toBeUndefined();
    expect(parseRetryAfter(h({ "retry-after": "-3" }), now)).toBeUndefined();
  });
});

describe("sanitizeSnippet", () => {
  it("redacts known secrets and key-shaped tokens before truncating", () => {
    const key = "fal-key-1234:abcdef0123456789";
    const text = `bad key ${key} and sk-proj-AbCdEf123456 and Authorization: Bearer abcdefghijklmnop`;
    const out = sanitizeSnippet(text, [key]);
    expect(out).not.toContain(key);
    expect(out).not.toContain("sk-proj-AbCdEf123456");
    expect(out).not.toContain("abcdefghijklmnop");
    expect(sanitizeSnippet(`${"x".repeat(195)}${key}`, [key], 200)).not.toContain(key.slice(0, 5));
  });
  it("flattens control characters and truncates", () => {
    expect(sanitizeSnippet("a\nb\u0000c", [])).toBe("a b c");
    expect(sanitizeSnippet("y".repeat(300), [], 10)).toBe(`${"y".repeat(10)}…`);
  });
});

describe("AttemptScope", () => {
  const ctxWith = (signal: AbortSignal, deadline: number): AgentContext => ({ signal, deadline, report: async () => undefined });

  it("a plain abort of ctx.signal after the deadline is a timeout", async () => {
    const controller = new AbortController();
    const scope = new AttemptScope(ctxWith(controller.signal, Date.now() - 1), 60_000, "the model");
    controller.abort();
    const error = await caught(() => scope.request(60_000, async (signal) => signal.throwIfAborted()));
    expect(error).toBeInstanceOf(AgentError);
    expect(error).toMatchObject({ kind: "timeout" });
    scope.dispose();
  });

  it("an abort of ctx.signal before the deadline is a cancel: the AbortError comes back", async () => {
    const controller = new AbortController();
    const scope = new AttemptScope(ctxWith(controller.signal, Date.now() + 60_000), 60_000, "the model");
    const pending = caught(() => scope.sleep(10_000));
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(AgentError);
    expect(isAbortError(error)).toBe(true);
    expect((error as Error).name).toBe("AbortError");
    scope.dispose();
  });

  it("a TimeoutError reason on ctx.signal is a timeout whatever the clock says", async () => {
    const controller = new AbortController();
    const scope = new AttemptScope(ctxWith(controller.signal, Date.now() + 60_000), 60_000, "the model");
    controller.abort(new DOMException("deadline", "TimeoutError"));
    expect(await caught(async () => scope.throwIfDone())).toMatchObject({ kind: "timeout" });
    scope.dispose();
  });

  it("a non-Error reason (the runner aborts with Symbols) still gives an AbortError or a timeout", async () => {
    const canceled = new AbortController();
    const scope = new AttemptScope(ctxWith(canceled.signal, Date.now() + 60_000), 60_000, "the model");
    const pending = caught(() => scope.request(60_000, (signal) => new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason)))));
    canceled.abort(Symbol("canceled"));
    const error = await pending;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe("AbortError");
    scope.dispose();

    const late = new AbortController();
    const scope2 = new AttemptScope(ctxWith(late.signal, Date.now() - 1), 60_000, "the model");
    late.abort(Symbol("deadline"));
    expect(await caught(() => scope2.sleep(10))).toMatchObject({ kind: "timeout" });
    scope2.dispose();
  });

  it("the request's own timeout and the attempt's budget are timeouts", async () => {
    const t = testContext();
    const scope = new AttemptScope(t.ctx, 60_000, "the model");
    const hang = (signal: AbortSignal) => new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
    expect(await caught(() => scope.request(20, hang))).toMatchObject({ kind: "timeout" });
    scope.dispose();
    const short = new AttemptScope(t.ctx, 20, "the model");
    expect(await caught(() => short.request(60_000, hang))).toMatchObject({ kind: "timeout" });
    short.dispose();
    t.dispose();
  });

  it("network failures become unavailable with a cause holding only the code", async () => {
    const t = testContext();
    const scope = new AttemptScope(t.ctx, 60_000, "the model");
    const failure = Object.assign(new TypeError("fetch failed"), {
      cause: Object.assign(new Error("getaddrinfo ENOTFOUND models.example (Authorization: Bearer sk-secret-123456)"), { code: "ENOTFOUND" }),
    });
    const error = (await caught(() => scope.request(60_000, async () => Promise.reject(failure)))) as AgentError;
    expect(error).toMatchObject({ kind: "unavailable" });
    expect(error.message).toContain("ENOTFOUND");
    expect(String((error.cause as Error).message)).toBe("network error: ENOTFOUND");
    scope.dispose();
    t.dispose();
  });
});

describe("ProgressTracker", () => {
  it("never goes backwards and drops exact repeats", async () => {
    const t = testContext();
    const progress = new ProgressTracker(t.ctx);
    await progress.report(10, "a");
    await progress.report(5, "b");
    await progress.report(5, "b");
    await progress.report(120, "c");
    expect(t.reports.map((r) => [r.percent, r.stage])).toEqual([
      [10, "a"],
      [10, "b"],
      [100, "c"],
    ]);
    t.dispose();
  });
});

describe("images", () => {
  it.each(["png", "jpeg", "webp"] as const)("sniffs the size of a %s from its header", async (format) => {
    const bytes = await testImage({ width: 300, height: 170, format });
    expect(sniffImage(bytes)).toEqual({ format, width: 300, height: 170 });
  });

  it("sniffs lossless and extended WebP", async () => {
    const lossless = await sharp(await testImage({ width: 77, height: 33 }))
      .webp({ lossless: true })
      .toBuffer();
    expect(sniffImage(lossless)).toEqual({ format: "webp", width: 77, height: 33 });
    const alpha = await sharp(await testImage({ width: 50, height: 40 }))
      .ensureAlpha(0.5)
      .webp()
      .toBuffer();
    expect(sniffImage(alpha)).toEqual({ format: "webp", width: 50, height: 40 });
  });

  it("keeps a PNG's bytes as they are", async () => {
    const png = await testImage({ width: 40, height: 20 });
    const image = await toNativePng(png);
    expect(image.png).toBe(png);
    expect([image.width, image.height]).toEqual([40, 20]);
  });

  it("refuses an absurd size before decoding", async () => {
    const png = Buffer.from(await testImage({ width: 40, height: 20 }));
    png.writeUInt32BE(100_000, 16);
    expect(await caught(() => toNativePng(png))).toMatchObject({ kind: "unavailable" });
  });

  it("takes at most twice the entry's native size on each side, judged from the header (a bomb is never decoded)", async () => {
    expect(limitOfNativeSize("1024x1024")).toEqual({ maxWidth: 2048, maxHeight: 2048 });
    expect(limitOfNativeSize("1536x1024")).toEqual({ maxWidth: 3072, maxHeight: 2048 });
    expect(limitOfNativeSize("8192x8192")).toEqual({ maxWidth: 8192, maxHeight: 8192 });
    const limit = limitOfNativeSize("32x32");
    expect((await toNativePng(await testImage({ width: 64, height: 64 }), "It", limit)).width).toBe(64);
    const wide = Buffer.from(await testImage({ width: 65, height: 64 }));
    const refused = await caught(() => toNativePng(wide, "It", limit));
    expect(refused).toMatchObject({ kind: "unavailable", message: "It is 65×64, larger than this agent takes (at most 64×64); it was refused" });
    const bomb = pictureBomb();
    const rss = process.memoryUsage.rss();
    const started = performance.now();
    expect(await caught(() => toNativePng(bomb, "It", limitOfNativeSize("1024x1024")))).toMatchObject({ kind: "unavailable" });
    expect(performance.now() - started).toBeLessThan(50); // nothing decoded
    expect(process.memoryUsage.rss() - rss).toBeLessThan(64 * 1024 * 1024);
    expect(await previewOf(bomb, limitOfNativeSize("1024x1024"))).toBeUndefined();
  });

  it("decodes strict base64 only", () => {
    expect(decodeBase64("aGVs\nbG8=")?.toString()).toBe("hello");
    expect(decodeBase64("not base64!")).toBeUndefined();
    expect(decodeBase64("")).toBeUndefined();
  });
});

describe("promptFromJob", () => {
  it("uses the prompt as it is", () => {
    expect(promptFromJob({ prompt: "  a  red ball " }, 4000)).toBe("a red ball");
  });

  it("drops the oldest turns first and keeps the last one whole", () => {
    const messages = [
      { role: "user" as const, content: "first ".repeat(20) },
      { role: "user" as const, content: "second" },
      { role: "user" as const, content: "the last request" },
    ];
    expect(promptFromJob({ messages }, 120)).toBe("second\nthe last request");
    expect(promptFromJob({ messages }, 10)).toBe("the last r");
  });

  it("reads a prompt given with messages as the last turn", () => {
    expect(promptFromJob({ messages: [{ role: "user", content: "a slime" }], prompt: "green" }, 4000)).toBe("a slime\ngreen");
  });
});
