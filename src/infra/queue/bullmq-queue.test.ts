import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DependencyUnavailableError } from "../dependency.js";
import { deleteRedisKeys, describeWithRedis, rejection, startRedisProxy, unreachableRedisUrl, type RedisProxy } from "../../../test/support/redis.js";
import { createBullMqQueue, type BullMqQueueOptions } from "./bullmq-queue.js";
import { RetryJob, type JobQueue } from "./queue.js";
import { describeJobQueueContract } from "../../../test/support/contracts/queue.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
    await sleep(20);
  }
}
const genId = () => `gen_${randomUUID().replaceAll("-", "")}`;
const as = { accountId: "acc_test" };

describe("bullmq job queue without Redis", () => {
  const opened: JobQueue[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((q) => q.close(0)));
  });

  it("fails an enqueue fast with DependencyUnavailableError (redis), and ping() is false fast", async () => {
    const queue = createBullMqQueue({ url: await unreachableRedisUrl(), prefix: "unreachable", queueName: "q", concurrency: 1 });
    opened.push(queue);
    const started = Date.now();
    const pinged = queue.ping().then((up) => ({ up, ms: Date.now() - started }));
    const { error, ms } = await rejection(queue.enqueue(genId(), as));
    expect(error).toBeInstanceOf(DependencyUnavailableError);
    expect((error as DependencyUnavailableError).dependency).toBe("redis");
    expect(ms).toBeLessThan(2_500);
    const ping = await pinged;
    expect(ping.up).toBe(false);
    expect(ping.ms).toBeLessThan(1_500);
  });
});

describeWithRedis("bullmq job queue", (url) => {
  const prefix = `test-bullmq-${randomUUID()}`; // BullMQ keys: `${prefix}:${queueName}:…`
  let admin: Redis;
  beforeAll(() => {
    admin = new Redis(url);
  });
  afterAll(async () => {
    await deleteRedisKeys(admin, `${prefix}:*`);
    await admin.quit();
  });

  describe("contract", () => {
    let queueName = "";
    beforeEach(() => {
      queueName = `q${randomUUID()}`; // a fresh queue per test: nothing left over from another
    });
    describeJobQueueContract("bullmq", ({ concurrency }) => createBullMqQueue({ url, prefix, queueName, concurrency }));
  });

  describe("bullmq specifics", () => {
    const opened: JobQueue[] = [];
    const proxies: RedisProxy[] = [];
    /** A queue instance, as one process would have; each test gets its own queue name. */
    const open = (queueName: string, options: Partial<BullMqQueueOptions> = {}) => {
      const queue = createBullMqQueue({ url, prefix, queueName, concurrency: 1, backoffMs: 50, ...options });
      opened.push(queue);
      return queue;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((q) => q.close(0)));
      await Promise.all(proxies.splice(0).map((p) => p.down()));
    });

    it("knows whether any process takes jobs: a worker's heartbeat, stale after staleMs, gone at once when it closes", async () => {
      const name = `q${randomUUID()}`;
      const heartbeat = { beatMs: 100, staleMs: 400 };
      const api = open(name, { heartbeat }); // only enqueues
      expect(await api.consumers!()).toEqual({ alive: false, sinceLastMs: null, waiting: 0 });
      await api.enqueue(genId(), as);
      await api.enqueue(genId(), { accountId: "acc_other" });
      await sleep(1_100); // past the cached answer
      expect(await api.consumers!()).toMatchObject({ alive: false, sinceLastMs: null, waiting: 2 });
      // A worker that died without leaving (SIGKILL) stops reporting: stale once its last report is older than staleMs.
      await admin.zadd(`${prefix}:${name}:consumers`, Date.now() - 1_000, "killed-worker");
      await sleep(1_100);
      const stale = await api.consumers!();
      expect(stale.alive).toBe(false);
      expect(stale.sinceLastMs!).toBeGreaterThan(heartbeat.staleMs);
      await admin.zrem(`${prefix}:${name}:consumers`, "killed-worker");

      const worker = open(name, { heartbeat });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      worker.start(() => held); // takes one job and holds it
      await until(async () => (await api.consumers!()).alive);
      expect(await api.consumers!()).toMatchObject({ alive: true, waiting: 1 });

      await sleep(1_100);
      const fresh = await api.consumers!();
      expect(fresh.sinceLastMs!).toBeLessThanOrEqual(heartbeat.staleMs); // it keeps reporting
      release();
      await worker.close(1_000);
      await sleep(1_100);
      expect(await api.consumers!()).toMatchObject({ alive: false, sinceLastMs: null }); // left at once, not after staleMs
    });

    it("runs jobs enqueued by another process, at most `concurrency` at once; pending() counts this process's running jobs", async () => {
      const name = `q${randomUUID()}`;
      const api = open(name); // only enqueues: never started
      const worker = open(name, { concurrency: 2 });
      const ids = Array.from({ length: 6 }, genId);
      for (const id of ids) await api.enqueue(id, as);
      expect(api.pending()).toBe(0); // the jobs wait in Redis, not in this process

      const done: string[] = [];
      let running = 0;
      let maxRunning = 0;
      let maxPending = 0;
      worker.start(async ({ generationId }) => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        maxPending = Math.max(maxPending, worker.pending());
        await sleep(100);
        running--;
        done.push(generationId);
      });
      await until(() => done.length === ids.length);
      expect([...done].sort()).toEqual([...ids].sort());
      expect(maxRunning).toBe(2);
      expect(maxPending).toBe(2);
      expect(api.pending()).toBe(0);
      await until(() => worker.pending() === 0);
    });

    it("runs a generation enqueued twice once (the job id is the generation id)", async () => {
      const name = `q${randomUUID()}`;
      const api = open(name);
      const id = genId();
      const sentinel = genId();
      await api.enqueue(id, as);
      await api.enqueue(id, as);
      await api.enqueue(sentinel, as);
      const runs: string[] = [];
      const worker = open(name, { concurrency: 1 });
      worker.start(async ({ generationId }) => {
        runs.push(generationId);
      });
      // One at a time, first in first out: a second run of `id` would come before the sentinel.
      await until(() => runs.includes(sentinel));
      expect(runs).toEqual([id, sentinel]);
    });

    it("runs again a generation enqueued after its job finished", async () => {
      const name = `q${randomUUID()}`;
      const queue = open(name);
      const id = genId();
      const runs: number[] = [];
      queue.start(async ({ attempt }) => {
        runs.push(attempt);
      });
      await queue.enqueue(id, as);
      await until(() => runs.length === 1);
      await until(async () => (await admin.zscore(`${prefix}:${name}:completed`, id)) !== null);
      await queue.enqueue(id, as);
      await until(() => runs.length === 2);
      expect(runs).toEqual([1, 1]);
    });

    it("retries a handler that throws (attempts, backoff), with the same Job attempt", async () => {
      const name = `q${randomUUID()}`;
      const queue = open(name, { attempts: 3, backoffMs: 100 });
      const id = genId();
      const calls: { at: number; attempt: number }[] = [];
      let succeeded = false;
      queue.start(async ({ attempt }) => {
        calls.push({ at: Date.now(), attempt });
        if (calls.length === 1) throw new Error("transient");
        succeeded = true;
      });
      await queue.enqueue(id, as);
      await until(() => succeeded);
      expect(calls).toHaveLength(2);
      expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(90); // the backoff
      // A crash retry is BullMQ's business: the Job's attempt counts RetryJob only.
      expect(calls.map((c) => c.attempt)).toEqual([1, 1]);
      await until(async () => (await admin.zscore(`${prefix}:${name}:completed`, id)) !== null);
      expect(await admin.hget(`${prefix}:${name}:${id}`, "atm")).toBe("2"); // BullMQ's attemptsMade
    });

    it("gives up after `attempts` runs", async () => {
      const name = `q${randomUUID()}`;
      const queue = open(name, { attempts: 2, backoffMs: 20 });
      const id = genId();
      let calls = 0;
      queue.start(async () => {
        calls++;
        throw new Error("always");
      });
      await queue.enqueue(id, as);
      await until(() => calls === 2);
      await until(async () => (await admin.zscore(`${prefix}:${name}:failed`, id)) !== null);
      await sleep(200);
      expect(calls).toBe(2);
    });

    it("redelivers to another worker the job of a worker that died mid-job", async () => {
      const name = `q${randomUUID()}`;
      const fast = { lockDurationMs: 1_000, stalledIntervalMs: 300 };
      const api = open(name);
      const id = genId();
      await api.enqueue(id, as);

      let release: () => void = () => {};
      const first = open(name, fast);
      let firstStarted = false;
      first.start(
        () =>
          new Promise<void>((resolve) => {
            firstStarted = true;
            release = resolve; // hangs until the end of the test
          }),
      );
      await until(() => firstStarted);
      expect(first.pending()).toBe(1);

      // Shuts down with a 200 ms budget the job overruns: then it stops renewing the lock and drops
      // its connections, leaving the job behind as a dead worker would.
      const closeStarted = Date.now();
      await first.close(200);
      expect(Date.now() - closeStarted).toBeGreaterThanOrEqual(190);
      expect(Date.now() - closeStarted).toBeLessThan(2_000);

      const second = open(name, fast);
      const runs: string[] = [];
      const recoveryStarted = Date.now();
      second.start(async ({ generationId }) => {
        runs.push(generationId);
      });
      await until(() => runs.length === 1, 15_000);
      expect(runs).toEqual([id]);
      expect(Date.now() - recoveryStarted).toBeLessThan(10_000);
      release(); // the dead worker's handler ends: it must not mark anything (its connections are closed)
      await sleep(100);
      expect(runs).toEqual([id]);
    });

    it("redelivers the job of a worker process killed with SIGKILL", async () => {
      const name = `q${randomUUID()}`;
      const id = genId();
      const fast = { lockDurationMs: 1_000, stalledIntervalMs: 300 };
      // A real worker process: takes the job, says so, then hangs until it is killed.
      const module = fileURLToPath(new URL("./bullmq-queue.ts", import.meta.url));
      const code = `
        const { createBullMqQueue } = await import(${JSON.stringify(module)});
        const queue = createBullMqQueue(${JSON.stringify({ url, prefix, queueName: name, concurrency: 1, ...fast })});
        queue.start(({ generationId }) => { process.stdout.write("started " + generationId + "\\n"); return new Promise(() => {}); });
      `;
      const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { stdio: ["ignore", "pipe", "inherit"] });
      const exited = new Promise((resolve) => child.once("exit", resolve));
      try {
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
        await open(name).enqueue(id, as);
        await until(() => output.includes(`started ${id}`), 15_000);
        child.kill("SIGKILL");
        await exited;

        const runs: string[] = [];
        const recoveryStarted = Date.now();
        open(name, fast).start(async ({ generationId }) => {
          runs.push(generationId);
        });
        await until(() => runs.length === 1, 15_000);
        expect(runs).toEqual([id]);
        expect(Date.now() - recoveryStarted).toBeLessThan(10_000);
      } finally {
        child.kill("SIGKILL");
      }
    });

    it("close() waits for running jobs, refuses enqueues, and leaves waiting jobs to the next worker", async () => {
      const name = `q${randomUUID()}`;
      const api = open(name);
      const worker = open(name);
      const slow = genId();
      const later = genId();
      const runs: string[] = [];
      worker.start(async ({ generationId }) => {
        await sleep(300);
        runs.push(generationId);
      });
      await api.enqueue(slow, as);
      await until(() => worker.pending() === 1);
      await api.enqueue(later, as);
      const started = Date.now();
      await Promise.all([worker.close(5_000), worker.close(5_000)]);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(runs).toEqual([slow]);
      expect(worker.pending()).toBe(0);
      const refused = await rejection(worker.enqueue(genId(), as));
      expect(refused.error).toBeInstanceOf(DependencyUnavailableError);
      // The finished job was marked completed; the other one waits for the next worker.
      expect(await admin.zscore(`${prefix}:${name}:completed`, slow)).not.toBeNull();
      const next = open(name);
      const nextRuns: string[] = [];
      next.start(async ({ generationId }) => {
        nextRuns.push(generationId);
      });
      await until(() => nextRuns.length === 1);
      expect(nextRuns).toEqual([later]);
    });

    it("keeps RetryJob's attempt in Redis: a job retried by one worker runs as attempt 2 on another", async () => {
      const name = `q${randomUUID()}`;
      const first = open(name);
      const id = genId();
      let firstRuns = 0;
      first.start(async () => {
        firstRuns++;
        throw new RetryJob(300);
      });
      await first.enqueue(id, as);
      await until(() => firstRuns === 1);
      await first.close(1_000); // the job waits, delayed, in Redis
      const second = open(name);
      const attempts: number[] = [];
      second.start(async ({ attempt }) => {
        attempts.push(attempt);
      });
      await until(() => attempts.length === 1);
      expect(attempts).toEqual([2]);
    });

    it("shares the fair turns between every process: jobs enqueued by two API processes interleave by account", async () => {
      const name = `q${randomUUID()}`;
      const [api1, api2] = [open(name), open(name)];
      const ids = new Map<string, string>();
      for (let i = 1; i <= 4; i++) {
        const id = genId();
        ids.set(id, `a${i}`);
        await api1.enqueue(id, { accountId: "acc_a" });
      }
      for (let i = 1; i <= 4; i++) {
        const id = genId();
        ids.set(id, `b${i}`);
        await api2.enqueue(id, { accountId: "acc_b" });
      }
      const order: string[] = [];
      open(name).start(async ({ generationId }) => {
        order.push(ids.get(generationId)!);
      });
      await until(() => order.length === 8);
      expect(order).toEqual(["a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4"]);
    });

    it("keeps priorities small by rebasing them as turns go by, without changing the order", async () => {
      const name = `q${randomUUID()}`;
      const queue = open(name, { rebaseAbove: 4 }); // instead of 2^20: a rebase every few turns
      const names = new Map<string, string>();
      const job = async (label: string, account: string) => {
        const id = genId();
        names.set(id, label);
        await queue.enqueue(id, { accountId: account });
      };
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      queue.start(async ({ generationId }) => {
        const label = names.get(generationId)!;
        order.push(label);
        if (label === "blocker") await held;
        if (label === "a4") await job("d1", "acc_d"); // turn 16 while turn 15 is served: a rebase
      });
      for (let i = 1; i <= 10; i++) await job(`x${i}`, "acc_x"); // turns 1…10
      await until(() => order.length === 10);
      await job("blocker", "acc_y"); // turn 11 (a rebase: priorities now count from turn 10)
      await until(() => order.length === 11);
      for (let i = 1; i <= 6; i++) await job(`a${i}`, "acc_a"); // turns 12…17
      for (let i = 1; i <= 6; i++) await job(`b${i}`, "acc_b");
      for (let i = 1; i <= 3; i++) await job(`c${i}`, "acc_c");
      release();
      await until(() => order.length === 27);
      expect(order.slice(11)).toEqual(["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3", "a4", "b4", "a5", "b5", "d1", "a6", "b6"]);
      // Rebased twice: the last time while turn 15 was served, which became priority 1.
      expect(await admin.hget(`${prefix}:${name}:fair:clock`, "base")).toBe("14");
      expect(Number(await admin.hget(`${prefix}:${name}:fair:clock`, "serving"))).toBe(17);
    });

    it("enqueues nothing of a failed enqueue once Redis comes back (the producer has no offline queue)", async () => {
      const proxy = await startRedisProxy(url, { listening: false });
      proxies.push(proxy);
      const name = `q${randomUUID()}`;
      const queue = createBullMqQueue({ url: proxy.url, prefix, queueName: name, concurrency: 1 });
      opened.push(queue);
      const lost = genId();
      const { error, ms } = await rejection(queue.enqueue(lost, as));
      expect(error).toBeInstanceOf(DependencyUnavailableError);
      expect((error as DependencyUnavailableError).dependency).toBe("redis");
      expect(ms).toBeLessThan(2_500);

      await proxy.up();
      await until(() => queue.ping(), 10_000); // the producer reconnected
      const kept = genId();
      await queue.enqueue(kept, as); // works again
      await sleep(200); // anything of the failed enqueue still in flight would land meanwhile
      expect(await admin.exists(`${prefix}:${name}:${kept}`)).toBe(1);
      expect(await admin.exists(`${prefix}:${name}:${lost}`)).toBe(0);
      expect(await admin.zrange(`${prefix}:${name}:prioritized`, 0, -1)).toEqual([kept]);
    });
  });
});
