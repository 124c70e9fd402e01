import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mulberry32 } from "../../src/agents/procedural/index.js";
import { routeList } from "../../src/contract/routes.js";
import { origin, startTestApp, type TestApp } from "../support/harness.js";
import { createKey, signUp, type TestUser } from "../support/users.js";

/**
 * Throws 1,200 malformed or hostile requests at every route and at GraphQL: random bytes, wrong
 * types, huge and deep JSON, bad encodings, bad headers. Every one must fail cleanly: no 5xx, the
 * contract's envelope (GraphQL's errors with a code), and nothing written anywhere.
 */
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const count = Number(process.env.FUZZ_COUNT ?? 1200);

let t: TestApp;
let user: TestUser;
let secret: string;
let generationId: string;
let assetId: string;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "100000" });
  user = await signUp(t);
  ({ secret } = await createKey(t, user));
  const g = (await (
    await t.request("/api/v1/generate", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${secret}` },
      body: JSON.stringify({ prompt: "seed asset", width: 16 }),
    })
  ).json()) as { id: string; assets: { id: string }[] };
  generationId = g.id;
  assetId = g.assets[0]!.id;
});
afterAll(() => t.close());

async function snapshot() {
  const p = t.db.prisma;
  return {
    users: await p.user.count(),
    sessions: await p.session.count(),
    keys: await p.apiKey.count({ where: { revokedAt: null } }),
    generations: await p.generation.count(),
    ledger: await p.ledgerEntry.count(),
    idempotency: await p.idempotencyRecord.count(),
    balances: (await p.account.findMany({ select: { id: true, balance: true }, orderBy: { id: "asc" } })).map((a) => `${a.id}:${a.balance}`),
  };
}

describe(`fuzz (seed ${seed})`, () => {
  it(`${count} hostile requests: no 5xx, always the envelope, nothing changed`, async () => {
    const random = mulberry32(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const bytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256));
    const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
    const wrongType = () =>
      pick([
        42,
        -1,
        1.5,
        true,
        null,
        [],
        {},
        "x".repeat(5000),
        ["a"],
        { role: "user" },
        "\u0000",
        "a\ud800b",
        "\udfff",
        2 ** 53,
        -(2 ** 31),
        "2147483648",
        "+275760-09-13T00:00:00Z",
      ]);
    // A wrong value that is never null: a null field is an absent one (contract section 3), so `{"prompt":"a","messages":null}`
    // is a valid request that makes a generation, which is not what these bodies are for.
    const wrongValue = (): unknown => {
      const value = wrongType();
      return value === null ? "\u0000" : value;
    };

    // Every route of the table (ids filled in with real ones, or broken ones), and then some.
    const concrete = (path: string) => path.replace(":id", pick([generationId, assetId, "key_nope", "gen_%00", "%E0%A4%A", "x".repeat(300)]));
    const writeRoutes = [
      // (sign-out and the deletions need no body: with the user's credentials and the seed's own ids they would
      // succeed, which is not what this tests; test/http/deletion.test.ts does)
      ...routeList.filter((r) => r.method !== "GET" && !["signOut", "deleteAsset", "deleteGeneration"].includes(r.id)).map((r) => concrete(r.path)),
      "/api/v1/generate",
      "/api/ai/stream",
      "/graphql",
      "/graphql/stream",
      `/graphql/stream?token=${"t".repeat(30)}`,
    ];
    const readRoutes = [
      ...routeList.filter((r) => r.method === "GET").map((r) => concrete(r.path)),
      `/api/v1/generations/${generationId}/events`,
      "/api/v1/generations/gen_%00",
      "/api/v1/assets/../../etc/passwd",
      "/%ZZ",
      `/api/v1/generations/${"x".repeat(3000)}`,
      "/graphql?query=%7B__typename%7D",
      `/graphql/stream?query=${encodeURIComponent("{ __typename }")}`,
    ];
    const hostileDocuments = [
      `{ ${Array.from({ length: 400 }, (_, i) => `a${i}:__typename`).join(" ")} }`,
      `query { ...F0 } ${Array.from({ length: 14 }, (_, i) => `fragment F${i} on Query { a: agents { ...F${i + 1} } b: agents { ...F${i + 1} } }`).join(" ")} fragment F14 on Query { agents { id } }`,
      `{ defaultAgentId ${"@include(if: true) ".repeat(30)} }`,
      'mutation { a: generate(input: {prompt: "a"}) { id } b: generate(input: {prompt: "b"}) { id } }',
      'mutation { generate(input: {prompt: "\u0000"}) { id } }',
      `{ ${"defaultAgentId ".repeat(2_500)} }`,
      'subscription { generationEvents(id: "gen_nope") { seq } }',
      "fragment A on Query { ...B } fragment B on Query { ...A } { ...A }",
    ];
    const badAuth = () =>
      pick<Record<string, string>>([
        {},
        { authorization: "Bearer" },
        { authorization: `Bearer ${secret.slice(0, -1)}${secret.endsWith("a") ? "b" : "a"}` },
        { authorization: "Basic dXNlcjpwYXNz" },
        { authorization: `Bearer ${"ags_".padEnd(42, "\u00e9")}` },
        { authorization: `Bearer ags_${"A".repeat(38)}` },
        { cookie: `ags_session=${"z".repeat(40)}` },
        { cookie: `${user.cookie}`, origin: "https://evil.example" },
        { cookie: `${user.cookie}` }, // a write by cookie without Origin
        { cookie: "ags_session=;;;==" },
      ]);
    // Each body is broken on purpose: never a request that could succeed.
    const badBody = (): { body: BodyInit | null; type?: string } =>
      pick([
        () => ({ body: bytes(1 + Math.floor(random() * 200)), type: "application/json" }),
        () => ({ body: bytes(50), type: pick(["text/plain", "application/octet-stream", "multipart/form-data", ""]) }),
        () => ({ body: JSON.stringify({ prompt: wrongType(), agentId: wrongType(), transparent: wrongType() }), type: "application/json" }),
        () => ({ body: JSON.stringify({ prompt: "a", messages: wrongValue() }), type: "application/json" }),
        () => ({ body: JSON.stringify({ messages: [{ role: pick(["root", "", 5]), content: wrongType() }] }), type: "application/json" }),
        () => ({ body: deep(5000), type: "application/json" }),
        () => ({ body: JSON.stringify({ prompt: "x".repeat(70_000) }), type: "application/json" }),
        () => ({ body: `{"prompt":"${"\\ud800".repeat(10)}","seed":-5}`, type: "application/json" }),
        () => ({ body: '{"__proto__":{"admin":true},"prompt":5}', type: "application/json" }),
        () => ({ body: "null", type: "application/json" }),
        () => ({ body: '"just a string"', type: "application/json" }),
        () => ({ body: JSON.stringify({ query: `{ ${"viewer { account { user { ".repeat(30)}id${" } } }".repeat(30)} }` }), type: "application/json" }),
        () => ({ body: JSON.stringify({ query: "mutation { generate(input: { prompt: 5 }) { id } }" }), type: "application/json" }),
        () => ({
          body: JSON.stringify({ query: 'mutation { createApiKey(input: { name: "" }) { secret } }', variables: wrongType() }),
          type: "application/json",
        }),
        () => ({ body: JSON.stringify({ query: wrongType() }), type: "application/json" }),
        () => ({ body: JSON.stringify({ query: pick(hostileDocuments), variables: { input: { prompt: wrongType() } } }), type: "application/json" }),
        () => ({
          body: JSON.stringify({
            query: "mutation G($input: GenerateInput!) { generate(input: $input) { id } }",
            variables: { input: { prompt: wrongType(), width: wrongType() } },
          }),
          type: "application/json",
        }),
        () => ({
          body: JSON.stringify({ prompt: "a", width: wrongValue(), height: wrongValue(), seed: wrongValue(), transparent: wrongValue() }),
          type: "application/json",
        }),
        () => ({ body: JSON.stringify({ name: wrongType(), scopes: wrongType(), expiresAt: wrongType() }), type: "application/json" }),
        () => ({ body: JSON.stringify([{ query: "{ __typename }" }, { query: "{ __typename }" }]), type: "application/json" }),
        () => ({ body: JSON.stringify({ email: wrongType(), password: wrongType() }), type: "application/json; charset=utf-16" }),
        () => ({ body: "{}", type: "application/json" }),
      ])();

    const before = await snapshot();
    const seen = new Map<number, number>();
    for (let i = 0; i < count; i++) {
      const write = random() < 0.7;
      const path = write ? pick(writeRoutes) : pick(readRoutes);
      const { body, type } = write ? badBody() : { body: null, type: undefined };
      const headers: Record<string, string> = {
        ...(random() < 0.5 ? badAuth() : path.startsWith("/api/v1") ? { authorization: `Bearer ${secret}` } : { cookie: user.cookie, origin }),
        ...(type ? { "content-type": type } : {}),
        ...(random() < 0.2 ? { "idempotency-key": pick(["", " ", "k".repeat(300), "ok-key", "\u00ff"]) } : {}),
        ...(random() < 0.1 ? { "last-event-id": pick(["-1", "abc", "99999999999", "3"]) } : {}),
        ...(random() < 0.1 ? { prefer: pick(["respond-async", "wait=0", "???"]) } : {}),
        ...(random() < 0.1 && path.startsWith("/graphql") ? { accept: "text/event-stream" } : {}),
        ...(random() < 0.05 && path.startsWith("/graphql/stream") ? { "x-graphql-event-stream-token": pick(["", "nope", "\u00ff".repeat(3)]) } : {}),
      };
      const method = write ? pick(["POST", "POST", "PUT", "PATCH", "DELETE"]) : pick(["GET", "GET", "HEAD", "OPTIONS"]);
      let response: Response;
      try {
        response = await t.request(path, { method, headers, body: write ? body : null });
      } catch (error) {
        // The request could not even be built (e.g. forbidden header value): not the server's doing.
        if (error instanceof TypeError) continue;
        throw error;
      }
      const where = `seed ${seed} #${i} ${path} → ${response.status}`;
      seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
      if (response.status >= 500)
        console.log(
          where,
          JSON.stringify(headers),
          String(body).slice(0, 300),
          t.logs
            .filter((l) => l.level === "error")
            .slice(-1)
            .map((l) => JSON.stringify(l).slice(0, 1500)),
        );
      expect(response.status, where).toBeLessThan(500);
      expect(response.headers.get("x-request-id"), where).toMatch(/^req_/);
      const text = await response.text();
      if (method === "HEAD") continue; // no body by definition
      if (response.status >= 400 && response.headers.get("content-type")?.startsWith("application/json")) {
        const parsed = JSON.parse(text) as { error?: { code: string; message: string; requestId: string }; errors?: { extensions?: { code?: string } }[] };
        if (parsed.error && path.startsWith("/v1/")) {
          // The OpenAI-compatible layer answers OpenAI's error shape (its request id is the X-Request-Id header).
          expect(Object.keys(parsed.error).sort(), where).toEqual(["code", "message", "param", "type"]);
        } else if (parsed.error) {
          expect(parsed.error.requestId, where).toBe(response.headers.get("x-request-id"));
          expect(typeof parsed.error.message, where).toBe("string");
        } else {
          expect(path.startsWith("/graphql"), where).toBe(true);
          expect(typeof parsed.errors?.[0]?.extensions?.code, where).toBe("string");
        }
      } else if (response.status >= 400) {
        throw new Error(`${where}: an error without the JSON envelope: ${text.slice(0, 200)}`);
      }
      if (response.status < 400 && path.startsWith("/graphql") && text.startsWith("{")) {
        const parsed = JSON.parse(text) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
        for (const e of parsed.errors ?? []) expect(typeof e.extensions?.code, where).toBe("string");
      }
    }
    expect(await snapshot()).toEqual(before);
    expect([...seen.keys()].some((s) => s >= 400)).toBe(true);
  }, 300_000);
});
