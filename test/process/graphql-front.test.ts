import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/harness.js";
import { inOneWindow } from "../support/rate-window.js";
import type { ServerProcess } from "../support/process.js";
import { startSignedInServer, type SignedInServer } from "../support/signed-in-server.js";
import { rawCall, type Answer } from "../support/raw-http.js";

/**
 * The real server answers /graphql through its Node entry (transports/http/node-front.ts) and the
 * app's one edge, which hands it to Yoga on Yoga's own request classes, ahead of h3; in-process
 * tests reach the same edge and Yoga through `app.fetch`. Everything the edge promises must hold
 * over real HTTP, and both entries must answer alike.
 */
const origin = "http://localhost:3000";
const env = {
  PUBLIC_ORIGIN: origin,
  BODY_LIMIT_BYTES: "4096",
  RATE_LIMIT_GENERATE_PER_MINUTE: "5",
  SIGNUP_LIMIT_PER_HOUR: "1000",
  LOG_LEVEL: "info",
};

let front: SignedInServer;
let server: ServerProcess;
let base: URL;
let cookie: string;
let key: string;

beforeAll(async () => {
  front = await startSignedInServer(env, "front");
  ({ server, base, cookie, key } = front);
});

afterAll(() => front?.close());

/** One request over a fresh connection; `body` as an array is sent chunked (no Content-Length). */
const call = (method: string, path: string, headers: Record<string, string | number> = {}, body?: string | Buffer | Buffer[]) =>
  rawCall(base, method, path, headers, body);

const json = { "content-type": "application/json" };
const gql = (query: string, headers: Record<string, string> = {}, variables?: Record<string, unknown>) =>
  call("POST", "/graphql", { ...json, ...headers }, JSON.stringify({ query, ...(variables ? { variables } : {}) }));
const requestIdOf = (answer: Answer) => String(answer.headers["x-request-id"]);
const generate = 'mutation { generate(input: {prompt: "slime", width: 16}) { id status } }';

describe("/graphql over real HTTP", () => {
  it("is answered whole (Content-Length), with or without a query string; /graphql/stream by graphql-sse", async () => {
    const answer = await gql("{ __typename }");
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ data: { __typename: "Query" } });
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(answer.text)));
    // …with a query string too; /graphql/stream goes through the router to graphql-sse (its own content type).
    expect((await call("POST", "/graphql?op=x", json, JSON.stringify({ query: "{ __typename }" }))).json()).toEqual({ data: { __typename: "Query" } });
    const stream = await call("POST", "/graphql/stream", { ...json, accept: "text/event-stream" }, JSON.stringify({ query: "{ __typename }" }));
    expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
  });

  it("gives every answer an X-Request-Id, quoted by its errors and by its log line", async () => {
    const answers = [
      await gql("{ __typename }"),
      await gql("{ agentz }"),
      await call("PUT", "/graphql"),
      await call("POST", "/graphql", { "content-type": "text/plain" }, "x"),
    ];
    for (const answer of answers) expect(requestIdOf(answer)).toMatch(/^req_[A-Za-z0-9]{22}$/);
    expect(new Set(answers.map(requestIdOf)).size).toBe(answers.length);
    for (const answer of answers.slice(1)) expect(answer.error().requestId).toBe(requestIdOf(answer));
    await new Promise((r) => setTimeout(r, 100));
    for (const [i, answer] of answers.entries()) {
      const line = server.logs.find((l) => l.msg === "request" && l.requestId === requestIdOf(answer));
      expect(line, `answer ${i}`).toMatchObject({ method: ["POST", "POST", "PUT", "POST"][i], path: "/graphql", status: answer.status });
      expect(line!.ms).toEqual(expect.any(Number));
    }
  });

  it("413 for a declared Content-Length over the cap, and for a chunked body that grows past it while read", async () => {
    const big = JSON.stringify({ query: generate, padding: "x".repeat(5000) });
    const declared = await call("POST", "/graphql", { ...json, authorization: `Bearer ${key}` }, big);
    const chunked = await call(
      "POST",
      "/graphql",
      { ...json, authorization: `Bearer ${key}`, "transfer-encoding": "chunked" },
      Array.from({ length: 10 }, () => Buffer.from(" ".repeat(1000))),
    );
    for (const answer of [declared, chunked]) {
      expect(answer.status).toBe(413);
      expect(answer.error()).toMatchObject({ code: "payload_too_large", requestId: requestIdOf(answer) });
    }
    expect(chunked.headers["transfer-encoding"]).toBeUndefined();
    // Nothing ran: the account has no generation.
    const mine = await gql("{ generations(first: 5) { nodes { id } } }", { authorization: `Bearer ${key}` });
    expect(mine.json()).toEqual({ data: { generations: { nodes: [] } } });
  });

  it("415 for a body that is not JSON (a form, text, GraphQL's own media type)", async () => {
    for (const type of ["application/x-www-form-urlencoded", "text/plain", "application/graphql"]) {
      const answer = await call("POST", "/graphql", { "content-type": type }, "query=%7B__typename%7D");
      expect(answer.status, type).toBe(415);
      expect(answer.error()).toMatchObject({ code: "unsupported_media_type", requestId: requestIdOf(answer) });
    }
  });

  it("authenticates by API key and by session cookie, lazily, and refuses a bad key in the field's error", async () => {
    const balance = "{ viewer { account { balance } } }";
    expect((await gql(balance)).json()).toEqual({ data: { viewer: null } });
    expect((await gql(balance, { authorization: `Bearer ${key}` })).json()).toEqual({ data: { viewer: { account: { balance: expect.any(Number) } } } });
    expect((await gql(balance, { cookie })).json()).toEqual({ data: { viewer: { account: { balance: expect.any(Number) } } } });
    // Another last character (a key that ends in "x" stays itself with "x" put back).
    const bad = await gql(balance, { authorization: `Bearer ${key.slice(0, -1)}${key.endsWith("x") ? "y" : "x"}` });
    expect(bad.error()).toMatchObject({ code: "unauthenticated", requestId: requestIdOf(bad) });
    // A dead session cookie is cleared on the way out.
    const dead = await gql(balance, { cookie: "ags_session=dead" });
    expect(dead.json()).toEqual({ data: { viewer: null } });
    expect(dead.headers["set-cookie"]).toEqual([expect.stringMatching(/^ags_session=;.*Max-Age=0/)]);
    // The key's account is on the request's log line.
    await new Promise((r) => setTimeout(r, 100));
    const keyed = await gql(balance, { authorization: `Bearer ${key}` });
    await new Promise((r) => setTimeout(r, 100));
    expect(server.logs.find((l) => l.requestId === requestIdOf(keyed) && l.msg === "request")).toMatchObject({ accountId: expect.stringMatching(/^acc_/) });
  });

  it("lets a mutation by cookie through only from an allowed Origin", async () => {
    const estimate = 'mutation { cancelGeneration(id: "gen_doesnotexist") { id } }';
    for (const headers of [{ cookie }, { cookie, origin: "https://evil.example" }] as Record<string, string>[]) {
      const answer = await gql(estimate, headers);
      expect(answer.error(), JSON.stringify(headers)).toMatchObject({ code: "forbidden", requestId: requestIdOf(answer) });
    }
    // From the allowed origin it runs (and finds nothing to cancel).
    expect((await gql(estimate, { cookie, origin })).error()).toMatchObject({ code: "not_found" });
    // A key carries no ambient credential: no Origin needed.
    expect((await gql(estimate, { authorization: `Bearer ${key}` })).error()).toMatchObject({ code: "not_found" });
  });

  it("sends the RateLimit headers of generate, then rate_limited with the request id", { timeout: 60_000 }, async () => {
    await inOneWindow(15_000);
    const answers: Answer[] = [];
    for (let i = 0; i < 5; i++) answers.push(await gql(generate, { authorization: `Bearer ${key}` }));
    // The cookie's mutations above were refused before the quota; only these count.
    for (const [i, answer] of answers.entries()) {
      expect(answer.json(), `call ${i}`).toMatchObject({ data: { generate: { id: expect.stringMatching(/^gen_/) } } });
      expect(answer.headers["ratelimit-policy"]).toBe('"generate";q=5;w=60');
      expect(answer.headers.ratelimit).toMatch(new RegExp(`^"generate";r=${4 - i};t=\\d+$`));
    }
    const limited = await gql(generate, { authorization: `Bearer ${key}` });
    expect(limited.error()).toMatchObject({ code: "rate_limited", requestId: requestIdOf(limited) });
    expect(limited.headers.ratelimit).toMatch(/^"generate";r=0;t=\d+$/);
  });

  it("answers GraphQL's refusals with our codes: syntax, validation, the guard, batches, unstorable variables", async () => {
    const deep = `{ viewer { account { user { account { user { account { user { account { user { account { user { id } } } } } } } } } } } }`;
    for (const query of ["{ __typename ", "{ agentz { id } }", deep, `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: defaultAgentId`).join(" ")} }`]) {
      const answer = await gql(query);
      expect(answer.error(), query).toMatchObject({ code: "invalid_request", requestId: requestIdOf(answer) });
    }
    const batch = await call("POST", "/graphql", json, JSON.stringify([{ query: "{ __typename }" }, { query: "{ __typename }" }]));
    expect(batch.status).toBe(400);
    expect(batch.error()).toMatchObject({ code: "invalid_request", requestId: requestIdOf(batch) });
    const nul = await gql("query ($id: ID!) { generation(id: $id) { id } }", { authorization: `Bearer ${key}` }, { id: "gen_\u0000" });
    expect(nul.error()).toMatchObject({ code: "invalid_request", requestId: requestIdOf(nul) });
    expect(nul.error().message).toMatch(/Variable/);
  });

  it("answers variables that fail coercion as inline arguments are answered: invalid_request naming the variable", async () => {
    const auth = { authorization: `Bearer ${key}` };
    // the same mistake inline is refused before anything runs, as invalid_request too
    const inline = await gql('{ generations(first: "abc") { nodes { id } } }', auth);
    expect(inline.error()).toMatchObject({ code: "invalid_request" });
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      ["query ($n: Int) { generations(first: $n) { nodes { id } } }", { n: "abc" }, "n", /Int cannot represent/],
      ["query ($n: Int) { generations(first: $n) { nodes { id } } }", { n: 2 ** 40 }, "n", /Int cannot represent/],
      ["query ($id: ID!) { generation(id: $id) { id } }", { id: { a: 1 } }, "id", /ID cannot represent/],
      ["mutation ($i: GenerateInput!) { generate(input: $i) { id } }", { i: { prompt: 5 } }, "i.prompt", /String cannot represent/],
      ["mutation ($i: GenerateInput!) { generate(input: $i) { id } }", { i: "a knight" }, "i", /Expected type "GenerateInput" to be an object/],
      ["mutation ($i: GenerateInput!) { generate(input: $i) { id } }", { i: { prompt: "x", sheet: { fps: "z" } } }, "i.sheet.fps", /Int cannot represent/],
      ["mutation ($i: CreateApiKeyInput!) { createApiKey(input: $i) { secret } }", { i: { name: "x", expiresAt: "soon" } }, "i.expiresAt", /ISO-8601/],
    ];
    for (const [query, variables, param, message] of cases) {
      const answer = await gql(query, auth, variables);
      expect(answer.status, query).toBe(400);
      expect(answer.error(), JSON.stringify(variables)).toMatchObject({ code: "invalid_request", param, requestId: requestIdOf(answer) });
      expect(answer.error().message).toMatch(message);
    }
  });

  it("refuses a GET query without a preflight header (CSRF), runs it with one, and never runs a mutation by GET", async () => {
    const plain = await call("GET", "/graphql?query=%7B__typename%7D", { accept: "application/json" });
    expect(plain.status).toBe(403);
    expect(plain.error()).toMatchObject({ code: "invalid_request", requestId: requestIdOf(plain) });
    const preflighted = await call("GET", "/graphql?query=%7B__typename%7D", { accept: "application/json", "x-graphql-csrf": "1" });
    expect(preflighted.status).toBe(200);
    expect(preflighted.json()).toEqual({ data: { __typename: "Query" } });
    const mutation = await call("GET", `/graphql?query=${encodeURIComponent(generate)}`, {
      accept: "application/json",
      "x-graphql-csrf": "1",
      authorization: `Bearer ${key}`,
    });
    expect(mutation.status).toBe(405);
  });

  it("serves GraphiQL to a browser, HEAD without a body, and 405 with Allow for other methods", async () => {
    const page = await call("GET", "/graphql", { accept: "text/html" });
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.text).toContain("<title>AssetForge GraphQL</title>");
    const head = await call("HEAD", "/graphql", { accept: "text/html" });
    expect(head.status).toBe(200);
    expect(head.headers["content-type"]).toMatch(/^text\/html/);
    expect(head.text).toBe("");
    expect(requestIdOf(head)).toMatch(/^req_/);
    for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const answer = await call(method, "/graphql");
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow).toBe("GET, HEAD, POST");
      expect(answer.error()).toMatchObject({ code: "method_not_allowed", requestId: requestIdOf(answer) });
    }
  });

  it("streams a result as server-sent events when asked to", async () => {
    const answer = await gql("{ __typename }", { accept: "text/event-stream" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(answer.text).toContain('data: {"data":{"__typename":"Query"}}');
    expect(answer.text).toContain("event: complete");
  });
});

describe("the Node entry and the fetch entry answer alike", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(env);
  });
  afterAll(() => t.close());

  type Case = [name: string, method: string, path: string, headers: Record<string, string>, body?: string | Buffer];
  const cases: Case[] = [
    ["typename", "POST", "/graphql", json, JSON.stringify({ query: "{ __typename }" })],
    ["graphql-response accept", "POST", "/graphql", { ...json, accept: "application/graphql-response+json" }, JSON.stringify({ query: "{ agentz }" })],
    ["syntax error", "POST", "/graphql", json, JSON.stringify({ query: "{ __typename " })],
    ["validation error", "POST", "/graphql", json, JSON.stringify({ query: "{ agentz { id } }" })],
    ["too many aliases", "POST", "/graphql", json, JSON.stringify({ query: `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: defaultAgentId`).join(" ")} }` })],
    ["batch", "POST", "/graphql", json, JSON.stringify([{ query: "{ __typename }" }])],
    ["no query", "POST", "/graphql", json, "{}"],
    ["broken JSON", "POST", "/graphql", json, '{"query": "{'],
    ["empty JSON body", "POST", "/graphql", json, ""],
    ["empty body, no type", "POST", "/graphql", {}, ""],
    ["bad UTF-8", "POST", "/graphql", json, Buffer.from([0x7b, 0xff, 0xfe, 0x7d])],
    ["form", "POST", "/graphql", { "content-type": "application/x-www-form-urlencoded" }, "query=%7B__typename%7D"],
    ["declared too large", "POST", "/graphql", json, "x".repeat(5000)],
    ["anonymous viewer", "POST", "/graphql", json, JSON.stringify({ query: "{ viewer { account { balance } } }" })],
    ["malformed Authorization", "POST", "/graphql", { ...json, authorization: "Basic x" }, JSON.stringify({ query: "{ viewer { id } }" })],
    ["unknown key", "POST", "/graphql", { ...json, authorization: "Bearer ags_nope" }, JSON.stringify({ query: "{ viewer { id } }" })],
    ["dead cookie", "POST", "/graphql", { ...json, cookie: "ags_session=dead" }, JSON.stringify({ query: "{ viewer { id } }" })],
    ["unacceptable", "POST", "/graphql", { ...json, accept: "application/xml" }, JSON.stringify({ query: "{ __typename }" })],
    ["event stream refusal", "POST", "/graphql", { ...json, accept: "text/event-stream" }, JSON.stringify({ query: "{ agentz }" })],
    ["GET without CSRF header", "GET", "/graphql?query=%7B__typename%7D", { accept: "application/json" }],
    ["GET with CSRF header", "GET", "/graphql?query=%7B__typename%7D", { accept: "application/json", "x-graphql-csrf": "1" }],
    [
      "mutation by GET",
      "GET",
      "/graphql?query=mutation%7BcancelGeneration(id%3A%22gen_x%22)%7Bid%7D%7D",
      { accept: "application/json", "x-graphql-csrf": "1" },
    ],
    ["HEAD", "HEAD", "/graphql?query=%7B__typename%7D", { accept: "application/json", "x-graphql-csrf": "1" }],
    ["PUT", "PUT", "/graphql", json, "{}"],
    ["PATCH too large", "PATCH", "/graphql", json, "x".repeat(5000)],
    ["OPTIONS", "OPTIONS", "/graphql", { origin: "https://elsewhere.example", "access-control-request-method": "POST" }],
  ];

  const normalise = (text: string, requestId: string | null) => text.replaceAll(requestId ?? "\u0000", "<request id>");
  const compared = ["content-type", "allow", "set-cookie", "access-control-allow-origin", "cache-control"];

  it.each(cases)("%s", async (_name, method, path, headers, body) => {
    const front = await call(method, path, headers, body);
    const app = await t.request(path, { method, headers, ...(body === undefined ? {} : { body: body as BodyInit }) });
    const appText = await app.text();
    expect(front.status).toBe(app.status);
    for (const name of compared) {
      const fromApp = name === "set-cookie" ? app.headers.getSetCookie() : app.headers.get(name);
      const fromFront = name === "set-cookie" ? (front.headers["set-cookie"] ?? []) : (front.headers[name] ?? null);
      expect(fromFront, name).toEqual(fromApp);
    }
    expect(normalise(front.text, requestIdOf(front))).toBe(normalise(appText, app.headers.get("x-request-id")));
  });
});
