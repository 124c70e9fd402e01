import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/harness.js";
import { bearer, createKey, json, signUp } from "../support/users.js";
import { tinyArt } from "../support/tiny-art.js";

/**
 * Contract section 14 end to end: an upload through each procedural agent that takes a picture, over HTTP, as a
 * coding agent calls it (upload, then `image` in the generate body): the pixel fixer, the cutout, a sheet from the
 * caller's sprite.
 */
let t: TestApp;
let key: string;
let accountId: string;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "1000" });
  const user = await signUp(t);
  accountId = user.accountId;
  key = (await createKey(t, user)).secret;
}, 240_000);
afterAll(() => t?.close());

type Generation = {
  status: string;
  credits: { charged: number };
  assets: { id: string; width: number; height: number; b64?: string; layout?: { animations?: { name: string }[] } }[];
  interpretation?: { detected?: { scale: number; width: number; height: number; confidence: number } };
};

async function upload(bytes: Buffer, type: string, name = "upload"): Promise<string> {
  const response = await t.request(`/api/v1/uploads?name=${name}`, {
    method: "POST",
    headers: { ...bearer(key), "content-type": type },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { asset: { id: string } }).asset.id;
}

const generate = async (body: Record<string, unknown>) => {
  const response = await t.request("/api/v1/generate", json(body, bearer(key)));
  return { status: response.status, body: (await response.json()) as Generation & { error?: { code: string; param?: string; message: string } } };
};

describe("your art through the tools", () => {
  it("pixel-fixer: a blurred, re-compressed 6× upscale comes back 16 × 16, its scale detected, for 1 credit", async () => {
    const big = await sharp(tinyArt(), { raw: { width: 16, height: 16, channels: 3 } })
      .resize(96, 96, { kernel: "nearest" })
      .blur(0.8)
      .jpeg({ quality: 80 })
      .toBuffer();
    const id = await upload(big, "image/jpeg", "hero");
    const { status, body } = await generate({ agentId: "pixel-fixer", image: id });
    expect(status, JSON.stringify(body.error)).toBe(200);
    expect(body.credits.charged).toBe(1);
    expect(body.assets[0]).toMatchObject({ width: 16, height: 16 });
    expect(body.interpretation?.detected).toMatchObject({ width: 16, height: 16 });
    expect(body.interpretation!.detected!.scale).toBeCloseTo(6, 1);
    const { data } = await sharp(Buffer.from(body.assets[0]!.b64!, "base64")).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const want = tinyArt();
    let right = 0;
    for (let i = 0; i < 256; i++) {
      const d = Math.hypot(data[i * 3]! - want[i * 3]!, data[i * 3 + 1]! - want[i * 3 + 1]!, data[i * 3 + 2]! - want[i * 3 + 2]!);
      if (d < 30) right++;
    }
    expect(right / 256).toBeGreaterThan(0.9);
    // handed out under the picture's name and the agent, not an id or "asset"
    const download = await t.request(`/api/v1/assets/${body.assets[0]!.id}`, { headers: bearer(key) });
    expect(download.headers.get("content-disposition")).toBe('inline; filename="hero-pixel-fixer.png"');
    // GraphQL's Generation names the picture too (History's "Run again" sends it back)
    const generationId = (body as Generation & { id: string }).id;
    const query = `{ generation(id: "${generationId}") { image prompt } }`;
    const answer = await t.request("/graphql", json({ query }, bearer(key)));
    expect(await answer.json()).toEqual({ data: { generation: { image: id, prompt: null } } });
  });

  it("cutout: the same size, the ground gone (alpha 0), the figure kept", async () => {
    const png = await sharp(tinyArt(), { raw: { width: 16, height: 16, channels: 3 } })
      .resize(64, 64, { kernel: "nearest" })
      .png()
      .toBuffer();
    const id = await upload(png, "image/png");
    const { status, body } = await generate({ agentId: "cutout", image: id });
    expect(status, JSON.stringify(body.error)).toBe(200);
    expect(body.assets[0]).toMatchObject({ width: 64, height: 64 });
    const { data } = await sharp(Buffer.from(body.assets[0]!.b64!, "base64")).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const alpha = (x: number, y: number) => data[(y * 64 + x) * 4 + 3]!;
    expect([alpha(0, 0), alpha(63, 0), alpha(0, 63), alpha(63, 63)]).toEqual([0, 0, 0, 0]);
    expect(alpha(32, 32)).toBe(255);
  });

  it("pixel-sprite with sheet: the uploaded sprite animated; a direction it cannot see is refused, naming what it can make", async () => {
    const drawn = await generate({ agentId: "pixel-sprite", prompt: "knight", width: 32, height: 32, transparent: true, seed: 3 });
    expect(drawn.status).toBe(200);
    const id = await upload(Buffer.from(drawn.body.assets[0]!.b64!, "base64"), "image/png");
    const sheet = await generate({ agentId: "pixel-sprite", image: id, width: 64, height: 64, sheet: { animations: ["idle", "walk"], directions: 1 } });
    expect(sheet.status, JSON.stringify(sheet.body.error)).toBe(200);
    expect(
      sheet.body.assets[0]!.layout?.animations?.map((a) => a.name),
      JSON.stringify(sheet.body.assets[0]!.layout),
    ).toEqual(["idle", "walk"]);
    const refused = await generate({ agentId: "pixel-sprite", image: id, width: 64, height: 64, sheet: { animations: ["walk"], directions: 4 } });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toMatch(/can make/);
  });

  it("a data URL is checked from its header before anything decodes it: SVG bytes called PNG are 415, a huge side 400, nothing charged", async () => {
    const balance = async () => ((await (await t.request("/api/v1/credits", { headers: bearer(key) })).json()) as { balance: number }).balance;
    const before = await balance();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64"/></svg>');
    const sheet = { animations: ["idle"], directions: 1 };
    const asSvg = await generate({ agentId: "pixel-sprite", image: `data:image/png;base64,${svg.toString("base64")}`, width: 64, height: 64, sheet });
    expect(asSvg.status).toBe(415);
    expect(asSvg.body.error).toMatchObject({ code: "unsupported_media_type", param: "image" });
    // a PNG header claiming 100000 × 100000 pixels (a decompression bomb) is refused from its 33 bytes
    const bomb = Buffer.from("89504e470d0a1a0a0000000d49484452000186a0000186a0080600000000000000", "hex");
    const asBomb = await generate({ agentId: "pixel-sprite", image: `data:image/png;base64,${bomb.toString("base64")}`, width: 64, height: 64, sheet });
    expect(asBomb.status).toBe(400);
    expect(asBomb.body.error).toMatchObject({ code: "invalid_image", param: "image" });
    expect(await balance()).toBe(before);
  });

  it("a data URL is stored as one upload per call: a retry with the same Idempotency-Key replays and stores nothing more", async () => {
    const png = await sharp(tinyArt(), { raw: { width: 16, height: 16, channels: 3 } })
      .resize(48, 48, { kernel: "nearest" })
      .png()
      .toBuffer();
    const uploads = () => t.db.prisma.generation.count({ where: { accountId, agentId: "upload" } });
    const before = await uploads();
    const body = { agentId: "cutout", image: `data:image/png;base64,${png.toString("base64")}` };
    const call = () => t.request("/api/v1/generate", json(body, { ...bearer(key), "idempotency-key": "data-url-once" }));
    const first = await call();
    expect(first.status).toBe(200);
    const again = await call();
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await uploads()).toBe(before + 1);
  });
});
