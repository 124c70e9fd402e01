import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/harness.js";
import { startSignedInServer, type SignedInServer } from "./support/signed-in-server.js";
import { rawCall, type Answer } from "./support/raw-http.js";

/**
 * The real server hands the one-shot generate calls (`POST /api/v1/generate`, `/api/ai/generate`)
 * straight to the router on whatwg-node's request class (app.ts, transports/http/node-front.ts),
 * not through srvx. Everything the app's edge promises must hold on that path too, over real HTTP,
 * and both paths must answer alike.
 */
const origin = "http://localhost:3000";
const env = { PUBLIC_ORIGIN: origin, BODY_LIMIT_BYTES: "4096", SIGNUP_CREDITS: "3", SIGNUP_LIMIT_PER_HOUR: "1000", LOG_LEVEL: "info" };
const json = { "content-type": "application/json" };

let front: SignedInServer;
let base: URL;
let cookie: string;
let key: string;
const call = (method: string, path: string, headers: Record<string, string | number> = {}, body?: string | Buffer | Buffer[]) => rawCall(base, method, path, headers, body);

beforeAll(async () => {
  front = await startSignedInServer(env, "rest-front");
  ({ base, cookie, key } = front);
});

afterAll(() => front?.close());

const requestIdOf = (answer: Answer) => String(answer.headers["x-request-id"]);

describe("the one-shot generate calls on the Node front", () => {
  it("answer the generation whole (Content-Length), with the credit, quota and request-id headers, by key and by cookie", async () => {
    const byKey = await call("POST", "/api/v1/generate", { ...json, authorization: `Bearer ${key}` }, JSON.stringify({ prompt: "red slime", agentId: "pixel-sprite", width: 16 }));
    expect(byKey.status).toBe(200);
    expect(byKey.headers["content-length"]).toBe(String(Buffer.byteLength(byKey.text)));
    const g = byKey.json() as { id: string; status: string; assets: { b64: string }[] };
    expect(g.status).toBe("succeeded");
    expect(Buffer.from(g.assets[0]!.b64, "base64").subarray(1, 4).toString()).toBe("PNG");
    expect(byKey.headers).toMatchObject({ "x-credits-charged": "1", "x-credits-balance": "2", "ratelimit-policy": '"generate";q=60;w=60' });
    expect(requestIdOf(byKey)).toMatch(/^req_/);

    const byCookie = await call("POST", "/api/ai/generate", { ...json, cookie, origin }, JSON.stringify({ prompt: "blue slime", agentId: "pixel-sprite", width: 16 }));
    expect(byCookie.status).toBe(200);
    expect(byCookie.headers["x-credits-balance"]).toBe("1");
    const foreign = await call("POST", "/api/ai/generate", { ...json, cookie, origin: "https://evil.example" }, "{}");
    expect(foreign.error()).toMatchObject({ code: "forbidden", requestId: requestIdOf(foreign) });
  });

  it("carry every header of the answer: 202 with Location, and an idempotent replay with the same bytes", async () => {
    const auth = { ...json, authorization: `Bearer ${key}` };
    const body = JSON.stringify({ prompt: "tiny slime", agentId: "pixel-sprite", width: 16 });
    const first = await call("POST", "/api/v1/generate", { ...auth, "idempotency-key": "front-1", prefer: "respond-async" }, body);
    expect(first.status).toBe(202);
    const g = first.json() as { id: string; status: string };
    expect(first.headers.location).toBe(`/api/v1/generations/${g.id}`);
    expect(first.headers["content-length"]).toBe(String(Buffer.byteLength(first.text)));
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await call("POST", "/api/v1/generate", { ...auth, "idempotency-key": "front-1", prefer: "respond-async" }, body);
    expect(again.status).toBe(202);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.text).toBe(first.text);
    expect(requestIdOf(again)).not.toBe(requestIdOf(first));
  });

  it("refuse bad bodies in the envelope with the request id, before anything is charged", async () => {
    const auth = { ...json, authorization: `Bearer ${key}` };
    const cases: [string, Answer, number, string, string?][] = [
      ["broken JSON", await call("POST", "/api/v1/generate", auth, '{"prompt": "x'), 400, "invalid_json"],
      ["unknown field", await call("POST", "/api/v1/generate", auth, JSON.stringify({ prompt: "x", colour: "red" })), 400, "invalid_request"],
      ["chunked past the cap", await call("POST", "/api/v1/generate", auth, [Buffer.from('{"prompt":"'), Buffer.alloc(5000, 0x61)]), 413, "payload_too_large"],
      ["not JSON", await call("POST", "/api/v1/generate", { "content-type": "text/plain", authorization: `Bearer ${key}` }, "x"), 415, "unsupported_media_type"],
      ["too dear", await call("POST", "/api/v1/generate", auth, JSON.stringify({ prompt: "golden coin", agentId: "icon" })), 402, "insufficient_credits"],
      ["nothing left", await call("POST", "/api/v1/generate", auth, JSON.stringify({ prompt: "slime", agentId: "pixel-sprite", width: 16 })), 402, "insufficient_credits"],
    ];
    for (const [name, answer, status, code] of cases) {
      expect(answer.status, name).toBe(status);
      expect(answer.error(), name).toMatchObject({ code, requestId: requestIdOf(answer) });
    }
    const credits = await call("GET", "/api/v1/credits", { authorization: `Bearer ${key}` });
    expect(credits.json()).toEqual({ balance: 0 });
  });
});

describe("the Node front and the app answer the generate paths alike", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(env);
  });
  afterAll(() => t.close());

  type Case = [name: string, method: string, path: string, headers: Record<string, string>, body?: string];
  const cases: Case[] = [];
  for (const path of ["/api/v1/generate", "/api/ai/generate"]) {
    cases.push(
      [`${path}: no credentials`, "POST", path, json, JSON.stringify({ prompt: "x" })],
      [`${path}: unknown key`, "POST", path, { ...json, authorization: "Bearer ags_nope" }, JSON.stringify({ prompt: "x" })],
      [`${path}: malformed Authorization`, "POST", path, { ...json, authorization: "Basic x" }, "{}"],
      [`${path}: dead cookie`, "POST", path, { ...json, cookie: "ags_session=dead", origin }, "{}"],
      [`${path}: broken JSON, anonymous`, "POST", path, json, '{"prompt": "'],
      [`${path}: form`, "POST", path, { "content-type": "application/x-www-form-urlencoded" }, "prompt=x"],
      [`${path}: declared too large`, "POST", path, json, "x".repeat(5000)],
      [`${path}: GET`, "GET", path, {}],
      [`${path}: HEAD`, "HEAD", path, {}],
      [`${path}: PUT`, "PUT", path, json, "{}"],
      [`${path}: with a query string`, "POST", `${path}?x=1`, json, "{}"],
    );
  }

  const normalise = (text: string, requestId: string | null) => text.replaceAll(requestId ?? "\u0000", "<request id>");
  const compared = ["content-type", "allow", "www-authenticate", "cache-control"];

  it.each(cases)("%s", async (_name, method, path, headers, body) => {
    const front = await call(method, path, headers, body);
    const app = await t.request(path, { method, headers, ...(body === undefined ? {} : { body }) });
    const appText = await app.text();
    expect(front.status).toBe(app.status);
    for (const name of compared) expect(front.headers[name] ?? null, name).toEqual(app.headers.get(name));
    expect(normalise(front.text, requestIdOf(front))).toBe(normalise(appText, app.headers.get("x-request-id")));
  });
});
