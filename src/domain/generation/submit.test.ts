import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountOf, ledgerOf, newAccount, openUnitDatabase } from "../../../test/support/unit-db.js";
import type { Catalog } from "../../agents/catalog.js";
import { openCatalog } from "../../agents/registry.js";
import { AppError } from "../../contract/errors.js";
import type { Database } from "../../infra/db/database.js";
import { DependencyUnavailableError } from "../../infra/dependency.js";
import { createInProcessEventBus } from "../../infra/events/bus.js";
import type { Consumers } from "../../infra/queue/consumers.js";
import type { EnqueueOptions, JobQueue, SlotClaim } from "../../infra/queue/queue.js";
import { createInProcessRateLimiter } from "../../infra/ratelimit/limiter.js";
import { createInProcessSlots } from "../../infra/ratelimit/slots.js";
import { createAgentService, syncAgents } from "../agents/agents.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import { createIdempotencyService } from "../idempotency/idempotency.js";
import { createGenerationEvents } from "./events.js";
import { unmeasuredSlotWaitSeconds } from "./refusal.js";
import { createReserveAndEnqueue } from "./reserve-and-enqueue.js";
import { createGenerationStore, type GenerationRecord, type GenerationStore } from "./store.js";
import { createMemoryBlobStore } from "../../infra/blobs/memory-store.js";
import { createSubmit } from "./submit.js";
import { createSubmitMany } from "./submit-many.js";

/** A queue double (the thing under test is the money path around it): records what it was handed. */
interface QueueDouble extends JobQueue {
  jobs: { generationId: string; options?: EnqueueOptions; ranInClaimedSlot?: boolean; context?: unknown }[];
  claims: { released: number; used: number };
  consumerReads: number;
}

function queueDouble(options: { external: boolean; enqueue?: () => Promise<void>; consumers?: Consumers; freeSlot?: boolean }): QueueDouble {
  const queue: QueueDouble = {
    external: options.external,
    jobs: [],
    claims: { released: 0, used: 0 },
    consumerReads: 0,
    async enqueue(generationId, enqueueOptions) {
      await options.enqueue?.();
      queue.jobs.push({ generationId, options: enqueueOptions });
    },
    start: () => undefined,
    pending: () => queue.jobs.length,
    ping: async () => true,
    close: async () => undefined,
  };
  if (options.consumers) {
    queue.consumers = async () => {
      queue.consumerReads++;
      return options.consumers!;
    };
  }
  if (!options.external) {
    queue.claim = (): SlotClaim | undefined =>
      options.freeSlot
        ? {
            run: (job) => {
              queue.claims.used++;
              queue.jobs.push({ generationId: job.generationId, ranInClaimedSlot: true, context: job.context });
            },
            release: () => void queue.claims.released++,
          }
        : undefined;
  }
  return queue;
}

const viewerOf = (accountId: string): AuthenticatedViewer => ({
  kind: "session",
  user: { id: `usr_${accountId}`, email: "unit@example.com", name: null, role: "user", accountId },
  sessionId: "session",
  origin: { trusted: true, expected: "http://localhost", given: null },
});

describe("submit and submitMany: the one money path", () => {
  let db: Database;
  let catalog: Catalog;
  let store: GenerationStore;
  const bus = createInProcessEventBus();

  beforeAll(async () => {
    db = await openUnitDatabase();
    catalog = await openCatalog({ file: undefined, drawThreads: 1 }, () => undefined, { warn: () => undefined, info: () => undefined });
    await syncAgents(db.prisma, catalog);
    store = createGenerationStore(db.prisma, bus, db.sql, createMemoryBlobStore());
  });
  afterAll(async () => {
    await db?.close();
  });

  /** The use-cases as services.ts wires them, over `queue`, with `maxActive` generations per account. */
  function useCases(queue: JobQueue, maxActive = 3) {
    const reserveAndEnqueue = createReserveAndEnqueue({ prisma: db.prisma, sql: db.sql, store, queue, maxActivePerAccount: maxActive });
    const idempotency = createIdempotencyService(db.prisma);
    const limiter = createInProcessRateLimiter();
    const events = createGenerationEvents({ prisma: db.prisma, store, bus, slots: createInProcessSlots(), maxStreamsPerAccount: 5 });
    const common = { prisma: db.prisma, reserveAndEnqueue, idempotency, limiter, events, generatePerMinute: 1_000 };
    const agents = createAgentService(db.prisma, catalog);
    const images = {
      assetBytes: store.assetBytes,
      takingImages: () => agents.takingImages(),
      goneOrNotFound: async (): Promise<never> => {
        throw new Error("no image in these tests");
      },
      uploadLimits: { maxBytes: 1024 * 1024, maxSide: 4096 },
    };
    const { submit, planEstimate } = createSubmit({ ...common, recolorCredits: 1, agents, images });
    const { submitMany } = createSubmitMany({ ...common, store, queue, planEstimate });
    return { submit, submitMany };
  }
  const sprite = { prompt: "red slime", agentId: "pixel-sprite", width: 16, height: 16 };
  const price = () => catalog.entry("pixel-sprite")!.credits;
  const generationsOf = (accountId: string) => db.prisma.generation.count({ where: { accountId } });

  it("in process: reserves, then enqueues each job with its account and its queued row", async () => {
    const accountId = await newAccount(db, 10);
    const queue = queueDouble({ external: false });
    const { submit, submitMany } = useCases(queue);
    const one = await submit(viewerOf(accountId), sprite);
    expect(one).toMatchObject({ outcome: "accepted", replayed: false, generation: { status: "queued", credits: { charged: price(), balance: 10 - price() } } });
    const batch = await submitMany(viewerOf(accountId), sprite, 2);
    expect(batch.generations.map((g) => g.status)).toEqual(["queued", "queued"]);
    expect(queue.jobs.map((j) => j.generationId)).toEqual([one.generation.id, ...batch.generations.map((g) => g.id)]);
    for (const job of queue.jobs) {
      expect(job.options?.accountId).toBe(accountId);
      expect(job.options?.context).toMatchObject({ id: job.generationId, status: "queued", accountId, cost: price() } satisfies Partial<GenerationRecord>);
    }
    expect(await accountOf(db, accountId)).toEqual({ balance: 10 - 3 * price(), active: 3 });
  });

  it("refused for the balance: 402 naming the price, nothing written, nothing enqueued; a batch's names all n", async () => {
    const accountId = await newAccount(db, price() * 2 - 1);
    const queue = queueDouble({ external: false });
    const { submit, submitMany } = useCases(queue);
    await submit(viewerOf(accountId), sprite);
    const refused = await submit(viewerOf(accountId), sprite).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "insufficient_credits", status: 402, details: { required: price(), balance: price() - 1, agentId: "pixel-sprite" } });
    const batch = await submitMany(viewerOf(accountId), sprite, 3).catch((e: unknown) => e);
    expect(batch).toMatchObject({ code: "insufficient_credits", details: { required: price() * 3, images: 3 } });
    expect((batch as AppError).message).toContain("(3 images; nothing was charged.)");
    expect(queue.jobs).toHaveLength(1);
    expect(await generationsOf(accountId)).toBe(1);
    expect((await ledgerOf(db, accountId)).length).toBe(1);
  });

  it("refused past the active limit: 429 whose Retry-After is when the account's oldest active generation should end", async () => {
    const accountId = await newAccount(db, 100);
    const queue = queueDouble({ external: false });
    const { submit, submitMany } = useCases(queue, 2);
    // History: two ended generations that held their slot 40 s and 60 s (median 50 s).
    for (const heldS of [40, 60]) {
      const { generation } = await submit(viewerOf(accountId), sprite);
      await store.fail(generation.id, { status: "failed", error: { code: "generator_unavailable", message: "x", retryable: true } });
      const created = new Date(Date.now() - 600_000);
      await db.prisma.generation.update({
        where: { id: generation.id },
        data: { createdAt: created, completedAt: new Date(created.getTime() + heldS * 1000) },
      });
    }
    const oldest = await submit(viewerOf(accountId), sprite);
    await db.prisma.generation.update({ where: { id: oldest.generation.id }, data: { createdAt: new Date(Date.now() - 20_000) } });
    await submit(viewerOf(accountId), sprite);
    const balance = (await accountOf(db, accountId)).balance;

    const refused = (await submit(viewerOf(accountId), sprite).catch((e: unknown) => e)) as AppError;
    expect(refused).toMatchObject({ code: "rate_limited", status: 429, details: { active: 2, limit: 2 } });
    const wait = Number(refused.headers!["retry-after"]);
    expect(wait).toBeGreaterThanOrEqual(29); // 50 s median − 20 s already held
    expect(wait).toBeLessThanOrEqual(31);
    expect(refused.details!.retryAfterSeconds).toBe(wait);
    expect(refused.message).toBe("This account already has 2 generations queued or running (at most 2). Wait for one to finish, then retry.");
    // A batch of two needs both slots: the second oldest's end (held ~0 s so far: ~50 s).
    const batch = (await submitMany(viewerOf(accountId), sprite, 2).catch((e: unknown) => e)) as AppError;
    expect(batch).toMatchObject({ code: "rate_limited", details: { active: 2, limit: 2, requested: 2 } });
    expect(Number(batch.headers!["retry-after"])).toBeGreaterThanOrEqual(45);
    expect(Number(batch.headers!["retry-after"])).toBeLessThanOrEqual(51);
    expect(await accountOf(db, accountId)).toEqual({ balance, active: 2 });

    const fresh = await newAccount(db, 100);
    const { submit: freshSubmit } = useCases(queueDouble({ external: false }), 1);
    await freshSubmit(viewerOf(fresh), sprite);
    const unmeasured = (await freshSubmit(viewerOf(fresh), sprite).catch((e: unknown) => e)) as AppError;
    expect(unmeasured.headers!["retry-after"]).toBe(String(unmeasuredSlotWaitSeconds));
  });

  it("a one-shot call takes a free slot before reserving and runs in it; a refused one gives the slot back", async () => {
    const accountId = await newAccount(db, price());
    const queue = queueDouble({ external: false, freeSlot: true });
    const { submit } = useCases(queue);
    // waitMs: the call waits for the end; the double never runs the job, so the wait ends queued.
    const ran = await submit(viewerOf(accountId), sprite, { waitMs: 50 });
    expect(ran.generation.status).toBe("queued");
    expect(queue.jobs).toEqual([{ generationId: ran.generation.id, ranInClaimedSlot: true, context: expect.objectContaining({ status: "queued" }) }]);
    await expect(submit(viewerOf(accountId), sprite, { waitMs: 50 })).rejects.toMatchObject({ code: "insufficient_credits" });
    expect(queue.claims).toEqual({ used: 1, released: 1 });
  });

  describe("on an external queue (Redis)", () => {
    it("enqueues inside the reservation's transaction: telling the queue whose job it is, and nothing else", async () => {
      const accountId = await newAccount(db, 10);
      const queue = queueDouble({ external: true, consumers: { alive: true, sinceLastMs: 0, waiting: 0 } });
      const { submit, submitMany } = useCases(queue);
      const one = await submit(viewerOf(accountId), sprite);
      await submitMany(viewerOf(accountId), sprite, 2);
      expect(queue.jobs.map((j) => j.options)).toEqual([{ accountId }, { accountId }, { accountId }]);
      expect(queue.jobs[0]!.generationId).toBe(one.generation.id);
      expect(queue.consumerReads).toBe(2); // once per call, before reserving
    });

    it("an enqueue that fails rolls the reservation back: 503 from the queue, no charge, no generation, no slot", async () => {
      const accountId = await newAccount(db, 10);
      const down = () => Promise.reject(new DependencyUnavailableError("redis", "connection refused"));
      const queue = queueDouble({ external: true, enqueue: down });
      const { submit, submitMany } = useCases(queue);
      await expect(submit(viewerOf(accountId), sprite)).rejects.toBeInstanceOf(DependencyUnavailableError);
      await expect(submitMany(viewerOf(accountId), sprite, 3)).rejects.toBeInstanceOf(DependencyUnavailableError);
      expect(await accountOf(db, accountId)).toEqual({ balance: 10, active: 0 });
      expect(await generationsOf(accountId)).toBe(0);
      expect(await ledgerOf(db, accountId)).toEqual([]);
    });

    it("a batch whose third job fails to enqueue keeps none of the three", async () => {
      const accountId = await newAccount(db, 10);
      let enqueued = 0;
      const third = async () => {
        if (++enqueued === 3) throw new DependencyUnavailableError("redis", "gone");
      };
      const queue = queueDouble({ external: true, enqueue: third });
      const { submitMany } = useCases(queue);
      await expect(submitMany(viewerOf(accountId), sprite, 3)).rejects.toBeInstanceOf(DependencyUnavailableError);
      expect(await generationsOf(accountId)).toBe(0);
      expect(await accountOf(db, accountId)).toEqual({ balance: 10, active: 0 });
    });

    it("nobody takes jobs: 503 workers before anything is reserved or enqueued", async () => {
      const accountId = await newAccount(db, 10);
      const queue = queueDouble({ external: true, consumers: { alive: false, sinceLastMs: 45_000, waiting: 7 } });
      const { submit } = useCases(queue);
      await expect(submit(viewerOf(accountId), sprite)).rejects.toMatchObject({ name: "DependencyUnavailableError", dependency: "workers" });
      expect(queue.jobs).toEqual([]);
      expect(await generationsOf(accountId)).toBe(0);
    });
  });
});
