import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/harness.js";
import { generateWithKey, type GenerationBody } from "../support/generation.js";
import { bearer, createKey, json, signUp, type TestUser } from "../support/users.js";

/** STORAGE_QUOTA_MB (contract section 15): refused before any charge, shown in REST and GraphQL, freed by deletion. */
let t: TestApp;
let user: TestUser;
let key: string;
const quotaBytes = Math.round(0.03 * 1_048_576);

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "1000", STORAGE_QUOTA_MB: "0.03" });
  user = await signUp(t);
  key = (await createKey(t, user)).secret;
});
afterAll(() => t.close());

const generate = () =>
  generateWithKey(t, key, { prompt: "a noisy stone texture", agentId: "texture", width: 64, height: 64, seed: Math.floor(Math.random() * 1e6) });
const storage = async () => (await (await t.request("/api/v1/storage", { headers: bearer(key) })).json()) as { usedBytes: number; quotaBytes: number };

describe("the storage quota", () => {
  it("refuses a generation that could pass it with 403 storage_quota_exceeded, charging and storing nothing; deleting frees room", async () => {
    expect(await storage()).toEqual({ usedBytes: 0, quotaBytes });
    const kept: GenerationBody[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 20 && !refused; i++) {
      const response = await generate();
      if (response.status === 200) kept.push((await response.json()) as GenerationBody);
      else refused = response;
    }
    expect(kept.length).toBeGreaterThan(0);
    expect(refused?.status).toBe(403);
    const { error } = (await refused!.json()) as { error: { code: string; message: string; details: Record<string, number> } };
    expect(error.code).toBe("storage_quota_exceeded");
    const used = kept.reduce((sum, g) => sum + g.assets[0]!.bytes, 0);
    expect(error.details).toEqual({ quotaBytes, usedBytes: used, requiredBytes: 64 * 64 * 4 });
    expect(error.message).toContain("STORAGE_QUOTA_MB");
    expect(await storage()).toEqual({ usedBytes: used, quotaBytes });

    const balance = (await t.db.prisma.account.findUniqueOrThrow({ where: { id: user.accountId } })).balance;
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(kept.length);
    expect((await generate()).status).toBe(403);
    expect((await t.db.prisma.account.findUniqueOrThrow({ where: { id: user.accountId } })).balance).toBe(balance);
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(kept.length);

    // GraphQL shows the same figures, and refuses the same way.
    const gql = await t.request("/graphql", json({ query: "{ storage { usedBytes quotaBytes } }" }, bearer(key)));
    expect(await gql.json()).toEqual({ data: { storage: { usedBytes: used, quotaBytes } } });

    for (const g of kept) expect((await t.request(`/api/v1/assets/${g.assets[0]!.id}`, { method: "DELETE", headers: bearer(key) })).status).toBe(204);
    expect((await storage()).usedBytes).toBe(0);
    expect((await generate()).status).toBe(200);
  });

  it("uploads at once cannot pass it together: each is counted with its account locked, the rest refused with 403", async () => {
    const other = await signUp(t);
    const otherKey = (await createKey(t, other)).secret;
    // noise does not compress: each PNG is about 7 KB, twelve of them more than twice the quota
    const pictures = await Promise.all(
      Array.from({ length: 12 }, () =>
        sharp(randomBytes(48 * 48 * 3), { raw: { width: 48, height: 48, channels: 3 } })
          .png()
          .toBuffer(),
      ),
    );
    const answers = await Promise.all(
      pictures.map((png) =>
        t.request("/api/v1/uploads", { method: "POST", headers: { ...bearer(otherKey), "content-type": "image/png" }, body: new Uint8Array(png) }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 403).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 201 || s === 403)).toBe(true);
    for (const a of answers.filter((a) => a.status === 403))
      expect(((await a.json()) as { error: { code: string } }).error.code).toBe("storage_quota_exceeded");
    const stored = await t.db.prisma.asset.aggregate({ where: { accountId: other.accountId }, _sum: { byteLength: true }, _count: true });
    expect(stored._count).toBe(statuses.filter((s) => s === 201).length);
    expect(stored._sum.byteLength ?? 0).toBeLessThanOrEqual(quotaBytes);
  });
});
