import type { PrismaClient, SqlRunner } from "../../infra/db/database.js";
import type { Logger } from "../../infra/logger.js";
import { requireConsumers } from "../../infra/queue/consumers.js";
import type { JobQueue } from "../../infra/queue/queue.js";
import { boundBytes, type StorageQuota } from "../storage/quota.js";
import { refusal } from "./refusal.js";
import type { GenerationRecord, GenerationStore, NewGeneration, Reserved } from "./store.js";

export interface MoneyPathDeps {
  prisma: PrismaClient;
  /** The driver directly (Database.sql): the in-process reservation runs on it. */
  sql?: SqlRunner;
  store: GenerationStore;
  queue: JobQueue;
  logger?: Logger;
  /** Generations queued or running at once per account. */
  maxActivePerAccount: number;
  /** The storage quota (domain/storage/quota.ts): refuses, before any charge, a generation that could pass it. */
  storage?: Pick<StorageQuota, "assertRoom">;
}

export interface ReserveOptions {
  /**
   * A one-shot call in process: when the queue has a free slot and nobody waits for one, the job
   * runs in that slot as soon as the reservation is committed (JobQueue.claim), without waiting for
   * the queue's next turn. A single generation only.
   */
  startNow?: boolean;
  /** False: commit without waiting for the write-ahead log's flush (store.reserveMany). Default true. */
  flush?: boolean;
  /** A batch call (`submitMany`): its 429 says how many more do not fit (refusal.ts). */
  batch?: boolean;
  /**
   * A kit (contract section 13): its items count against the account's active generations like
   * any others, but a kit alone may hold more than the limit (up to its 64 items).
   */
  kit?: boolean;
  /**
   * Reserved, not enqueued: the caller ends the generation itself within the call (an atlas
   * packing: store.start, then complete or fail). No queue is involved.
   */
  hold?: boolean;
}

export interface Accepted {
  /** The generations as their reservation left them (queued), in order: everything a view needs, no read-back. */
  records: GenerationRecord[];
  /** The account's balance after the reservation. */
  balance: number;
}

/**
 * The money path of every call that makes generations (submit.ts, submit-many.ts): reserves the
 * price and the active slots of `rows` (one statement, all or nothing: store.reserveMany) and hands
 * their jobs to the queue, consistently, or refuses with 402 / 429 (refusal.ts) having written
 * nothing.
 *
 * On Redis the enqueue happens inside the reservation's transaction: if Redis refuses (or is slow,
 * 2 s), the transaction rolls back and nothing was charged; if the commit fails after the enqueue,
 * the job finds no generation and ends (runner.ts). A queue nobody takes jobs from is refused first
 * (503, `requireConsumers`). In process, enqueueing cannot fail: it follows the commit, and each job
 * carries its queued row (the runner reads nothing back, and holds the start back: runner.ts).
 */
export function createReserveAndEnqueue(deps: MoneyPathDeps) {
  const { prisma, store, queue } = deps;
  const limit = deps.maxActivePerAccount;

  const limitOf = (rows: readonly NewGeneration[], options: ReserveOptions) => (options.kit ? Math.max(limit, rows.length) : limit);

  const refuse = (rows: readonly NewGeneration[], options: ReserveOptions) =>
    refusal(store, {
      accountId: rows[0]!.accountId,
      apiKeyId: rows[0]!.apiKeyId,
      agentId: rows[0]!.agentId,
      total: rows.reduce((sum, r) => sum + r.cost, 0),
      n: rows.length,
      batch: options.batch ?? false,
      limit: limitOf(rows, options),
    });

  /**
   * After the commit the generations run and the call goes on, whatever happens to the publish: the
   * event is stored, and streams and the one-shot wait read what the bus missed (a 5xx must not
   * leave a charge behind).
   */
  const publishQueued = (row: NewGeneration) =>
    store.publishQueued(row).catch((error: unknown) => deps.logger?.warn("could not publish an event", { generationId: row.id, error }));

  async function onExternalQueue(rows: readonly NewGeneration[], options: ReserveOptions): Promise<Accepted> {
    if (!options.hold) await requireConsumers(queue); // nobody takes jobs: 503 now, nothing charged
    // The queue serves accounts in fair turns (JobQueue.enqueue): it is told whose job each is (a
    // batch's jobs take n turns of the account, like n single calls).
    const reserved = await prisma.$transaction(
      async (tx) => {
        const r = await store.reserveMany(tx, rows, limitOf(rows, options));
        if (r && !options.hold) for (const row of rows) await queue.enqueue(row.id, { accountId: row.accountId });
        return r;
      },
      { maxWait: 5_000, timeout: 10_000 },
    );
    if (reserved === undefined) throw await refuse(rows, options);
    for (const row of rows) await publishQueued(row);
    return { records: rows.map((row) => queuedRecord(row, reserved)), balance: reserved.balance };
  }

  async function inProcess(rows: readonly NewGeneration[], options: ReserveOptions): Promise<Accepted> {
    let slot = options.startNow && rows.length === 1 ? queue.claim?.(rows[0]!.accountId) : undefined;
    try {
      const reserved = await store.reserveMany(deps.sql ?? prisma, rows, limitOf(rows, options), { flush: options.flush });
      if (reserved === undefined) throw await refuse(rows, options);
      const records = rows.map((row) => queuedRecord(row, reserved));
      const run = slot;
      slot = undefined;
      for (const row of rows) await publishQueued(row);
      if (options.hold) return { records, balance: reserved.balance };
      for (const record of records) {
        if (run) run.run({ generationId: record.id, context: record });
        else await queue.enqueue(record.id, { accountId: record.accountId, context: record });
      }
      return { records, balance: reserved.balance };
    } finally {
      slot?.release(); // refused or failed: the slot goes back
    }
  }

  return async function reserveAndEnqueue(rows: readonly NewGeneration[], options: ReserveOptions = {}): Promise<Accepted> {
    if (deps.storage && rows.length > 0) await deps.storage.assertRoom(rows[0]!.accountId, boundBytes(rows));
    return queue.external ? onExternalQueue(rows, options) : inProcess(rows, options);
  };
}

export type ReserveAndEnqueue = ReturnType<typeof createReserveAndEnqueue>;

/** A generation as its reservation left it (queued). */
function queuedRecord(row: NewGeneration, reserved: Reserved): GenerationRecord {
  return {
    ...row,
    projectId: row.projectId ?? null,
    map: row.map ?? null,
    badge: row.badge ?? null,
    status: "queued",
    creditState: "reserved",
    createdAt: reserved.createdAt,
    startedAt: null,
    completedAt: null,
    errorCode: null,
    errorMessage: null,
    attempt: 0,
  };
}
