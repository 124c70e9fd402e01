import { connect } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAiReplies, startOpenAiImagesDouble, type OpenAiImagesDouble } from "../doubles/openai-images.js";
import { createEmptyPostgresDatabase } from "../support/harness.js";
import { testImagesKey, testImagesKeyEnv, writeModelCatalog } from "../support/model-agents.js";
import { startServer, type ServerProcess } from "../support/process.js";

const dirs: string[] = [];
let double: OpenAiImagesDouble;
beforeAll(async () => {
  double = await startOpenAiImagesDouble({ apiKey: testImagesKey });
});
afterAll(async () => {
  await double.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function env(extra: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), "ags-stop-"));
  dirs.push(dataDir);
  return {
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: "http://localhost:3000",
    ...(process.env.TEST_DB === "postgres" ? { DATABASE_URL: await createEmptyPostgresDatabase() } : {}),
    ...extra,
  };
}

async function keyFor(server: ServerProcess): Promise<Record<string, string>> {
  const headers = { origin: "http://localhost:3000", "content-type": "application/json" };
  const signUp = await fetch(`${server.url}/api/auth/sign-up`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: "stop@example.com", password: "long enough" }),
  });
  const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
  const key = (await (await fetch(`${server.url}/api/keys`, { method: "POST", headers: { ...headers, cookie }, body: '{"name":"k"}' })).json()) as {
    secret: string;
  };
  return { authorization: `Bearer ${key.secret}` };
}

/** Sends raw bytes on one connection and returns everything the server wrote back. */
function raw(url: string, payload: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(payload));
    let out = "";
    socket
      .setEncoding("utf8")
      .on("data", (d) => (out += d))
      .on("end", () => resolve(out))
      .on("error", reject);
    setTimeout(() => socket.destroy(), 5_000).unref();
  });
}

describe("the process under abuse and shutdown", () => {
  it("answers bodies that disagree with their Content-Length, and broken chunking, with the envelope", async () => {
    const server = await startServer(await env());
    try {
      const auth = await keyFor(server);
      const body = '{"prompt":"a red slime"}';
      const short = await raw(
        server.url,
        `POST /api/v1/generate HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth.authorization}\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n${body}`,
      );
      const statuses = [...short.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]));
      expect(statuses.length).toBeGreaterThanOrEqual(1);
      expect(statuses.every((s) => s >= 400 && s < 500)).toBe(true);
      // The 5 declared bytes are broken JSON; the rest is a malformed next request: both refused in the envelope.
      expect(short).toMatch(/"error":\{"code":"(invalid_json|invalid_request)"/);
      expect(short).not.toMatch(/ 5\d\d /);
      const chunked = await raw(
        server.url,
        `POST /api/v1/generate HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth.authorization}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\nnot a chunk\r\n0\r\n\r\n`,
      );
      expect(chunked).toMatch(/^HTTP\/1\.1 400/);
      expect(chunked).toContain('"code":"invalid_request"');
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });

  it("SIGTERM: stops accepting, lets the running generation finish, ends streams with a final event, exits 0; the next start runs what was queued", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ags-stop-agents-"));
    dirs.push(dir);
    // The first generation is a model call that takes 1.5 s, so the three behind it are certainly
    // still queued when the signal comes (one generation at a time).
    const settings = await env({
      WORKER_CONCURRENCY: "1",
      AGENTS_FILE: await writeModelCatalog(dir, double.url, { timeoutMs: 8_000 }),
      [testImagesKeyEnv]: testImagesKey,
    });
    const server = await startServer(settings);
    const auth = await keyFor(server);
    const submit = async (body: Record<string, unknown>) => {
      const r = await fetch(`${server.url}/api/v1/generate`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json", prefer: "respond-async" },
        body: JSON.stringify(body),
      });
      return ((await r.json()) as { id: string }).id;
    };
    double.next(openAiReplies.slow(1_500));
    const seen = double.generations().length;
    const ids = [await submit({ prompt: "a slow potion", agentId: "model" })];
    for (let i = 1; i < 4; i++) ids.push(await submit({ prompt: `stone ${i}`, agentId: "texture", width: 64, height: 64 }));
    await double.waitForRequest(() => double.generations().length > seen);
    const running = fetch(`${server.url}/api/v1/generations/${ids[0]}/events`, { headers: auth }).then((r) => r.text());
    const queued = fetch(`${server.url}/api/v1/generations/${ids[3]}/events`, { headers: auth }).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 200)); // both streams open
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    // The running generation finished within the grace period; the queued one's stream was closed for the shutdown.
    expect((await running).trim().split("\n\n").at(-1)).toContain("event: generation.completed");
    const last = (await queued).trim().split("\n\n").at(-1)!;
    expect(last).toContain("event: stream.closed");
    expect(last).toContain('"reason":"shutdown"');
    expect(server.logs.some((l) => l.msg === "stopped")).toBe(true);

    const again = await startServer(settings);
    try {
      const statuses = async () =>
        Promise.all(
          ids.map(async (id) => ((await (await fetch(`${again.url}/api/v1/generations/${id}`, { headers: auth })).json()) as { status: string }).status),
        );
      let final: string[] = [];
      for (let i = 0; i < 300; i++) {
        final = await statuses();
        if (final.every((s) => s === "succeeded")) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      // A graceful stop fails nothing: what ran finished, what waited ran after the restart.
      expect(final).toEqual(["succeeded", "succeeded", "succeeded", "succeeded"]);
    } finally {
      again.child.kill("SIGTERM");
      await again.exited;
    }
  });
});
