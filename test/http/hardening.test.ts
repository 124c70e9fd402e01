import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/harness.js";
import { inOneWindow } from "../support/rate-window.js";
import { generateWithCookie, generateWithKey } from "../support/generation.js";
import { bearer, createKey, errorOf, json, signUp, type TestUser } from "../support/users.js";

let t: TestApp;
let user: TestUser;
let secret: string;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "5", BODY_LIMIT_BYTES: "4096" });
  user = await signUp(t);
  ({ secret } = await createKey(t, user));
});
afterAll(() => t.close());

const post = (path: string, init: RequestInit & { headers?: Record<string, string> }) =>
  t.request(path, { method: "POST", ...init, headers: { ...bearer(secret), ...init.headers } });

describe("request limits before any work", () => {
  it("413 for a declared Content-Length over the cap, on every route (GraphQL too)", async () => {
    const big = JSON.stringify({ prompt: "x".repeat(5000) });
    for (const path of ["/api/v1/generate", "/graphql", "/graphql/stream", "/api/auth/sign-in"]) {
      const response = await post(path, { headers: { "content-type": "application/json" }, body: big });
      expect(await errorOf(response), path).toMatchObject({ status: 413, code: "payload_too_large" });
    }
  });

  it("413 for a chunked body (no Content-Length) that grows past the cap while read", async () => {
    const chunk = new TextEncoder().encode(" ".repeat(1000));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await t.request("/api/v1/generate", {
      method: "POST",
      headers: { ...bearer(secret), "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(await errorOf(response)).toMatchObject({ status: 413, code: "payload_too_large" });
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(0);
  });

  it("415 for a POST body that is not JSON, everywhere", async () => {
    for (const [path, type] of [
      ["/api/v1/generate", "text/plain"],
      ["/graphql", "application/x-www-form-urlencoded"],
      ["/api/keys", "multipart/form-data; boundary=x"],
    ] as const) {
      const response = await post(path, { headers: { "content-type": type }, body: "query=%7B__typename%7D" });
      expect(await errorOf(response), path).toMatchObject({ status: 415, code: "unsupported_media_type" });
    }
  });

  it("400 invalid_json for broken JSON and bad UTF-8", async () => {
    const broken = await post("/api/v1/generate", { headers: { "content-type": "application/json" }, body: '{"prompt": "a' });
    expect((await errorOf(broken)).code).toBe("invalid_json");
    const latin1 = await post("/api/v1/generate", { headers: { "content-type": "application/json" }, body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) });
    expect((await errorOf(latin1)).code).toBe("invalid_json");
  });

  it("no prototype pollution through JSON keys: __proto__ and constructor are unknown fields", async () => {
    for (const body of ['{"prompt":"a","__proto__":{"polluted":true}}', '{"prompt":"a","constructor":{"prototype":{"polluted":true}}}']) {
      const response = await post("/api/v1/generate", { headers: { "content-type": "application/json" }, body });
      expect(await errorOf(response)).toMatchObject({ status: 400, code: "invalid_request" });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("rate limits", () => {
  it("lets exactly the quota through in one window, with IETF headers, then 429 with Retry-After", { timeout: 60_000 }, async () => {
    const fresh = await signUp(t);
    const key = await createKey(t, fresh);
    // Requests refused for their credentials count against nobody.
    // (The last character changed to another one: "x" unless it already is one.)
    const mistyped = key.secret.slice(0, -1) + (key.secret.endsWith("x") ? "y" : "x");
    for (let i = 0; i < 5; i++) expect((await generateWithKey(t, mistyped, { prompt: "a" })).status).toBe(401);
    // Windows are whole minutes: start with room to spare, so nothing rolls over.
    await inOneWindow(15_000);
    const responses = [];
    for (let i = 0; i < 7; i++) responses.push(await generateWithKey(t, key.secret, { prompt: "slime", width: 16 }));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(responses[0]!.headers.get("ratelimit-policy")).toBe('"generate";q=5;w=60');
    expect(responses[0]!.headers.get("ratelimit")).toMatch(/^"generate";r=4;t=\d+$/);
    expect(responses[4]!.headers.get("ratelimit")).toMatch(/^"generate";r=0;t=\d+$/);
    const limited = responses[5]!;
    const retryAfter = limited.headers.get("retry-after")!;
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect(limited.headers.get("ratelimit")).toMatch(/^"generate";r=0;t=\d+$/);
    expect(await errorOf(limited)).toMatchObject({ code: "rate_limited" });
    // Nothing was generated or charged for the refused calls.
    expect(await t.db.prisma.generation.count({ where: { accountId: fresh.accountId } })).toBe(5);
    // The quota is per account (contract section 3): another key of the same account shares it,
    // and so does the in-app endpoint and GraphQL.
    const other = await createKey(t, fresh);
    expect((await generateWithKey(t, other.secret, { prompt: "slime", width: 16 })).status).toBe(429);
    expect((await generateWithCookie(t, fresh.cookie, "/api/ai/generate", { prompt: "slime", width: 16 })).status).toBe(429);
    const gql = await t.request("/graphql", json({ query: 'mutation { generate(input: {prompt: "slime", width: 16}) { id } }' }, { cookie: fresh.cookie }));
    expect(((await gql.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe("rate_limited");
    expect(await t.db.prisma.generation.count({ where: { accountId: fresh.accountId } })).toBe(5);
  });

  it("limits reads more loosely and says so", async () => {
    const response = await t.request("/api/v1/credits", { headers: bearer(secret) });
    expect(response.headers.get("ratelimit-policy")).toBe('"read";q=50;w=60');
  });
});

describe("GraphQL armour", () => {
  const gql = (body: unknown, headers: Record<string, string> = {}) =>
    post("/graphql", { headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] },
    }));

  it("refuses too deep, too many aliases, too many tokens", async () => {
    const deep = `{ viewer { account { user { account { user { account { user { account { user { account { user { id } } } } } } } } } } } }`;
    const aliases = `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: defaultAgentId`).join(" ")} }`;
    const tokens = `{ defaultAgentId(x: ${"[".repeat(1100)}${"]".repeat(1100)}) }`;
    for (const query of [deep, aliases, tokens]) {
      const { body } = await gql({ query });
      expect(body.data ?? null).toBeNull();
      expect(body.errors![0]!.extensions?.code).toBe("invalid_request");
    }
  });

  it("does not batch", async () => {
    const response = await post("/graphql", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify([{ query: "{ defaultAgentId }" }, { query: "{ defaultAgentId }" }]),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it("refuses a GET query without a preflight header (CSRF), accepts it with one", async () => {
    const plain = await t.request("/graphql?query=%7BdefaultAgentId%7D", { headers: { accept: "application/json" } });
    expect(plain.status).toBe(403);
    const withHeader = await t.request("/graphql?query=%7BdefaultAgentId%7D", { headers: { accept: "application/json", "x-graphql-csrf": "1" } });
    expect(withHeader.status).toBe(200);
  });

  it("suggests field names in development, not in production, and masks unexpected errors", async () => {
    const dev = await gql({ query: "{ agentz { id } }" });
    expect(dev.body.errors![0]!.message).toMatch(/Did you mean/);
    const prod = await startTestApp({ NODE_ENV: "production" });
    const response = await prod.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ agentz { id } }" }),
    });
    const body = (await response.json()) as { errors: { message: string }[] };
    expect(body.errors[0]!.message).not.toMatch(/Did you mean/);
    await prod.db.prisma.$executeRawUnsafe("DROP TABLE agents CASCADE"); // make a resolver fail for real
    const broken = await prod.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ agents { id } }" }),
    });
    const masked = (await broken.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(masked.errors[0]!.extensions.code).toBe("internal_error");
    expect(JSON.stringify(masked)).not.toMatch(/relation|does not exist|prisma|node_modules|\.ts/i);
    await prod.close();
  });
});

describe("errors never leak internals", () => {
  it("a failing REST handler answers internal_error with the request id, logging the detail", async () => {
    const broken = await startTestApp();
    await broken.db.prisma.$executeRawUnsafe("DROP TABLE agents CASCADE");
    const response = await broken.request("/api/ai/agents");
    const text = await response.text();
    expect(response.status).toBe(500);
    const body = JSON.parse(text) as { error: { code: string; requestId: string; retryable: boolean } };
    expect(body.error.code).toBe("internal_error");
    expect(body.error.requestId).toBe(response.headers.get("x-request-id"));
    expect(text).not.toMatch(/agents" does not exist|prisma|node_modules|\.ts:/i);
    expect(broken.logs.some((l) => l.level === "error" && l.requestId === body.error.requestId)).toBe(true);
    await broken.close();
  });
});
