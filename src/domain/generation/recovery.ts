import type { PrismaClient } from "../../infra/db/database.js";
import type { JobQueue } from "../../infra/queue/queue.js";
import type { IdempotencyService } from "../idempotency/idempotency.js";
import type { GenerationStore } from "./store.js";

/**
 * After a crash: a generation left `running` by a dead process is failed and refunded (once: the
 * store's guards); `queued` ones are queued again; idempotency records left in progress are
 * released. `everything` is for a process that knows it is alone (the embedded database): all
 * running generations are orphans. Otherwise only those whose heartbeat (`updated_at`, bumped by
 * every progress event) is older than `leaseMs`.
 */
export async function recoverGenerations(
  deps: { prisma: PrismaClient; store: GenerationStore; queue: JobQueue; idempotency: IdempotencyService },
  options: { everything: boolean; requeue: boolean; leaseMs?: number },
): Promise<{ failed: number; requeued: number; released: number }> {
  const { prisma, store, queue, idempotency } = deps;
  const staleBefore = new Date(Date.now() - (options.leaseMs ?? 120_000));
  const running = await prisma.generation.findMany({
    where: { status: "running", ...(options.everything ? {} : { updatedAt: { lt: staleBefore } }) },
    select: { id: true },
  });
  let failed = 0;
  for (const { id } of running) {
    const event = await store.fail(id, {
      status: "failed",
      error: {
        code: "generator_unavailable",
        message: "The process running this generation stopped; the credits were refunded. Retry the call.",
        retryable: true,
        details: { reason: "interrupted" },
      },
    });
    if (event) failed++;
  }
  let requeued = 0;
  if (options.requeue) {
    const queued = await prisma.generation.findMany({
      where: { status: "queued", ...(options.everything ? {} : { createdAt: { lt: staleBefore } }) },
      orderBy: { createdAt: "asc" },
      select: { id: true, accountId: true },
    });
    // Oldest first: each account's generations take its turns in the order they were made.
    for (const { id, accountId } of queued) await queue.enqueue(id, { accountId });
    requeued = queued.length;
  }
  const released = await idempotency.prune({ releaseInProgress: options.everything ? "all" : "lapsed" });
  return { failed, requeued, released };
}
