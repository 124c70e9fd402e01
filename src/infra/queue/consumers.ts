import { randomUUID } from "node:crypto";
import { DependencyUnavailableError } from "../dependency.js";

/** Whether anything takes the queue's jobs (JobQueue.consumers). */
export interface Consumers {
  /** A consumer reported within `staleMs`. */
  alive: boolean;
  /** Milliseconds since the last report of any consumer; null when none ever reported (or all left). */
  sinceLastMs: number | null;
  /** Jobs waiting to start. */
  waiting: number;
}

/** The Redis commands the heartbeats use (ioredis's client, as BullMQ's queue holds it). */
export interface HeartbeatRedis {
  zadd(key: string, score: number, member: string): Promise<unknown>;
  zrem(key: string, member: string): Promise<unknown>;
  zremrangebyscore(key: string, min: number | string, max: number | string): Promise<unknown>;
  zrevrange(key: string, start: number, stop: number, withScores: "WITHSCORES"): Promise<string[]>;
}

export interface HeartbeatOptions {
  /** How often a consumer reports. Default 5 s. */
  beatMs?: number;
  /** A consumer whose last report is older than this is gone. Default 30 s. */
  staleMs?: number;
  /** How long `state()` answers from its last read. Default 1 s. */
  cacheMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Consumers' heartbeats on Redis, in one sorted set (member: a consumer's id, score: its last
 * report, epoch ms): each process that takes jobs reports every `beatMs`; any process reads whether
 * one reported within `staleMs`. So an API process whose jobs nobody takes (no worker running, or
 * every worker stuck) knows it, and says so (/healthz degraded; a one-shot call 503 at once rather
 * than a 60 s wait). Entries of consumers gone for ten times `staleMs` are swept.
 */
export function consumerHeartbeats(redis: () => Promise<HeartbeatRedis>, key: string, waiting: () => Promise<number>, options: HeartbeatOptions = {}) {
  const beatMs = options.beatMs ?? 5_000;
  const staleMs = options.staleMs ?? 30_000;
  const cacheMs = options.cacheMs ?? 1_000;
  const id = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let cached: { at: number; state: Promise<Consumers> } | undefined;

  const beat = async () => {
    const client = await redis();
    await client.zadd(key, Date.now(), id);
  };

  async function read(): Promise<Consumers> {
    const client = await redis();
    const now = Date.now();
    await client.zremrangebyscore(key, "-inf", now - 10 * staleMs);
    const [latest, count] = await Promise.all([client.zrevrange(key, 0, 0, "WITHSCORES"), waiting()]);
    const score = latest[1]; // [member, score] of the latest report
    // This process takes jobs itself: alive whatever Redis holds (e.g. just restarted, empty until the next report).
    if (timer) return { alive: true, sinceLastMs: 0, waiting: count };
    const sinceLastMs = score === undefined ? null : Math.max(0, now - Number(score));
    return { alive: sinceLastMs !== null && sinceLastMs <= staleMs, sinceLastMs, waiting: count };
  }

  return {
    /** Starts reporting as a consumer of the queue (at once, then every `beatMs`). */
    start(): void {
      if (timer) return;
      const report = () => void beat().catch((error: unknown) => options.onError?.(error));
      report();
      timer = setInterval(report, beatMs);
      timer.unref();
    },
    /** Stops reporting and takes this consumer out at once. */
    async stop(): Promise<void> {
      if (!timer) return;
      clearInterval(timer);
      timer = undefined;
      await (await redis()).zrem(key, id).catch((error: unknown) => options.onError?.(error));
    },
    /** Whether a consumer reported within `staleMs`, and how many jobs wait (read at most every `cacheMs`). */
    state(): Promise<Consumers> {
      const now = Date.now();
      if (!cached || now - cached.at > cacheMs) {
        const state = read();
        cached = { at: now, state };
        state.catch(() => (cached = undefined));
      }
      return cached.state;
    },
  };
}

/**
 * Refuses work nobody would take: on Redis, when no process that takes jobs reported within the
 * stale bound, a generation is refused at once (503 `service_unavailable`, dependency `workers`,
 * nothing charged) instead of waiting out its call. A queue without `consumers` (in process) or
 * whose state cannot be read (Redis down: the enqueue fails on its own) passes.
 */
export async function requireConsumers(queue: { consumers?: () => Promise<Consumers> }): Promise<void> {
  const consumers = await queue.consumers?.().catch(() => undefined);
  if (consumers && !consumers.alive) {
    throw new DependencyUnavailableError("workers", `no process took jobs lately (${consumers.waiting} waiting)`);
  }
}
