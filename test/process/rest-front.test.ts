import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/harness.js";
import { startSignedInServer, type SignedInServer } from "../support/signed-in-server.js";
import { rawCall, type Answer } from "../support/raw-http.js";

/**
 * The real server answers through its Node entry (transports/http/node-front.ts), in-process tests
 * through the fetch entry (`app.fetch`), both over the app's one edge (transports/http/edge.ts).
 * Everything the edge promises must hold for the one-shot generate calls (`POST /api/v1/generate`,
 * `/api/ai/generate`, the busiest) over real HTTP, and both entries must answer alike.
 */
const origin = "http://localhost:3000";
const env = { PUBLIC_ORIGIN: origin, BODY_LIMIT_BYTES: "4096", SIGNUP_CREDITS: "3", SIGNUP_LIMIT_PER_HOUR: "1000", LOG_LEVEL: "info" };
const json = { "content-type": "application/json" };

let front: SignedInServer;
let base: URL;
let cookie: string;
let key: string;
const call = (method: string, path: string, headers: Record<string, string | number> = {}, body?: string | Buffer | Buffer[]) =>
  rawCall(base, method, path, headers, body);

beforeAll(async () => {
  front = await startSignedInServer(env, "rest-front");
  ({ base, cookie, key } = front);
});

afterAll(() => front?.close());

const requestIdOf = (answer: Answer) => String(answer.headers["x-request-id"]);

describe("the one-shot generate calls over real HTTP", () => {
  it("answer the generation whole (Content-Length), with the credit, quota and request-id headers, by key and by cookie", async () => {
    const byKey = await call(
      "POST",
      "/api/v1/generate",
      { ...json, authorization: `Bearer ${key}` },
      JSON.stringify({ prompt: "red slime", agentId: "pixel-sprite", width: 16 }),
    );
    expect(byKey.status).toBe(200);
    expect(byKey.headers["content-length"]).toBe(String(Buffer.byteLength(byKey.text)));
    const g = byKey.json() as { id: string; status: string; assets: { b64: string }[] };
    expect(g.status).toBe("succeeded");
    expect(Buffer.from(g.assets[0]!.b64, "base64").subarray(1, 4).toString()).toBe("PNG");
    expect(byKey.headers).toMatchObject({ "x-credits-charged": "1", "x-credits-balance": "2", "ratelimit-policy": '"generate";q=60;w=60' });
    expect(requestIdOf(byKey)).toMatch(/^req_/);

    const byCookie = await call(
      "POST",
      "/api/ai/generate",
      { ...json, cookie, origin },
      JSON.stringify({ prompt: "blue slime", agentId: "pixel-sprite", width: 16 }),
    );
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
    expect([first.headers["x-credits-charged"], again.headers["x-credits-charged"]]).toEqual(["1", "0"]);
    expect(again.text).toBe(first.text);
    expect(requestIdOf(again)).not.toBe(requestIdOf(first));
  });

  it("refuse bad bodies in the envelope with the request id, before anything is charged", async () => {
    const auth = { ...json, authorization: `Bearer ${key}` };
    const cases: [string, Answer, number, string, string?][] = [
      ["broken JSON", await call("POST", "/api/v1/generate", auth, '{"prompt": "x'), 400, "invalid_json"],
      ["unknown field", await call("POST", "/api/v1/generate", auth, JSON.stringify({ prompt: "x", colour: "red" })), 400, "invalid_request"],
      ["chunked past the cap", await call("POST", "/api/v1/generate", auth, [Buffer.from('{"prompt":"'), Buffer.alloc(5000, 0x61)]), 413, "payload_too_large"],
      [
        "not JSON",
        await call("POST", "/api/v1/generate", { "content-type": "text/plain", authorization: `Bearer ${key}` }, "x"),
        415,
        "unsupported_media_type",
      ],
      ["too dear", await call("POST", "/api/v1/generate", auth, JSON.stringify({ prompt: "golden coin", agentId: "icon" })), 402, "insufficient_credits"],
      [
        "nothing left",
        await call("POST", "/api/v1/generate", auth, JSON.stringify({ prompt: "slime", agentId: "pixel-sprite", width: 16 })),
        402,
        "insufficient_credits",
      ],
    ];
    for (const [name, answer, status, code] of cases) {
      expect(answer.status, name).toBe(status);
      expect(answer.error(), name).toMatchObject({ code, requestId: requestIdOf(answer) });
    }
    const credits = await call("GET", "/api/v1/credits", { authorization: `Bearer ${key}` });
    expect(credits.json()).toEqual({ balance: 0 });
  });
});

describe("the Node entry and the fetch entry answer the generate paths alike", () => {
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

/**
 * A kept-alive connection whose request is refused before its body was read (413 past the cap,
 * declared or counted): the answer says `Connection: close` and the server closes, on every path
 * (the generate calls, /graphql, any other route), so the client's next request goes on a fresh
 * connection instead of waiting for REQUEST_TIMEOUT_MS on this one.
 */
describe("a refusal before the body is read", () => {
  /** Sends `first` then, once its answer is in, `second` on the same socket; resolves with what came back and when the socket closed. */
  function onOneConnection(first: string, second: string): Promise<{ answers: string; closedAfterMs: number | undefined }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(base.port), base.hostname);
      const started = performance.now();
      let answers = "";
      let sentSecond = false;
      const done = (closedAfterMs: number | undefined) => {
        clearTimeout(timer);
        socket.destroy();
        resolve({ answers, closedAfterMs });
      };
      const timer = setTimeout(() => done(undefined), 4_000);
      socket.on("data", (chunk: Buffer) => {
        answers += chunk.toString("latin1");
        if (!sentSecond && /\r\n\r\n/.test(answers)) {
          sentSecond = true;
          socket.write(second, () => undefined);
        }
      });
      socket.on("close", () => done(Math.round(performance.now() - started)));
      socket.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" || error.code === "EPIPE" ? undefined : reject(error)));
      socket.write(first);
    });
  }

  const oversized = (path: string, declared: boolean) => {
    const body = "x".repeat(6000);
    const framing = declared ? `content-length: ${body.length}` : "transfer-encoding: chunked";
    const payload = declared ? body : `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    return `POST ${path} HTTP/1.1\r\nhost: ${base.host}\r\ncontent-type: application/json\r\nconnection: keep-alive\r\n${framing}\r\n\r\n${payload}`;
  };
  const health = () => `GET /healthz HTTP/1.1\r\nhost: ${base.host}\r\nconnection: keep-alive\r\n\r\n`;

  const paths = ["/mcp", "/v1/images/generations", "/api/v1/webhooks", "/api/v1/generate", "/graphql", "/api/keys"];
  it.each(
    paths.flatMap((path) => [
      [path, "declared"],
      [path, "chunked"],
    ]),
  )("%s (%s): 413 with Connection: close, and the connection ends at once", async (path, framing) => {
    const { answers, closedAfterMs } = await onOneConnection(oversized(path, framing === "declared"), health());
    expect(answers).toMatch(/^HTTP\/1\.1 413/);
    expect(answers.split("\r\n\r\n")[0]!.toLowerCase()).toContain("connection: close");
    // The second request is never taken on this connection: no answer to it, and the server closed.
    expect(answers.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(closedAfterMs).toBeDefined();
    expect(closedAfterMs!).toBeLessThan(2_000);
  });

  it("a client that reuses connections gets its next answer at once", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          { host: base.hostname, port: base.port, method, path, agent, headers: body ? { "content-type": "application/json" } : {} },
          (res) => {
            res.resume().on("end", () => resolve(res.statusCode!));
          },
        );
        req.on("error", reject);
        req.end(body);
      });
    try {
      for (const path of ["/mcp", "/api/v1/webhooks"]) {
        expect(await send("POST", path, "x".repeat(6000))).toBe(413);
        const started = performance.now();
        expect(await send("GET", "/healthz")).toBe(200);
        expect(performance.now() - started).toBeLessThan(2_000);
      }
    } finally {
      agent.destroy();
    }
  });
});

describe("security headers", () => {
  it("every answer that sets none of its own: nosniff, no framing, same-origin referrers; the web client keeps its full policy", async () => {
    const auth = { authorization: `Bearer ${key}` };
    const answers: [string, Answer][] = [
      ["JSON", await call("GET", "/api/ai/agents")],
      ["JSON error", await call("GET", "/api/v1/generations/gen_nope", auth)],
      ["GraphiQL", await call("GET", "/graphql", { accept: "text/html" })],
      ["GraphQL (front)", await call("POST", "/graphql", { ...json, ...auth }, JSON.stringify({ query: "{ viewer { account { balance } } }" }))],
      ["generate refusal (front)", await call("POST", "/api/v1/generate", json, "{}")],
      ["OpenAPI", await call("GET", "/openapi.json")],
      ["MCP refusal", await call("POST", "/mcp", json, "{}")],
      ["OpenAI layer", await call("GET", "/v1/models", auth)],
    ];
    for (const [name, answer] of answers) {
      expect(answer.headers["x-content-type-options"], name).toBe("nosniff");
      expect(answer.headers["content-security-policy"], name).toContain("frame-ancestors 'none'");
      expect(answer.headers["x-frame-options"], name).toBe("DENY");
      expect(answer.headers["referrer-policy"], name).toBe("same-origin");
    }
    const graphiql = answers[2]![1];
    expect(graphiql.status).toBe(200);
    expect(graphiql.headers["content-type"]).toMatch(/^text\/html/);
    const page = await call("GET", "/", { accept: "text/html" });
    if (page.headers["content-type"]?.startsWith("text/html")) expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
  });
});
