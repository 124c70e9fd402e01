// The OpenAI-compatible layer (/v1/) through the official `openai` SDK, over HTTP against the app
// listening on a real port: models, images.generate with each option, n (all or nothing), url
// answers fetched without a key (public links), streaming with partial images (a model agent served by an OpenAI
// Images double), Idempotency-Key, and every error class the SDK maps, with exact credits.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI from "openai";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAiReplies, startOpenAiImagesDouble, type OpenAiImagesDouble } from "../doubles/openai-images.js";
import { expectBalancedLedger, readEvents, waitForAllDone } from "../support/generation.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { testImagesKey, testImagesKeyEnv, testModelAgent, writeCatalog } from "../support/model-agents.js";
import { bearer, json } from "../support/users.js";
import { createNodeListener } from "../../src/transports/http/node-front.js";
import { describeOn } from "../support/needs.js";
import { redisNeed, redisTestUrl } from "../support/redis.js";

let t: TestApp;
let server: Server;
let base: string;
let double: OpenAiImagesDouble;
let dir: string;
let agentsFile: string;
let listener: RequestListener = (_req, res) => res.writeHead(503).end();

beforeAll(async () => {
  double = await startOpenAiImagesDouble({ apiKey: testImagesKey });
  dir = await mkdtemp(join(tmpdir(), "openai-compat-"));
  // The built-in agents, plus `model`: an OpenAI Images agent that streams upstream with partial images (its previews).
  agentsFile = await writeCatalog(dir, [
    { id: "free", driver: "procedural-icon", credits: 0 },
    testModelAgent(double.url, { timeoutMs: 5_000, maxRetries: 0, stream: true, partialImages: 2 }),
  ]);
  // The app's PUBLIC_ORIGIN is the address it listens on, so the absolute URLs it answers can be fetched.
  server = createServer((req, res) => listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await startTestApp({ AGENTS_FILE: agentsFile, [testImagesKeyEnv]: testImagesKey, RATE_LIMIT_GENERATE_PER_MINUTE: "1000", PUBLIC_ORIGIN: base });
  listener = createNodeListener(t.app.edge, t.logger);
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
  await double?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Caller {
  accountId: string;
  secret: string;
  client: OpenAI;
}

/** A new account (SIGNUP_CREDITS: 100) with a key of `scopes`, and an SDK client on <base>/v1 with it. */
async function caller(scopes: string[] = ["generate"]): Promise<Caller> {
  const email = `user-${randomBytes(5).toString("hex")}@example.com`;
  const signUp = await t.request("/api/auth/sign-up", json({ email, password: `pw-${randomBytes(8).toString("hex")}` }, { origin: base }));
  expect(signUp.status).toBe(201);
  const { account } = (await signUp.json()) as { account: { id: string } };
  const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
  const created = await t.request("/api/keys", json({ name: "openai sdk", scopes }, { cookie, origin: base }));
  expect(created.status).toBe(201);
  const { secret } = (await created.json()) as { secret: string };
  return { accountId: account.id, secret, client: new OpenAI({ baseURL: `${base}/v1`, apiKey: secret, maxRetries: 0 }) };
}

/** Sets the account's balance (an adjustment in the ledger). */
async function setBalance(c: Caller, balance: number): Promise<void> {
  const now = await expectBalancedLedger(t, c.accountId);
  if (now !== balance) await t.app.services.credits.grant({ accountId: c.accountId, amount: balance - now, reason: "test" }, "adjustment");
}

const charges = (accountId: string) =>
  t.db.prisma.ledgerEntry.findMany({
    where: { accountId, kind: "charge" },
    orderBy: { id: "asc" },
    select: { amount: true, balanceAfter: true, generationId: true },
  });

function decode(b64: string): PNG {
  return PNG.sync.read(Buffer.from(b64, "base64"));
}

/** Our sizes are not in the SDK's list of OpenAI's: TypeScript callers cast them (JavaScript needs nothing). */
const px = (size: `${number}x${number}`) => size as OpenAI.ImageGenerateParams["size"];

const alphaAt = (png: PNG, x: number, y: number) => png.data[(y * png.width + x) * 4 + 3];

/** The SDK's error for a call that must fail (its class, status, and OpenAI's error fields). */
async function failure(promise: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(OpenAI.APIError);
    return error as InstanceType<typeof OpenAI.APIError>;
  }
  throw new Error("the call succeeded");
}

describe("GET /v1/models", () => {
  it("lists the agents as OpenAI models, and retrieves one", async () => {
    const { client } = await caller(["read"]);
    const page = await client.models.list();
    expect(page.data.map((m) => m.id)).toEqual(["pixel-sprite", "icon", "texture", "free", "model"]);
    for (const m of page.data) {
      expect(Object.keys(m).sort()).toEqual(["created", "id", "object", "owned_by"]);
      expect(m).toMatchObject({ object: "model", owned_by: "assetforge", created: expect.any(Number) });
    }
    expect(await client.models.retrieve("icon")).toMatchObject({ id: "icon", object: "model" });
  });

  it("answers an unknown model with 404 in OpenAI's shape (NotFoundError)", async () => {
    const { client } = await caller(["read"]);
    const error = await failure(client.models.retrieve("dall-e-3"));
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error).toMatchObject({ status: 404, code: "unknown_agent", type: "not_found_error", param: "model" });
    expect(error.message).toContain("GET /v1/models");
    expect(error.requestID).toMatch(/^req_/);
  });
});

describe("POST /v1/images/generations", () => {
  it("makes a 64×64 PNG with a transparent background and charges the agent's price once", async () => {
    const c = await caller();
    const before = await expectBalancedLedger(t, c.accountId);
    const { data: answer, response } = await c.client.images
      .generate({ model: "icon", prompt: "a red potion", size: px("64x64"), background: "transparent" })
      .withResponse();
    expect(answer).toMatchObject({ background: "transparent", output_format: "png", size: "64x64", quality: "auto", created: expect.any(Number) });
    expect(answer.usage).toEqual({ input_tokens: 0, input_tokens_details: { image_tokens: 0, text_tokens: 0 }, output_tokens: 0, total_tokens: 0 });
    expect(answer.data).toHaveLength(1);
    const image = answer.data![0]! as OpenAI.Images.Image & { id: string };
    expect(image.id).toMatch(/^gen_/);
    const png = decode(image.b64_json!);
    expect([png.width, png.height]).toEqual([64, 64]);
    for (const [x, y] of [
      [0, 0],
      [63, 0],
      [0, 63],
      [63, 63],
    ] as const)
      expect(alphaAt(png, x, y)).toBe(0);
    expect(response.headers.get("x-credits-charged")).toBe("2");
    expect(response.headers.get("x-credits-balance")).toBe(String(before - 2));
    expect(response.headers.get("x-request-id")).toMatch(/^req_/);
    expect(await expectBalancedLedger(t, c.accountId)).toBe(before - 2);
    expect(await charges(c.accountId)).toEqual([{ amount: -2, balanceAfter: before - 2, generationId: image.id }]);
    // The same generation on our own API.
    const g = (await (await t.request(`/api/v1/generations/${image.id}`, { headers: { authorization: `Bearer ${c.secret}` } })).json()) as Record<
      string,
      unknown
    >;
    expect(g).toMatchObject({ status: "succeeded", agentId: "icon", transparent: true, width: 64, height: 64, prompt: "a red potion" });
  });

  it("uses the default agent, its default size and (auto) a transparent background when the body says nothing", async () => {
    const c = await caller();
    const answer = await c.client.images.generate({ prompt: "a knight with a sword" });
    expect(answer).toMatchObject({ size: "64x64", background: "transparent" });
    const png = decode(answer.data![0]!.b64_json!);
    expect([png.width, png.height]).toEqual([64, 64]);
    expect(await expectBalancedLedger(t, c.accountId)).toBe(99); // pixel-sprite: 1 credit
  });

  it("takes our palette extension as an extra body field (n images, each on it), and refuses a bad one in OpenAI's shape", async () => {
    const c = await caller();
    const gameboy = ["#0f380f", "#306230", "#8bac0f", "#9bbc0f"];
    const answer = await c.client.images.generate({
      prompt: "a knight with a sword",
      n: 2,
      palette: "gameboy",
    } as OpenAI.Images.ImageGenerateParamsNonStreaming);
    expect(answer.data).toHaveLength(2);
    for (const image of answer.data!) {
      const png = decode(image.b64_json!);
      for (let i = 0; i < png.data.length; i += 4) {
        if (png.data[i + 3] === 0) continue;
        const hex = `#${[0, 1, 2].map((k) => png.data[i + k]!.toString(16).padStart(2, "0")).join("")}`;
        if (!gameboy.includes(hex)) throw new Error(`${hex} is not a Game Boy colour`);
      }
    }
    const refused = await c.client.images
      .generate({ prompt: "a knight", palette: "pico8" } as OpenAI.Images.ImageGenerateParamsNonStreaming)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect((refused as InstanceType<typeof OpenAI.BadRequestError>).error).toMatchObject({ param: "palette" });
    expect(await expectBalancedLedger(t, c.accountId)).toBe(98); // the two knights, nothing for the refusal
  });

  it("background opaque, and auto for an agent without transparency, answer opaque images", async () => {
    const c = await caller();
    const opaque = await c.client.images.generate({ model: "icon", prompt: "a gold coin", size: px("64x64"), background: "opaque" });
    expect(opaque.background).toBe("opaque");
    expect(alphaAt(decode(opaque.data![0]!.b64_json!), 0, 0)).toBe(255);
    const texture = await c.client.images.generate({ model: "texture", prompt: "mossy stone", size: px("64x64"), background: "auto" });
    expect(texture.background).toBe("opaque");
    const error = await failure(c.client.images.generate({ model: "texture", prompt: "mossy stone", background: "transparent" }));
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error).toMatchObject({ status: 400, code: "unsupported_option", param: "background", type: "invalid_request_error" });
    expect(await expectBalancedLedger(t, c.accountId)).toBe(100 - 2 - 2);
  });

  it("n: 2 makes two images in one reservation: two generations, two charges", async () => {
    const c = await caller();
    const { data: answer, response } = await c.client.images.generate({ model: "icon", prompt: "a blue gem", size: px("64x64"), n: 2 }).withResponse();
    const images = answer.data as (OpenAI.Images.Image & { id: string })[];
    expect(images).toHaveLength(2);
    expect(new Set(images.map((i) => i.id)).size).toBe(2);
    for (const image of images) expect(decode(image.b64_json!).width).toBe(64);
    expect(response.headers.get("x-credits-charged")).toBe("4");
    expect(response.headers.get("x-credits-balance")).toBe("96");
    expect(await expectBalancedLedger(t, c.accountId)).toBe(96);
    // One statement, two entries, each with the balance after it.
    expect(await charges(c.accountId)).toEqual([
      { amount: -2, balanceAfter: 98, generationId: images[0]!.id },
      { amount: -2, balanceAfter: 96, generationId: images[1]!.id },
    ]);
  });

  it("n with too few credits for all of them reserves none: 429 insufficient_quota (RateLimitError), nothing charged", async () => {
    const c = await caller();
    await setBalance(c, 3); // one icon fits, two do not
    const error = await failure(c.client.images.generate({ model: "icon", prompt: "a red potion", n: 2 }));
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(error).toMatchObject({ status: 429, code: "insufficient_quota", type: "insufficient_quota", param: "model" });
    expect(error.message).toContain("costs 4 credits; the balance is 3");
    expect(error.headers?.get("x-should-retry")).toBe("false");
    expect(error.headers?.get("retry-after")).toBeNull();
    expect(await expectBalancedLedger(t, c.accountId)).toBe(3);
    expect(await t.db.prisma.generation.count({ where: { accountId: c.accountId } })).toBe(0);
    // One image still fits.
    await c.client.images.generate({ model: "icon", prompt: "a red potion", n: 1 });
    expect(await expectBalancedLedger(t, c.accountId)).toBe(1);
  });

  it("response_format url answers a public link for an hour, which anyone fetches without a key", async () => {
    const c = await caller();
    const before = Date.now();
    const answer = await c.client.images.generate({ model: "icon", prompt: "a red potion", size: px("128x128"), response_format: "url" });
    const { url, b64_json } = answer.data![0]!;
    expect(b64_json).toBeUndefined();
    expect(url).toMatch(new RegExp(`^${base}/api/v1/links/ast_[A-Za-z0-9]{22}-[0-9a-z]+-[A-Za-z0-9_-]{22}$`));
    const expiry = Number.parseInt(url!.split("/").pop()!.slice(27).split("-")[0]!, 36) * 1000;
    expect(expiry - before).toBeGreaterThan(3590_000);
    expect(expiry - before).toBeLessThanOrEqual(3602_000);
    const anonymous = await fetch(url!);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("content-type")).toBe("image/png");
    expect(anonymous.headers.get("cache-control")).toMatch(/^public, max-age=3[56]\d\d, immutable$/);
    const png = PNG.sync.read(Buffer.from(await anonymous.arrayBuffer()));
    expect([png.width, png.height]).toEqual([128, 128]);
    expect(await expectBalancedLedger(t, c.accountId)).toBe(98);
  });

  it("refuses other output formats, other sizes and unknown fields with 400 (BadRequestError), charging nothing", async () => {
    const c = await caller();
    const jpeg = await failure(c.client.images.generate({ model: "icon", prompt: "a red potion", output_format: "jpeg" }));
    expect(jpeg).toBeInstanceOf(OpenAI.BadRequestError);
    expect(jpeg).toMatchObject({ status: 400, code: "unsupported_option", param: "output_format", type: "invalid_request_error" });
    const size = await failure(c.client.images.generate({ model: "icon", prompt: "a red potion", size: "1024x1024" }));
    expect(size).toMatchObject({ status: 400, code: "invalid_request", param: "size" });
    expect(size.message).toContain("64x64, 128x128, 256x256, 512x512");
    const unknown = await failure(c.client.images.generate({ model: "icon", prompt: "a red potion", negative_prompt: "blurry" } as never));
    expect(unknown).toBeInstanceOf(OpenAI.BadRequestError);
    expect(unknown).toMatchObject({ status: 400, code: "invalid_request", param: "negative_prompt" });
    const many = await failure(c.client.images.generate({ model: "icon", prompt: "a red potion", n: 5 }));
    expect(many).toMatchObject({ status: 400, param: "n" });
    const empty = await failure(c.client.images.generate({ model: "icon", prompt: "" }));
    expect(empty).toMatchObject({ status: 400, param: "prompt" });
    expect(await expectBalancedLedger(t, c.accountId)).toBe(100);
  });

  it("accepts and ignores the fields OpenAI takes for other models (style, moderation, output_compression); echoes quality", async () => {
    const c = await caller();
    const answer = await c.client.images.generate({
      model: "icon",
      prompt: "a red potion",
      size: px("64x64"),
      style: "vivid",
      moderation: "low",
      output_compression: 80,
      quality: "high",
      user: "player-42",
      output_format: "png",
    });
    expect(answer).toMatchObject({ quality: "high", output_format: "png" });
    expect(decode(answer.data![0]!.b64_json!).width).toBe(64);
    expect(t.logs.find((l) => l.msg === "openai images" && l.user === "player-42")).toMatchObject({ quality: "high", model: "icon" });
  });

  it("streams partial images from the agent's previews, then the image (exactly OpenAI's event fields)", async () => {
    const c = await caller();
    double.next(openAiReplies.stream({ gapMs: 150, delayMs: 150 }));
    const stream = await c.client.images.generate({ model: "model", prompt: "a red potion", stream: true, partial_images: 2 });
    const events: OpenAI.Images.ImageGenStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    // First the generation's id (ours, sent at once; clients that switch on type pass over it), then OpenAI's events.
    const [ids, ...openAiEvents] = events as unknown as [{ type: string; generation_ids: string[] }, ...OpenAI.Images.ImageGenStreamEvent[]];
    expect(ids).toMatchObject({ type: "generation_ids", generation_ids: [expect.stringMatching(/^gen_/)] });
    events.splice(0, events.length, ...openAiEvents);
    expect(events.map((e) => e.type)).toEqual(["image_generation.partial_image", "image_generation.partial_image", "image_generation.completed"]);
    const [first, second, done] = events as [
      OpenAI.Images.ImageGenPartialImageEvent,
      OpenAI.Images.ImageGenPartialImageEvent,
      OpenAI.Images.ImageGenCompletedEvent,
    ];
    expect(Object.keys(first).sort()).toEqual(["b64_json", "background", "created_at", "output_format", "partial_image_index", "quality", "size", "type"]);
    expect([first.partial_image_index, second.partial_image_index]).toEqual([0, 1]);
    expect(first).toMatchObject({ size: "64x64", background: "opaque", output_format: "png", quality: "auto", created_at: expect.any(Number) });
    expect(decode(first.b64_json).width).toBeGreaterThan(0);
    expect(Object.keys(done).sort()).toEqual(["b64_json", "background", "created_at", "output_format", "quality", "size", "type", "usage"]);
    const png = decode(done.b64_json);
    expect([png.width, png.height]).toEqual([64, 64]);
    expect(await expectBalancedLedger(t, c.accountId)).toBe(97);
  });

  it("sends the generation ids first, at once: a client that leaves before any image can still read what it paid for", async () => {
    const c = await caller();
    double.next(openAiReplies.slow(600));
    const started = performance.now();
    const stream = await c.client.images.generate({ model: "model", prompt: "a red potion", stream: true, n: 2 });
    const iterator = stream[Symbol.asyncIterator]();
    const first = (await iterator.next()).value as unknown as { type: string; generation_ids: string[]; created_at: number };
    expect(performance.now() - started).toBeLessThan(600); // before the model answered
    expect(first).toMatchObject({ type: "generation_ids", created_at: expect.any(Number) });
    expect(first.generation_ids).toHaveLength(2);
    await iterator.return?.(undefined); // the client leaves
    await waitForAllDone(t, c.accountId);
    for (const id of first.generation_ids) {
      const read = await t.request(`/api/v1/generations/${id}`, { headers: bearer(c.secret) });
      expect(read.status).toBe(200);
      expect(await read.json()).toMatchObject({ id, status: "succeeded", assets: [{ url: expect.stringMatching(/^\/api\/v1\/assets\/ast_/) }] });
    }
  });

  it("streams a built-in agent's preview as a partial image when asked (every built-in agent makes one)", async () => {
    const c = await caller();
    for (const model of ["pixel-sprite", "icon", "texture"]) {
      const stream = await c.client.images.generate({ model, prompt: "a red potion", stream: true, partial_images: 2 });
      const types: string[] = [];
      let partial: OpenAI.Images.ImageGenPartialImageEvent | undefined;
      for await (const event of stream) {
        types.push(event.type);
        if (event.type === "image_generation.partial_image") partial ??= event;
      }
      expect(types.filter((type) => type === "image_generation.partial_image").length, model).toBeGreaterThanOrEqual(1);
      expect(types.at(-1), model).toBe("image_generation.completed");
      expect(decode(partial!.b64_json).width, model).toBeGreaterThan(0);
    }
  });

  it("streams n images, and partial_images 0 sends only the completed events", async () => {
    const c = await caller();
    const stream = await c.client.images.generate({ model: "icon", prompt: "a red potion", size: px("64x64"), n: 2, stream: true });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    expect(types).toEqual(["generation_ids", "image_generation.completed", "image_generation.completed"]);
    expect(await expectBalancedLedger(t, c.accountId)).toBe(96);
  });

  it("answers a model that fails upstream with 503 (InternalServerError) and Retry-After, refunded", async () => {
    const c = await caller();
    double.next(openAiReplies.serverError(503));
    const error = await failure(c.client.images.generate({ model: "model", prompt: "a red potion" }));
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect(error).toMatchObject({ status: 503, code: "generator_unavailable", type: "server_error" });
    expect(Number(error.headers?.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await expectBalancedLedger(t, c.accountId)).toBe(100);
  });

  it("streams a failure as an error event the SDK raises, refunded", async () => {
    const c = await caller();
    double.next(openAiReplies.serverError(503));
    const stream = await c.client.images.generate({ model: "model", prompt: "a red potion", stream: true });
    const error = await failure(
      (async () => {
        for await (const _ of stream) void _;
      })(),
    );
    expect(error.error).toMatchObject({ code: "generator_unavailable", type: "server_error" });
    expect(await expectBalancedLedger(t, c.accountId)).toBe(100);
  });

  it("answers every error class the SDK maps, in OpenAI's shape", async () => {
    const c = await caller();
    // 401: a key that is not one (AuthenticationError), with WWW-Authenticate.
    const anonymous = new OpenAI({ baseURL: `${base}/v1`, apiKey: "ags_not-a-key", maxRetries: 0 });
    const unauthenticated = await failure(anonymous.images.generate({ model: "icon", prompt: "a red potion" }));
    expect(unauthenticated).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(unauthenticated).toMatchObject({ status: 401, code: "unauthenticated", type: "authentication_error", param: null });
    expect(unauthenticated.headers?.get("www-authenticate")).toBe('Bearer realm="assets"');
    expect((await failure(anonymous.models.list())).status).toBe(401);
    // 403: a read-only key may list models, not generate (PermissionDeniedError).
    const reader = await caller(["read"]);
    const forbidden = await failure(reader.client.images.generate({ model: "icon", prompt: "a red potion" }));
    expect(forbidden).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(forbidden).toMatchObject({ status: 403, code: "forbidden", type: "permission_error" });
    // 404: an unknown model (NotFoundError).
    const unknown = await failure(c.client.images.generate({ model: "dall-e-3", prompt: "a red potion" }));
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    expect(unknown).toMatchObject({ status: 404, code: "unknown_agent", param: "model" });
    expect(await expectBalancedLedger(t, c.accountId)).toBe(100);
  });

  it("keeps every answer of /v1/ in OpenAI's shape: wrong method, unknown path, a body that is not JSON", async () => {
    const c = await caller();
    const auth = { authorization: `Bearer ${c.secret}` };
    const shape = async (response: Response) => ({
      status: response.status,
      body: (await response.json()) as { error: Record<string, unknown> },
      headers: response.headers,
    });
    const get = await shape(await fetch(`${base}/v1/images/generations`, { headers: auth }));
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(get.body).toEqual({ error: { message: expect.any(String), type: "invalid_request_error", param: null, code: "method_not_allowed" } });
    const nothing = await shape(await fetch(`${base}/v1/chat/completions`, { method: "POST", headers: auth }));
    expect(nothing).toMatchObject({ status: 404, body: { error: { code: "not_found", type: "not_found_error" } } });
    const text = await shape(
      await fetch(`${base}/v1/images/generations`, { method: "POST", headers: { ...auth, "content-type": "text/plain" }, body: "a red potion" }),
    );
    expect(text).toMatchObject({ status: 415, body: { error: { code: "unsupported_media_type" } } });
    const broken = await shape(
      await fetch(`${base}/v1/images/generations`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: "{" }),
    );
    expect(broken).toMatchObject({ status: 400, body: { error: { code: "invalid_json", type: "invalid_request_error" } } });
    expect(broken.headers.get("x-request-id")).toMatch(/^req_/);
    // Our own API keeps its envelope.
    expect(await (await fetch(`${base}/api/v1/nothing`)).json()).toMatchObject({ error: { code: "not_found", requestId: expect.any(String) } });
  });

  it("Idempotency-Key covers the whole batch: a repeat replays every image and charges nothing; another body is 422", async () => {
    const c = await caller();
    const key = `batch-${randomBytes(6).toString("hex")}`;
    const body = { model: "icon", prompt: "a green shield", size: px("64x64"), n: 2 } as const;
    const first = await c.client.images.generate(body, { headers: { "Idempotency-Key": key } }).withResponse();
    const again = await c.client.images.generate(body, { headers: { "Idempotency-Key": key } }).withResponse();
    expect(again.response.headers.get("idempotent-replayed")).toBe("true");
    expect(again.data).toEqual(first.data);
    expect(first.response.headers.get("x-credits-charged")).toBe("4");
    expect(again.response.headers.get("x-credits-charged")).toBe("0"); // what the replay charged
    expect(await expectBalancedLedger(t, c.accountId)).toBe(96);
    const reused = await failure(c.client.images.generate({ ...body, n: 1 }, { headers: { "Idempotency-Key": key } }));
    expect(reused).toBeInstanceOf(OpenAI.UnprocessableEntityError);
    expect(reused).toMatchObject({ status: 422, code: "idempotency_key_reused" });
    expect(await expectBalancedLedger(t, c.accountId)).toBe(96);
  });

  it.each([
    ["icon", 2],
    ["free", 0],
  ] as const)("after a crash, a repeat of the key resumes the same batch (%s: found by its %s-credit charges or its statement)", async (model, price) => {
    const c = await caller();
    const key = `crash-${randomBytes(6).toString("hex")}`;
    const body = { model, prompt: "a silver key", size: px("64x64"), n: 2 };
    // The first call (a stream: answered queued) is then made to look as if its process died before answering.
    const first = await c.client.images.generate({ ...body, stream: true }, { headers: { "Idempotency-Key": key } }).withResponse();
    for await (const _ of first.data) void _;
    const ids = first.response.headers.get("x-generation-ids")!.split(",");
    expect(ids).toHaveLength(2);
    await t.db.prisma.idempotencyRecord.update({
      where: { accountId_key: { accountId: c.accountId, key } },
      data: { state: "in_progress", lockedUntil: new Date(Date.now() - 1000), outcome: null, result: null },
    });
    const again = await c.client.images.generate(body, { headers: { "Idempotency-Key": key } });
    expect((again.data as { id: string }[]).map((d) => d.id)).toEqual(ids);
    expect(await t.db.prisma.generation.count({ where: { accountId: c.accountId } })).toBe(2);
    expect(await expectBalancedLedger(t, c.accountId)).toBe(100 - 2 * price);
  });

  it("is in the OpenAPI document, marked as the compatibility layer, with OpenAI's error shape", async () => {
    const doc = (await (await t.request("/openapi.json")).json()) as {
      paths: Record<string, Record<string, { "x-compatibility-layer"?: string; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
    };
    for (const [path, method] of [
      ["/v1/images/generations", "post"],
      ["/v1/models", "get"],
      ["/v1/models/{id}", "get"],
    ] as const) {
      const operation = doc.paths[path]![method]!;
      expect(operation["x-compatibility-layer"]).toBe("openai-images");
      expect(operation.responses["401"]!.content!["application/json"]!.schema).toEqual({ $ref: "#/components/schemas/OpenAiError" });
    }
    const generate = doc.paths["/v1/images/generations"]!.post!;
    expect(generate.responses["402"]).toBeUndefined();
    expect(generate.responses["429"]).toBeDefined();
  });
});

describeOn(
  "postgres",
  "on Redis (the queue outside the process)",
  () => {
    it("reserves and enqueues a batch in one transaction: n images, n charges", async () => {
      const r = await startTestApp({
        REDIS_URL: redisTestUrl()!,
        REDIS_PREFIX: `oa${randomBytes(4).toString("hex")}`,
        RATE_LIMIT_GENERATE_PER_MINUTE: "1000",
      });
      try {
        const signUp = await r.request("/api/auth/sign-up", json({ email: `redis-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" }));
        const { account } = (await signUp.json()) as { account: { id: string } };
        const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
        const { secret } = (await (await r.request("/api/keys", json({ name: "k" }, { cookie }))).json()) as { secret: string };
        const response = await r.request(
          "/v1/images/generations",
          json({ model: "pixel-sprite", prompt: "a slime", size: "32x32", n: 3 }, { authorization: `Bearer ${secret}` }),
        );
        expect(response.status).toBe(200);
        const body = (await response.json()) as { data: { id: string; b64_json: string }[] };
        expect(body.data).toHaveLength(3);
        expect(response.headers.get("x-credits-charged")).toBe("3");
        const audit = await r.app.services.credits.audit(account.id);
        expect(audit).toEqual({ balance: 97, ledgerSum: 97, lastBalanceAfter: 97 });
      } finally {
        await r.close();
      }
    });
  },
  redisNeed(),
);

describe("shutdown", () => {
  it("ends an open image stream with an error event the SDKs raise; the image goes on (and is refunded when it cannot finish)", async () => {
    const r = await startTestApp({ AGENTS_FILE: agentsFile, [testImagesKeyEnv]: testImagesKey, RATE_LIMIT_GENERATE_PER_MINUTE: "1000" });
    try {
      const signUp = await r.request("/api/auth/sign-up", json({ email: `stop-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" }));
      const { account } = (await signUp.json()) as { account: { id: string } };
      const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
      const { secret } = (await (await r.request("/api/keys", json({ name: "k" }, { cookie }))).json()) as { secret: string };
      const seen = double.requests.length;
      double.next(openAiReplies.stream({ partials: 1, stall: true })); // upstream never finishes
      const response = await r.request(
        "/v1/images/generations",
        json({ model: "model", prompt: "a red potion", stream: true, partial_images: 1 }, { authorization: `Bearer ${secret}` }),
      );
      expect(response.status).toBe(200);
      const reading = readEvents(response);
      await double.waitForRequest((req) => req.seq > seen); // the image is being made
      await new Promise((resolve) => setTimeout(resolve, 300));
      r.app.closeStreams();
      const events = await reading;
      expect(events.at(-1)).toMatchObject({ event: "error", data: { type: "error", error: { code: "generator_unavailable", type: "server_error" } } });
      await waitForAllDone(r, account.id);
      expect(await r.app.services.credits.audit(account.id)).toMatchObject({ balance: 100, ledgerSum: 100 });
    } finally {
      await r.close();
    }
  });
});
