import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/harness.js";
import { expectBalancedLedger, generateWithCookie, generateWithKey, readEvents, waitForAllDone } from "../support/generation.js";
import { createKey, errorOf, signUp } from "../support/users.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "10000" });
});
afterAll(() => t.close());

const body = { prompt: "blue slime", agentId: "pixel-sprite", width: 32, height: 32, seed: 7 };

describe("Idempotency-Key", () => {
  it("replays the stored response byte for byte and charges once", async () => {
    const user = await signUp(t);
    const { secret } = await createKey(t, user);
    const first = await generateWithKey(t, secret, body, { "idempotency-key": "order-1" });
    expect(first.status).toBe(200);
    const firstBytes = await first.text();
    const second = await generateWithKey(t, secret, body, { "idempotency-key": "order-1" });
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(firstBytes);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    // The header says what this call charged (nothing); the replayed body keeps the first answer's figure.
    expect(first.headers.get("x-credits-charged")).toBe("1");
    expect(second.headers.get("x-credits-charged")).toBe("0");
    expect((JSON.parse(firstBytes) as { credits: { charged: number } }).credits.charged).toBe(1);
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(1);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(99);
  });

  it("answers 422 when the key comes back with another body, and nothing is charged", async () => {
    const user = await signUp(t);
    const { secret } = await createKey(t, user);
    expect((await generateWithKey(t, secret, body, { "idempotency-key": "k" })).status).toBe(200);
    const changed = await generateWithKey(t, secret, { ...body, seed: 8 }, { "idempotency-key": "k" });
    expect(await errorOf(changed)).toMatchObject({ status: 422, code: "idempotency_key_reused", param: "Idempotency-Key" });
    expect(await expectBalancedLedger(t, user.accountId)).toBe(99);
  });

  it("20 concurrent requests with one key: one execution, the rest 409 or the replay", async () => {
    const user = await signUp(t);
    const { secret } = await createKey(t, user);
    const responses = await Promise.all(Array.from({ length: 20 }, () => generateWithKey(t, secret, body, { "idempotency-key": "burst" })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const conflicts = responses.filter((r) => r.status === 409);
    for (const r of conflicts) {
      expect(r.headers.get("retry-after")).toBe("1");
      expect((await errorOf(r)).code).toBe("idempotency_in_progress");
    }
    const ok = responses.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const ids = new Set(await Promise.all(ok.map(async (r) => ((await r.json()) as { id: string }).id)));
    expect(ids.size).toBe(1);
    await waitForAllDone(t, user.accountId);
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(1);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(99);
    // After the burst, the key replays.
    expect((await generateWithKey(t, secret, body, { "idempotency-key": "burst" })).headers.get("idempotent-replayed")).toBe("true");
  });

  it("scopes keys to the account: another account's identical key is independent", async () => {
    const [a, b] = [await signUp(t), await signUp(t)];
    const [ka, kb] = [await createKey(t, a), await createKey(t, b)];
    const ra = await generateWithKey(t, ka.secret, body, { "idempotency-key": "shared" });
    const rb = await generateWithKey(t, kb.secret, body, { "idempotency-key": "shared" });
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(rb.headers.get("idempotent-replayed")).toBeNull();
    expect(((await ra.json()) as { id: string }).id).not.toBe(((await rb.json()) as { id: string }).id);
  });

  it("stores nothing for a request that fails (validation, 402), so the key can be used again", async () => {
    const user = await signUp(t);
    const { secret } = await createKey(t, user);
    const bad = await generateWithKey(t, secret, { ...body, agentId: "nope" }, { "idempotency-key": "retry-me" });
    expect((await errorOf(bad)).code).toBe("unknown_agent");
    expect(await t.db.prisma.idempotencyRecord.count({ where: { accountId: user.accountId } })).toBe(0);
    await t.app.services.credits.grant({ accountId: user.accountId, amount: -100, reason: "empty it" }, "adjustment", user.userId);
    const poor = await generateWithKey(t, secret, body, { "idempotency-key": "retry-me" });
    expect((await errorOf(poor)).code).toBe("insufficient_credits");
    expect(await t.db.prisma.idempotencyRecord.count({ where: { accountId: user.accountId } })).toBe(0);
    await t.app.services.credits.grant({ accountId: user.accountId, amount: 5, reason: "top up" }, "grant", user.userId);
    expect((await generateWithKey(t, secret, body, { "idempotency-key": "retry-me" })).status).toBe(200);
  });

  it.each(["", "x".repeat(256), "has space", "tab\there", "ünïcode"])("refuses the malformed key %j before any work", async (key) => {
    const user = await signUp(t);
    const { secret } = await createKey(t, user);
    const response = await generateWithKey(t, secret, body, { "idempotency-key": key });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: "invalid_request", param: "Idempotency-Key" });
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(0);
  });

  it("keeps records at least 24 hours and prunes expired ones, freeing the key", async () => {
    const user = await signUp(t);
    const { secret } = await createKey(t, user);
    await generateWithKey(t, secret, body, { "idempotency-key": "old" });
    const record = await t.db.prisma.idempotencyRecord.findFirstOrThrow({ where: { accountId: user.accountId } });
    expect(record.expiresAt.getTime() - record.createdAt.getTime()).toBeGreaterThanOrEqual(24 * 3600_000);
    await t.db.prisma.idempotencyRecord.update({ where: { id: record.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await t.app.services.idempotency.prune()).toBeGreaterThanOrEqual(1);
    expect(await t.db.prisma.idempotencyRecord.count({ where: { id: record.id } })).toBe(0);
    const again = await generateWithKey(t, secret, body, { "idempotency-key": "old" });
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(2);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(98);
  });

  it("honours the key on /api/ai/generate and /api/ai/stream too (a stream replays the same generation's events)", async () => {
    const user = await signUp(t);
    const a = await generateWithCookie(t, user.cookie, "/api/ai/generate", body, { "idempotency-key": "s1" });
    const b = await generateWithCookie(t, user.cookie, "/api/ai/generate", body, { "idempotency-key": "s1" });
    expect(await b.text()).toBe(await a.text());
    const s1 = await readEvents(await generateWithCookie(t, user.cookie, "/api/ai/stream", body, { "idempotency-key": "s2" }));
    const s2response = await generateWithCookie(t, user.cookie, "/api/ai/stream", body, { "idempotency-key": "s2" });
    expect(s2response.headers.get("idempotent-replayed")).toBe("true");
    const s2 = await readEvents(s2response);
    expect(s2.map((e) => [e.event, e.id])).toEqual(s1.map((e) => [e.event, e.id]));
    expect(s2.at(-1)!.data.id).toBe(s1.at(-1)!.data.id);
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(2);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(98);
  });
});
