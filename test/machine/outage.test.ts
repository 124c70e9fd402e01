import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/harness.js";
import { expectBalancedLedger, generateWithKey } from "../support/generation.js";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy.js";
import { bearer, createKey, errorOf, json, signUp } from "../support/users.js";
import { describeNeeding, describeOn, program } from "../support/needs.js";

/**
 * Dependencies going away mid-flight. Redis: a real redis-server of this test's own, stopped and
 * started again (its data gone, as after a crash). PostgreSQL: reached through a TCP proxy the test
 * cuts. A call answered with an error must leave no charge and nothing to run later; a retry with
 * the same Idempotency-Key once the dependency is back makes exactly one generation.
 */
const redisServer = program("redis-server", "apt-get install redis-server");

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(true)); // the port is taken: redis is listening
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(false)));
    });
    if (ok) return child;
    await sleep(50);
  }
  throw new Error("redis-server did not start");
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

async function until(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await sleep(100);
  }
}

const body = { prompt: "blue slime", agentId: "pixel-sprite", width: 16, height: 16, seed: 3 };

describeNeeding(redisServer, "Redis goes away", () => {
  it("submit answers 503 within 5 s with Retry-After, charges nothing, runs nothing after Redis returns; the same key then makes one generation", async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    cleanups.push(() => stop(redis));
    const t: TestApp = await startTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: `o${randomBytes(4).toString("hex")}` });
    cleanups.push(() => t.close());
    const user = await signUp(t);
    const { secret } = await createKey(t, user);
    expect((await generateWithKey(t, secret, body)).status).toBe(200);
    const balance = await expectBalancedLedger(t, user.accountId);
    const generations = () => t.db.prisma.generation.count({ where: { accountId: user.accountId } });
    expect(await generations()).toBe(1);

    await stop(redis);
    const started = Date.now();
    const refused = await generateWithKey(t, secret, body, { "idempotency-key": "outage-1" });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await errorOf(refused)).toMatchObject({ status: 503, code: "service_unavailable" });
    // GraphQL's generate, the same use-case: the same answer.
    const viaGraphql = await t.request(
      "/graphql",
      json({ query: 'mutation { generate(input: {prompt: "slime", width: 16}, idempotencyKey: "outage-2") { id } }' }, bearer(secret)),
    );
    const graphqlBody = (await viaGraphql.json()) as { errors: { extensions: { code: string; requestId: string } }[] };
    expect(graphqlBody.errors[0]!.extensions).toMatchObject({ code: "service_unavailable", requestId: expect.stringMatching(/^req_/) });
    const health = await t.request("/healthz");
    expect(health.status).toBe(503);
    expect(((await health.json()) as { error: { details: { checks: Record<string, string> } } }).error.details.checks).toEqual({
      database: "up",
      blobs: "up",
      redis: "down",
    });
    // Nothing charged, no generation, no idempotency record left behind.
    expect(await expectBalancedLedger(t, user.accountId)).toBe(balance);
    expect(await generations()).toBe(1);
    expect(await t.db.prisma.idempotencyRecord.count({ where: { accountId: user.accountId } })).toBe(0);

    redis = await startRedis(port);
    await until(async () => (await t.request("/healthz")).status === 200);
    await sleep(1_500); // anything left to run would run now
    expect(await generations()).toBe(1);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(balance);

    const retried = await generateWithKey(t, secret, body, { "idempotency-key": "outage-1" });
    expect(retried.status).toBe(200);
    const again = await generateWithKey(t, secret, body, { "idempotency-key": "outage-1" });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(await retried.text());
    expect(await generations()).toBe(2);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(balance - 1);
  });
});

describeOn("postgres", "PostgreSQL goes away", () => {
  it("answers 503 service_unavailable within 5 s (submit, reads, health), changes nothing, and recovers", async () => {
    let proxy: TcpProxy | undefined;
    const t = await startTestApp(
      {},
      {
        // The app reaches its database through a proxy in front of the real server.
        rewriteDatabaseUrl: async (url) => {
          const real = new URL(url);
          proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
          real.host = `127.0.0.1:${proxy.port}`;
          return real.toString();
        },
      },
    );
    cleanups.push(
      () => proxy?.close(),
      () => t.close(),
    );
    const user = await signUp(t);
    const { secret } = await createKey(t, user);
    const balance = await expectBalancedLedger(t, user.accountId);

    proxy!.cut();
    for (const request of [
      () => generateWithKey(t, secret, body, { "idempotency-key": "db-down" }),
      () => t.request("/api/v1/credits", { headers: bearer(secret) }),
    ]) {
      const started = Date.now();
      const response = await request();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await errorOf(response)).toMatchObject({ status: 503, code: "service_unavailable" });
      expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    }
    const health = await t.request("/healthz");
    expect(health.status).toBe(503);
    expect(((await health.json()) as { error: { details: { checks: Record<string, string> } } }).error.details.checks).toEqual({
      database: "down",
      blobs: "up",
    });

    proxy!.restore();
    await until(async () => (await t.request("/healthz")).status === 200);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(balance);
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(0);
    expect((await generateWithKey(t, secret, body, { "idempotency-key": "db-down" })).status).toBe(200);
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(1);
  });
});
