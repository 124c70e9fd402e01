import { mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetKey, BlobUnavailableError, sha256Hex } from "../../src/infra/blobs/blob-store.js";
import { Prisma } from "../../src/infra/db/database.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { generateWithKey, type GenerationBody } from "../support/generation.js";
import { createKey, errorOf, signUp } from "../support/users.js";

/** Where the bytes live (contract section 15): files under BLOB_DIR, never in the database; read back checked. */
let t: TestApp;
let dir: string;
let secret: string;
let accountId: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "blobs-http-"));
  t = await startTestApp({ BLOB_DIR: dir, RATE_LIMIT_GENERATE_PER_MINUTE: "10000", SIGNUP_CREDITS: "10000" });
  const user = await signUp(t);
  accountId = user.accountId;
  ({ secret } = await createKey(t, user));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const generate = async (body: Record<string, unknown>) => {
  const response = await generateWithKey(t, secret, body);
  expect(response.status).toBe(200);
  return (await response.json()) as GenerationBody;
};
const fileOf = (sha256: string) => join(dir, ...assetKey(sha256).split("/"));
const assetsTableBytes = async () => Number((await t.db.sql<{ size: number }>(Prisma.sql`SELECT pg_total_relation_size('assets')::float8 AS size`))[0]!.size);

describe("blob store behind the API", () => {
  it("a new asset's bytes are a file named by their sha256, not in the row; the database grows by far less than the bytes", async () => {
    const before = await assetsTableBytes();
    let total = 0;
    const made: GenerationBody[] = [];
    for (let seed = 1; seed <= 3; seed++) {
      const g = await generate({ prompt: "mossy cobblestone", agentId: "texture", width: 256, height: 256, seed });
      made.push(g);
      total += g.assets[0]!.bytes;
    }
    for (const g of made) {
      const asset = g.assets[0]!;
      const file = await readFile(fileOf(asset.sha256));
      expect(sha256Hex(file)).toBe(asset.sha256);
      expect(file.equals(Buffer.from(asset.b64!, "base64"))).toBe(true);
      const served = await t.request(`/api/v1/assets/${asset.id}`, { headers: { authorization: `Bearer ${secret}` } });
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(file)).toBe(true);
    }
    const [row] = await t.db.sql<{ in_rows: number }>(
      Prisma.sql`SELECT count(*) FILTER (WHERE "bytes" IS NOT NULL)::int AS in_rows FROM "assets" WHERE "account_id" = ${accountId}`,
    );
    expect(row!.in_rows).toBe(0);
    expect(total).toBeGreaterThan(100_000);
    // The rows and their indexes (whole 8 kB pages), not the pictures: a small part of the bytes generated.
    expect((await assetsTableBytes()) - before).toBeLessThan(total / 4);
  });

  it("a missing or damaged blob answers 503 service_unavailable naming the asset in the log, never other bytes", async () => {
    const g = await generate({ prompt: "red gem", agentId: "icon", width: 64, seed: 7 });
    const asset = g.assets[0]!;
    const original = await readFile(fileOf(asset.sha256));
    const damaged = Buffer.from(original);
    damaged[damaged.length - 5]! ^= 0xff;
    await writeFile(fileOf(asset.sha256), damaged);
    for (const path of [`/api/v1/assets/${asset.id}`, `/api/v1/generations/${g.id}`]) {
      const response = await t.request(path, { headers: { authorization: `Bearer ${secret}` } });
      const error = await errorOf(response);
      expect([response.status, error.code]).toEqual([503, "service_unavailable"]);
    }
    await rm(fileOf(asset.sha256));
    const missing = await t.request(`/api/v1/assets/${asset.id}`, { headers: { authorization: `Bearer ${secret}` } });
    expect(missing.status).toBe(503);
    expect(missing.headers.get("retry-after")).toBe("5");
    const logged = t.logs.filter((l) => l.msg === "dependency unavailable" && JSON.stringify(l).includes(asset.id));
    expect(logged.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(logged.at(-1))).toMatch(/missing/);
    await writeFile(fileOf(asset.sha256), original);
    expect((await t.request(`/api/v1/assets/${asset.id}`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(200);
  });

  it("sweepOrphanBlobs removes old blobs no asset names, and spares named and young ones", async () => {
    const named = (await generate({ prompt: "blue potion", agentId: "icon", width: 64, seed: 9 })).assets[0]!;
    const orphan = await t.infra.blobs.put("assets/ab/", Buffer.from("left by a crash between the blob and its row"));
    const young = await t.infra.blobs.put("assets/cd/", Buffer.from("written a moment ago, its row not yet committed"));
    const exportOfOrphan = await t.infra.blobs.put(`exports/${orphan.sha256}/tiled-v1/`, Buffer.from("<map/>"));
    const old = new Date(Date.now() - 2 * 3_600_000);
    for (const key of [orphan.key, exportOfOrphan.key, assetKey(named.sha256)]) await utimes(join(dir, ...key.split("/")), old, old);
    const result = await t.app.services.blobs.sweepOrphanBlobs();
    expect(result.removed).toBe(2);
    expect(await t.infra.blobs.has(orphan.key)).toBe(false);
    expect(await t.infra.blobs.has(exportOfOrphan.key)).toBe(false);
    expect(await t.infra.blobs.has(young.key)).toBe(true);
    expect(await t.infra.blobs.has(assetKey(named.sha256))).toBe(true);
  });
});

describe("indexed PNG", () => {
  it("a sprite of few colours is stored and served as an indexed PNG", async () => {
    const g = await generate({ prompt: "blue potion", agentId: "pixel-sprite", width: 64, seed: 21 });
    const asset = g.assets[0]!;
    const served = Buffer.from(await (await t.request(`/api/v1/assets/${asset.id}`, { headers: { authorization: `Bearer ${secret}` } })).arrayBuffer());
    expect(served[25]).toBe(3); // IHDR colour type 3: indexed
    expect(served.length).toBe(asset.bytes);
    // Every pixel as the indexed PNG holds it is what the decoder gives back (indexed-png.test.ts compares with the RGBA original).
    const { info } = await sharp(served).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([64, 64]);
  });
});

describe("exports in the store", () => {
  it("a zip is derived once and served from the store; a Godot .tres never reads the PNG", async () => {
    const g = await generate({
      prompt: "terrain tiles",
      agentId: "texture",
      width: 64,
      height: 64,
      tileset: { layout: "wang-corner-16", terrains: ["grass", "dirt"] },
      seed: 3,
    });
    const asset = g.assets[0]!;
    const auth = { authorization: `Bearer ${secret}` };
    const exported = async (format: string) => t.request(`/api/v1/assets/${asset.id}/export/${format}`, { headers: auth });
    const stored = async () => {
      const keys: string[] = [];
      for await (const entry of t.infra.blobs.list(`exports/${asset.sha256}/`)) keys.push(entry.key);
      return keys;
    };
    expect(await stored()).toEqual([]);
    const first = await exported("zip");
    expect(first.status).toBe(200);
    const zip = Buffer.from(await first.arrayBuffer());
    const keys = await stored();
    expect(keys).toEqual([expect.stringMatching(new RegExp(`^exports/${asset.sha256}/zip-v2-[0-9a-f]{16}/${sha256Hex(zip)}$`))]);
    expect(first.headers.get("etag")).toBe(`"${sha256Hex(zip)}"`);
    // Served from the store: the asset's own bytes are no longer read (they are gone), the zip still answers, the same.
    const png = await readFile(fileOf(asset.sha256));
    await rm(fileOf(asset.sha256));
    try {
      const again = await exported("zip");
      expect(again.status).toBe(200);
      expect(Buffer.from(await again.arrayBuffer()).equals(zip)).toBe(true);
      const godot = await exported("godot");
      expect(godot.status).toBe(200);
      expect(await godot.text()).toContain("[gd_resource");
      expect((await exported("tiled")).status).toBe(503); // not derived yet: it needs the PNG
    } finally {
      await writeFile(fileOf(asset.sha256), png);
    }
    expect((await exported("tiled")).status).toBe(200);
    expect((await stored()).length).toBe(2);
  });
});

describe("upgrade: bytes written in rows by the release before the blob store", () => {
  it("move to the store in batches, resumably after a kill, readable all along, byte-identical after", async () => {
    const user = await signUp(t);
    const key = await createKey(t, user);
    const made: { id: string; generationId: string; sha256: string; png: Buffer }[] = [];
    for (let seed = 1; seed <= 5; seed++) {
      const response = await generateWithKey(t, key.secret, { prompt: "old gold coin", agentId: "icon", width: 64, seed: 100 + seed });
      const g = (await response.json()) as GenerationBody;
      made.push({ id: g.assets[0]!.id, generationId: g.id, sha256: g.assets[0]!.sha256, png: Buffer.from(g.assets[0]!.b64!, "base64") });
    }
    // As the previous release left them: the bytes in the row, no blob.
    for (const a of made) {
      await t.db.sql(Prisma.sql`UPDATE "assets" SET "bytes" = ${a.png} WHERE "id" = ${a.id}`);
      await t.infra.blobs.delete(assetKey(a.sha256));
    }
    const read = async (a: (typeof made)[number]) => {
      const response = await t.request(`/api/v1/assets/${a.id}`, { headers: { authorization: `Bearer ${key.secret}` } });
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    };
    const readGeneration = async (a: (typeof made)[number]) => {
      const g = (await (
        await t.request(`/api/v1/generations/${a.generationId}`, { headers: { authorization: `Bearer ${key.secret}` } })
      ).json()) as GenerationBody;
      return Buffer.from(g.assets[0]!.b64!, "base64");
    };
    const inRows = async () =>
      (await t.db.sql<{ n: number }>(Prisma.sql`SELECT count(*)::int AS n FROM "assets" WHERE "account_id" = ${user.accountId} AND "bytes" IS NOT NULL`))[0]!.n;
    for (const a of made) expect((await read(a)).equals(a.png)).toBe(true); // served from the rows before the move
    expect(await inRows()).toBe(5);

    // Killed after its first batch of two (the abort stands for the process's end).
    const killed = new AbortController();
    const put = t.infra.blobs.put;
    let puts = 0;
    t.infra.blobs.put = async (prefix, bytes) => {
      const stored = await put(prefix, bytes);
      if (++puts === 2) killed.abort(new Error("killed"));
      return stored;
    };
    try {
      await expect(t.app.services.blobs.moveRowBytes({ batch: 2, signal: killed.signal })).rejects.toThrow("killed");
    } finally {
      t.infra.blobs.put = put;
    }
    expect(await inRows()).toBe(3);
    for (const a of made) expect((await read(a)).equals(a.png)).toBe(true); // half moved: every asset still answers
    for (const a of made) expect((await readGeneration(a)).equals(a.png)).toBe(true);

    const again = await t.app.services.blobs.moveRowBytes({ batch: 2 });
    expect(again.moved).toBe(3);
    expect(await inRows()).toBe(0);
    for (const a of made) {
      expect((await t.infra.blobs.get(assetKey(a.sha256))).equals(a.png)).toBe(true);
      expect((await read(a)).equals(a.png)).toBe(true);
      expect((await readGeneration(a)).equals(a.png)).toBe(true);
    }
    expect((await t.app.services.blobs.moveRowBytes()).moved).toBe(0); // nothing left: the next start does nothing
  });
});

describe("blob store down at write", () => {
  it("the generation fails as unavailable and is refunded; no row names bytes that are not there", async () => {
    const user = await signUp(t);
    const key = await createKey(t, user);
    const put = t.infra.blobs.put;
    // The store refuses every write (as the fs and S3 stores do when their folder or endpoint is gone: the contract test).
    t.infra.blobs.put = async (prefix) => {
      throw new BlobUnavailableError(`${prefix}${"0".repeat(64)}`, "unreachable");
    };
    try {
      const response = await generateWithKey(t, key.secret, { prompt: "red gem", agentId: "icon", width: 64 });
      const body = (await response.json()) as GenerationBody & { error?: { code: string } };
      expect(body.status ?? body.error?.code).toMatch(/failed|generator_unavailable/);
    } finally {
      t.infra.blobs.put = put;
    }
    const { balance } = await t.db.prisma.account.findUniqueOrThrow({ where: { id: user.accountId } });
    expect(balance).toBe(10_000);
    expect(await t.db.prisma.asset.count({ where: { accountId: user.accountId } })).toBe(0);
    expect(t.logs.some((l) => l.msg === "asset store unavailable")).toBe(true);
  });
});
