import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { openAiReplies, startOpenAiImagesDouble } from "../doubles/openai-images.js";
import { createEmptyPostgresDatabase } from "../support/harness.js";
import { testImagesKey, testImagesKeyEnv, writeModelCatalog } from "../support/model-agents.js";
import { startServer, type ServerProcess } from "../support/process.js";
import { describeOn } from "../support/needs.js";
import { redisNeed, redisTestUrl } from "../support/redis.js";

/**
 * Two API processes and a worker on the local PostgreSQL and Redis: the generation is accepted by
 * API 1, run by the worker (API processes run no jobs when Redis is configured), and streamed by
 * API 2. A worker killed with SIGKILL mid-job: a new worker finishes the job, charged once.
 */
const children: ServerProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of children) c.child.kill("SIGKILL");
  await Promise.all(children.map((c) => c.exited));
  for (const cleanup of cleanups) await cleanup();
});

interface Generation {
  id: string;
  status: string;
  credits: { charged: number; refunded: number };
}

describeOn(
  "postgres",
  "several processes: PostgreSQL + Redis",
  () => {
    it("accepts on API 1, runs on the worker, streams on API 2 in order; survives a worker SIGKILL with one charge", async () => {
      // A model agent whose first call hangs: the worker is certainly in the middle of it when it is killed.
      const double = await startOpenAiImagesDouble({ apiKey: testImagesKey });
      const dir = await mkdtemp(join(tmpdir(), "ags-dist-"));
      cleanups.push(
        () => double.close(),
        () => rm(dir, { recursive: true, force: true }),
      );
      const env = {
        AGENTS_FILE: await writeModelCatalog(dir, double.url, { timeoutMs: 60_000, maxRetries: 0 }),
        [testImagesKeyEnv]: testImagesKey,
        DATABASE_URL: await createEmptyPostgresDatabase(),
        REDIS_URL: redisTestUrl()!,
        REDIS_PREFIX: `t${randomBytes(4).toString("hex")}`,
        PUBLIC_ORIGIN: "http://localhost:3000",
        WORKER_CONCURRENCY: "1",
      };
      const start = async (entry = "src/main.ts") => {
        const p = await startServer(env, 60_000, entry);
        children.push(p);
        return p;
      };
      const [api1, api2] = await Promise.all([start(), start()]);
      let worker = await start("src/worker.ts");

      const headers = { origin: "http://localhost:3000", "content-type": "application/json" };
      const signUp = await fetch(`${api1.url}/api/auth/sign-up`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email: "scale@example.com", password: "long enough" }),
      });
      const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
      const { secret } = (await (await fetch(`${api1.url}/api/keys`, { method: "POST", headers: { ...headers, cookie }, body: '{"name":"k"}' })).json()) as {
        secret: string;
      };
      const auth = { authorization: `Bearer ${secret}` };
      const submit = async (prompt: string, agentId = "texture") => {
        const r = await fetch(`${api1.url}/api/v1/generate`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json", prefer: "respond-async" },
          body: JSON.stringify(agentId === "texture" ? { prompt, agentId, width: 512, height: 512 } : { prompt, agentId }),
        });
        expect(r.status).toBe(202);
        return ((await r.json()) as Generation).id;
      };

      // 1. Accepted on API 1, executed by the worker, streamed on API 2 (read until the stream ends, 30 s at most).
      const first = await submit("mossy stone brick");
      const stream = await fetch(`${api2.url}/api/v1/generations/${first}/events`, { headers: auth, signal: AbortSignal.timeout(30_000) });
      const got = await stream.text();
      const events = got
        .split("\n\n")
        .filter((b) => b.includes("event: "))
        .map((b) => ({ event: /event: (.*)/.exec(b)![1]!, id: Number(/id: (\d+)/.exec(b)?.[1]) }));
      expect(events[0]!.event).toBe("generation.queued");
      expect(events.at(-1)!.event).toBe("generation.completed");
      expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));

      // 2. Kill the worker in the middle of a model call; a new worker takes the orphan over and
      //    finishes everything, charging each generation once.
      double.next(openAiReplies.hang(), openAiReplies.success());
      const ids = [await submit("a potion", "model"), await submit("lava 2"), await submit("lava 3"), await submit("lava 4")];
      const status = async (id: string) => ((await (await fetch(`${api2.url}/api/v1/generations/${id}`, { headers: auth })).json()) as Generation).status;
      const call = await double.waitForRequest((r) => r.path.endsWith("/images/generations"), 30_000);
      expect(await status(ids[0]!)).toBe("running");
      worker.child.kill("SIGKILL");
      await worker.exited;
      expect(await call.settled).toBe("closed"); // the dead worker's connection went with it
      expect(await status(ids[0]!)).toBe("running");
      worker = await start("src/worker.ts");
      let final: Generation[] = [];
      for (let i = 0; i < 900; i++) {
        final = await Promise.all(ids.map(async (id) => (await (await fetch(`${api2.url}/api/v1/generations/${id}`, { headers: auth })).json()) as Generation));
        if (final.every((g) => g.status === "succeeded" || g.status === "failed")) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(final.map((g) => g.status)).toEqual(["succeeded", "succeeded", "succeeded", "succeeded"]);
      // The orphan was taken over by the redelivered job: its stream says so, and its percent never went back.
      const text = await (await fetch(`${api2.url}/api/v1/generations/${ids[0]}/events`, { headers: auth })).text();
      expect(text).toContain('"stage":"resumed"');
      const percents = [...text.matchAll(/"percent":(\d+)/g)].map((m) => Number(m[1]));
      expect(percents.length).toBeGreaterThan(2);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
      expect(double.generations()).toHaveLength(2); // the killed call, and the one after the takeover
      expect(final.map((g) => [g.credits.charged, g.credits.refunded])).toEqual([
        [3, 0],
        [2, 0],
        [2, 0],
        [2, 0],
      ]);
      const ledger = (await (
        await fetch(`${api1.url}/graphql`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ query: "{ viewer { account { balance ledger(first: 100) { nodes { kind amount } } } } }" }),
        })
      ).json()) as { data: { viewer: { account: { balance: number; ledger: { nodes: { kind: string; amount: number }[] } } } } };
      const account = ledger.data.viewer.account;
      expect(account.ledger.nodes.filter((e) => e.kind === "charge")).toHaveLength(5);
      expect(account.ledger.nodes.filter((e) => e.kind === "refund")).toHaveLength(0);
      expect(account.balance).toBe(100 - 4 * 2 - 3);
      expect(account.ledger.nodes.reduce((s, e) => s + e.amount, 0)).toBe(account.balance);
    }, 180_000);

    it("an API process whose jobs nobody takes: /healthz degraded with why, a one-shot call 503 at once and nothing charged; a worker, and both recover", async () => {
      const env = {
        DATABASE_URL: await createEmptyPostgresDatabase(),
        REDIS_URL: redisTestUrl()!,
        REDIS_PREFIX: `t${randomBytes(4).toString("hex")}`,
        PUBLIC_ORIGIN: "http://localhost:3000",
      };
      const api = await startServer(env);
      children.push(api);
      const headers = { origin: "http://localhost:3000", "content-type": "application/json" };
      const signUp = await fetch(`${api.url}/api/auth/sign-up`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email: "alone@example.com", password: "long enough" }),
      });
      const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
      const { secret } = (await (await fetch(`${api.url}/api/keys`, { method: "POST", headers: { ...headers, cookie }, body: '{"name":"k"}' })).json()) as {
        secret: string;
      };
      const auth = { authorization: `Bearer ${secret}` };
      const health = async () => (await (await fetch(`${api.url}/healthz`)).json()) as { status: string; checks: Record<string, string>; reasons?: string[] };
      const generate = () =>
        fetch(`${api.url}/api/v1/generate`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ prompt: "green slime", agentId: "pixel-sprite" }),
        });
      const balance = async () => ((await (await fetch(`${api.url}/api/v1/credits`, { headers: auth })).json()) as { balance: number }).balance;

      expect(await health()).toMatchObject({
        status: "degraded",
        checks: { database: "up", redis: "up", workers: "none" },
        reasons: [expect.stringContaining("npm run worker")],
      });
      const started = performance.now();
      const refused = await generate();
      expect(performance.now() - started).toBeLessThan(5_000); // not the one-shot call's 60 s wait
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { error: { code: string; details: { dependency: string } } }).error).toMatchObject({
        code: "service_unavailable",
        details: { dependency: "workers" },
      });
      expect(await balance()).toBe(100);

      const worker = await startServer(env, 60_000, "src/worker.ts");
      children.push(worker);
      for (let i = 0; i < 50 && (await health()).status !== "ok"; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await health()).toMatchObject({ status: "ok", checks: { workers: "up" } });
      const served = await generate();
      expect(served.status).toBe(200);
      expect(await balance()).toBe(99);
    }, 120_000);
  },
  redisNeed(),
);
