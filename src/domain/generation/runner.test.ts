import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testImage } from "../../../test/doubles/images.js";
import { accountOf, countingSql, eventsOf, generationOf, insertAgent, ledgerOf, newAccount, newRow, openUnitDatabase } from "../../../test/support/unit-db.js";
import type { AgentEntry, Catalog } from "../../agents/catalog.js";
import { AgentError, type AgentContext, type AgentDriver, type AgentImage, type AgentJob, type AgentResult } from "../../agents/driver.js";
import { closeFinishPool } from "../../agents/pipeline/finish-pool.js";
import type { Database } from "../../infra/db/database.js";
import { createInProcessEventBus } from "../../infra/events/bus.js";
import { createLogger } from "../../infra/logger.js";
import { RetryJob, type EnqueueOptions, type Job, type JobQueue } from "../../infra/queue/queue.js";
import { createReserveAndEnqueue } from "./reserve-and-enqueue.js";
import { PixelBudget } from "../../agents/pixel-budget.js";
import { createRunner } from "./runner.js";
import { createGenerationStore, type GenerationStore, type NewGeneration } from "./store.js";
import { createMemoryBlobStore } from "../../infra/blobs/memory-store.js";

/** The provider double each test scripts: what the agent's driver does with a job. */
type Script = (job: AgentJob, ctx: AgentContext) => Promise<AgentResult>;

const agentId = "unit-model";
const everyMs = 400; // generous: the holding rules are asserted with waits of several times this
const image: AgentImage = { png: Buffer.from("the exact asset"), width: 16, height: 16 };

const entryOf = (fields: Partial<AgentEntry>): AgentEntry => ({
  id: agentId,
  driver: "unit",
  name: "Unit model",
  description: "",
  credits: 3,
  sizes: [{ width: 16, height: 16 }],
  defaultSize: { width: 16, height: 16 },
  supportsTransparent: false,
  formats: ["image/png"],
  style: "none",
  paletteSize: 32,
  outline: false,
  timeoutMs: 10_000,
  maxRetries: 2,
  exactAssets: true,
  nativeTransparency: false,
  inputs: ["prompt"],
  ...fields,
});

/** Waits until `check` holds (the runner works on its own between the test's steps). */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await sleep(10);
  }
}

describe("the runner on PGlite", () => {
  let db: Database;
  let store: GenerationStore;
  let counting: ReturnType<typeof countingSql>;
  let entry: AgentEntry;
  let script: Script;
  let logs: Record<string, unknown>[];
  const bus = createInProcessEventBus();
  const driver: AgentDriver = { generate: (job, ctx) => script(job, ctx) };
  const catalog: Catalog = {
    defaultAgentId: agentId,
    get entries() {
      return [entry];
    },
    entry: (id) => (id === entry.id ? entry : undefined),
    driver: (id) => (id === entry.id ? driver : undefined),
  };
  const jobs: { generationId: string; options: EnqueueOptions }[] = [];
  const queue: JobQueue = {
    external: false,
    enqueue: async (generationId, options) => void jobs.push({ generationId, options }),
    start: () => undefined,
    pending: () => jobs.length,
    ping: async () => true,
    close: async () => undefined,
  };
  let run: (job: Job) => Promise<void>;

  beforeAll(async () => {
    db = await openUnitDatabase();
    await insertAgent(db, agentId, 3);
    counting = countingSql(db.sql);
    store = createGenerationStore(db.prisma, bus, counting, createMemoryBlobStore());
  });
  beforeEach(() => {
    entry = entryOf({});
    logs = [];
    const logger = createLogger("debug", (line) => logs.push(JSON.parse(line) as Record<string, unknown>));
    run = createRunner({ store, bus, catalog, logger, progressEveryMs: everyMs, retryBaseMs: 10 });
  });
  afterAll(async () => {
    await closeFinishPool();
    await db?.close();
  });

  /** A generation reserved and enqueued by the money path (in process): its account and its first job, with its queued row. */
  async function queued(fields: Partial<NewGeneration> = {}): Promise<{ accountId: string; id: string; job: Job }> {
    const accountId = await newAccount(db, 10);
    const reserveAndEnqueue = createReserveAndEnqueue({ prisma: db.prisma, sql: db.sql, store, queue, maxActivePerAccount: 5 });
    const { records } = await reserveAndEnqueue([newRow(accountId, agentId, { cost: 3, ...fields })]);
    const id = records[0]!.id;
    const { options } = jobs.find((j) => j.generationId === id)!;
    counting.count = 0;
    return { accountId, id, job: { generationId: id, attempt: 1, enqueuedAt: Date.now(), context: options.context } };
  }
  const types = async (id: string) => (await eventsOf(db, id)).map((e) => e.type);
  const progressOf = async (id: string) =>
    (await eventsOf(db, id))
      .filter((e) => e.type === "generation.progress" || e.type === "generation.preview")
      .map((e) => (e.type === "generation.preview" ? "preview" : `${e.data.percent as number} ${e.data.stage as string}`));

  it("a fast generation in process: its held start and progress are stored with its completion, in one statement", async () => {
    const { accountId, id, job } = await queued();
    script = async (_job, ctx) => {
      await ctx.report(0, "drawing");
      await ctx.report(50, "shading"); // within progressEveryMs of the first: not kept
      await ctx.report(100, "done");
      return { images: [image] };
    };
    await run(job);
    // the completion is one statement (a generation outside a kit runs no kit report)
    expect(counting.count).toBe(1);
    expect(await types(id)).toEqual(["generation.queued", "generation.started", "generation.progress", "generation.progress", "generation.completed"]);
    expect(await progressOf(id)).toEqual(["0 drawing", "100 done"]);
    const stored = await generationOf(db, id);
    expect(stored).toMatchObject({ status: "succeeded", creditState: "charged", attempt: 1 });
    expect(stored!.startedAt!.getTime()).toBeGreaterThanOrEqual(stored!.createdAt.getTime());
    expect(await accountOf(db, accountId)).toEqual({ balance: 7, active: 0 });
  });

  it("a job without its row (Redis, recovery) starts with one statement and completes with another", async () => {
    const { id, job } = await queued();
    script = async () => ({ images: [image] });
    await run({ ...job, context: undefined });
    expect(counting.count).toBe(2); // start, completion
    expect(await types(id)).toEqual(["generation.queued", "generation.started", "generation.completed"]);
  });

  it("holds progress: the first report, every preview with its stage, at most one other per progressEveryMs between, and 100 %", async () => {
    const { id, job } = await queued();
    const preview = (n: number): AgentImage => ({ png: Buffer.from(`preview ${n}`), width: 4, height: 4 });
    script = async (_job, ctx) => {
      await ctx.report(0, "a");
      await ctx.report(10, "b");
      await ctx.report(30, "c", preview(1)); // a preview: kept, with its stage, however soon
      await ctx.report(35, "d", preview(2)); // and the next one too
      await sleep(everyMs * 2.5); // the hold ends: what was held is stored
      await until(async () => (await generationOf(db, id))?.status === "running");
      await ctx.report(40, "e");
      await ctx.report(41, "f"); // too soon after the last one kept
      await ctx.report(45, "g", preview(3));
      await ctx.report(100, "h");
      return { images: [image] };
    };
    await run(job);
    expect(await progressOf(id)).toEqual(["0 a", "30 c", "preview", "35 d", "preview", "40 e", "45 g", "preview", "100 h"]);
    const previews = (await eventsOf(db, id)).filter((e) => e.type === "generation.preview");
    expect(previews.map((e) => Buffer.from(e.data.b64 as string, "base64").toString())).toEqual(["preview 1", "preview 2", "preview 3"]);
    expect((await types(id)).at(-1)).toBe("generation.completed");
  });

  it("post-processes a model's picture off the event loop's thread, saying so", async () => {
    entry = entryOf({ exactAssets: false });
    const { id, job } = await queued();
    const png = await testImage({ width: 64, height: 64 });
    script = async () => ({ images: [{ png, width: 64, height: 64 }] });
    await run(job);
    expect(await progressOf(id)).toEqual(["0 post-processing"]);
    const asset = await db.prisma.asset.findFirstOrThrow({ where: { generationId: id } });
    expect([asset.width, asset.height]).toEqual([16, 16]);
  });

  describe("sheets", () => {
    const sheet = { animations: ["walk" as const], directions: 1 as const, fps: 8 };
    const layout = {
      kind: "sheet" as const,
      frameWidth: 16,
      frameHeight: 16,
      columns: 6,
      rows: 1,
      animations: [{ name: "walk" as const, direction: "south" as const, row: 0, frames: 6, fps: 8, loop: true }],
    };
    const quality = { colors: 9, paletteCompliance: 1, baselineJitterPx: 0, bboxHeightRangePx: 1 };

    it("hands the driver the sheet and stores the layout and quality it answers with the asset", async () => {
      const { id, job } = await queued({ sheet, cost: 3 });
      let asked: AgentJob | undefined;
      script = async (j) => {
        asked = j;
        return { images: [{ ...image, width: 96, height: 16, layout, quality }] };
      };
      await run(job);
      expect(asked?.sheet).toEqual(sheet);
      const asset = await db.prisma.asset.findFirstOrThrow({ where: { generationId: id } });
      expect(asset.layout).toEqual(layout);
      expect(asset.quality).toEqual(quality);
      const completed = (await eventsOf(db, id)).at(-1)!;
      expect((completed.data.assets as { layout: unknown }[])[0]!.layout).toEqual(layout);
    });

    it("a driver answering one picture where a sheet was asked fails the generation and refunds the sheet's price", async () => {
      entry = entryOf({ maxRetries: 0 });
      const { accountId, id, job } = await queued({ sheet, cost: 6 });
      script = async () => ({ images: [image] });
      await run(job);
      expect(await generationOf(db, id)).toMatchObject({ status: "failed", creditState: "refunded", errorCode: "generator_unavailable" });
      expect(await accountOf(db, accountId)).toEqual({ balance: 10, active: 0 });
      expect(await db.prisma.asset.count({ where: { generationId: id } })).toBe(0);
    });

    it("a driver answering a sheet where a tileset was asked fails the generation and refunds it", async () => {
      entry = entryOf({ maxRetries: 0 });
      const { accountId, id } = await queued({ tileset: { layout: "blob-47", terrains: ["grass"] }, cost: 6 }).then(async (q) => {
        script = async () => ({ images: [{ ...image, layout, quality }] });
        await run(q.job);
        return q;
      });
      expect(await generationOf(db, id)).toMatchObject({ status: "failed", creditState: "refunded", errorCode: "generator_unavailable" });
      expect(await accountOf(db, accountId)).toEqual({ balance: 10, active: 0 });
    });

    it("a palette swap whose source asset is gone fails without calling the driver, and is refunded", async () => {
      const { accountId, id, job } = await queued({ sourceAssetId: "ast_gone", palette: { colors: ["#000000", "#ffffff"] }, cost: 1 });
      let called = false;
      script = async () => {
        called = true;
        return { images: [image] };
      };
      await run(job);
      expect(called).toBe(false);
      expect(await generationOf(db, id)).toMatchObject({ status: "failed", creditState: "refunded", errorCode: "content_rejected" });
      expect(await accountOf(db, accountId)).toEqual({ balance: 10, active: 0 });
    });

    it("a sheet whose drawing fails is refunded in full, once", async () => {
      const { accountId, id, job } = await queued({ sheet, cost: 8 });
      script = async (_job, ctx) => {
        await ctx.report(40, "posing");
        throw new AgentError("rejected", "It cannot draw that.");
      };
      await run(job);
      expect(await generationOf(db, id)).toMatchObject({ status: "failed", creditState: "refunded" });
      expect(await accountOf(db, accountId)).toEqual({ balance: 10, active: 0 });
      expect((await ledgerOf(db, accountId)).map((e) => e.amount)).toEqual([-8, 8]);
    });
  });

  describe("retries", () => {
    it("rate_limited with a retry-after: retried after that long, then completes; charged once", async () => {
      const { accountId, id, job } = await queued();
      script = async (_job, ctx) => {
        await ctx.report(20, "calling model");
        throw new AgentError("rate_limited", "Slow down.", { retryAfterMs: 1_500 });
      };
      const retry = await run(job).catch((e: unknown) => e);
      expect(retry).toBeInstanceOf(RetryJob);
      expect((retry as RetryJob).delayMs).toBe(1_500); // the provider's wait beats the 10 ms backoff
      expect((retry as RetryJob).options.sameAttempt).toBeUndefined();
      expect(await progressOf(id)).toEqual(["20 calling model", "20 rate limited: retrying in 2 s"]);
      expect(await generationOf(db, id)).toMatchObject({ status: "running", creditState: "reserved", attempt: 1 });

      script = async () => ({ images: [image] });
      await run({ generationId: id, attempt: 2, enqueuedAt: job.enqueuedAt });
      expect((await progressOf(id)).at(-1)).toBe("20 retrying (attempt 2 of 3)");
      expect(await generationOf(db, id)).toMatchObject({ status: "succeeded", attempt: 2 });
      expect((await ledgerOf(db, accountId)).map((e) => e.kind)).toEqual(["charge"]);
      // A second delivery of attempt 2 finds it finished: nothing to do.
      await run({ generationId: id, attempt: 2, enqueuedAt: job.enqueuedAt });
      expect((await types(id)).filter((t) => t === "generation.completed")).toHaveLength(1);
    });

    it("a retry-after past 60 s is not waited for: failed, refunded, the wait named", async () => {
      const { accountId, id, job } = await queued();
      script = async () => {
        throw new AgentError("rate_limited", "Come back tomorrow.", { retryAfterMs: 120_000 });
      };
      await run(job);
      const failed = (await eventsOf(db, id)).at(-1)!;
      expect(failed).toMatchObject({
        type: "generation.failed",
        data: { error: { code: "generator_unavailable", details: { reason: "rate_limited", retryAfterSeconds: 120 } } },
      });
      expect(await accountOf(db, accountId)).toEqual({ balance: 10, active: 0 });
    });

    it("the deadline aborts the driver: a timeout, retried while attempts remain, then failed and refunded", async () => {
      entry = entryOf({ timeoutMs: 150, maxRetries: 1 });
      const { accountId, id, job } = await queued();
      const reasons: unknown[] = [];
      script = (_job, ctx) =>
        new Promise((_resolve, reject) =>
          ctx.signal.addEventListener("abort", () => {
            reasons.push(ctx.signal.reason);
            reject(new DOMException("aborted", "AbortError"));
          }),
        );
      await expect(run(job)).rejects.toBeInstanceOf(RetryJob);
      expect((await progressOf(id)).at(-1)).toMatch(/^0 timeout: retrying in 1 s$/);
      await run({ generationId: id, attempt: 2, enqueuedAt: job.enqueuedAt });
      expect(reasons).toHaveLength(2);
      expect((await eventsOf(db, id)).at(-1)).toMatchObject({
        type: "generation.failed",
        data: { error: { code: "generator_unavailable", details: { reason: "timeout" } } },
      });
      expect(await accountOf(db, accountId)).toEqual({ balance: 10, active: 0 });
      expect(logs.some((l) => l.msg === "generation failed" && l.kind === "timeout")).toBe(true);
    });

    it("a driver that throws something unexpected: logged, an `unavailable` failure (retried, then refunded)", async () => {
      entry = entryOf({ maxRetries: 0 });
      const { accountId, id, job } = await queued();
      script = async () => {
        throw new TypeError("cannot read properties of undefined");
      };
      await run(job);
      expect(logs.some((l) => l.msg === "generator failed unexpectedly" && l.generationId === id)).toBe(true);
      expect((await eventsOf(db, id)).at(-1)).toMatchObject({
        type: "generation.failed",
        data: { error: { code: "generator_unavailable", details: { reason: "unavailable" } } },
      });
      expect(await accountOf(db, accountId)).toEqual({ balance: 10, active: 0 });

      entry = entryOf({ maxRetries: 1 });
      const again = await queued();
      await expect(run(again.job)).rejects.toBeInstanceOf(RetryJob);
      expect(await generationOf(db, again.id)).toMatchObject({ status: "running", creditState: "reserved" });
    });
  });

  it("a cancel mid-run aborts the driver through the bus: no retry, no event after the cancel's, refunded once", async () => {
    const { accountId, id, job } = await queued();
    let aborted = false;
    script = async (_job, ctx) => {
      await ctx.report(10, "calling model");
      await new Promise((resolve) => ctx.signal.addEventListener("abort", resolve));
      aborted = true;
      await ctx.report(90, "too late"); // a driver reporting after the abort changes nothing
      throw new DOMException("aborted", "AbortError");
    };
    const running = run(job);
    await until(async () => (await types(id)).includes("generation.progress")); // what was held is stored: it runs
    await store.fail(id, { status: "canceled", accountId, error: { code: "canceled", message: "Canceled.", retryable: false } });
    await running; // resolves: nothing to retry
    expect(aborted).toBe(true);
    expect(await types(id)).toEqual(["generation.queued", "generation.started", "generation.progress", "generation.failed"]);
    expect(await generationOf(db, id)).toMatchObject({ status: "canceled", creditState: "refunded" });
    expect((await ledgerOf(db, accountId)).map((e) => e.kind)).toEqual(["charge", "refund"]);
  });

  it("a job whose generation is not visible yet is tried again (the same attempt); an old one is dropped", async () => {
    script = async () => ({ images: [image] });
    const young = await run({ generationId: "gen_not_committed", attempt: 1, enqueuedAt: Date.now() }).catch((e: unknown) => e);
    expect(young).toMatchObject({ delayMs: 200, options: { sameAttempt: true } });
    await expect(run({ generationId: "gen_rolled_back", attempt: 1, enqueuedAt: Date.now() - 11_000 })).resolves.toBeUndefined();
  });

  it("an agent gone from the catalog fails its generation and refunds it", async () => {
    const { accountId, id, job } = await queued();
    entry = entryOf({ id: "another-agent" });
    await run(job);
    expect((await eventsOf(db, id)).at(-1)).toMatchObject({ type: "generation.failed", data: { error: { code: "generator_unavailable" } } });
    expect(await accountOf(db, accountId)).toEqual({ balance: 10, active: 0 });
  });

  it("a job whose output does not fit the pixel budget steps back into the queue, its generation still queued, and runs once it fits", async () => {
    const budget = new PixelBudget(16 * 16 * 2, 0);
    const runner = createRunner({ store, bus, catalog, logger: createLogger("silent"), pixelBudget: budget, budgetRetryMs: 123 });
    const { id, job } = await queued();
    script = async () => ({ images: [image] });
    const held = budget.tryTake(16 * 16 * 2)!;
    await expect(runner(job)).rejects.toMatchObject({ delayMs: 123, options: { sameAttempt: true } });
    expect(counting.count).toBe(0);
    expect(await generationOf(db, id)).toMatchObject({ status: "queued", creditState: "reserved" });
    // the retry carries no row: it is read (without bytes), and once the budget has room the job runs
    held();
    await runner({ ...job, context: undefined });
    expect(await generationOf(db, id)).toMatchObject({ status: "succeeded" });
    expect(budget.inUse).toBe(0);
  });

  it("counts a model's largest picture, not the asked size, in the pixel budget", async () => {
    const budget = new PixelBudget(1_000_000, 0);
    const model: AgentDriver = { ...driver, maxImagePixels: 2048 * 2048 };
    const seen: number[] = [];
    const runner = createRunner({
      store,
      bus,
      catalog: { ...catalog, driver: (name) => (name === entry.id ? model : undefined) },
      logger: createLogger("silent"),
      pixelBudget: budget,
    });
    script = async () => {
      seen.push(budget.inUse);
      return { images: [image] };
    };
    const { job } = await queued();
    await runner(job);
    expect(seen).toEqual([2048 * 2048]);
  });
});
