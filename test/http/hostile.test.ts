import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { origin, startTestApp, type TestApp } from "../support/harness.js";
import { inOneWindow } from "../support/rate-window.js";
import { expectBalancedLedger, generateWithKey } from "../support/generation.js";
import { bearer, createKey, errorOf, json, signUp, type TestUser } from "../support/users.js";

/**
 * Hostile bytes and shapes that used to reach the database or a library as 500s, and documents
 * that used to be executed before they were measured: each must be a clear 4xx in the envelope
 * (or a GraphQL error with our code), change nothing, and cost little.
 */
let t: TestApp;
let user: TestUser;
let secret: string;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "100000" });
  user = await signUp(t, { admin: true });
  ({ secret } = await createKey(t, user));
});
afterAll(() => t.close());

const postGraphql = async (query: string, variables?: unknown, headers: Record<string, string> = bearer(secret)) => {
  const response = await t.request("/graphql", json({ query, variables }, headers));
  return { status: response.status, body: (await response.json()) as { data?: unknown; errors?: { message: string; extensions: Record<string, unknown> }[] } };
};

describe("text the database cannot store", () => {
  const bad = ["nul \u0000 byte", "lone \ud800 surrogate", "other lone \udc00 one"];

  it.each(bad)("is refused with param naming the field, everywhere: %j", async (text) => {
    const before = await expectBalancedLedger(t, user.accountId);
    const cases: [Promise<Response>, string][] = [
      [generateWithKey(t, secret, { prompt: text }), "prompt"],
      [generateWithKey(t, secret, { messages: [{ role: "user", content: text }] }), "messages.0.content"],
      [generateWithKey(t, secret, { prompt: "ok", agentId: text }), "agentId"],
      [t.request("/api/auth/sign-up", json({ email: `x${Date.now()}@example.com`, password: "long enough", name: text })), "name"],
      [t.request("/api/auth/sign-up", json({ email: text, password: "long enough" })), "email"],
      [t.request("/api/auth/sign-in", json({ email: "a@example.com", password: text })), "password"],
      [t.request("/api/keys", json({ name: text }, { cookie: user.cookie })), "name"],
    ];
    for (const [request, param] of cases) {
      const response = await request;
      expect(await errorOf(response), param).toMatchObject({ status: 400, code: "invalid_request", param });
    }
    // GraphQL: in a variable and in a literal.
    const viaVariable = await postGraphql("mutation G($input: GenerateInput!) { generate(input: $input) { id } }", { input: { prompt: text } });
    expect(viaVariable.body.errors![0]!.extensions.code).toBe("invalid_request");
    expect(viaVariable.body.errors![0]!.message).toContain("input.prompt");
    const viaLiteral = await postGraphql(`mutation { generate(input: {prompt: ${JSON.stringify(text)}}) { id } }`);
    expect(viaLiteral.body.errors![0]!.extensions.code).toBe("invalid_request");
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before);
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(0);
  });
});

describe("values out of every bound", () => {
  it("refuses an expiry in year 275760, a huge ledger cursor, deep list literals, and a grant past 2^31−1 with 400s", async () => {
    const expiry = await t.request("/api/keys", json({ name: "k", expiresAt: "+275760-09-13T00:00:00.000Z" }, { cookie: user.cookie }));
    expect(await errorOf(expiry)).toMatchObject({ status: 400, code: "invalid_request", param: "expiresAt" });
    const farExpiry = await t.request("/api/keys", json({ name: "k", expiresAt: "9999-12-31T00:00:00Z" }, { cookie: user.cookie }));
    expect(await errorOf(farExpiry)).toMatchObject({ status: 400, param: "expiresAt" });
    const cursor = await postGraphql('{ viewer { account { ledger(after: "9999999999999999999") { nodes { id } } } } }');
    expect(cursor.body.errors![0]!.extensions).toMatchObject({ code: "invalid_request", param: "after" });
    const deep = await postGraphql(`mutation { generate(input: {prompt: "x", messages: ${"[".repeat(400)}${"]".repeat(400)}}) { id } }`);
    expect(deep.status).toBeLessThan(500);
    expect(deep.body.errors![0]!.extensions.code).toBe("invalid_request");
    const grant = await postGraphql(`mutation { grantCredits(accountId: "${user.accountId}", amount: 2147483648, reason: "x") { balance } }`, undefined, {
      cookie: user.cookie,
      origin,
    });
    expect(grant.body.errors![0]!.extensions.code).toBe("invalid_request");
  });

  it("answers bad percent-encoding in a path with 400 invalid_request, and a malformed id with 404", async () => {
    expect(await errorOf(await t.request("/api/v1/generations/%E0%A4%A", { headers: bearer(secret) }))).toMatchObject({ status: 400, code: "invalid_request" });
    expect(await errorOf(await t.request("/api/v1/generations/gen_%00x", { headers: bearer(secret) }))).toMatchObject({ status: 404, code: "not_found" });
  });
});

describe("every GraphQL entry point refuses the same documents before running them", () => {
  const aliases = `{${Array.from({ length: 3_800 }, (_, i) => `a${i}:__typename`).join(" ")}}`; // under the 64 KiB body cap
  const doubling = `query { ...F0 } ${Array.from({ length: 18 }, (_, i) => `fragment F${i} on Query { a: agents { ...F${i + 1} } b: agents { ...F${i + 1} } }`).join(" ")} fragment F18 on Query { agents { id } }`;
  const deep = `{ viewer { account { user { account { user { account { user { account { user { account { user { id } } } } } } } } } } } }`;
  const directives = `{ defaultAgentId ${"@skip(if: false) ".repeat(12)} }`;
  const twoGenerates = 'mutation { a: generate(input: {prompt: "a"}) { id } b: generate(input: {prompt: "b"}) { id } }';
  const documents = { aliases, doubling, deep, directives, twoGenerates, tokens: `{ ${"defaultAgentId ".repeat(2_100)} }` };

  const entryPoints: Record<string, (query: string) => Promise<string>> = {
    "POST /graphql": async (query) => JSON.stringify((await postGraphql(query)).body),
    "GET /graphql": async (query) => {
      const response = await t.request(`/graphql?query=${encodeURIComponent(query)}`, {
        headers: { ...bearer(secret), "x-graphql-csrf": "1", accept: "application/json" },
      });
      return response.text();
    },
    "POST /graphql/stream (distinct connections)": async (query) => {
      const response = await t.request("/graphql/stream", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream", ...bearer(secret) },
        body: JSON.stringify({ query }),
      });
      return response.text();
    },
    "POST /graphql/stream (single connection)": async (query) => {
      const token = await (await t.request("/graphql/stream", { method: "PUT", headers: bearer(secret) })).text();
      const response = await t.request("/graphql/stream", {
        method: "POST",
        headers: { "content-type": "application/json", "x-graphql-event-stream-token": token, ...bearer(secret) },
        body: JSON.stringify({ query, extensions: { operationId: "op1" } }),
      });
      return response.text();
    },
  };

  it.each(Object.entries(entryPoints))("%s", async (_name, send) => {
    const before = await t.db.prisma.generation.count();
    for (const [name, query] of Object.entries(documents)) {
      if (_name.startsWith("GET") && query.length > 6_000) continue; // a GET URL that long is refused by any proxy anyway
      const started = performance.now();
      const answer = await send(query);
      const ms = performance.now() - started;
      expect(answer, `${name}: ${answer.slice(0, 200)}`).toMatch(/"code":"invalid_request"/);
      expect(ms, name).toBeLessThan(1_000);
    }
    expect(await t.db.prisma.generation.count()).toBe(before);
  });

  it("lets ordinary documents through on every entry point (one generate is fine)", async () => {
    const one = await postGraphql('mutation { generate(input: {prompt: "one", width: 16}) { id } }');
    expect(one.body.errors).toBeUndefined();
    const stream = await t.request("/graphql/stream", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", ...bearer(secret) },
      body: JSON.stringify({ query: "{ a1: defaultAgentId a2: defaultAgentId }" }),
    });
    expect(await stream.text()).toContain('"a1":"pixel-sprite"');
  });
});

describe("graphql-sse's reserved streams", () => {
  it("need credentials, are capped per account, expire when never connected, and work end to end", async () => {
    const small = await startTestApp({ MAX_STREAMS_PER_ACCOUNT: "2", GRAPHQL_STREAM_RESERVATION_SECONDS: "1" });
    try {
      const anonymous = await small.request("/graphql/stream", { method: "PUT" });
      expect(await errorOf(anonymous)).toMatchObject({ status: 401, code: "unauthenticated" });
      expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/);
      const owner = await signUp(small);
      const { secret: key } = await createKey(small, owner);
      const reserve = () => small.request("/graphql/stream", { method: "PUT", headers: bearer(key) });
      const [r1, r2] = [await reserve(), await reserve()];
      expect([r1.status, r2.status]).toEqual([201, 201]);
      expect(await errorOf(await reserve())).toMatchObject({ status: 429, code: "rate_limited" });
      // Never connected: both expire after a second, and their slots come back.
      await new Promise((r) => setTimeout(r, 1_300));
      const token = await (await reserve()).text();
      expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      // Another account cannot use this token.
      const other = await signUp(small);
      const { secret: otherKey } = await createKey(small, other);
      const hijack = await small.request(`/graphql/stream?token=${token}`, { headers: { accept: "text/event-stream", ...bearer(otherKey) } });
      expect(await errorOf(hijack)).toMatchObject({ status: 404, code: "not_found" });
      // The owner connects and runs an operation on it.
      const controller = new AbortController();
      const connection = await small.request(`/graphql/stream?token=${token}`, {
        headers: { accept: "text/event-stream", ...bearer(key) },
        signal: controller.signal,
      });
      expect(connection.status).toBe(200);
      const reader = connection.body!.getReader();
      const op = await small.request("/graphql/stream", {
        method: "POST",
        headers: { "content-type": "application/json", "x-graphql-event-stream-token": token, ...bearer(key) },
        body: JSON.stringify({ query: "{ defaultAgentId }", extensions: { operationId: "1" } }),
      });
      expect(op.status).toBe(202);
      let text = "";
      while (!text.includes('"defaultAgentId":"pixel-sprite"')) text += new TextDecoder().decode((await reader.read()).value);
      controller.abort();
    } finally {
      await small.close();
    }
  });
});

describe("odds and ends of HTTP", () => {
  it.each(["/api/ai/agents", "/healthz", "/api/v1/credits", "/api/auth/session", "/api/keys"])("answers HEAD %s like its GET, without a body", async (path) => {
    const headers = path.includes("session") || path.includes("keys") ? { cookie: user.cookie } : bearer(secret);
    const [get, head] = [await t.request(path, { headers }), await t.request(path, { method: "HEAD", headers })];
    expect(head.status).toBe(get.status);
    expect(head.headers.get("content-type")).toBe(get.headers.get("content-type"));
    expect(await head.text()).toBe("");
  });

  it("puts WWW-Authenticate on every 401", async () => {
    for (const response of [
      await t.request("/api/v1/credits"),
      await t.request("/api/v1/credits", { headers: { authorization: "Bearer nope" } }),
      await t.request("/api/auth/session"),
    ]) {
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="assets"');
    }
  });

  it("maps GraphQL's validation failures to our closed set", async () => {
    const { body } = await postGraphql("{ noSuchField }");
    expect(body.errors![0]!.extensions.code).toBe("invalid_request");
    expect(body.errors![0]!.extensions.requestId).toMatch(/^req_/);
  });

  it("does not count a refused request against the generate quota", { timeout: 60_000 }, async () => {
    const app = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "2" });
    try {
      const someone = await signUp(app);
      const { secret: key } = await createKey(app, someone);
      for (let i = 0; i < 5; i++) expect((await generateWithKey(app, key, { prompt: 42 })).status).toBe(400);
      for (let i = 0; i < 5; i++) expect((await generateWithKey(app, key, { prompt: "x", agentId: "nope" })).status).toBe(400);
      await inOneWindow(15_000); // the three counted calls share one minute window
      expect((await generateWithKey(app, key, { prompt: "x", width: 16 })).status).toBe(200);
      expect((await generateWithKey(app, key, { prompt: "x", width: 16 })).status).toBe(200);
      expect((await generateWithKey(app, key, { prompt: "x", width: 16 })).status).toBe(429);
    } finally {
      await app.close();
    }
  });

  it("answers a call without agentId clearly while the default agent is disabled, and stops advertising it", async () => {
    await t.db.prisma.agent.update({ where: { id: "pixel-sprite" }, data: { enabled: false } });
    // The agents cache holds a row 5 s: the clock (Date only, still ticking) is moved past it instead of waited out.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 5_100, shouldAdvanceTime: true });
    try {
      const refused = await generateWithKey(t, secret, { prompt: "x" });
      const error = await errorOf(refused);
      expect(error).toMatchObject({ status: 400, code: "invalid_request", param: "agentId" });
      expect(error.message).toContain("no default agent");
      expect(error.message).toContain("icon, texture");
      const list = (await (await t.request("/api/ai/agents")).json()) as { defaultAgentId: string | null; agents: { id: string }[] };
      expect(list.defaultAgentId).toBeNull();
      expect(list.agents.map((a) => a.id)).toEqual(["icon", "texture", "pixel-fixer", "cutout"]);
    } finally {
      vi.useRealTimers();
      await t.db.prisma.agent.update({ where: { id: "pixel-sprite" }, data: { enabled: true } });
    }
  });
});
