import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createBullMqQueue, type BullMqQueueOptions } from "./bullmq-queue.js";
import type { JobQueue } from "./queue.js";

const url = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
const prefix = `test-bullmq-${randomUUID()}`; // BullMQ keys: `${prefix}:${queueName}:…`

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
    await sleep(20);
  }
}
const genId = () => `gen_${randomUUID().replaceAll("-", "")}`;

describe("bullmq job queue", () => {
  let admin: Redis;
  const opened: JobQueue[] = [];
  /** A queue instance, as one process would have; each test gets its own queue name. */
  const open = (queueName: string, options: Partial<BullMqQueueOptions> = {}) => {
    const queue = createBullMqQueue({ url, prefix, queueName, concurrency: 1, backoffMs: 50, ...options });
    opened.push(queue);
    return queue;
  };

  beforeAll(() => {
    admin = new Redis(url);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((q) => q.close(0)));
  });
  afterAll(async () => {
    let cursor = "0";
    do {
      const [next, keys] = await admin.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) await admin.del(...keys);
    } while (cursor !== "0");
    await admin.quit();
  });

  it("runs jobs enqueued by another process, at most `concurrency` at once", async () => {
    const name = `q${randomUUID()}`;
    const api = open(name); // only enqueues: never started
    const worker = open(name, { concurrency: 2 });
    const ids = Array.from({ length: 6 }, genId);
    for (const id of ids) await api.enqueue(id);

    const done: string[] = [];
    let running = 0;
    let maxRunning = 0;
    let maxPending = 0;
    worker.start(async (id) => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      maxPending = Math.max(maxPending, worker.pending());
      await sleep(150);
      running--;
      done.push(id);
    });
    await until(() => done.length === ids.length);
    expect([...done].sort()).toEqual([...ids].sort());
    expect(maxRunning).toBe(2);
    expect(maxPending).toBe(2);
    expect(api.pending()).toBe(0);
    await until(() => worker.pending() === 0);
  });

  it("runs a generation enqueued twice once", async () => {
    const name = `q${randomUUID()}`;
    const api = open(name);
    const id = genId();
    const sentinel = genId();
    await api.enqueue(id);
    await api.enqueue(id);
    await api.enqueue(sentinel);
    const runs: string[] = [];
    const worker = open(name, { concurrency: 1 });
    worker.start(async (generationId) => {
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
    const runs: string[] = [];
    queue.start(async (generationId) => {
      runs.push(generationId);
    });
    await queue.enqueue(id);
    await until(() => runs.length === 1);
    await until(async () => (await admin.zscore(`${prefix}:${name}:completed`, id)) !== null);
    await queue.enqueue(id);
    await until(() => runs.length === 2);
  });

  it("retries a handler that throws (attempts, backoff)", async () => {
    const name = `q${randomUUID()}`;
    const queue = open(name, { attempts: 3, backoffMs: 100 });
    const id = genId();
    const calls: number[] = [];
    let succeeded = false;
    queue.start(async () => {
      calls.push(Date.now());
      if (calls.length === 1) throw new Error("transient");
      succeeded = true;
    });
    await queue.enqueue(id);
    await until(() => succeeded);
    expect(calls).toHaveLength(2);
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(90); // the backoff
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
    await queue.enqueue(id);
    await until(() => calls === 2);
    await sleep(500);
    expect(calls).toBe(2);
    expect(await admin.zscore(`${prefix}:${name}:failed`, id)).not.toBeNull();
  });

  it("redelivers to another worker the job of a worker that died mid-job", async () => {
    const name = `q${randomUUID()}`;
    const fast = { lockDurationMs: 1_500, stalledIntervalMs: 500 };
    const api = open(name);
    const id = genId();
    await api.enqueue(id);

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
    second.start(async (generationId) => {
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
    const fast = { lockDurationMs: 1_500, stalledIntervalMs: 500 };
    // A real worker process: takes the job, says so, then hangs until it is killed.
    const module = fileURLToPath(new URL("./bullmq-queue.ts", import.meta.url));
    const code = `
      const { createBullMqQueue } = await import(${JSON.stringify(module)});
      const queue = createBullMqQueue(${JSON.stringify({ url, prefix, queueName: name, concurrency: 1, ...fast })});
      queue.start((id) => { process.stdout.write("started " + id + "\\n"); return new Promise(() => {}); });
    `;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { stdio: ["ignore", "pipe", "inherit"] });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      await open(name).enqueue(id);
      await until(() => output.includes(`started ${id}`), 15_000);
      child.kill("SIGKILL");
      await exited;

      const runs: string[] = [];
      const recoveryStarted = Date.now();
      open(name, fast).start(async (generationId) => {
        runs.push(generationId);
      });
      await until(() => runs.length === 1, 15_000);
      expect(runs).toEqual([id]);
      expect(Date.now() - recoveryStarted).toBeLessThan(10_000);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("close() waits for running jobs (bounded by the timeout) and stops taking new ones", async () => {
    const name = `q${randomUUID()}`;
    const api = open(name);
    const worker = open(name);
    const slow = genId();
    const later = genId();
    const runs: string[] = [];
    worker.start(async (generationId) => {
      await sleep(300);
      runs.push(generationId);
    });
    await api.enqueue(slow);
    await until(() => worker.pending() === 1);
    await api.enqueue(later);
    const started = Date.now();
    await Promise.all([worker.close(5_000), worker.close(5_000)]);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(runs).toEqual([slow]);
    expect(worker.pending()).toBe(0);
    await expect(worker.enqueue(genId())).rejects.toThrow(/closed/);
    // The finished job was marked completed; the other one waits for the next worker.
    expect(await admin.zscore(`${prefix}:${name}:completed`, slow)).not.toBeNull();
    const next = open(name);
    const nextRuns: string[] = [];
    next.start(async (generationId) => {
      nextRuns.push(generationId);
    });
    await until(() => nextRuns.length === 1);
    expect(nextRuns).toEqual([later]);
  });
});
