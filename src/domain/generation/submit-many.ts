import { randomInt } from "node:crypto";
import type { PromptReading } from "../../agents/index.js";
import { AppError } from "../../contract/errors.js";
import { generateRequest, type EstimateView, type GenerateRequest, type GenerationView } from "../../contract/schemas/generation.js";
import { parseInput } from "../../contract/validation.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { JobQueue } from "../../infra/queue/queue.js";
import type { RateLimiter } from "../../infra/ratelimit/limiter.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import { fingerprint, type IdempotencyService } from "../idempotency/idempotency.js";
import { consumeQuota } from "../limits.js";
import { newId } from "../ids.js";
import type { Ending, GenerationEvents } from "./events.js";
import type { ReserveAndEnqueue } from "./reserve-and-enqueue.js";
import type { GenerationStore, NewGeneration } from "./store.js";
import { planPalette } from "./palette-plan.js";
import { newGeneration, type PlannedEstimate, type SubmitOptions } from "./submit.js";
import { generationView } from "./view.js";

/** The most images one batch may ask for. */
export const maxBatchSize = 4;

export interface SubmitManyDeps {
  prisma: PrismaClient;
  store: GenerationStore;
  /** The money path (reserve-and-enqueue.ts), shared with submit.ts. */
  reserveAndEnqueue: ReserveAndEnqueue;
  /** The in-process queue forgets the jobs of generations a wait cancels (JobQueue.drop). */
  queue: Pick<JobQueue, "drop">;
  idempotency: IdempotencyService;
  limiter: RateLimiter;
  events: GenerationEvents;
  /** The estimate use-case (submit.ts): validates the body against the agent and plans it (agent, size, price, interpretation, the prompt's reading). */
  planEstimate: (viewer: AuthenticatedViewer, raw: unknown, options?: { storeImage?: boolean }) => Promise<PlannedEstimate>;
  generatePerMinute: number;
}

export interface BatchSubmission {
  /**
   * Without `waitMs`: every generation of the batch, queued, in order. With it: the ones that
   * succeeded (at least one), in order; the others were refunded.
   */
  generations: GenerationView[];
  /** `accepted`: answered queued (no wait); `succeeded`: answered at the end. */
  outcome: "accepted" | "succeeded";
  /** The account's balance when the batch was answered. */
  balance: number;
  /** True when this answers a repeat of an Idempotency-Key: nothing was done or charged. */
  replayed: boolean;
  /** `{generations, balance}` as JSON: what a repeat of the Idempotency-Key answers, identical every time. */
  json: string;
}

/**
 * The submit use-case for `n` generations of one request (the OpenAI-compatible `n`), all or
 * nothing: validation and planning are the single call's (`estimate`), the `generate` quota counts
 * the call once, and ONE statement (`store.reserveMany`) reserves n × the price and n of the
 * account's active slots, or nothing (402 naming the batch's price, or 429). The jobs are handed
 * to the queue by the same path as `submit`'s (reserve-and-enqueue.ts; on Redis inside the
 * reservation's transaction).
 *
 * With `waitMs` it waits for all of them and answers the ones that succeeded; a generation still
 * unfinished when the wait ends (its time, or `stop` at shutdown) is canceled and refunded, so an
 * answer never leaves a charge for an image it does not carry. When none succeeded, the first
 * failure is the error (503 generator_unavailable, 422 content_rejected…).
 *
 * `Idempotency-Key` covers the whole batch (its fingerprint is the input and n): a repeat replays
 * the first answer (every image, byte for byte) and charges nothing; only answered batches are
 * kept. The record names the batch's first generation, and every charge entry of the batch the
 * record, so a repeat after a crash resumes the same n generations instead of starting others.
 */
export function createSubmitMany(deps: SubmitManyDeps) {
  const { prisma, store, queue, idempotency, events } = deps;
  const generatePolicy = { name: "generate", limit: deps.generatePerMinute, windowSeconds: 60 };

  async function accept(
    viewer: AuthenticatedViewer,
    input: GenerateRequest,
    planned: EstimateView,
    reading: PromptReading | null,
    imageAssetId: string | undefined,
    n: number,
    recordId: string | null,
  ): Promise<GenerationView[]> {
    const price = planned.credits.price;
    const rows: NewGeneration[] = Array.from({ length: n }, (_, i) =>
      newGeneration(viewer, input, newId("gen"), {
        agentId: planned.agentId,
        interpretation: planned.interpretation,
        reading,
        sheet: null,
        tileset: null,
        palette: planPalette(input) ?? null,
        sourceAssetId: imageAssetId ?? null,
        ...(imageAssetId ? { imageInput: true } : {}),
        badge: input.badge ?? null,
        transparent: planned.transparent,
        // A given seed makes the batch reproducible, and its images different: seed, seed + 1, …
        seed: input.seed === undefined ? randomInt(0, 2 ** 31 - 1) : (input.seed + i) % 2 ** 31,
        width: planned.width,
        height: planned.height,
        cost: price,
        idempotencyRecordId: i === 0 ? recordId : null,
      }),
    );
    const { records, balance } = await deps.reserveAndEnqueue(rows, { batch: true });
    return records.map((record) => generationView(record, [], balance));
  }

  /**
   * Waits for every generation (`waitMs` at most, or until `stop`), cancels (refunds) those still
   * unfinished, and answers the ones that succeeded, or throws the batch's error when none did.
   */
  async function settle(viewer: AuthenticatedViewer, ids: string[], waitMs: number, stop?: AbortSignal): Promise<GenerationView[]> {
    const accountId = viewer.user.accountId;
    const endings: Ending[] = await Promise.all(ids.map((id) => events.waitForEnd(accountId, id, waitMs, stop)));
    for (const [i, ending] of endings.entries()) {
      const g = ending.generation;
      if (g.status !== "queued" && g.status !== "running") continue;
      const canceled = await store.fail(g.id, {
        status: "canceled",
        accountId,
        error: {
          code: "canceled",
          message: stop?.aborted
            ? "The service shut down before this image was done; its credits were refunded."
            : `This image was not done within ${Math.round(waitMs / 1000)} s; its credits were refunded.`,
          retryable: true,
        },
      });
      if (canceled) queue.drop?.(g.id); // its job, still waiting in this process, would start from the row it carries
      endings[i] = { generation: await events.current(accountId, g.id) }; // it may have ended just before the cancel
    }
    const succeeded = endings.filter((e) => e.generation.status === "succeeded").map((e) => e.generation);
    if (succeeded.length > 0) return succeeded;
    const failed = endings.find((e) => e.generation.status === "failed");
    if (failed) throw events.failureOf(failed);
    const reason = stop?.aborted ? "interrupted" : "timeout";
    throw new AppError(
      "generator_unavailable",
      reason === "interrupted"
        ? "The service is restarting: the images were canceled and their credits refunded. Retry in a few seconds."
        : `The images were not done within ${Math.round(waitMs / 1000)} s: they were canceled and their credits refunded. Retry later.`,
      { headers: { "retry-after": "5" }, details: { reason, retryAfterSeconds: 5, generationIds: ids } },
    );
  }

  /** The generations of a keyed batch whose first call died (resume): by its charge entries, else (a free agent) by its statement. */
  async function batchOf(accountId: string, firstId: string, recordId: string, n: number): Promise<string[]> {
    const charges = await prisma.ledgerEntry.findMany({
      where: { accountId, idempotencyRecordId: recordId, kind: "charge", generationId: { not: null } },
      orderBy: { id: "asc" },
      select: { generationId: true },
    });
    if (charges.length > 0) return charges.map((c) => c.generationId!);
    const first = await prisma.generation.findFirst({ where: { id: firstId, accountId }, select: { createdAt: true, agentId: true, prompt: true } });
    if (!first) return [firstId];
    // One statement's rows share their creation time (the transaction's), agent and prompt.
    const siblings = await prisma.generation.findMany({
      where: { accountId, createdAt: first.createdAt, agentId: first.agentId, prompt: first.prompt, idempotencyRecordId: null, id: { not: firstId } },
      orderBy: { id: "asc" },
      take: n - 1,
      select: { id: true },
    });
    return [firstId, ...siblings.map((s) => s.id)];
  }

  const balanceOf = async (accountId: string) => (await prisma.account.findUniqueOrThrow({ where: { id: accountId }, select: { balance: true } })).balance;

  async function submitMany(viewer: AuthenticatedViewer, raw: unknown, n: number, options: SubmitOptions = {}): Promise<BatchSubmission> {
    if (!Number.isInteger(n) || n < 1 || n > maxBatchSize) {
      throw new AppError("invalid_request", `n: Must be an integer from 1 to ${maxBatchSize}.`, { param: "n" });
    }
    // Everything that can be refused for the request itself is refused before the quota counts it.
    const input = parseInput(generateRequest, raw);
    if (input.dryRun) throw new AppError("invalid_request", "dryRun answers an estimate: call estimate.", { param: "dryRun" });
    const { view: planned, reading, imageAssetId } = await deps.planEstimate(viewer, raw, { storeImage: true });
    if (options.idempotencyKey !== undefined) idempotency.assertKey(options.idempotencyKey);
    await consumeQuota(deps.limiter, generatePolicy, `acc:${viewer.user.accountId}`, options.onQuota);
    const accountId = viewer.user.accountId;

    const answer = async (generations: GenerationView[], outcome: BatchSubmission["outcome"]): Promise<BatchSubmission> => {
      const balance = outcome === "accepted" ? (generations[0]?.credits.balance ?? 0) : await balanceOf(accountId);
      return { generations, outcome, balance, replayed: false, json: JSON.stringify({ generations, balance }) };
    };
    const finish = async (queued: GenerationView[]) =>
      options.waitMs
        ? answer(
            await settle(
              viewer,
              queued.map((g) => g.id),
              options.waitMs,
              options.stop,
            ),
            "succeeded",
          )
        : answer(queued, "accepted");

    if (options.idempotencyKey === undefined) return finish(await accept(viewer, input, planned, reading, imageAssetId, n, null));

    const begun = await idempotency.begin(accountId, options.idempotencyKey, fingerprint("generate-batch", { input, n }));
    if (begun.kind === "replay") {
      const json = begun.answer.result ? Buffer.from(begun.answer.result).toString("utf8") : JSON.stringify({ generations: [], balance: 0 });
      const stored = JSON.parse(json) as { generations: GenerationView[]; balance: number };
      // A batch first answered queued (a stream) and repeated by a call that waits: waited for now.
      if (begun.answer.outcome === "accepted" && options.waitMs) {
        return { ...(await finish(stored.generations)), replayed: true };
      }
      return { generations: stored.generations, outcome: begun.answer.outcome as BatchSubmission["outcome"], balance: stored.balance, replayed: true, json };
    }
    try {
      const queued = begun.resumeGenerationId
        ? await Promise.all((await batchOf(accountId, begun.resumeGenerationId, begun.recordId, n)).map((id) => events.current(accountId, id)))
        : await accept(viewer, input, planned, reading, imageAssetId, n, begun.recordId);
      const submission = await finish(queued);
      await idempotency.complete(begun.recordId, { outcome: submission.outcome, result: Buffer.from(submission.json) });
      return submission;
    } catch (error) {
      await idempotency.abandon(begun.recordId).catch(() => undefined); // the lock lapses if even this fails
      throw error;
    }
  }

  return { submitMany };
}

export type SubmitMany = ReturnType<typeof createSubmitMany>["submitMany"];
