import sharp, { type Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/harness.js";
import { bearer, createKey, json, signUp, type TestUser } from "../support/users.js";

/** Uploads (contract section 14): every refusal stores and charges nothing; accepted files become assets like any other. */
let t: TestApp;
let user: TestUser;
let key: string;
let other: string;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "1000", UPLOAD_MAX_BYTES: String(1024 * 1024) });
  user = await signUp(t);
  key = (await createKey(t, user)).secret;
  other = (await createKey(t, await signUp(t))).secret;
}, 240_000);
afterAll(() => t?.close());

type Asset = { id: string; source: string; name: string; mimeType: string; width: number; height: number; bytes: number; sha256: string; url: string };
type ErrorBody = { error: { code: string; message: string; param?: string; details?: Record<string, unknown> } };

const upload = (bytes: Uint8Array, type: string, query = "", secret = key) =>
  t.request(`/api/v1/uploads${query}`, { method: "POST", headers: { ...bearer(secret), "content-type": type }, body: bytes as Uint8Array<ArrayBuffer> });

function gradient(width: number, height: number): Sharp {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set([(i * 7) % 256, (i * 13) % 256, (i >> 4) % 256], i * 3);
  return sharp(data, { raw: { width, height, channels: 3 } });
}

function lyingPng(width: number, height: number): Buffer {
  const png = Buffer.from("89504e470d0a1a0a0000000d494844520000000100000001080600000000000000", "hex");
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return Buffer.concat([png, Buffer.alloc(64)]);
}

const state = async () => ({
  balance: (await t.db.prisma.account.findUniqueOrThrow({ where: { id: user.accountId } })).balance,
  assets: await t.db.prisma.asset.count({ where: { accountId: user.accountId } }),
  generations: await t.db.prisma.generation.count({ where: { accountId: user.accountId } }),
});

describe("POST /api/v1/uploads", () => {
  it("refuses hostile files with the contract's codes, storing and charging nothing", async () => {
    const before = await state();
    const png = await gradient(64, 64).png().toBuffer();
    const jpeg = await gradient(64, 64).jpeg().toBuffer();
    const cases: [Uint8Array, string, number, string][] = [
      [Buffer.alloc(1024 * 1024 + 1, 1), "image/png", 413, "payload_too_large"],
      [lyingPng(5000, 5000), "image/png", 400, "invalid_image"],
      [lyingPng(100_000, 100_000), "image/png", 400, "invalid_image"],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), "image/svg+xml", 415, "unsupported_media_type"],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), "image/png", 415, "unsupported_media_type"],
      [Buffer.from("hello"), "text/plain", 415, "unsupported_media_type"],
      [png.subarray(0, png.length - 100), "image/png", 400, "invalid_image"],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), "image/jpeg", 400, "invalid_image"],
    ];
    for (const [bytes, type, status, code] of cases) {
      const response = await upload(bytes, type);
      const body = (await response.json()) as ErrorBody;
      expect([response.status, body.error.code], `${type} ${bytes.length}`).toEqual([status, code]);
    }
    const side = (await (await upload(lyingPng(5000, 5000), "image/png")).json()) as ErrorBody;
    expect(side.error.message).toContain("5000 × 5000");
    expect(side.error.param).toBe("file");
    expect(await state()).toEqual(before);
  });

  it("stores PNG, JPEG, WebP, GIF and 16-bit PNG as PNG assets that GET, export, link and delete like any other", async () => {
    const before = await state();
    const files: [Buffer, string][] = [
      [await gradient(40, 30).png().toBuffer(), "image/png"],
      [await gradient(40, 30).jpeg().toBuffer(), "image/jpeg"],
      [await gradient(40, 30).webp().toBuffer(), "image/webp"],
      [await gradient(40, 30).gif().toBuffer(), "image/gif"],
      [await gradient(40, 30).toColourspace("rgb16").png().toBuffer(), "image/png"],
      [await gradient(40, 30).toColourspace("cmyk").withIccProfile("cmyk").jpeg().toBuffer(), "image/jpeg"],
    ];
    const assets: Asset[] = [];
    for (const [bytes, type] of files) {
      const response = await upload(bytes, type, "?name=My%20Hero");
      expect(response.status, type).toBe(201);
      const { asset } = (await response.json()) as { asset: Asset };
      expect(asset).toMatchObject({ source: "upload", name: "My Hero", mimeType: "image/png", width: 40, height: 30 });
      assets.push(asset);
    }
    const got = await t.request(assets[0]!.url, { headers: bearer(key) });
    expect(got.status).toBe(200);
    const stored = Buffer.from(await got.arrayBuffer());
    expect(stored.length).toBe(assets[0]!.bytes);
    expect((await sharp(stored).metadata()).format).toBe("png");
    expect(await state()).toMatchObject({ balance: before.balance, assets: before.assets + files.length });
    // Another account: 404, never revealing whose.
    expect((await t.request(assets[0]!.url, { headers: bearer(other) })).status).toBe(404);
    // Exports and deletion work on it.
    expect((await t.request(`${assets[0]!.url}/export/texturepacker`, { headers: bearer(key) })).status).toBe(200);
    expect((await t.request(assets[1]!.url, { method: "DELETE", headers: bearer(key) })).status).toBe(204);
    expect((await t.request(assets[1]!.url, { headers: bearer(key) })).status).toBe(410);
  });

  it("takes multipart/form-data with one file part", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await gradient(20, 10).png().toBuffer())], { type: "image/png" }), "hero.png");
    const response = await t.request("/api/v1/uploads", { method: "POST", headers: bearer(key), body: form });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { asset: Asset }).asset).toMatchObject({ width: 20, height: 10, name: "upload" });
    const none = new FormData();
    none.append("other", "x");
    const refused = await t.request("/api/v1/uploads", { method: "POST", headers: bearer(key), body: none });
    expect([refused.status, ((await refused.json()) as ErrorBody).error.param]).toEqual([400, "file"]);
  });

  it("slices an uploaded sheet and tileset so Aseprite and Tiled exports work, refusing layouts that do not fit", async () => {
    const sheet = (await (await upload(await gradient(128, 64).png().toBuffer(), "image/png", "?name=hero")).json()) as { asset: Asset };
    const slice = (body: unknown, id = sheet.asset.id) => t.request(`/api/v1/assets/${id}/slice`, json(body, bearer(key)));
    const tooBig = await slice({ frameWidth: 32, frameHeight: 32, animations: [{ name: "walk", row: 2, frames: 4 }] });
    expect([tooBig.status, ((await tooBig.json()) as ErrorBody).error.param]).toEqual([400, "animations.0.row"]);
    const sliced = await slice({ frameWidth: 32, frameHeight: 32, animations: [{ name: "walk", direction: "east", row: 1, frames: 4, fps: 10 }] });
    expect(sliced.status).toBe(200);
    const aseprite = await t.request(`${sheet.asset.url}/export/aseprite`, { headers: bearer(key) });
    expect(aseprite.status).toBe(200);
    const doc = (await aseprite.json()) as { frames: unknown[]; meta: { frameTags: { name: string; from: number; to: number }[] } };
    expect(doc.frames).toHaveLength(4);
    expect(doc.meta.frameTags).toEqual([expect.objectContaining({ name: "walk_east", from: 0, to: 3 })]);

    const tiles = (await (await upload(await gradient(64, 64).png().toBuffer(), "image/png", "?name=ground")).json()) as { asset: Asset };
    const misfit = await slice({ tileWidth: 32, tileHeight: 32, tileset: { layout: "wang-corner-16" } }, tiles.asset.id);
    expect([misfit.status, ((await misfit.json()) as ErrorBody).error.param]).toEqual([400, "tileWidth"]);
    expect((await slice({ tileWidth: 16, tileHeight: 16, tileset: { layout: "wang-corner-16", terrains: ["grass", "dirt"] } }, tiles.asset.id)).status).toBe(
      200,
    );
    const tiled = await t.request(`${tiles.asset.url}/export/tiled`, { headers: bearer(key) });
    expect(tiled.status).toBe(200);
    // Another account's asset: 404.
    const foreign = await t.request(`/api/v1/assets/${tiles.asset.id}/slice`, json({ frameWidth: 16, frameHeight: 16 }, bearer(other)));
    expect(foreign.status).toBe(404);
  });
});
