import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAiReplies, startOpenAiImagesDouble, type OpenAiImagesDouble } from "../doubles/openai-images.js";
import { origin, startTestApp, type TestApp } from "../support/harness.js";
import { inOneWindow } from "../support/rate-window.js";
import { expectBalancedLedger, generateWithKey, waitForAllDone, type GenerationBody } from "../support/generation.js";
import { testImagesKey, testImagesKeyEnv, writeModelCatalog } from "../support/model-agents.js";
import { bearer, createKey, errorOf, json, signUp } from "../support/users.js";

/**
 * The per-account limits of contract section 3 and the auth throttles: active generations, open
 * streams, sign-in and sign-up, the same on every transport, each answering 429 with Retry-After
 * and changing nothing.
 */
let double: OpenAiImagesDouble;
let dir: string;
let agentsFile: string;
beforeAll(async () => {
  double = await startOpenAiImagesDouble({ apiKey: testImagesKey });
  dir = await mkdtemp(join(tmpdir(), "ags-limits-"));
  agentsFile = await writeModelCatalog(dir, double.url, { timeoutMs: 20_000, maxRetries: 0 });
});
afterAll(async () => {
  await double.close();
  await rm(dir, { recursive: true, force: true });
});

const withApp = async (env: Record<string, string>, fn: (t: TestApp) => Promise<void>) => {
  const t = await startTestApp({ AGENTS_FILE: agentsFile, [testImagesKeyEnv]: testImagesKey, RATE_LIMIT_GENERATE_PER_MINUTE: "1000", ...env });
  try {
    await fn(t);
  } finally {
    await t.close();
  }
};

describe("generations queued or running per account", () => {
  it("refuses the one past MAX_ACTIVE_GENERATIONS_PER_ACCOUNT with 429 and Retry-After on REST and GraphQL, charging nothing; a slot frees when one ends", async () => {
    await withApp({ MAX_ACTIVE_GENERATIONS_PER_ACCOUNT: "2", WORKER_CONCURRENCY: "1" }, async (t) => {
      const user = await signUp(t);
      const { secret } = await createKey(t, user);
      double.next(openAiReplies.slow(1_500), openAiReplies.slow(1_500));
      const async = { prefer: "respond-async" };
      const first = await generateWithKey(t, secret, { prompt: "slow one", agentId: "model" }, async);
      const second = await generateWithKey(t, secret, { prompt: "slow two", agentId: "model" }, async);
      expect([first.status, second.status]).toEqual([202, 202]);
      const balance = await expectBalancedLedger(t, user.accountId);

      const third = await generateWithKey(t, secret, { prompt: "one too many", agentId: "model" }, async);
      expect(await errorOf(third)).toMatchObject({ status: 429, code: "rate_limited" });
      expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
      const viaGraphql = await t.request("/graphql", json({ query: 'mutation { generate(input: {prompt: "x", agentId: "model"}) { id } }' }, bearer(secret)));
      expect(((await viaGraphql.json()) as { errors: { extensions: { code: string; details: unknown } }[] }).errors[0]!.extensions).toMatchObject({
        code: "rate_limited",
        details: { active: 2, limit: 2 },
      });
      expect(await expectBalancedLedger(t, user.accountId)).toBe(balance);
      expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(2);
      // Another account is not affected.
      const other = await signUp(t);
      const { secret: otherSecret } = await createKey(t, other);
      expect((await generateWithKey(t, otherSecret, { prompt: "mine", agentId: "pixel-sprite", width: 16 }, async)).status).toBe(202);

      await waitForAllDone(t, user.accountId);
      expect((await t.db.prisma.account.findUniqueOrThrow({ where: { id: user.accountId } })).activeGenerations).toBe(0);
      expect((await generateWithKey(t, secret, { prompt: "now fits", agentId: "pixel-sprite", width: 16 })).status).toBe(200);
    });
  });

  it("is fair between accounts: one account's call runs before another's backlog", async () => {
    await withApp({ MAX_ACTIVE_GENERATIONS_PER_ACCOUNT: "20", WORKER_CONCURRENCY: "1" }, async (t) => {
      const [flooder, other] = [await signUp(t), await signUp(t)];
      const [a, b] = [await createKey(t, flooder), await createKey(t, other)];
      // The flooder's first call holds the only worker; 14 more wait behind it.
      double.next(openAiReplies.slow(800));
      const ids: string[] = [];
      ids.push(((await (await generateWithKey(t, a.secret, { prompt: "slow", agentId: "model" }, { prefer: "respond-async" })).json()) as GenerationBody).id);
      await double.waitForRequest(() => double.generations().length > 0 && double.generations().at(-1)!.closedEarly === false);
      for (let i = 0; i < 14; i++) {
        ids.push(
          (
            (await (
              await generateWithKey(t, a.secret, { prompt: `texture ${i}`, agentId: "texture", width: 512 }, { prefer: "respond-async" })
            ).json()) as GenerationBody
          ).id,
        );
      }
      const started = Date.now();
      const mine = await generateWithKey(t, b.secret, { prompt: "one sprite", agentId: "pixel-sprite", width: 16 });
      expect(mine.status).toBe(200);
      const finishedMine = Date.now() - started;
      // When the other account's generation finished, most of the flooder's backlog had not run.
      const flooderDone = await t.db.prisma.generation.count({ where: { id: { in: ids }, status: "succeeded" } });
      expect(flooderDone).toBeLessThanOrEqual(3);
      expect(finishedMine).toBeLessThan(10_000);
      await waitForAllDone(t, flooder.accountId);
    });
  });
});

describe("open event streams per account", () => {
  it("refuses the stream past MAX_STREAMS_PER_ACCOUNT (REST and GraphQL), and frees a slot as soon as a client goes away", async () => {
    await withApp({ MAX_STREAMS_PER_ACCOUNT: "2" }, async (t) => {
      const user = await signUp(t);
      const { secret } = await createKey(t, user);
      double.next(openAiReplies.slow(3_000));
      const g = (await (await generateWithKey(t, secret, { prompt: "long", agentId: "model" }, { prefer: "respond-async" })).json()) as GenerationBody;
      const open = () => {
        const controller = new AbortController();
        const response = t.request(`/api/v1/generations/${g.id}/events`, { headers: bearer(secret), signal: controller.signal });
        return { controller, response };
      };
      const [s1, s2] = [open(), open()];
      expect((await s1.response).status).toBe(200);
      expect((await s2.response).status).toBe(200);
      const refused = await open().response;
      expect(await errorOf(refused)).toMatchObject({ status: 429, code: "rate_limited" });
      expect(refused.headers.get("retry-after")).toBe("5");
      const viaGraphql = await t.request("/graphql/stream", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream", ...bearer(secret) },
        body: JSON.stringify({ query: `subscription { generationEvents(id: "${g.id}") { seq type } }` }),
      });
      expect(await viaGraphql.text()).toContain('"code":"rate_limited"');
      // The first client goes away: its slot is free at once, before any further event.
      s1.controller.abort();
      let reopened: Response | undefined;
      for (let i = 0; i < 20 && reopened?.status !== 200; i++) {
        reopened = await open().response;
        if (reopened.status !== 200) await new Promise((r) => setTimeout(r, 25));
      }
      expect(reopened!.status).toBe(200);
      expect(await t.app.services.generations.events.holdStreamSlot(user.accountId, "probe").catch((e: { code: string }) => e.code)).toBe("rate_limited");
      s2.controller.abort();
      await waitForAllDone(t, user.accountId);
    });
  });
});

describe("sign-in and sign-up throttles", () => {
  const from = (address: string) => ({ "x-forwarded-for": address });

  it("throttles sign-in per email (whether it exists or not, the same answer) and per client address", { timeout: 60_000 }, async () => {
    await withApp({ SIGNIN_ATTEMPTS_PER_15_MINUTES: "3", TRUST_PROXY: "true" }, async (t) => {
      await inOneWindow(20_000, 15 * 60_000);
      const user = await signUp(t);
      const attempt = (email: string, address: string, password = "wrong password") => t.request("/api/auth/sign-in", json({ email, password }, from(address)));
      for (const email of [user.email, "nobody@example.com"]) {
        const statuses = [];
        for (let i = 0; i < 4; i++) statuses.push((await attempt(email, `10.0.0.${i + 1}`)).status);
        expect(statuses).toEqual([401, 401, 401, 429]);
        const limited = await attempt(email, "10.0.0.9", user.password);
        expect(await errorOf(limited)).toMatchObject({ status: 429, code: "rate_limited" });
        expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
      }
      // One address trying many emails is stopped too.
      const spray = [];
      for (let i = 0; i < 4; i++) spray.push((await attempt(`guess${i}@example.com`, "10.9.9.9")).status);
      expect(spray).toEqual([401, 401, 401, 429]);
      // The right password from a fresh address and a fresh email still works elsewhere.
      const other = await signUp(t);
      expect((await attempt(other.email, "10.1.1.1", other.password)).status).toBe(200);
    });
  });

  it("limits sign-ups per client address, so credits cannot be farmed", { timeout: 60_000 }, async () => {
    await withApp({ SIGNUP_LIMIT_PER_HOUR: "2", TRUST_PROXY: "true" }, async (t) => {
      await inOneWindow(20_000, 3_600_000);
      const signUpFrom = (address: string, n: number) =>
        t.request("/api/auth/sign-up", json({ email: `farm${n}-${address}@example.com`, password: "long enough" }, from(address)));
      expect([(await signUpFrom("10.2.0.1", 1)).status, (await signUpFrom("10.2.0.1", 2)).status]).toEqual([201, 201]);
      const refused = await signUpFrom("10.2.0.1", 3);
      expect(await errorOf(refused)).toMatchObject({ status: 429, code: "rate_limited" });
      expect(await t.db.prisma.user.count({ where: { email: { startsWith: "farm3-" } } })).toBe(0);
      expect((await signUpFrom("10.2.0.2", 4)).status).toBe(201);
    });
  });
});

describe("admin powers need a session", () => {
  it("an admin's API key reads only its own account; the admin's session reads any", async () => {
    await withApp({}, async (t) => {
      const admin = await signUp(t, { admin: true });
      const someone = await signUp(t);
      const query = JSON.stringify({ query: `{ account(id: "${someone.accountId}") { id balance } }` });
      const headers = { "content-type": "application/json" };
      for (const scopes of [["read"], ["generate"]]) {
        const { secret } = await createKey(t, admin, { scopes });
        const viaKey = await t.request("/graphql", { method: "POST", headers: { ...headers, ...bearer(secret) }, body: query });
        expect(((await viaKey.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe("not_found");
        const own = await t.request("/graphql", {
          method: "POST",
          headers: { ...headers, ...bearer(secret) },
          body: JSON.stringify({ query: `{ account(id: "${admin.accountId}") { id } }` }),
        });
        expect(((await own.json()) as { data: { account: { id: string } } }).data.account.id).toBe(admin.accountId);
      }
      const viaSession = await t.request("/graphql", { method: "POST", headers: { ...headers, cookie: admin.cookie, origin }, body: query });
      expect(((await viaSession.json()) as { data: { account: { id: string } } }).data.account.id).toBe(someone.accountId);
    });
  });
});

describe("the Origin of cookie requests", () => {
  it("names the expected origin in the 403, accepts localhost and 127.0.0.1 of the same port in development, and needs none for read-only GraphQL", async () => {
    await withApp({}, async (t) => {
      const user = await signUp(t);
      const foreign = await t.request("/api/keys", json({ name: "k" }, { cookie: user.cookie, origin: "https://evil.example" }));
      const error = await errorOf(foreign);
      expect(error).toMatchObject({ status: 403, code: "forbidden" });
      expect(error.message).toContain("only http://localhost:3000 may");
      const missing = await t.request("/api/keys", {
        method: "POST",
        headers: { "content-type": "application/json", cookie: user.cookie },
        body: '{"name":"k"}',
      });
      expect((await errorOf(missing)).message).toContain("must carry Origin: http://localhost:3000");
      expect((await t.request("/api/keys", json({ name: "k" }, { cookie: user.cookie, origin: "http://127.0.0.1:3000" }))).status).toBe(201);
      // A read-only GraphQL query by cookie needs no Origin; a mutation does.
      const read = await t.request("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", cookie: user.cookie },
        body: JSON.stringify({ query: "{ viewer { account { balance } } }" }),
      });
      expect(((await read.json()) as { data: { viewer: { account: { balance: number } } } }).data.viewer.account.balance).toBe(100);
      const write = await t.request("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", cookie: user.cookie },
        body: JSON.stringify({ query: 'mutation { createApiKey(input: {name: "x"}) { secret } }' }),
      });
      expect(((await write.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe("forbidden");
    });
  });

  it("accepts only PUBLIC_ORIGIN in production", async () => {
    await withApp({ NODE_ENV: "production" }, async (t) => {
      const user = await signUp(t);
      expect((await t.request("/api/keys", json({ name: "k" }, { cookie: user.cookie, origin: "http://127.0.0.1:3000" }))).status).toBe(403);
    });
  });
});
