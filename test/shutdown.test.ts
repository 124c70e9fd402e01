import { connect } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createEmptyPostgresDatabase } from "./support/harness.js";
import { startServer, type ServerProcess } from "./support/process.js";

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

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
  const signUp = await fetch(`${server.url}/api/auth/sign-up`, { method: "POST", headers, body: JSON.stringify({ email: "stop@example.com", password: "long enough" }) });
  const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
  const key = (await (await fetch(`${server.url}/api/keys`, { method: "POST", headers: { ...headers, cookie }, body: '{"name":"k"}' })).json()) as { secret: string };
  return { authorization: `Bearer ${key.secret}` };
}

/** Sends raw bytes on one connection and returns everything the server wrote back. */
function raw(url: string, payload: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(payload));
    let out = "";
    socket.setEncoding("utf8").on("data", (d) => (out += d)).on("end", () => resolve(out)).on("error", reject);
    setTimeout(() => socket.destroy(), 5_000).unref();
  });
}

describe("the process under abuse and shutdown", () => {
  it("answers bodies that disagree with their Content-Length, and broken chunking, with the envelope", async () => {
    const server = await startServer(await env());
    try {
      const auth = await keyFor(server);
      const body = '{"prompt":"a red slime"}';
      const short = await raw(server.url, `POST /api/v1/generate HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth.authorization}\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n${body}`);
      const statuses = [...short.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]));
      expect(statuses.length).toBeGreaterThanOrEqual(1);
      expect(statuses.every((s) => s >= 400 && s < 500)).toBe(true);
      // The 5 declared bytes are broken JSON; the rest is a malformed next request: both refused in the envelope.
      expect(short).toMatch(/"error":\{"code":"(invalid_json|invalid_request)"/);
      expect(short).not.toMatch(/ 5\d\d /);
      const chunked = await raw(server.url, `POST /api/v1/generate HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth.authorization}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\nnot a chunk\r\n0\r\n\r\n`);
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
    const settings = await env({ WORKER_CONCURRENCY: "1" });
    const server = await startServer(settings);
    const auth = await keyFor(server);
    const ids = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const r = await fetch(`${server.url}/api/v1/generate`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json", prefer: "respond-async" },
          body: JSON.stringify({ prompt: `stone ${i}`, agentId: "texture", width: 512, height: 512 }),
        });
        return ((await r.json()) as { id: string }).id;
      }),
    );
    const stream = await fetch(`${server.url}/api/v1/generations/${ids[3]}/events`, { headers: auth });
    const text = stream.text();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const events = await text;
    const last = events.trim().split("\n\n").at(-1)!;
    expect(last.includes("event: generation.completed") || last.includes("event: stream.closed")).toBe(true);
    expect(server.logs.some((l) => l.msg === "stopped")).toBe(true);

    const again = await startServer(settings);
    try {
      const statuses = async () =>
        Promise.all(ids.map(async (id) => ((await (await fetch(`${again.url}/api/v1/generations/${id}`, { headers: auth })).json()) as { status: string }).status));
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
