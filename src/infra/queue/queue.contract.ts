import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { RetryJob, type Job, type JobQueue } from "./queue.js";

/**
 * The behaviour every `JobQueue` implementation owes the service, declared as vitest tests.
 * `open` is called once per "process" on the same queue (in process: a queue of its own); the
 * caller makes each test's queue fresh (e.g. a queue name per test). Every queue a test opens is
 * closed after it (`close(0)`).
 *
 * Deliberately NOT part of the contract, because the two implementations differ:
 * - Deduplication. BullMQ's job id is the generation id, so enqueueing a generation that is
 *   already waiting, delayed or running is a no-op; the in-process queue runs it once per
 *   enqueue. The service does not rely on either: the runner claims a generation in the database
 *   (queued → running) and a second run of a claimed one does nothing. The contract only demands
 *   that it runs (as attempt 1); the BullMQ test asserts the exactly-once.
 * - What `pending()` counts. In process: waiting + delayed (RetryJob) + running jobs, all of
 *   which live in this process. BullMQ: only the jobs this process is running (waiting and
 *   delayed ones are in Redis, for any worker). The contract: every running job is counted, and
 *   it is 0 when this process has nothing left to do.
 * - `enqueue` after `close`: the in-process queue ignores it (the generation stays queued in the
 *   database for the next start), BullMQ rejects with DependencyUnavailableError. Either way the
 *   closed queue runs nothing more.
 */
export function describeJobQueueContract(name: string, open: (options: { concurrency: number }) => JobQueue): void {
  describe(`JobQueue contract: ${name}`, () => {
    const opened: JobQueue[] = [];
    const openQueue = (concurrency: number) => {
      const queue = open({ concurrency });
      opened.push(queue);
      return queue;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((queue) => queue.close(0)));
    });

    it("runs every enqueued job once, at most `concurrency` at once, counting running jobs in pending()", async () => {
      const queue = openQueue(2);
      const ids = Array.from({ length: 6 }, generationId);
      for (const id of ids) await queue.enqueue(id);
      const runs: string[] = [];
      let running = 0;
      let maxRunning = 0;
      let pendingBelowRunning = false;
      queue.start(async ({ generationId }) => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        if (queue.pending() < running) pendingBelowRunning = true;
        await sleep(80);
        if (queue.pending() < running) pendingBelowRunning = true;
        running--;
        runs.push(generationId);
      });
      await until(() => runs.length >= ids.length);
      await until(() => queue.pending() === 0);
      await sleep(100); // a duplicate run would show up now
      expect([...runs].sort()).toEqual([...ids].sort());
      expect(maxRunning).toBe(2);
      expect(pendingBelowRunning).toBe(false);
    });

    it("runs a job enqueued after start, with attempt 1 and enqueuedAt the time of enqueueing", async () => {
      const queue = openQueue(1);
      const jobs: Job[] = [];
      queue.start(async (job) => {
        jobs.push(job);
      });
      const id = generationId();
      const before = Date.now();
      await queue.enqueue(id);
      const after = Date.now();
      await until(() => jobs.length >= 1);
      expect(jobs).toEqual([{ generationId: id, attempt: 1, enqueuedAt: expect.any(Number) }]);
      expect(jobs[0]!.enqueuedAt).toBeGreaterThanOrEqual(before);
      expect(jobs[0]!.enqueuedAt).toBeLessThanOrEqual(after);
    });

    it("runs a job that throws RetryJob(d) again after ≥ d ms as the next attempt, keeping enqueuedAt", async () => {
      const queue = openQueue(1);
      const delayMs = 150;
      const runs: (Job & { at: number })[] = [];
      queue.start(async (job) => {
        runs.push({ ...job, at: Date.now() });
        if (job.attempt < 3) throw new RetryJob(delayMs);
      });
      const id = generationId();
      const before = Date.now();
      await queue.enqueue(id);
      const after = Date.now();
      await until(() => runs.length >= 3);
      await sleep(delayMs + 100); // no fourth run
      expect(runs.map((r) => [r.generationId, r.attempt])).toEqual([
        [id, 1],
        [id, 2],
        [id, 3],
      ]);
      for (let i = 1; i < runs.length; i++) {
        // The retry is scheduled after the run that threw, itself after `at`. (Timers may fire a
        // millisecond early against Date.now(): a 2 ms allowance.)
        expect(runs[i]!.at - runs[i - 1]!.at).toBeGreaterThanOrEqual(delayMs - 2);
        expect(runs[i]!.at - runs[i - 1]!.at).toBeLessThan(delayMs + 2_000);
      }
      const enqueuedAt = runs[0]!.enqueuedAt;
      expect(enqueuedAt).toBeGreaterThanOrEqual(before);
      expect(enqueuedAt).toBeLessThanOrEqual(after);
      expect(runs.every((r) => r.enqueuedAt === enqueuedAt)).toBe(true);
      await until(() => queue.pending() === 0);
    });

    it("keeps the attempt with RetryJob(d, { sameAttempt: true })", async () => {
      const queue = openQueue(1);
      const attempts: number[] = [];
      queue.start(async (job) => {
        attempts.push(job.attempt);
        if (attempts.length <= 2) throw new RetryJob(30, { sameAttempt: true });
        if (attempts.length === 3) throw new RetryJob(30);
      });
      await queue.enqueue(generationId());
      await until(() => attempts.length >= 4);
      await sleep(130);
      expect(attempts).toEqual([1, 1, 1, 2]);
    });

    it("runs unprioritised jobs first, then prioritised ones by ascending priority, each in enqueue order", async () => {
      const queue = openQueue(1);
      const [a, b, c, d, e] = ["a", "b", "c", "d", "e"].map((letter) => `${letter}_${generationId()}`) as [string, string, string, string, string];
      // Enqueued before the worker starts, so that the order is the queue's choice alone.
      await queue.enqueue(a, { priority: 5 });
      await queue.enqueue(b, { priority: 1 });
      await queue.enqueue(c);
      await queue.enqueue(d, { priority: 1 });
      await queue.enqueue(e, { priority: 0 }); // 0 is "no priority"
      const order: string[] = [];
      queue.start(async ({ generationId }) => {
        order.push(generationId);
      });
      await until(() => order.length >= 5);
      expect(order).toEqual([c, e, b, d, a]);
    });

    it("answers ping()", async () => {
      expect(await openQueue(1).ping()).toBe(true);
    });

    it("close(timeout) waits for the running job, leaves the waiting ones alone and then takes no new ones", async () => {
      const queue = openQueue(1);
      const slow = generationId();
      const waiting = generationId();
      const started: string[] = [];
      const finished: string[] = [];
      queue.start(async ({ generationId }) => {
        started.push(generationId);
        await sleep(300);
        finished.push(generationId);
      });
      await queue.enqueue(slow);
      await until(() => started.length === 1);
      await queue.enqueue(waiting);
      const closeStarted = Date.now();
      await queue.close(5_000);
      const took = Date.now() - closeStarted;
      expect(finished).toEqual([slow]); // waited for it
      expect(took).toBeLessThan(3_000);
      expect(queue.pending()).toBe(0);
      await queue.enqueue(generationId()).catch(() => undefined); // ignored or refused, per implementation
      await sleep(200);
      expect(started).toEqual([slow]);
    });

    it("close(timeout) returns after the timeout when a job runs longer", async () => {
      const queue = openQueue(1);
      let release!: () => void;
      const hanging = new Promise<void>((resolve) => (release = resolve));
      let started = false;
      queue.start(async () => {
        started = true;
        await hanging;
      });
      await queue.enqueue(generationId());
      await until(() => started);
      const closeStarted = Date.now();
      await queue.close(200);
      const took = Date.now() - closeStarted;
      release();
      expect(took).toBeGreaterThanOrEqual(190);
      expect(took).toBeLessThan(2_000);
    });

    it("runs a generation enqueued twice while it waits (at least once, as attempt 1)", async () => {
      const queue = openQueue(1);
      const id = generationId();
      const sentinel = generationId();
      await queue.enqueue(id);
      await queue.enqueue(id);
      await queue.enqueue(sentinel);
      const runs: Job[] = [];
      queue.start(async (job) => {
        runs.push(job);
      });
      await until(() => runs.some((job) => job.generationId === sentinel));
      const ofId = runs.filter((job) => job.generationId === id);
      // BullMQ: exactly once; in process: once per enqueue (see above). Both: first, as attempt 1.
      expect(ofId.length).toBeGreaterThanOrEqual(1);
      expect(ofId.length).toBeLessThanOrEqual(2);
      expect(ofId.every((job) => job.attempt === 1)).toBe(true);
      expect(runs.at(-1)?.generationId).toBe(sentinel);
    });
  });
}

const generationId = () => `gen_${randomUUID().replaceAll("-", "")}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
    await sleep(5);
  }
}
