import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pictureBomb, testImage } from "../doubles/images.js";
import { openAiReplies, startOpenAiImagesDouble, type OpenAiImagesDouble } from "../doubles/openai-images.js";
import { modelAgent, testImagesKey, testImagesKeyEnv, writeCatalog } from "../support/model-agents.js";
import { rawCall } from "../support/raw-http.js";
import { startSignedInServer, type SignedInServer } from "../support/signed-in-server.js";

/**
 * What a model's pictures may cost everybody else (contract section 8), on a real server process:
 * while one account's generations bring two picture bombs (a 200 KB PNG declaring 8192×8192) and
 * two large but legal pictures (2048×2048, twice the native size), another account's requests
 * never wait more than 300 ms longer than they do on this machine without pictures (a control
 * probe, first), and the process grows by at most 400 MB. The bombs are refused and
 * refunded; the large pictures become 64×64 assets (shrunk by sharp, post-processed in a worker
 * thread, never on the event loop).
 */
const origin = "http://localhost:3000";
let double: OpenAiImagesDouble;
let dir: string;
let front: SignedInServer;

beforeAll(async () => {
  double = await startOpenAiImagesDouble({ apiKey: testImagesKey });
  dir = await mkdtemp(join(tmpdir(), "ags-picture-load-"));
  const entry = (id: string, style: string) =>
    modelAgent(64, {
      id,
      name: id,
      driver: "openai-images",
      credits: 3,
      style,
      supportsTransparent: true,
      options: { baseUrl: double.url, model: "gpt-image-1-mini", apiKeyEnv: testImagesKeyEnv, nativeSize: "1024x1024", maxRetries: 0, timeoutMs: 60_000 },
    });
  const file = await writeCatalog(dir, [entry("sprite-model", "pixel-art"), entry("icon-model", "icon")]);
  front = await startSignedInServer(
    { PUBLIC_ORIGIN: origin, AGENTS_FILE: file, [testImagesKeyEnv]: testImagesKey, SIGNUP_CREDITS: "100", RATE_LIMIT_GENERATE_PER_MINUTE: "1000" },
    "picture-load",
  );
  await testImage({ width: 2048, height: 2048 }); // drawn once here, not while measuring
  pictureBomb();
}, 120_000);
afterAll(async () => {
  await front?.close();
  await double?.close();
  await rm(dir, { recursive: true, force: true });
});

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) * 1024;

describe("a model's pictures", () => {
  it("never hold up another account (≤ 300 ms) nor grow the process past 400 MB; bombs refused and refunded, large pictures made", {
    timeout: 120_000,
  }, async () => {
    const { base, cookie } = front;
    const json = { "content-type": "application/json" };
    const generate = (agentId: string) =>
      rawCall(base, "POST", "/api/ai/generate", { ...json, cookie, origin }, JSON.stringify({ prompt: "a red potion", agentId, transparent: true }));
    // Another account, with its own key: its reads are what must not wait.
    const other = await rawCall(
      base,
      "POST",
      "/api/auth/sign-up",
      { ...json, origin },
      JSON.stringify({ email: `other-${Date.now()}@example.com`, password: "other password 1234" }),
    );
    const otherCookie = String(other.headers["set-cookie"]![0]!.split(";")[0]);
    const probe = () => rawCall(base, "GET", "/api/v1/credits", { cookie: otherCookie });

    // Warm up (sharp loaded, a post-processing thread started): the first picture's one-time costs are not what is measured.
    double.next(openAiReplies.success());
    expect((await generate("sprite-model")).status).toBe(200);

    const pid = front.server.child.pid!;
    /** Probes another account's read every 20 ms until `stop` resolves: the slowest answer, the count, the peak RSS. */
    const probeWhile = async (stop: Promise<unknown>) => {
      let done = false;
      void stop.finally(() => (done = true));
      const seen = { slowest: 0, probes: 0, rssPeak: rssOf(pid) };
      while (!done) {
        const started = performance.now();
        expect((await probe()).status).toBe(200);
        seen.slowest = Math.max(seen.slowest, performance.now() - started);
        seen.probes++;
        seen.rssPeak = Math.max(seen.rssPeak, rssOf(pid));
        await new Promise((r) => setTimeout(r, 20));
      }
      return seen;
    };
    // The same probe with no picture around, as long: what this machine's own noise costs a request.
    const control = await probeWhile(new Promise((r) => setTimeout(r, 2_000)));
    const rssBefore = rssOf(pid);

    const bomb = pictureBomb();
    const large = { width: 2048, height: 2048 };
    double.next(openAiReplies.b64(bomb), openAiReplies.success(large), openAiReplies.b64(bomb), openAiReplies.success(large));
    const calls = Promise.all([generate("sprite-model"), generate("icon-model"), generate("sprite-model"), generate("icon-model")]);
    // The probe keeps going a little past the calls.
    const { slowest, probes, rssPeak } = await probeWhile(calls.then(() => new Promise((r) => setTimeout(r, 300))));
    const answers = await calls;

    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 503, 503]);
    for (const a of answers.filter((a) => a.status === 503)) expect(a.error()).toMatchObject({ code: "generator_unavailable" });
    for (const a of answers.filter((a) => a.status === 200)) {
      expect((a.json() as { assets: { width: number; height: number }[] }).assets[0]).toMatchObject({ width: 64, height: 64 });
    }
    const balance = (await rawCall(base, "GET", "/api/v1/credits", { cookie })).json() as { balance: number };
    expect(balance.balance).toBe(100 - 3 - 2 * 3); // the warm-up and the two large pictures; both bombs refunded

    console.info(
      `picture load: ${probes} probes, slowest ${Math.round(slowest)} ms (without pictures: ${control.probes} probes, slowest ${Math.round(control.slowest)} ms); ` +
        `RSS ${Math.round(rssBefore / 2 ** 20)} → peak ${Math.round(rssPeak / 2 ** 20)} MB`,
    );
    expect(probes).toBeGreaterThan(5);
    // What the pictures add to the slowest answer: at most 300 ms (on a quiet machine the control is a few ms).
    expect(slowest).toBeLessThanOrEqual(300 + control.slowest);
    expect(rssPeak - rssBefore).toBeLessThanOrEqual(400 * 2 ** 20);
  });
});
