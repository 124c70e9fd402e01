import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { RetryJob, type Job, type JobQueue } from "../../../src/infra/queue/queue.js";

/**
 * The behaviour every `JobQueue` implementation owes the service, declared as vitest tests.
 * `open` is called once per "process" on the same queue (in process: a queue of its own); the
 * caller makes each test's queue fresh (e.g. a queue name per test). Every queue a test opens is
 * closed after it (`close(0)`).
 *
 * Fair turns between accounts are part of it (fair-turns.ts states the rule): the same start
 * orders on both, except that on Redis a job queued just as another starts may count one turn
 * earlier (bullmq-turns.ts), which the bounds below allow for.
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
      for (const id of ids) await queue.enqueue(id, as("acc_a"));
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
      await queue.enqueue(id, as("acc_a"));
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
      await queue.enqueue(id, as("acc_a"));
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
      await queue.enqueue(generationId(), as("acc_a"));
      await until(() => attempts.length >= 4);
      await sleep(130);
      expect(attempts).toEqual([1, 1, 1, 2]);
    });

    it("starts one job of each account with work waiting per turn, each account's jobs in the order they were queued", async () => {
      const queue = openQueue(1);
      const queued = [...["a1", "a2", "a3"].map((n) => ["acc_a", n]), ...["b1", "b2", "b3"].map((n) => ["acc_b", n]), ["acc_c", "c1"]] as const;
      const ids = new Map(queued.map(([, name]) => [`${name}_${generationId()}`, name]));
      // Enqueued before the worker starts, so that the order is the queue's choice alone.
      for (const [id, name] of ids) await queue.enqueue(id, as(`acc_${name[0]}`));
      const order: string[] = [];
      queue.start(async ({ generationId }) => {
        order.push(ids.get(generationId)!);
      });
      await until(() => order.length >= ids.size);
      expect(order).toEqual(["a1", "b1", "c1", "a2", "b2", "a3", "b3"]);
    });

    it("starts the job of an account with nothing waiting within one turn, however long another account's backlog", async () => {
      const queue = openQueue(1);
      const starts: string[] = [];
      queue.start(async ({ generationId }) => {
        starts.push(generationId);
        await sleep(15);
      });
      const backlog = Array.from({ length: 30 }, () => `a_${generationId()}`);
      for (const id of backlog) await queue.enqueue(id, as("acc_a"));
      await until(() => starts.length >= 2);
      const b = `b_${generationId()}`;
      const c = `c_${generationId()}`;
      const before = starts.length;
      await queue.enqueue(b, as("acc_b"));
      await queue.enqueue(c, as("acc_c"));
      await until(() => starts.includes(b) && starts.includes(c));
      // The rule: B's and C's turn is the next one, which holds at most one job of A. (On Redis the
      // turn being served is recorded a moment after a start: one turn of slack.)
      const overtakenBy = (id: string) => starts.slice(before, starts.indexOf(id)).filter((s) => s.startsWith("a_")).length;
      expect(overtakenBy(b)).toBeLessThanOrEqual(2);
      expect(overtakenBy(c)).toBeLessThanOrEqual(2);
      expect(starts.indexOf(c)).toBeGreaterThan(starts.indexOf(b)); // one turn: in the order queued
      await until(() => starts.length >= backlog.length + 2, 20_000);
      expect(starts.filter((s) => s.startsWith("a_"))).toEqual(backlog); // A's own order kept
    });

    it("does not hold back a waiting account's jobs forever under a steady stream of new accounts", async () => {
      const queue = openQueue(1);
      const backlog = Array.from({ length: 8 }, () => `a_${generationId()}`);
      for (const id of backlog) await queue.enqueue(id, as("acc_a"));
      const starts: string[] = [];
      let newcomers = 0;
      let newcomersAtLast = 0;
      queue.start(async (job) => {
        starts.push(job.generationId);
        if (job.generationId === backlog.at(-1)) newcomersAtLast = newcomers;
        // Every start brings a job of an account never seen before: work arrives as fast as it
        // is served, so the queue never drains while the stream lasts.
        if (newcomers < 150) await queue.enqueue(`n_${generationId()}`, as(`acc_new${newcomers++}`));
      });
      await until(() => backlog.every((id) => starts.includes(id)), 20_000);
      // Turn t holds A's t-th job and the t - 1 newcomers that came during turn t - 1: A's last job
      // starts 29th. (If newcomers joined the turn being served, A's second would wait for the stream's end.)
      const last = starts.indexOf(backlog.at(-1)!) + 1;
      expect(last).toBeLessThanOrEqual(40);
      expect(newcomersAtLast).toBeLessThan(150); // while the stream still flowed
      await until(() => starts.length >= backlog.length + 150, 20_000);
    });

    it("queues a RetryJob's job again as a new turn of its account when its delay is over", async () => {
      const queue = openQueue(1);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const starts: string[] = [];
      const names = new Map<string, string>();
      const job = async (name: string, account: string) => {
        const id = `${name}_${generationId()}`;
        names.set(id, name);
        await queue.enqueue(id, as(account));
      };
      queue.start(async ({ generationId, attempt }) => {
        const name = names.get(generationId)!;
        starts.push(attempt === 1 ? name : `${name}#${attempt}`);
        if (name === "retried" && attempt === 1) throw new RetryJob(300);
        if (name === "blocker") await held;
      });
      await job("retried", "acc_r");
      await until(() => starts.length === 1);
      await job("blocker", "acc_x"); // holds the only slot while the retry's delay runs out
      await until(() => starts.length === 2);
      for (let i = 1; i <= 5; i++) await job(`f${i}`, "acc_f");
      for (const name of ["b", "c", "d", "e"]) await job(name, `acc_${name}`);
      await sleep(500);
      release();
      await until(() => starts.length === 12);
      // The retry's new turn is the next one, after the jobs already in it (F's first, B…E), and
      // before F's later turns: not ahead of everyone (its old turn), not behind every backlog.
      expect(starts).toEqual(["retried", "blocker", "f1", "b", "c", "d", "e", "retried#2", "f2", "f3", "f4", "f5"]);
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
      await queue.enqueue(slow, as("acc_a"));
      await until(() => started.length === 1);
      await queue.enqueue(waiting, as("acc_a"));
      const closeStarted = Date.now();
      await queue.close(5_000);
      const took = Date.now() - closeStarted;
      expect(finished).toEqual([slow]); // waited for it
      expect(took).toBeLessThan(3_000);
      expect(queue.pending()).toBe(0);
      await queue.enqueue(generationId(), as("acc_a")).catch(() => undefined); // ignored or refused, per implementation
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
      await queue.enqueue(generationId(), as("acc_a"));
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
      await queue.enqueue(id, as("acc_a"));
      await queue.enqueue(id, as("acc_a"));
      await queue.enqueue(sentinel, as("acc_a"));
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
const as = (accountId: string) => ({ accountId });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
    await sleep(5);
  }
}
