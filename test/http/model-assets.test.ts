import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFalQueueDouble, type FalQueueDouble } from "../doubles/fal-queue.js";
import { openAiReplies, startOpenAiImagesDouble, type OpenAiImagesDouble } from "../doubles/openai-images.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { modelAgent, writeCatalog } from "../support/model-agents.js";
import { decodePng, expectBalancedLedger, generateWithKey, readEvents, waitForAllDone, type GenerationBody } from "../support/generation.js";
import { bearer, createKey, errorOf, json, signUp, type TestUser } from "../support/users.js";

/**
 * Real models behind the service, end to end (issue: real image models): a 1024×1024 opaque
 * picture becomes a 64×64 transparent pixel-art asset; a queue-style provider (fal) runs, reports
 * its queue position and is canceled upstream; procedural agents say what they understood, refuse
 * unknown subjects in strict mode and estimate without charging.
 */
const openAiKey = "sk-test-pipeline-31c9d0e1";
const falKey = "fal-test-key-7a1b2c3d";
let openai: OpenAiImagesDouble;
let fal: FalQueueDouble;
let t: TestApp;
let dir: string;
let user: TestUser;
let secret: string;

beforeAll(async () => {
  openai = await startOpenAiImagesDouble({ apiKey: openAiKey });
  fal = await startFalQueueDouble({ key: falKey });
  dir = await mkdtemp(join(tmpdir(), "ags-model-assets-"));
  const file = await writeCatalog(
    dir,
    [
      modelAgent(64, {
        id: "pixel-model",
        name: "Pixel model",
        driver: "openai-images",
        credits: 3,
        supportsTransparent: true,
        style: "pixel-art",
        paletteSize: 16,
        options: { baseUrl: openai.url, model: "gpt-image-1-mini", apiKeyEnv: "PIPELINE_OPENAI_KEY", nativeSize: "1024x1024", maxRetries: 0 },
      }),
      modelAgent(256, {
        id: "flux",
        name: "Flux via fal",
        driver: "fal-queue",
        credits: 2,
        options: {
          baseUrl: fal.url,
          model: "fal-ai/flux/schnell",
          apiKeyEnv: "PIPELINE_FAL_KEY",
          nativeSize: "512x512",
          pollIntervalMs: 50,
          maxPollIntervalMs: 100,
          maxRetries: 0,
          trustedHosts: [new URL(fal.url).host],
        },
      }),
    ],
    ["pixel-sprite", "icon"],
  );
  t = await startTestApp({ AGENTS_FILE: file, PIPELINE_OPENAI_KEY: openAiKey, PIPELINE_FAL_KEY: falKey, RATE_LIMIT_GENERATE_PER_MINUTE: "1000" });
  user = await signUp(t);
  ({ secret } = await createKey(t, user));
});
afterAll(async () => {
  await t.close();
  await Promise.all([openai.close(), fal.close()]);
  await rm(dir, { recursive: true, force: true });
});

describe("a model's picture becomes a game asset", () => {
  it("a 1024×1024 opaque picture → a 64×64 transparent pixel-art asset: background alpha 0, opaque subject, at most 16 colours", async () => {
    openai.next(openAiReplies.success());
    const response = await generateWithKey(t, secret, { prompt: "a red ball", agentId: "pixel-model", transparent: true });
    expect(response.status).toBe(200);
    const g = (await response.json()) as GenerationBody & { interpretation: unknown };
    expect(g.interpretation).toBeNull(); // a model reads the prompt as it is
    const request = openai.generations().at(-1)!;
    expect(request.json).toMatchObject({ size: "1024x1024" }); // asked at its native size
    expect(request.json).not.toHaveProperty("background"); // no native transparency: the service removes it
    const png = decodePng(g.assets[0]!.b64!);
    expect([png.width, png.height]).toEqual([64, 64]);
    const alpha = (x: number, y: number) => png.data[(y * 64 + x) * 4 + 3]!;
    for (const [x, y] of [
      [0, 0],
      [63, 0],
      [0, 63],
      [63, 63],
      [32, 0],
      [0, 32],
    ] as const)
      expect(alpha(x, y)).toBe(0);
    expect(alpha(32, 32)).toBe(255); // the double draws a disc in the middle
    const colours = new Set<string>();
    for (let i = 0; i < png.data.length; i += 4) {
      expect([0, 255]).toContain(png.data[i + 3]); // no half-transparent pixels in pixel art
      if (png.data[i + 3] === 255) colours.add(`${png.data[i]},${png.data[i + 1]},${png.data[i + 2]}`);
    }
    expect(colours.size).toBeGreaterThan(1);
    expect(colours.size).toBeLessThanOrEqual(16);
    const stages = (await readEvents(await t.request(`/api/v1/generations/${g.id}/events`, { headers: bearer(secret) })))
      .filter((e) => e.event === "generation.progress")
      .map((e) => e.data.stage);
    expect(stages).toEqual(expect.arrayContaining(["calling model", "post-processing"]));
  });
});

describe("a queue-style provider (fal)", () => {
  it("runs through fal's queue, reporting the queue position, charged once", async () => {
    const before = await expectBalancedLedger(t, user.accountId);
    fal.next({ queue: [2, 1, 0], running: 1 });
    const response = await generateWithKey(t, secret, { prompt: "a castle", agentId: "flux" });
    expect(response.status).toBe(200);
    const g = (await response.json()) as GenerationBody;
    expect(decodePng(g.assets[0]!.b64!)).toMatchObject({ width: 256, height: 256 });
    expect(fal.submissions().at(-1)!.headers.authorization).toBe(`Key ${falKey}`);
    const stages = (await readEvents(await t.request(`/api/v1/generations/${g.id}/events`, { headers: bearer(secret) })))
      .filter((e) => e.event === "generation.progress")
      .map((e) => String(e.data.stage));
    expect(stages.some((s) => s.startsWith("in queue (position"))).toBe(true);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before - 2);
  });

  it("cancels upstream when the generation is canceled, and refunds once", async () => {
    const before = await expectBalancedLedger(t, user.accountId);
    fal.next({ running: Infinity });
    const cancels = fal.cancels().length;
    const seen = fal.requests.length;
    const accepted = (await (
      await generateWithKey(t, secret, { prompt: "a slow castle", agentId: "flux" }, { prefer: "respond-async" })
    ).json()) as GenerationBody;
    // The driver is polling this request's status: the model is running upstream.
    await fal.waitForRequest((r) => r.seq > seen && r.method === "GET" && r.path.endsWith("/status"));
    const canceled = await t.request(`/api/v1/generations/${accepted.id}/cancel`, { method: "POST", headers: bearer(secret) });
    expect(((await canceled.json()) as GenerationBody).status).toBe("canceled");
    await waitForAllDone(t, user.accountId);
    for (let i = 0; i < 50 && fal.cancels().length === cancels; i++) await new Promise((r) => setTimeout(r, 50));
    expect(fal.cancels().length).toBe(cancels + 1);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before);
  });
});

describe("procedural agents say what they understood", () => {
  it("every generation carries its interpretation", async () => {
    const g = (await (
      await generateWithKey(t, secret, { prompt: "red health potion with a cork", agentId: "icon", width: 64, height: 64 })
    ).json()) as GenerationBody & {
      interpretation: { subject: string; modifiers: string[]; ignored: string[]; fallback: boolean };
    };
    expect(g.interpretation).toMatchObject({ subject: "potion", fallback: false });
    expect(g.interpretation.modifiers).toContain("red");
    expect(g.interpretation.ignored).toContain("cork");
    // "health" reads as the healing effect: used or ignored, never dropped silently
    expect([...g.interpretation.modifiers, ...g.interpretation.ignored]).toContain("healing");
    const read = (await (await t.request(`/api/v1/generations/${g.id}`, { headers: bearer(secret) })).json()) as { interpretation: unknown };
    expect(read.interpretation).toEqual(g.interpretation);
  });

  it("strict: an unknown subject is 400 unsupported_option listing what the agent knows, charging nothing", async () => {
    const before = await expectBalancedLedger(t, user.accountId);
    const count = await t.db.prisma.generation.count({ where: { accountId: user.accountId } });
    const refused = await generateWithKey(t, secret, { prompt: "a grass tile", agentId: "pixel-sprite", strict: true });
    const error = (await refused.json()) as { error: { code: string; param: string; message: string; details: { knownSubjects: string[] } } };
    expect(refused.status).toBe(400);
    expect(error.error).toMatchObject({ code: "unsupported_option", param: "prompt" });
    expect(error.error.details.knownSubjects).toEqual(expect.arrayContaining(["knight", "slime", "dragon"]));
    expect(error.error.message).toContain("knight");
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before);
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(count);
    // Without strict, the same prompt is a best-effort design, and says so.
    const loose = (await (await generateWithKey(t, secret, { prompt: "a grass tile", agentId: "pixel-sprite", width: 16 })).json()) as {
      interpretation: { fallback: boolean };
    };
    expect(loose.interpretation.fallback).toBe(true);
    // A misspelt subject: the refusal names the near subjects to write instead
    const misspelt = await generateWithKey(t, secret, { prompt: "a green dragn", agentId: "pixel-sprite", strict: true });
    const near = (await misspelt.json()) as { error: { message: string; details: { interpretation: { suggestions: unknown } } } };
    expect(misspelt.status).toBe(400);
    expect(near.error.message).toContain('instead of "dragn", try: dragon');
    expect(near.error.details.interpretation.suggestions).toEqual([{ word: "dragn", subjects: ["dragon", "dragonfly"] }]);
  });

  it("dryRun (REST) and estimate (GraphQL) answer the price, size and interpretation, charging and counting nothing", async () => {
    const before = await expectBalancedLedger(t, user.accountId);
    const count = await t.db.prisma.generation.count({ where: { accountId: user.accountId } });
    const dry = await generateWithKey(t, secret, { prompt: "knight with a sword", agentId: "pixel-sprite", dryRun: true });
    expect(dry.status).toBe(200);
    expect(await dry.json()).toMatchObject({
      dryRun: true,
      agentId: "pixel-sprite",
      width: 64,
      height: 64,
      credits: { price: 1, balance: before, sufficient: true },
      interpretation: { subject: "knight", modifiers: expect.arrayContaining(["sword"]), fallback: false },
    });
    const viaGraphql = await t.request(
      "/graphql",
      json(
        { query: '{ estimate(input: {prompt: "a castle", agentId: "flux"}) { agentId width credits { price sufficient } interpretation { subject } } }' },
        bearer(secret),
      ),
    );
    expect(await viaGraphql.json()).toEqual({
      data: { estimate: { agentId: "flux", width: 256, credits: { price: 2, sufficient: true }, interpretation: null } },
    });
    expect(await errorOf(await generateWithKey(t, secret, { prompt: "x", agentId: "nope", dryRun: true }))).toMatchObject({
      status: 400,
      code: "unknown_agent",
    });
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before);
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(count);
  });
});
