import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { get } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawCall } from "../support/raw-http.js";
import { startSignedInServer, type SignedInServer } from "../support/signed-in-server.js";

/**
 * The attacks of the hardening issue on large assets, against a real server process on the embedded database (its
 * memory holds the database too: the harder case; nothing here is the database's to decide, so it runs once): the
 * largest tileset (blob-47 at 512 px, 3584 × 3584), twenty recolours of it from an account that cannot pay, GraphQL
 * asking for its bytes many times over, twenty zip exports at once, and three such tilesets at once. Throughout,
 * another account's reads answer within a second (p99) and /healthz answers 200; a refused recolour answers within a
 * second without reading the bytes (the process does not grow); and within 20 s of the last burst the process is back
 * within 1.5× its memory at rest (contract section 12).
 */
const origin = "http://localhost:3000";
const json = { "content-type": "application/json" };
// 300 credits each; a recolour costs 100 × 13 megapixels begun here, more than any balance: always refused
const env = {
  PUBLIC_ORIGIN: origin,
  SIGNUP_CREDITS: "300",
  RECOLOR_CREDITS: "100",
  RATE_LIMIT_GENERATE_PER_MINUTE: "1000",
  // the largest tileset is well over an inline answer's bytes; ten of them well over a GraphQL answer's
  INLINE_B64_MAX_BYTES: String(2 ** 20),
  GRAPHQL_MAX_RESPONSE_MB: "8",
};
const tileset = { prompt: "grass", agentId: "texture", width: 512, height: 512, tileset: { layout: "blob-47", terrains: ["grass", "dirt"] }, seed: 7 };

let front: SignedInServer;
let base: URL;
let other: string;

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) * 1024;
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

async function signUp(name: string): Promise<{ cookie: string; key: string }> {
  const up = await rawCall(
    base,
    "POST",
    "/api/auth/sign-up",
    { ...json, origin },
    JSON.stringify({ email: `${name}-${Date.now()}@example.com`, password: "large assets 1234" }),
  );
  expect(up.status).toBe(201);
  const cookie = String(up.headers["set-cookie"]![0]!.split(";")[0]);
  const created = await rawCall(base, "POST", "/api/keys", { ...json, origin, cookie }, JSON.stringify({ name }));
  return { cookie, key: (created.json() as { secret: string }).secret };
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** A download hashed as it arrives (this process must not spend its own time on the bytes: it also measures the probes). */
const downloadHash = (path: string, headers: Record<string, string>) =>
  new Promise<{ status: number; sha256: string }>((resolve, reject) => {
    get(new URL(path, base), { headers }, (res) => {
      const hash = createHash("sha256");
      res.on("data", (chunk: Buffer) => hash.update(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, sha256: hash.digest("hex") }));
      res.on("error", reject);
    }).on("error", reject);
  });

/**
 * While `work` runs (and `tailMs` after), another account reads its balance every 25 ms and /healthz every 250 ms:
 * their latencies, the statuses seen, and the process's peak RSS.
 */
async function watch<T>(work: Promise<T>, tailMs = 200): Promise<{ result: T; p99: number; probes: number; health: number[]; rssPeak: number }> {
  const pid = front.server.child.pid!;
  let done = false;
  const result = work.finally(() => setTimeout(() => (done = true), tailMs));
  const latencies: number[] = [];
  const health: number[] = [];
  let rssPeak = rssOf(pid);
  const reads = (async () => {
    while (!done) {
      const started = performance.now();
      const answer = await rawCall(base, "GET", "/api/v1/credits", bearer(other));
      expect(answer.status).toBe(200);
      latencies.push(performance.now() - started);
      rssPeak = Math.max(rssPeak, rssOf(pid));
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const checks = (async () => {
    while (!done) {
      health.push((await rawCall(base, "GET", "/healthz")).status);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const value = await result;
  await Promise.all([reads, checks]);
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return { result: value, p99, probes: latencies.length, health, rssPeak };
}

describe("large assets", () => {
  let owner: { cookie: string; key: string };
  let assetId: string;
  let rest: number;

  beforeAll(async () => {
    front = await startSignedInServer(env, "large-assets");
    base = front.base;
    other = (await signUp("other")).key;
    owner = { cookie: front.cookie, key: front.key };
    // warm up: a drawing thread started, a small tileset drawn and exported; then the memory at rest
    const small = await rawCall(base, "POST", "/api/v1/generate", { ...json, ...bearer(other) }, JSON.stringify({ ...tileset, width: 64, height: 64 }));
    expect(small.status).toBe(200);
    await new Promise((r) => setTimeout(r, 2_000));
    rest = rssOf(front.server.child.pid!);
  }, 120_000);
  afterAll(() => front?.close());

  it("the largest tileset is priced by its pixels and made without holding up another account or /healthz", { timeout: 180_000 }, async () => {
    const estimate = await rawCall(base, "POST", "/api/v1/generate", { ...json, ...bearer(owner.key) }, JSON.stringify({ ...tileset, dryRun: true }));
    expect(estimate.json()).toMatchObject({ width: 512, height: 512, credits: { price: 2 * 13 } });
    const seen = await watch(rawCall(base, "POST", "/api/v1/generate", { ...json, ...bearer(owner.key) }, JSON.stringify(tileset)));
    const made = seen.result;
    expect(made.status, made.text.slice(0, 300)).toBe(200);
    const generation = made.json() as { credits: { charged: number }; assets: { id: string; width: number; bytes: number; url: string; b64?: string }[] };
    assetId = generation.assets[0]!.id;
    expect(generation.credits.charged).toBe(26);
    expect(generation.assets[0]).toMatchObject({ width: 3584 });
    expect(generation.assets[0]!.bytes).toBeGreaterThan(2 ** 20);
    expect(generation.assets[0]!.b64).toBeUndefined(); // over INLINE_B64_MAX_BYTES: fetched from url, streamed
    const fetched = await rawCall(base, "GET", new URL(generation.assets[0]!.url, base).pathname, bearer(owner.key));
    expect(fetched.status).toBe(200);
    expect(Number(fetched.headers["content-length"])).toBe(generation.assets[0]!.bytes);
    console.info(`3584² tileset: other account p99 ${Math.round(seen.p99)} ms over ${seen.probes} reads; RSS ${mb(rest)} → peak ${mb(seen.rssPeak)} MB`);
    expect(seen.health.every((status) => status === 200)).toBe(true);
    expect(seen.p99).toBeLessThan(1_000);
  });

  it("twenty recolours from an account that cannot pay answer 402 within a second, without reading the bytes", { timeout: 60_000 }, async () => {
    const before = rssOf(front.server.child.pid!);
    const started = performance.now();
    const seen = await watch(
      Promise.all(
        Array.from({ length: 20 }, () =>
          rawCall(base, "POST", `/api/v1/assets/${assetId}/recolor`, { ...json, ...bearer(owner.key) }, JSON.stringify({ palette: "pico-8" })),
        ),
      ),
    );
    const elapsed = performance.now() - started;
    for (const answer of seen.result) expect(answer.error()).toMatchObject({ code: "insufficient_credits" });
    expect(seen.result.map((a) => a.status)).toEqual(Array(20).fill(402));
    console.info(`20 refused recolours: ${Math.round(elapsed)} ms; RSS ${mb(before)} → peak ${mb(seen.rssPeak)} MB`);
    expect(elapsed).toBeLessThan(1_000 + seen.p99);
    // one read of the asset's bytes is 36 MB; twenty would be 700 MB
    expect(seen.rssPeak - before).toBeLessThan(100 * 2 ** 20);
    expect(seen.health.every((status) => status === 200)).toBe(true);
  });

  it("GraphQL refuses a query that could answer the bytes many times over, before it runs", async () => {
    const aliases = Array.from({ length: 10 }, (_, i) => `a${i}: generation(id: $id) { assets { b64 } }`).join(" ");
    const started = performance.now();
    const answer = await rawCall(
      base,
      "POST",
      "/graphql",
      { ...json, ...bearer(owner.key) },
      JSON.stringify({ query: `query ($id: ID!) { ${aliases} }`, variables: { id: "gen_x" } }),
    );
    // GraphQL over HTTP: the refusal is the answer's error, with nothing run (data null)
    const body = answer.json() as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions?.code).toBe("query_too_large");
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("twenty zip exports at once are the same bytes, and another account and /healthz never wait", { timeout: 120_000 }, async () => {
    const seen = await watch(Promise.all(Array.from({ length: 20 }, () => downloadHash(`/api/v1/assets/${assetId}/export/zip`, bearer(owner.key)))));
    const hashes = new Set(seen.result.map((a) => (expect(a.status).toBe(200), a.sha256)));
    expect(hashes.size).toBe(1);
    console.info(`20 zip exports: other account p99 ${Math.round(seen.p99)} ms; RSS peak ${mb(seen.rssPeak)} MB`);
    expect(seen.health.every((status) => status === 200)).toBe(true);
    expect(seen.p99).toBeLessThan(1_000);
    // the Godot TileSet never reads the picture: small and quick
    const started = performance.now();
    const godot = await rawCall(base, "GET", `/api/v1/assets/${assetId}/export/godot`, bearer(owner.key));
    expect(godot.status).toBe(200);
    expect(godot.text.length).toBeLessThan(100_000);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("three of the largest tilesets at once queue within the memory budget (one fits at a time): another account and /healthz keep answering", {
    timeout: 300_000,
  }, async () => {
    const rich = await signUp("rich");
    const calls = Array.from({ length: 3 }, (_, i) =>
      rawCall(base, "POST", "/api/v1/generate", { ...json, ...bearer(rich.key), prefer: "respond-async" }, JSON.stringify({ ...tileset, seed: 100 + i })),
    );
    const seen = await watch(
      (async () => {
        const accepted = await Promise.all(calls);
        for (const a of accepted) expect(a.status).toBe(202);
        const ids = accepted.map((a) => (a.json() as { id: string }).id);
        // until every one has ended
        for (;;) {
          const states = await Promise.all(
            ids.map(async (id) => ((await rawCall(base, "GET", `/api/v1/generations/${id}`, bearer(rich.key))).json() as { status: string }).status),
          );
          if (states.every((s) => s !== "queued" && s !== "running")) return states;
          await new Promise((r) => setTimeout(r, 500));
        }
      })(),
    );
    expect(seen.result).toEqual(Array(3).fill("succeeded"));
    console.info(`3 tilesets at once: other account p99 ${Math.round(seen.p99)} ms over ${seen.probes} reads; RSS ${mb(rest)} → peak ${mb(seen.rssPeak)} MB`);
    expect(seen.health.every((status) => status === 200)).toBe(true);
    expect(seen.p99).toBeLessThan(1_000);
  });

  it("memory comes back: within 20 s of the last burst, within 1.5× of its rest", { timeout: 60_000 }, async () => {
    // read every 250 ms until it is back (the contract's bound is 20 s): a process that gives memory back sooner ends it sooner
    const started = performance.now();
    let now = rssOf(front.server.child.pid!);
    while (now > rest * 1.5 && performance.now() - started < 20_000) {
      await new Promise((r) => setTimeout(r, 250));
      now = rssOf(front.server.child.pid!);
    }
    console.info(`memory: rest ${mb(rest)} MB, ${Math.round(performance.now() - started)} ms after the bursts ${mb(now)} MB`);
    expect(now).toBeLessThanOrEqual(rest * 1.5);
  });
});
