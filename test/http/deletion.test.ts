import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/harness.js";
import { generateWithKey, type GenerationBody } from "../support/generation.js";
import { bearer, createKey, json, signUp, type TestUser } from "../support/users.js";

/** Deletion and erasure (contract section 15), on PGlite and PostgreSQL: owner only, 410 after, money records kept. */
let t: TestApp;
let alice: TestUser;
let aliceKey: string;
let bobKey: string;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "1000", WEBHOOKS_ALLOW_PRIVATE: "true" });
  alice = await signUp(t);
  aliceKey = (await createKey(t, alice)).secret;
  bobKey = (await createKey(t, await signUp(t))).secret;
});
afterAll(() => t.close());

const generate = async (key = aliceKey) =>
  (await (await generateWithKey(t, key, { prompt: "a red potion", agentId: "icon", width: 64 })).json()) as GenerationBody;
const del = (path: string, key = aliceKey) => t.request(path, { method: "DELETE", headers: bearer(key) });
const get = (path: string, key = aliceKey) => t.request(path, { headers: bearer(key) });
const codeOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

describe("deleting an asset", () => {
  it("owner only: 204, then 410 gone to its owner (a second DELETE too), 404 to others; links stop; the generation and ledger stay", async () => {
    const g = await generate();
    const asset = g.assets[0]!.id;
    const link = (await (await t.request(`/api/v1/assets/${asset}/links`, { method: "POST", headers: bearer(aliceKey) })).json()) as { url: string };
    expect((await t.request(new URL(link.url).pathname)).status).toBe(200);

    const bob = await del(`/api/v1/assets/${asset}`, bobKey);
    expect([bob.status, await codeOf(bob)]).toEqual([404, "not_found"]);
    expect((await get(`/api/v1/assets/${asset}`)).status).toBe(200);

    expect((await del(`/api/v1/assets/${asset}`)).status).toBe(204);
    for (const response of [await get(`/api/v1/assets/${asset}`), await get(`/api/v1/assets/${asset}/export/zip`), await del(`/api/v1/assets/${asset}`)]) {
      expect([response.status, await codeOf(response)]).toEqual([410, "gone"]);
    }
    const afterwards = await del(`/api/v1/assets/${asset}`, bobKey);
    expect([afterwards.status, await codeOf(afterwards)]).toEqual([404, "not_found"]);
    expect((await t.request(new URL(link.url).pathname)).status).toBe(404);

    const generation = await get(`/api/v1/generations/${g.id}`);
    expect(generation.status).toBe(200);
    expect(((await generation.json()) as GenerationBody).assets).toEqual([]);
    expect(await t.db.prisma.ledgerEntry.count({ where: { generationId: g.id } })).toBe(1);
  });

  it("two DELETEs at once: one 204, the other 410", async () => {
    const asset = (await generate()).assets[0]!.id;
    const statuses = (await Promise.all([del(`/api/v1/assets/${asset}`), del(`/api/v1/assets/${asset}`)])).map((r) => r.status).sort();
    expect(statuses).toEqual([204, 410]);
  });

  it("GraphQL deleteAsset does the same; another account's: not_found", async () => {
    const asset = (await generate()).assets[0]!.id;
    const call = (key: string) => t.request("/graphql", json({ query: "mutation ($id: ID!) { deleteAsset(id: $id) }", variables: { id: asset } }, bearer(key)));
    const bob = (await (await call(bobKey)).json()) as { errors: { extensions: { code: string } }[] };
    expect(bob.errors[0]!.extensions.code).toBe("not_found");
    expect(await (await call(aliceKey)).json()).toEqual({ data: { deleteAsset: true } });
    expect(((await (await call(aliceKey)).json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe("gone");
  });
});

describe("deleting a generation", () => {
  it("takes its assets and events; 409 while it runs; the ledger keeps its entries (and its id)", async () => {
    const g = await generate();
    const asset = g.assets[0]!.id;
    // A generation still running cannot be deleted: nothing changes.
    await t.db.prisma.generation.update({ where: { id: g.id }, data: { status: "running" } });
    const running = await del(`/api/v1/generations/${g.id}`);
    expect([running.status, await codeOf(running)]).toEqual([409, "generation_active"]);
    await t.db.prisma.generation.update({ where: { id: g.id }, data: { status: "succeeded" } });

    expect((await del(`/api/v1/generations/${g.id}`, bobKey)).status).toBe(404);
    expect((await del(`/api/v1/generations/${g.id}`)).status).toBe(204);
    for (const path of [`/api/v1/generations/${g.id}`, `/api/v1/assets/${asset}`]) {
      const response = await get(path);
      expect([response.status, await codeOf(response)]).toEqual([410, "gone"]);
    }
    expect((await del(`/api/v1/generations/${g.id}`)).status).toBe(410);
    expect(await t.db.prisma.generationEvent.count({ where: { generationId: g.id } })).toBe(0);
    expect(await t.db.prisma.asset.count({ where: { generationId: g.id } })).toBe(0);
    expect((await t.db.prisma.ledgerEntry.findMany({ where: { generationId: g.id } })).map((e) => e.kind)).toEqual(["charge"]);
  });
});

describe("deleting an account (erasure)", () => {
  it("needs the password; then everything personal goes, the ledger stays with the account id, and nothing signs in", async () => {
    const carol = await signUp(t);
    const carolKey = (await createKey(t, carol)).secret;
    await generate(carolKey);
    const hook = await t.request("/api/v1/webhooks", json({ url: "http://127.0.0.1:9/hook" }, { cookie: carol.cookie }));
    expect(hook.status).toBe(201);
    const ledgerBefore = await t.db.prisma.ledgerEntry.findMany({ where: { accountId: carol.accountId }, orderBy: { id: "asc" } });
    expect(ledgerBefore.length).toBe(2);

    const wrong = await t.request("/api/auth/delete-account", json({ password: "not-it" }, { cookie: carol.cookie }));
    expect([wrong.status, await codeOf(wrong)]).toEqual([403, "forbidden"]);
    const byKey = await t.request("/api/auth/delete-account", json({ password: carol.password }, bearer(carolKey)));
    expect(byKey.status).toBe(401);
    expect(await t.db.prisma.user.count({ where: { id: carol.userId } })).toBe(1);

    const erased = await t.request("/api/auth/delete-account", json({ password: carol.password }, { cookie: carol.cookie }));
    expect(erased.status).toBe(204);
    expect(erased.headers.get("set-cookie")).toMatch(/^ags_session=;/);

    const where = { accountId: carol.accountId };
    const left = {
      users: await t.db.prisma.user.count({ where }),
      sessions: await t.db.prisma.session.count({ where: { userId: carol.userId } }),
      keys: await t.db.prisma.apiKey.count({ where }),
      generations: await t.db.prisma.generation.count({ where }),
      assets: await t.db.prisma.asset.count({ where }),
      webhooks: await t.db.prisma.webhook.count({ where }),
      idempotency: await t.db.prisma.idempotencyRecord.count({ where }),
    };
    expect(left).toEqual({ users: 0, sessions: 0, keys: 0, generations: 0, assets: 0, webhooks: 0, idempotency: 0 });
    const ledgerAfter = await t.db.prisma.ledgerEntry.findMany({ where, orderBy: { id: "asc" } });
    expect(ledgerAfter.map((e) => [e.kind, e.amount, e.balanceAfter])).toEqual(ledgerBefore.map((e) => [e.kind, e.amount, e.balanceAfter]));
    expect(await t.db.prisma.account.count({ where: { id: carol.accountId } })).toBe(1);

    expect((await t.request("/api/auth/session", { headers: { cookie: carol.cookie } })).status).toBe(401);
    expect((await t.request("/api/v1/credits", { headers: bearer(carolKey) })).status).toBe(401);
    expect((await t.request("/api/auth/sign-in", json({ email: carol.email, password: carol.password }))).status).toBe(401);
    // The address is free again: a new sign-up gets a new account.
    const again = await t.request("/api/auth/sign-up", json({ email: carol.email, password: carol.password }));
    expect(again.status).toBe(201);
    expect(((await again.json()) as { account: { id: string } }).account.id).not.toBe(carol.accountId);
  });

  it("is refused (409) while a generation is active, deleting nothing", async () => {
    const dave = await signUp(t);
    const daveKey = (await createKey(t, dave)).secret;
    await generate(daveKey);
    await t.db.prisma.account.update({ where: { id: dave.accountId }, data: { activeGenerations: 1 } });
    const refused = await t.request("/api/auth/delete-account", json({ password: dave.password }, { cookie: dave.cookie }));
    expect([refused.status, await codeOf(refused)]).toEqual([409, "generation_active"]);
    expect(await t.db.prisma.generation.count({ where: { accountId: dave.accountId } })).toBe(1);
    expect(await t.db.prisma.user.count({ where: { accountId: dave.accountId } })).toBe(1);
    await t.db.prisma.account.update({ where: { id: dave.accountId }, data: { activeGenerations: 0 } });
    const gql = await t.request(
      "/graphql",
      json({ query: "mutation ($p: String!) { deleteAccount(password: $p) }", variables: { p: dave.password } }, { cookie: dave.cookie }),
    );
    expect(await gql.json()).toEqual({ data: { deleteAccount: true } });
    expect(await t.db.prisma.user.count({ where: { accountId: dave.accountId } })).toBe(0);
  });
});
