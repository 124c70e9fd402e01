import sharp, { type Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { origin, startTestApp, type TestApp } from "../support/harness.js";
import { bearer, createKey, signUp, type TestUser } from "../support/users.js";

/** Uploads over GraphQL multipart (contract section 14): the same use-case as REST, refusals as GraphQL errors with the contract's codes. */
let t: TestApp;
let user: TestUser;
let key: string;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "1000", UPLOAD_MAX_BYTES: String(256 * 1024) });
  user = await signUp(t);
  key = (await createKey(t, user)).secret;
}, 240_000);
afterAll(() => t?.close());

const mutation = "mutation ($file: File!, $name: String) { uploadImage(file: $file, name: $name) { id source name mimeType width height bytes sha256 url } }";

type Asset = { id: string; source: string; name: string; mimeType: string; width: number; height: number; bytes: number; sha256: string; url: string };
type Answer = { status: number; data?: { uploadImage: Asset } | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };

/** A GraphQL multipart request (operations, map, one file part). */
async function uploadGql(bytes: Uint8Array, type: string, headers: Record<string, string>, name?: string): Promise<Answer> {
  const form = new FormData();
  form.append("operations", JSON.stringify({ query: mutation, variables: { file: null, ...(name ? { name } : {}) } }));
  form.append("map", JSON.stringify({ 0: ["variables.file"] }));
  form.append("0", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), "picture");
  const response = await t.request("/graphql", { method: "POST", headers: { origin, ...headers }, body: form });
  return { status: response.status, ...((await response.json()) as Omit<Answer, "status">) };
}

function gradient(width: number, height: number): Sharp {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set([(i * 7) % 256, (i * 13) % 256, (i >> 4) % 256], i * 3);
  return sharp(data, { raw: { width, height, channels: 3 } });
}

const state = async () => ({
  balance: (await t.db.prisma.account.findUniqueOrThrow({ where: { id: user.accountId } })).balance,
  assets: await t.db.prisma.asset.count({ where: { accountId: user.accountId } }),
  generations: await t.db.prisma.generation.count({ where: { accountId: user.accountId } }),
});

describe("GraphQL uploadImage", () => {
  it("stores a PNG sent with an API key as an asset that GETs back as that picture", async () => {
    const before = await state();
    const png = await gradient(40, 30).png().toBuffer();
    const answer = await uploadGql(png, "image/png", bearer(key), "hero");
    expect(answer.errors).toBeUndefined();
    const asset = answer.data!.uploadImage;
    expect(asset).toMatchObject({ source: "upload", name: "hero", mimeType: "image/png", width: 40, height: 30 });
    expect(asset.id).toMatch(/^ast_/);
    const got = await t.request(asset.url, { headers: bearer(key) });
    expect(got.status).toBe(200);
    const bytes = Buffer.from(await got.arrayBuffer());
    expect(bytes.length).toBe(asset.bytes);
    const pixels = await sharp(bytes).removeAlpha().raw().toBuffer();
    expect(pixels.equals(await gradient(40, 30).raw().toBuffer())).toBe(true);
    const after = await state();
    expect(after).toEqual({ balance: before.balance, assets: before.assets + 1, generations: before.generations + 1 });
  });

  it("takes a session cookie only with the CSRF header", async () => {
    const png = await gradient(8, 8).png().toBuffer();
    const before = await state();
    const refused = await uploadGql(png, "image/png", { cookie: user.cookie });
    expect(refused.status).toBe(403);
    expect(await state()).toEqual(before);
    const accepted = await uploadGql(png, "image/png", { cookie: user.cookie, "x-graphql-csrf": "1" });
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data!.uploadImage).toMatchObject({ width: 8, height: 8 });
  });

  it("refuses anonymous callers and read-only keys", async () => {
    const png = await gradient(8, 8).png().toBuffer();
    const before = await state();
    const anonymous = await uploadGql(png, "image/png", { "x-graphql-csrf": "1" });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe("unauthenticated");
    const readKey = (await createKey(t, user, { scopes: ["read"] })).secret;
    const reader = await uploadGql(png, "image/png", bearer(readKey));
    expect(reader.errors?.[0]?.extensions?.code).toBe("forbidden");
    expect(await state()).toEqual(before);
  });

  it("refuses SVG, corrupt and oversized files with the contract's codes, storing and charging nothing", async () => {
    const before = await state();
    const png = await gradient(64, 64).png().toBuffer();
    const cases: [Uint8Array, string, string][] = [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), "image/svg+xml", "unsupported_media_type"],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), "image/png", "unsupported_media_type"],
      [png.subarray(0, png.length - 100), "image/png", "invalid_image"],
      [Buffer.concat([png.subarray(0, 33), Buffer.alloc(200 * 1024, 7)]), "image/png", "invalid_image"],
    ];
    for (const [bytes, type, code] of cases) {
      const answer = await uploadGql(bytes, type, bearer(key));
      expect(answer.data ?? null, code).toBeNull();
      expect(answer.errors?.[0]?.extensions, `${type} ${bytes.length}`).toMatchObject({ code, param: "file" });
    }
    expect(await state()).toEqual(before);
  });

  it("refuses a file over the upload limit", async () => {
    const before = await state();
    const answer = await uploadGql(Buffer.alloc(256 * 1024 + 10, 1), "image/png", bearer(key));
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: "payload_too_large", param: "file" });
    expect(await state()).toEqual(before);
  });
});
