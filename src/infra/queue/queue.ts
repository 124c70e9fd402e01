import type { Consumers } from "./consumers.js";
import { FairTurns } from "./fair-turns.js";

/**
 * The job queue that runs generations: in this process with a concurrency bound (default), or on
 * Redis with separate workers. A job is a generation id and its run attempt; the handler loads and
 * runs it. A handler that throws `RetryJob` is run again after the delay with the next attempt.
 */
export interface Job {
  generationId: string;
  /** 1 for the first run; each RetryJob counts up (unless it keeps the attempt). */
  attempt: number;
  /** When the job was first enqueued (epoch ms). */
  enqueuedAt: number;
  /**
   * What the enqueuer already knows for this job, handed to the handler as it is (in process only,
   * through `SlotClaim.run` or `EnqueueOptions.context`; the runner's row of the queued
   * generation). Absent on retries and on Redis.
   */
  context?: unknown;
}

export interface EnqueueOptions {
  /**
   * The account the generation belongs to: queued jobs start in fair turns between accounts
   * (fair-turns.ts, and bullmq-turns.ts on Redis), one job of each account with work waiting per
   * turn, so that no queued job is overtaken without bound.
   */
  accountId: string;
  /**
   * In process only: handed to the job's handler as `Job.context` on its first attempt (the
   * runner's row of the generation, so it needs no read). A queue that crosses processes drops it.
   */
  context?: unknown;
}

/** Thrown by a handler: run this job again in `delayMs`, as attempt + 1 (or the same attempt with `sameAttempt`). */
export class RetryJob extends Error {
  override name = "RetryJob";
  constructor(
    readonly delayMs: number,
    readonly options: { sameAttempt?: boolean } = {},
  ) {
    super(`retry in ${delayMs} ms`);
  }
}

/**
 * A running slot taken ahead of the job (`JobQueue.claim`): `run` starts the job in it at once,
 * `release` gives it back unused. Exactly one of them, once.
 */
export interface SlotClaim {
  run(job: Omit<Job, "attempt" | "enqueuedAt">): void;
  release(): void;
}

export interface JobQueue {
  /**
   * Whether jobs leave this process (Redis). Then enqueueing can fail, so the caller hands a job
   * over inside the transaction that creates its generation; in-process enqueueing cannot fail.
   */
  readonly external: boolean;
  enqueue(generationId: string, options: EnqueueOptions): Promise<void>;
  /**
   * In process only: takes a running slot now for a job of `accountId`, when one is free and no
   * job waits for it (so the claim overtakes nobody; it takes the account's turn), or undefined.
   * The submit use-case claims before its reservation and then starts the generation in the
   * reservation's own statement (one statement fewer per generation); a reservation refused gives
   * the slot back.
   */
  claim?(accountId: string): SlotClaim | undefined;
  /**
   * In process only: forgets the jobs of this generation still waiting for a slot (it was canceled:
   * the runner would otherwise start it from the row its job carries, without asking the database).
   */
  drop?(generationId: string): void;
  /** Starts taking jobs (a process that only accepts requests never calls it). */
  start(handler: (job: Job) => Promise<void>): void;
  /** Jobs waiting, delayed or running in this process. */
  pending(): number;
  /** True when the queue's backing store answers (always, in process). */
  ping(): Promise<boolean>;
  /**
   * On Redis: whether a process that takes jobs (a worker, or an API process running them) reported
   * lately, and how many jobs wait (consumers.ts). Absent in process: this process takes its own jobs.
   */
  consumers?(): Promise<Consumers>;
  /** Stops taking new jobs and waits (at most `timeoutMs`) for running ones. */
  close(timeoutMs?: number): Promise<void>;
}

interface Waiting extends Job {
  accountId: string;
}

/**
 * The queue in this process: at most `concurrency` jobs run at once; waiting jobs start in fair
 * turns between accounts (FairTurns). A RetryJob's job is queued again when its delay is over, as
 * a new turn of its account (it joins behind the accounts that queued work meanwhile).
 */
export function createInProcessQueue(options: { concurrency: number; onError?: (error: unknown, generationId: string) => void }): JobQueue {
  const turns = new FairTurns<Waiting>();
  const delayed = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let handler: ((job: Job) => Promise<void>) | undefined;
  let closed = false;
  /** Slots claimed (`claim`) and not yet run or released: they count as running. */
  let claimed = 0;

  const pump = () => {
    while (handler && !closed && running.size + claimed < options.concurrency && turns.size > 0) {
      launch(turns.shift()!, handler);
    }
  };

  const launch = (job: Waiting, h: (job: Job) => Promise<void>) => {
    const { generationId, attempt, enqueuedAt, accountId, context } = job;
    // The handler starts a microtask later, once `run` is in `running`: so `pending()` inside it
    // counts it (as on BullMQ), and a handler that throws synchronously fails like one that rejects.
    const run: Promise<void> = Promise.resolve()
      .then(() => h(context === undefined ? { generationId, attempt, enqueuedAt } : { generationId, attempt, enqueuedAt, context }))
      .catch((error: unknown) => {
        if (error instanceof RetryJob) {
          if (closed) return; // left running in the database; the next start's recovery settles it
          const timer = setTimeout(() => {
            delayed.delete(timer);
            turns.push(accountId, { generationId, attempt: error.options.sameAttempt ? attempt : attempt + 1, enqueuedAt, accountId });
            pump();
          }, error.delayMs);
          delayed.add(timer);
          return;
        }
        options.onError?.(error, generationId);
      })
      .finally(() => {
        running.delete(run);
        pump();
      });
    running.add(run);
  };

  return {
    external: false,
    async enqueue(generationId, { accountId, context }) {
      // After close the generation stays queued in the database and the next start runs it.
      if (closed) return;
      const job: Waiting = { generationId, attempt: 1, enqueuedAt: Date.now(), accountId };
      if (context !== undefined) job.context = context;
      turns.push(accountId, job);
      // Let the caller finish what it is doing (e.g. subscribing) before the job starts.
      setImmediate(pump);
    },
    claim(accountId) {
      if (!handler || closed || turns.size > 0 || running.size + claimed >= options.concurrency) return undefined;
      turns.startNow(accountId);
      claimed++;
      const h = handler;
      let used = false;
      const use = () => {
        if (used) throw new Error("a slot claim is used once");
        used = true;
        claimed--;
      };
      return {
        // Run even if the queue closed meanwhile: the generation is already running in the
        // database, and close waits for running jobs.
        run(job) {
          use();
          launch({ ...job, attempt: 1, enqueuedAt: Date.now(), accountId }, h);
        },
        release() {
          use();
          pump();
        },
      };
    },
    drop(generationId) {
      turns.remove((job) => job.generationId === generationId);
    },
    start(h) {
      handler = h;
      pump();
    },
    pending: () => turns.size + delayed.size + running.size + claimed,
    ping: async () => true,
    async close(timeoutMs = 10_000) {
      closed = true;
      turns.clear(); // queued generations stay queued in the database; the next start runs them
      for (const timer of delayed) clearTimeout(timer);
      delayed.clear();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...running]), new Promise((r) => (timer = setTimeout(r, timeoutMs).unref()))]);
      clearTimeout(timer);
    },
  };
}
