import { DelayedError, Queue, WaitingError, Worker, type Job as BullJob, type JobsOptions } from "bullmq";
import { DependencyUnavailableError } from "../dependency.js";
import type { Logger } from "../logger.js";
import { bullMqConnectionOptions } from "../redis.js";
import { bullMqTurns, type BullMqTurns } from "./bullmq-turns.js";
import { consumerHeartbeats, type HeartbeatOptions, type HeartbeatRedis } from "./consumers.js";
import { RetryJob, type JobQueue } from "./queue.js";

export interface BullMqQueueOptions {
  url: string;
  /** Default `generations`. Must not contain `:`. */
  queueName?: string;
  /** Key prefix of the queue in Redis. Default `bull` (BullMQ's). Must not contain `:`. */
  prefix?: string;
  /** Jobs this process runs at once (once `start` is called). */
  concurrency: number;
  logger?: Logger;
  /** Runs of a job whose handler throws, the first included. Default 3. */
  attempts?: number;
  /** First retry delay; doubles on each retry. Default 1000 ms. */
  backoffMs?: number;
  /**
   * How long a job stays locked to its worker without renewal (renewed every half of it). A
   * worker that dies holds its jobs this long, then another worker's stalled check takes them:
   * recovery takes lockDuration + up to 2 × stalledInterval. Keep it above the longest time a
   * handler can block the event loop, or a live job is taken as stalled and run again. Default 15 s.
   */
  lockDurationMs?: number;
  /** How often each worker looks for stalled jobs. Default 5 s. */
  stalledIntervalMs?: number;
  /** Times a job may be recovered from a dead worker before it fails. Default 2. */
  maxStalledCount?: number;
  /** Finished jobs kept for inspection (bounded by count and age). Default 1000 / 1 h completed, 5000 / 7 d failed. */
  /** The heartbeats of the processes that take jobs (consumers.ts): how often, and when one counts as gone. */
  heartbeat?: Pick<HeartbeatOptions, "beatMs" | "staleMs">;
  keepCompleted?: { count: number; ageSeconds: number };
  keepFailed?: { count: number; ageSeconds: number };
  /** Tests only: rebase the fair turns' priorities above this (default 2^20; see bullmq-turns.ts). */
  rebaseAbove?: number;
}

/** Waits for `promise`, at most `ms`. */
async function raceTimeout(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

interface JobData {
  generationId: string;
  /** Missing on jobs enqueued before attempts existed: 1. */
  attempt?: number;
  /** Whose job it is (fair turns); missing on jobs enqueued before turns existed (they run as they come). */
  accountId?: string;
  /** A retry that takes a new turn of its account when a worker next takes it (bullmq-turns.ts). */
  retag?: boolean;
}

/** How long an enqueue may take before Redis counts as down (the caller answers 503 and rolls back). */
const enqueueTimeoutMs = 2_000;

/**
 * The job queue on Redis (BullMQ): any process may enqueue; processes that call `start` run
 * jobs. The job id is the generation id, so enqueuing a generation that is waiting, delayed or
 * running is a no-op; enqueuing one whose job already finished (completed or failed, kept for
 * inspection) runs it again (the handler does nothing unless the generation is still queued).
 * A handler that throws is retried (`attempts`, exponential backoff); a job whose worker died is
 * redelivered by BullMQ's stalled-job check. Waiting jobs start in fair turns between accounts,
 * shared by every process through Redis (bullmq-turns.ts).
 */
export function createBullMqQueue(options: BullMqQueueOptions): JobQueue {
  const name = options.queueName ?? "generations";
  const prefix = options.prefix ?? "bull";
  const logger = options.logger?.child({ component: "queue", queue: name });
  const keepCompleted = options.keepCompleted ?? { count: 1000, ageSeconds: 3600 };
  const keepFailed = options.keepFailed ?? { count: 5000, ageSeconds: 7 * 24 * 3600 };
  const jobOptions = (generationId: string, priority: number): JobsOptions => ({
    jobId: generationId,
    priority,
    attempts: options.attempts ?? 3,
    backoff: { type: "exponential", delay: options.backoffMs ?? 1000 },
    removeOnComplete: { count: keepCompleted.count, age: keepCompleted.ageSeconds },
    removeOnFail: { count: keepFailed.count, age: keepFailed.ageSeconds },
  });

  let queue: Queue<JobData> | undefined;
  let turns: BullMqTurns | undefined;
  const producer = () => {
    if (!queue) {
      // Fail fast while Redis is away (no offline queue): an enqueue that cannot reach Redis must
      // fail now, inside its generation's transaction, not run later after the caller heard 503.
      queue = new Queue<JobData>(name, {
        prefix,
        connection: { ...bullMqConnectionOptions(options.url, { blocking: false, name: `${name}-producer` }), enableOfflineQueue: false },
      });
      queue.on("error", (error) => logger?.warn("queue connection error", { error }));
      turns = bullMqTurns(queue, { rebaseAbove: options.rebaseAbove });
    }
    return queue;
  };
  const fair = () => {
    producer();
    return turns!;
  };
  // Every process that takes jobs reports on Redis; any process can tell whether one is there.
  const heartbeats = consumerHeartbeats(
    async () => (await producer().client) as unknown as HeartbeatRedis,
    `${prefix}:${name}:consumers`,
    async () => {
      const counts = await producer().getJobCounts("wait", "prioritized");
      return (counts.wait ?? 0) + (counts.prioritized ?? 0);
    },
    { ...options.heartbeat, onError: (error) => logger?.warn("queue heartbeat failed", { error }) },
  );

  let worker: Worker<JobData> | undefined;
  const active = new Set<Promise<void>>();
  let closed = false;
  let closing: Promise<void> | undefined;

  const waitForActive = async (deadline: number) => {
    while (active.size > 0) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await raceTimeout(Promise.all([...active]), left);
    }
    return true;
  };

  return {
    external: true,

    async enqueue(generationId, { accountId }) {
      if (closed) throw new DependencyUnavailableError("redis", "The job queue is closing.");
      const q = producer();
      let gaveUp = false;
      const add = async () => {
        // BullMQ waits for the connection before it sends anything (the offline queue being off
        // does not change that): without this check, an enqueue the caller already saw fail
        // (503, transaction rolled back) would still add its job once Redis is back.
        await q.client;
        if (gaveUp) return;
        // The account's next turn (nothing taken when this generation's job already waits or runs).
        const { priority, job } = await fair().enqueue(generationId, accountId);
        if (job === "existing" || gaveUp) return;
        // A job of this id that already finished would make `add` a no-op: replace it, so that a
        // generation queued again (e.g. by recovery) runs.
        if (job === "finished") await q.remove(generationId);
        await q.add("generation", { generationId, attempt: 1, accountId }, jobOptions(generationId, priority));
      };
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          add(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => {
              gaveUp = true;
              reject(new DependencyUnavailableError("redis", `Redis did not take the job within ${enqueueTimeoutMs} ms.`));
            }, enqueueTimeoutMs);
          }),
        ]);
      } catch (error) {
        if (error instanceof DependencyUnavailableError) throw error;
        throw new DependencyUnavailableError("redis", "Redis refused the job.", { cause: error });
      } finally {
        clearTimeout(timer);
      }
    },

    async ping() {
      // Bounded as a whole: while Redis is away, getting the client (it waits for the connection)
      // never settles, not only the PING.
      const answer = async () => {
        const client = (await producer().client) as unknown as { ping(): Promise<string> };
        return client.ping();
      };
      let timer: NodeJS.Timeout | undefined;
      try {
        const reply = await Promise.race([answer(), new Promise<string>((resolve) => (timer = setTimeout(() => resolve("timeout"), 1_000)))]);
        return reply === "PONG";
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },

    start(handler) {
      if (closed) throw new Error("queue closed");
      if (worker) throw new Error("queue already started");
      const w = new Worker<JobData>(
        name,
        async (job: BullJob<JobData>, token?: string) => {
          if (closed) {
            // Fetched while this process shuts down: hand it back at once for another worker.
            await job.moveToWait(token);
            throw new WaitingError();
          }
          const { generationId, accountId } = job.data;
          const attempt = job.data.attempt ?? 1;
          if (job.data.retag && accountId !== undefined) {
            // A retry whose delay is over: it takes its account's next turn now, behind the work
            // already queued in that turn (moved to delayed until now: BullMQ adds it at the back).
            await fair().retag(job.id!, accountId, JSON.stringify({ generationId, attempt, accountId }));
            await job.moveToDelayed(Date.now(), token);
            throw new DelayedError();
          }
          let finished!: () => void;
          const done = new Promise<void>((resolve) => (finished = resolve));
          active.add(done); // before the handler starts, so that `pending()` inside it counts it
          try {
            // Its turn is now the one being served. Advisory: a failure only lets jobs queued
            // meanwhile come a turn earlier.
            await fair()
              .started(job.id!)
              .catch((error: unknown) => logger?.warn("could not record the turn being served", { error }));
            // A job retried later (RetryJob, or BullMQ's retry of a failure) takes a new turn then.
            const retry = (next: number) =>
              fair().markRetry(
                job.id!,
                JSON.stringify({ generationId, attempt: next, ...(accountId === undefined ? {} : { accountId, retag: true }) }),
                accountId !== undefined,
              );
            try {
              await handler({ generationId, attempt, enqueuedAt: job.timestamp });
            } catch (error) {
              if (!(error instanceof RetryJob)) {
                // If BullMQ retries it, it takes a new turn then (unmarked, it would keep its old one).
                await retry(attempt).catch(() => undefined);
                throw error;
              }
              // The handler asked for another attempt later: the same job, delayed, with the next attempt.
              await retry(error.options.sameAttempt ? attempt : attempt + 1);
              await job.moveToDelayed(Date.now() + error.delayMs, token);
              throw new DelayedError();
            }
          } finally {
            active.delete(done);
            finished();
          }
        },
        {
          prefix,
          connection: bullMqConnectionOptions(options.url, { blocking: true, name: `${name}-worker` }),
          concurrency: options.concurrency,
          lockDuration: options.lockDurationMs ?? 15_000,
          stalledInterval: options.stalledIntervalMs ?? 5_000,
          maxStalledCount: options.maxStalledCount ?? 2,
        },
      );
      w.on("error", (error) => logger?.warn("worker error", { error }));
      w.on("failed", (job, error) => {
        if (!job) return;
        const attempts = job.opts.attempts ?? 1;
        const final = job.attemptsMade >= attempts;
        const fields = { generationId: job.data.generationId, attempt: job.attemptsMade, attempts, error };
        if (final) logger?.error("job failed", fields);
        else logger?.warn("job failed, will retry", fields);
      });
      w.on("stalled", (jobId) => logger?.warn("job stalled (its worker stopped), redelivered", { generationId: jobId }));
      worker = w;
      heartbeats.start();
    },

    pending: () => active.size,

    consumers: () => heartbeats.state(),

    /**
     * Stops taking jobs, waits for the running ones at most `timeoutMs`, then closes the
     * connections. Jobs still running then are abandoned: their locks lapse and another worker
     * takes them (stalled-job check). `close(0)` is that at once. Calling it again returns the
     * same promise.
     */
    close(timeoutMs = 10_000) {
      closing ??= (async () => {
        closed = true;
        const deadline = Date.now() + timeoutMs;
        await heartbeats.stop(); // no longer a consumer: other processes know at once
        if (worker) {
          const w = worker;
          await w.pause(true).catch((error: unknown) => logger?.warn("worker pause failed", { error })); // no new jobs
          const idle = await waitForActive(deadline);
          if (!idle) logger?.warn("closing with jobs still running: they will be redelivered", { running: active.size });
          // Graceful close lets the finished jobs be marked completed; force close skips the wait.
          // Bounded too: a job fetched during the pause is handed back, but never wait on it forever.
          await raceTimeout(
            w.close(!idle).catch((error: unknown) => logger?.warn("worker close failed", { error })),
            Math.max(0, deadline - Date.now()) + 5_000,
          );
        }
        if (queue)
          await raceTimeout(
            queue.close().catch((error: unknown) => logger?.warn("queue close failed", { error })),
            5_000,
          );
      })();
      return closing;
    },
  };
}
