// POST /v1/images/edits through the official `openai` SDK (images.edit), over HTTP against the app
// listening on a real port: pixel-fixer and cutout with an uploaded PNG (b64_json and url answers,
// `image` and `image[]`), the credits charged, and OpenAI-shaped errors (a model that takes no
// image, a missing image, a file that is no image), none of which charges anything. The SDKs' types
// require a prompt: an empty one means none.
import { randomBytes } from "node:crypto";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import OpenAI, { toFile } from "openai";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePng } from "../../src/agents/pipeline/rgba.js";
import { createNodeListener } from "../../src/transports/http/node-front.js";
import { expectBalancedLedger } from "../support/generation.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { degrade, readSheet } from "../support/pixel-degrade.js";
import { json } from "../support/users.js";

let t: TestApp;
let server: Server;
let base: string;
let listener: RequestListener = (_req, res) => res.writeHead(503).end();
/** A 32×32 sprite, upscaled by a non-integer factor, blurred and re-compressed: pixel-fixer's job. */
let degradedPng: Buffer;
let degradedSize: { width: number; height: number };

beforeAll(async () => {
  server = createServer((req, res) => listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "1000", PUBLIC_ORIGIN: base });
  listener = createNodeListener(t.app.edge, t.logger);
  const [sprite] = await readSheet("test/fixtures/pixel-art/crawl-sprites.png");
  const degraded = await degrade(sprite!, 1000);
  degradedPng = Buffer.from(await encodePng(degraded.image));
  degradedSize = { width: degraded.image.width, height: degraded.image.height };
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

interface Caller {
  accountId: string;
  secret: string;
  client: OpenAI;
}

/** A new account (SIGNUP_CREDITS) with a generate key, and an SDK client on <base>/v1 with it. */
async function caller(): Promise<Caller> {
  const email = `user-${randomBytes(5).toString("hex")}@example.com`;
  const signUp = await t.request("/api/auth/sign-up", json({ email, password: `pw-${randomBytes(8).toString("hex")}` }, { origin: base }));
  expect(signUp.status).toBe(201);
  const { account } = (await signUp.json()) as { account: { id: string } };
  const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
  const created = await t.request("/api/keys", json({ name: "openai sdk", scopes: ["generate"] }, { cookie, origin: base }));
  expect(created.status).toBe(201);
  const { secret } = (await created.json()) as { secret: string };
  return { accountId: account.id, secret, client: new OpenAI({ baseURL: `${base}/v1`, apiKey: secret, maxRetries: 0 }) };
}

const pngFile = (bytes: Buffer = degradedPng) => toFile(bytes, "a.png", { type: "image/png" });
const decode = (b64: string) => PNG.sync.read(Buffer.from(b64, "base64"));
const alphaAt = (png: PNG, x: number, y: number) => png.data[(y * png.width + x) * 4 + 3];

/** The SDK's error for a call that must fail. */
async function failure(promise: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(OpenAI.APIError);
    return error as InstanceType<typeof OpenAI.APIError>;
  }
  throw new Error("the call succeeded");
}

describe("POST /v1/images/edits (OpenAI's images.edit)", () => {
  it("pixel-fixer: the upscaled sprite back at its true 32×32, inline, 1 credit", async () => {
    const c = await caller();
    const before = await expectBalancedLedger(t, c.accountId);
    const { data, response } = await c.client.images.edit({ model: "pixel-fixer", image: await pngFile(), prompt: "fix it" }).withResponse();
    expect(degradedSize.width).toBeGreaterThan(64);
    expect(data.data).toHaveLength(1);
    expect(data.data![0]!.b64_json).toBeTruthy();
    const png = decode(data.data![0]!.b64_json!);
    expect([png.width, png.height]).toEqual([32, 32]);
    expect(data.size).toBe("32x32");
    expect(data.output_format).toBe("png");
    expect(response.headers.get("x-credits-charged")).toBe("1");
    expect(await expectBalancedLedger(t, c.accountId)).toBe(before - 1);
  });

  it('response_format "url": a link to the PNG that works without a key; n: 2 charges 2', async () => {
    const c = await caller();
    const before = await expectBalancedLedger(t, c.accountId);
    const answer = await c.client.images.edit({ model: "pixel-fixer", image: await pngFile(), prompt: "", n: 2, response_format: "url" });
    expect(answer.data).toHaveLength(2);
    for (const item of answer.data!) {
      expect(item.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      const res = await fetch(item.url!);
      expect(res.status).toBe(200);
      const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
      expect([png.width, png.height]).toEqual([32, 32]);
    }
    expect(await expectBalancedLedger(t, c.accountId)).toBe(before - 2);
  });

  it("cutout with image[] (an array of files): the picture's size kept, its background at alpha 0", async () => {
    const c = await caller();
    // A red square on a flat grey background.
    const input = new PNG({ width: 48, height: 40 });
    for (let y = 0; y < 40; y++)
      for (let x = 0; x < 48; x++) {
        const i = (y * 48 + x) * 4;
        const inside = x >= 14 && x < 34 && y >= 10 && y < 30;
        input.data.set(inside ? [220, 30, 30, 255] : [128, 128, 128, 255], i);
      }
    const answer = await c.client.images.edit({ model: "cutout", image: [await pngFile(PNG.sync.write(input))], prompt: "" });
    const png = decode(answer.data![0]!.b64_json!);
    expect([png.width, png.height]).toEqual([48, 40]);
    expect(alphaAt(png, 0, 0)).toBe(0);
    expect(alphaAt(png, 24, 20)).toBe(255);
    expect(answer.background).toBe("transparent");
  });

  it("a model that takes no image: 400 naming model and the ones that do; nothing charged", async () => {
    const c = await caller();
    const before = await expectBalancedLedger(t, c.accountId);
    const error = await failure(c.client.images.edit({ model: "icon", image: await pngFile(), prompt: "a potion" }));
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.status).toBe(400);
    expect(error.error).toMatchObject({ type: "invalid_request_error", code: "unsupported_option", param: "model" });
    expect((error.error as { message: string }).message).toMatch(/pixel-fixer/);
    const unknown = await failure(c.client.images.edit({ model: "nope", image: await pngFile(), prompt: "x" }));
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    expect(unknown.error).toMatchObject({ code: "unknown_agent", param: "model" });
    expect(await expectBalancedLedger(t, c.accountId)).toBe(before);
  });

  it("no image, or a file that is no image: 400/415 naming image; bad fields named; nothing charged", async () => {
    const c = await caller();
    const before = await expectBalancedLedger(t, c.accountId);
    const form = new FormData();
    form.set("model", "pixel-fixer");
    form.set("prompt", "fix");
    const res = await fetch(`${base}/v1/images/edits`, { method: "POST", headers: { authorization: `Bearer ${c.secret}` }, body: form });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { type: "invalid_request_error", code: "invalid_request", param: "image" } });

    const text = await failure(
      c.client.images.edit({ model: "pixel-fixer", image: await toFile(Buffer.from("<svg></svg>"), "a.svg", { type: "image/svg+xml" }), prompt: "" }),
    );
    expect(text.status).toBe(415);
    expect(text.error).toMatchObject({ code: "unsupported_media_type", param: "image" });

    // a mask asks for painting inside it, which no agent here does: refused, not ignored
    const masked = await failure(c.client.images.edit({ model: "pixel-fixer", image: await pngFile(), mask: await pngFile(), prompt: "" }));
    expect(masked.status).toBe(400);
    expect(masked.error).toMatchObject({ code: "unsupported_option", param: "mask" });

    const n = await failure(c.client.images.edit({ model: "pixel-fixer", image: await pngFile(), prompt: "", n: 9 }));
    expect(n.status).toBe(400);
    expect(n.error).toMatchObject({ code: "invalid_request", param: "n" });

    const json = await fetch(`${base}/v1/images/edits`, {
      method: "POST",
      headers: { authorization: `Bearer ${c.secret}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "pixel-fixer" }),
    });
    expect(json.status).toBe(415);
    expect(await json.json()).toMatchObject({ error: { code: "unsupported_media_type", param: "image" } });
    expect(await expectBalancedLedger(t, c.accountId)).toBe(before);
  });

  it("without a key: 401 in OpenAI's shape", async () => {
    const client = new OpenAI({ baseURL: `${base}/v1`, apiKey: "ags_wrong", maxRetries: 0 });
    const error = await failure(client.images.edit({ model: "pixel-fixer", image: await pngFile(), prompt: "" }));
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error.error).toMatchObject({ type: "authentication_error", code: "unauthenticated" });
  });
});
