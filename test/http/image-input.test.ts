import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editFields, openAiReplies, startOpenAiImagesDouble, type OpenAiImagesDouble } from "../doubles/openai-images.js";
import { startFalQueueDouble, type FalQueueDouble } from "../doubles/fal-queue.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { modelAgent, writeCatalog } from "../support/model-agents.js";
import { decodePng, expectBalancedLedger, generateWithKey, type GenerationBody } from "../support/generation.js";
import { bearer, createKey, errorOf, json, signUp, type TestUser } from "../support/users.js";

/**
 * The caller's picture through the generation request (contract section 14's `image`): agents list their inputs;
 * an asset id or a data URL reaches a model that edits pictures (OpenAI's multipart edits endpoint, fal's
 * `image_url`); every refusal charges nothing.
 */
const openAiKey = "sk-test-imagein-4b1e2c";
const falKey = "fal-test-imagein-9d8c";
const uploadMaxBytes = 48 * 1024;
let openai: OpenAiImagesDouble;
let fal: FalQueueDouble;
let t: TestApp;
let dir: string;
let user: TestUser;
let secret: string;
let other: { user: TestUser; secret: string };

const editor = (baseUrl: string) =>
  modelAgent(64, {
    id: "editor",
    name: "Editor",
    driver: "openai-images",
    credits: 3,
    inputs: ["prompt", "image"],
    options: { baseUrl, model: "gpt-image-1-mini", apiKeyEnv: "IMAGEIN_OPENAI_KEY", nativeSize: "256x256", maxRetries: 0 },
  });

beforeAll(async () => {
  openai = await startOpenAiImagesDouble({ apiKey: openAiKey });
  fal = await startFalQueueDouble({ key: falKey });
  dir = await mkdtemp(join(tmpdir(), "ags-image-input-"));
  const file = await writeCatalog(
    dir,
    [
      editor(openai.url),
      modelAgent(64, {
        id: "painter",
        name: "Painter (prompt only)",
        driver: "openai-images",
        credits: 3,
        options: { baseUrl: openai.url, model: "gpt-image-1-mini", apiKeyEnv: "IMAGEIN_OPENAI_KEY", nativeSize: "256x256", maxRetries: 0 },
      }),
      modelAgent(64, {
        id: "flux-edit",
        name: "Flux image to image",
        driver: "fal-queue",
        credits: 2,
        inputs: ["prompt", "image"],
        options: {
          baseUrl: fal.url,
          model: "fal-ai/flux/dev/image-to-image",
          apiKeyEnv: "IMAGEIN_FAL_KEY",
          nativeSize: "256x256",
          pollIntervalMs: 50,
          maxPollIntervalMs: 100,
          maxRetries: 0,
          trustedHosts: [new URL(fal.url).host],
        },
      }),
    ],
    ["pixel-sprite", "icon"],
  );
  t = await startTestApp({
    AGENTS_FILE: file,
    IMAGEIN_OPENAI_KEY: openAiKey,
    IMAGEIN_FAL_KEY: falKey,
    RATE_LIMIT_GENERATE_PER_MINUTE: "1000",
    UPLOAD_MAX_BYTES: String(uploadMaxBytes),
  });
  user = await signUp(t);
  ({ secret } = await createKey(t, user));
  const otherUser = await signUp(t);
  other = { user: otherUser, secret: (await createKey(t, otherUser)).secret };
}, 180_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([openai?.close(), fal?.close()]);
  await rm(dir, { recursive: true, force: true });
});

const balanceOf = async (key: string) => ((await (await t.request("/api/v1/credits", { headers: bearer(key) })).json()) as { balance: number }).balance;

/** A procedural asset of `key`'s account: its id and PNG. */
async function drawnAsset(key: string, prompt = "a red potion"): Promise<{ id: string; png: Buffer }> {
  const response = await generateWithKey(t, key, { prompt, agentId: "icon", width: 32, height: 32 });
  expect(response.status).toBe(200);
  const g = (await response.json()) as GenerationBody;
  return { id: g.assets[0]!.id, png: Buffer.from(g.assets[0]!.b64!, "base64") };
}

describe("agents list their inputs", () => {
  it("GET /api/ai/agents and GraphQL: image only where the catalog entry lists it", async () => {
    const listed = (await (await t.request("/api/ai/agents")).json()) as { agents: { id: string; inputs: string[] }[] };
    const inputs = Object.fromEntries(listed.agents.map((a) => [a.id, a.inputs]));
    expect(inputs).toEqual({
      "pixel-sprite": ["prompt", "image"],
      icon: ["prompt"],
      editor: ["prompt", "image"],
      painter: ["prompt"],
      "flux-edit": ["prompt", "image"],
    });
    const gql = await t.request("/graphql", json({ query: "{ agents { id inputs } }" }));
    const data = (await gql.json()) as { data: { agents: { id: string; inputs: string[] }[] } };
    expect(data.data.agents.find((a) => a.id === "flux-edit")?.inputs).toEqual(["prompt", "image"]);
    expect(data.data.agents.find((a) => a.id === "icon")?.inputs).toEqual(["prompt"]);
  });
});

describe("an asset id as the image", () => {
  it("reaches OpenAI's edits endpoint as a multipart PNG with the prompt; the generation names its image", async () => {
    const source = await drawnAsset(secret);
    const before = await balanceOf(secret);
    const response = await generateWithKey(t, secret, { agentId: "editor", prompt: "make it blue", image: source.id });
    expect(response.status).toBe(200);
    const g = (await response.json()) as GenerationBody & { image?: string; recolorOf?: string };
    expect(g.status).toBe("succeeded");
    expect(g.image).toBe(source.id);
    expect(g.recolorOf).toBeUndefined();
    expect(decodePng(g.assets[0]!.b64!)).toMatchObject({ width: 64, height: 64 });
    expect(await balanceOf(secret)).toBe(before - 3);
    const edit = openai.edits().at(-1)!;
    expect(edit.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(edit.headers.authorization).toBe(`Bearer ${openAiKey}`);
    const fields = (await editFields(edit))!;
    expect(fields).toMatchObject({ prompt: "make it blue", model: "gpt-image-1-mini", size: "256x256", n: "1" });
    const sent = Buffer.from(await (fields.image as Blob).arrayBuffer());
    expect((fields.image as Blob).type).toBe("image/png");
    // the stored picture, pixel for pixel (the service sends the PNG it serves)
    const [a, b] = await Promise.all([sharp(sent).ensureAlpha().raw().toBuffer(), sharp(source.png).ensureAlpha().raw().toBuffer()]);
    expect(a.equals(b)).toBe(true);
    await expectBalancedLedger(t, user.accountId);
  });

  it("an edit the provider answers 429 (or 500) is a 503 generator_unavailable, refunded in full, and the next one works", async () => {
    const source = await drawnAsset(secret, "a blue gem");
    for (const reply of [openAiReplies.rateLimited({ retryAfter: "1" }), openAiReplies.serverError(500)]) {
      const before = await balanceOf(secret);
      const edits = openai.edits().length;
      openai.next(reply);
      const error = await errorOf(await generateWithKey(t, secret, { agentId: "editor", prompt: "make it red", image: source.id }));
      expect(error).toMatchObject({ status: 503, code: "generator_unavailable" });
      expect(openai.edits().length).toBe(edits + 1);
      expect(await balanceOf(secret)).toBe(before);
    }
    const after = await generateWithKey(t, secret, { agentId: "editor", prompt: "make it red", image: source.id });
    expect(after.status).toBe(200);
    await expectBalancedLedger(t, user.accountId);
  });

  it("reaches fal as image_url (a data URL of the stored PNG)", async () => {
    const source = await drawnAsset(secret, "a green gem");
    const response = await generateWithKey(t, secret, { agentId: "flux-edit", prompt: "on fire", image: source.id });
    expect(response.status).toBe(200);
    const submitted = fal.submissions().at(-1)!.json as { image_url?: string; prompt?: string };
    expect(submitted.prompt).toBe("on fire");
    expect(submitted.image_url).toMatch(/^data:image\/png;base64,/);
    const sent = Buffer.from(submitted.image_url!.split(",")[1]!, "base64");
    expect((await sharp(sent).metadata()).width).toBe(32);
  });

  it("a dry run checks the image and charges nothing", async () => {
    const source = await drawnAsset(secret, "a key");
    const before = await balanceOf(secret);
    const edits = openai.edits().length;
    const response = await generateWithKey(t, secret, { agentId: "editor", prompt: "gold", image: source.id, dryRun: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ dryRun: true, agentId: "editor", credits: { price: 3 } });
    const refused = await generateWithKey(t, secret, { agentId: "painter", prompt: "gold", image: source.id, dryRun: true });
    expect((await errorOf(refused)).param).toBe("image");
    expect(await balanceOf(secret)).toBe(before);
    expect(openai.edits().length).toBe(edits);
  });
});

describe("refusals charge nothing", () => {
  it("image to an agent that takes none: 400 unsupported_option naming image and the agents that take one", async () => {
    const source = await drawnAsset(secret, "a shield");
    const before = await balanceOf(secret);
    const response = await generateWithKey(t, secret, { agentId: "painter", prompt: "a shield", image: source.id });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; param: string; message: string; details: { agents: string[] } } };
    expect(body.error).toMatchObject({ code: "unsupported_option", param: "image" });
    expect(body.error.details.agents).toEqual(["pixel-sprite", "editor", "flux-edit"]);
    expect(body.error.message).toContain("pixel-sprite, editor, flux-edit");
    expect(await balanceOf(secret)).toBe(before);
  });

  it("another account's asset and an unknown id: 404; a deleted asset: 410", async () => {
    const theirs = await drawnAsset(other.secret, "a coin");
    const before = await balanceOf(secret);
    const foreign = await generateWithKey(t, secret, { agentId: "editor", prompt: "x", image: theirs.id });
    expect(await errorOf(foreign)).toMatchObject({ status: 404, code: "not_found" });
    const unknown = await generateWithKey(t, secret, { agentId: "editor", prompt: "x", image: "ast_doesNotExist0000000000" });
    expect(await errorOf(unknown)).toMatchObject({ status: 404, code: "not_found" });
    const mine = await drawnAsset(secret, "a bow");
    const afterDraw = await balanceOf(secret);
    expect((await t.request(`/api/v1/assets/${mine.id}`, { method: "DELETE", headers: bearer(secret) })).status).toBe(204);
    const deleted = await generateWithKey(t, secret, { agentId: "editor", prompt: "x", image: mine.id });
    expect(await errorOf(deleted)).toMatchObject({ status: 410, code: "gone" });
    expect(await balanceOf(secret)).toBe(afterDraw);
    expect(afterDraw).toBeLessThan(before); // only the drawing was charged
  });

  it("without a prompt for an agent whose driver needs one: 400 naming prompt; a malformed image: 400 naming image", async () => {
    const source = await drawnAsset(secret, "a ring");
    const noPrompt = await generateWithKey(t, secret, { agentId: "editor", image: source.id });
    expect(await errorOf(noPrompt)).toMatchObject({ status: 400, param: "prompt" });
    const noImageNoPrompt = await generateWithKey(t, secret, { agentId: "editor" });
    expect(await errorOf(noImageNoPrompt)).toMatchObject({ status: 400, param: "prompt" });
    const url = await generateWithKey(t, secret, { agentId: "editor", prompt: "x", image: "https://example.com/a.png" });
    expect(await errorOf(url)).toMatchObject({ status: 400, param: "image" });
    const svg = await generateWithKey(t, secret, { agentId: "editor", prompt: "x", image: "data:image/svg+xml;base64,PHN2Zz4=" });
    expect(await errorOf(svg)).toMatchObject({ status: 400, param: "image" });
  });

  it("a data URL over UPLOAD_MAX_BYTES: 413 naming image, nothing charged", async () => {
    const before = await balanceOf(secret);
    const big = `data:image/png;base64,${Buffer.alloc(uploadMaxBytes + 3, 7).toString("base64")}`;
    const response = await generateWithKey(t, secret, { agentId: "editor", prompt: "x", image: big });
    expect(await errorOf(response)).toMatchObject({ status: 413, code: "payload_too_large", param: "image" });
    expect(await balanceOf(secret)).toBe(before);
  });

  it("the body limit is exact: a data URL may take a JSON body past BODY_LIMIT_BYTES, nothing else may", async () => {
    // 47 KB of image is ~63 KB of base64: with the rest of the body, past the 64 KiB body limit, within the image's
    const png = await sharp({ create: { width: 120, height: 100, channels: 3, background: "#808080" } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const padded = Buffer.concat([png, Buffer.alloc(uploadMaxBytes - 1024 - png.length)]);
    const url = `data:image/png;base64,${padded.toString("base64")}`;
    const passed = await generateWithKey(t, secret, { agentId: "editor", prompt: "x".repeat(1000), image: url, dryRun: true });
    expect(passed.status).toBe(200); // the edge let it through, and the dry run stored nothing
    const padding = await generateWithKey(t, secret, { agentId: "editor", prompt: "x", image: url, seed: 1, palette: Array(9000).fill("#ffffff") });
    expect(await errorOf(padding)).toMatchObject({ status: 413, code: "payload_too_large" });
    const plain = await generateWithKey(t, secret, { agentId: "editor", prompt: "x".repeat(70_000) });
    expect(await errorOf(plain)).toMatchObject({ status: 413, code: "payload_too_large" });
  });
});
