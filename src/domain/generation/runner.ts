import { UPLOAD_AGENT_ID } from "../uploads/agent.js";
import { createHash } from "node:crypto";
import {
  type AgentContext,
  type AgentDriver,
  type AgentEntry,
  AgentError,
  type AgentImage,
  type AgentImageInput,
  type AgentJob,
  type Catalog,
  decodeImageInput,
  finishAsset,
  indexedPng,
  jobPixels,
  type PixelBudget,
  recolorOffThread,
  type RecolorSource,
  type SheetRequest,
  type TilesetRequest,
} from "../../agents/index.js";
import { agentFailure } from "../../contract/render.js";
import type { Message } from "../../contract/schemas/generation.js";
import { BlobUnavailableError } from "../../infra/blobs/blob-store.js";
import type { EventBus } from "../../infra/events/bus.js";
import type { Logger } from "../../infra/logger.js";
import { RetryJob, type Job } from "../../infra/queue/queue.js";
import { newId } from "../ids.js";
import { mapper } from "./map-plan.js";
import { holdProgress, type HeldProgress } from "./runner-progress.js";
import type { GenerationRecord, GenerationStore, StoredImage } from "./store.js";
import { loadTerrainImages } from "./terrain-assets.js";
import { generationView } from "./view.js";

export interface RunnerDeps {
  store: GenerationStore;
  bus: EventBus;
  catalog: Catalog;
  logger: Logger;
  /** A `running` generation whose heartbeat is older than this is an orphan a redelivered job may take over. */
  orphanAfterMs?: number;
  /**
   * Progress is stored and published at 0 %, with every preview, at 100 % and at most once per this
   * many ms between: a fast generation's progress is a few events, stored with the statement that
   * completes it, not one per stage. Default 100.
   */
  progressEveryMs?: number;
  /** First retry delay (doubles per attempt, ±25 % jitter, at most 30 s). Default 1000 ms. */
  retryBaseMs?: number;
  /**
   * Pixels held in memory at once by the generations this process runs (PIXEL_BUDGET_MP): a job whose output does
   * not fit steps back into the queue and tries again (`budgetRetryMs`), so it neither waits holding a worker's slot
   * nor exhausts memory. Without it, no limit.
   */
  pixelBudget?: PixelBudget;
  /** How soon a job that did not fit the pixel budget tries again. Default 250 ms. */
  budgetRetryMs?: number;
}

/** A provider asking to wait longer than this is not retried (the lease of a running generation is 120 s). */
const maxRetryDelayMs = 60_000;
/** How long a job waits for its generation to become visible (the enqueue precedes the reservation's commit). */
const visibilityWaitMs = 10_000;

const canceled = Symbol("canceled");
const deadlinePassed = Symbol("deadline");

/** A claimed generation: its row, the held start (in process: stored with the completion), the percent its stream reached. */
interface Claimed {
  g: GenerationRecord;
  heldStartAt?: Date;
  percent: number;
}

/** An attempt under way: the row (replaced once a held start is stored) and the start still held, if any. */
interface Running {
  g: GenerationRecord;
  heldStartAt?: Date;
}

/**
 * Runs one attempt of one generation, in named steps: `claim` it (queued → running, or a retry /
 * a dead worker's attempt), `drive` the agent's driver with a signal that aborts on cancel (from
 * any process: the `generation.failed` event) and at the attempt's deadline, holding its progress
 * (runner-progress.ts), and finish the asset off the event loop's thread; then `complete` it (the
 * charge stands) or, on failure, `retryOrFail`: retry (`rate_limited`, `timeout`, `unavailable`,
 * up to the entry's `maxRetries`, with backoff honouring `retry-after`) or fail it and refund, once.
 */
export function createRunner(deps: RunnerDeps) {
  const { store, bus, catalog, logger } = deps;
  const progressEveryMs = deps.progressEveryMs ?? 100;
  const retryBaseMs = deps.retryBaseMs ?? 1_000;

  return async function run(job: Job): Promise<void> {
    const release = await admit(job);
    try {
      await runAdmitted(job);
    } finally {
      release();
    }
  };

  /**
   * Takes the job's pixels from the budget (its output's, or the largest picture its model may send), before it
   * claims its generation or reads any bytes; a job that does not fit now goes back to its queue (the generation
   * stays queued) and tries again shortly. The row comes with the job in process; otherwise it is read (without
   * bytes). A row not visible yet, or gone, is left to `claim`.
   */
  async function admit(job: Job): Promise<() => void> {
    if (!deps.pixelBudget) return () => undefined;
    const given = job.attempt === 1 ? (job.context as GenerationRecord | undefined) : undefined;
    const g = given ?? (await store.find(job.generationId));
    const driver = g ? catalog.driver(g.agentId) : undefined;
    if (!g || !driver) return () => undefined;
    const pixels = jobPixels(
      {
        width: g.width,
        height: g.height,
        ...(g.sheet ? { sheet: g.sheet as SheetRequest } : {}),
        ...(g.tileset ? { tileset: g.tileset as TilesetRequest } : {}),
      },
      g.sourceAssetId === null || g.imageInput ? driver : { sheets: driver.sheets },
    );
    const release = deps.pixelBudget.tryTake(pixels);
    if (!release) throw new RetryJob(deps.budgetRetryMs ?? 250, { sameAttempt: true });
    return release;
  }

  async function runAdmitted(job: Job): Promise<void> {
    const claimed = await claim(job);
    if (!claimed) return;
    const entry = catalog.entry(claimed.g.agentId) ?? uploadEntry(claimed.g);
    const driver = catalog.driver(claimed.g.agentId);
    if (!entry || (!driver && entry.id !== UPLOAD_AGENT_ID)) {
      await store.fail(job.generationId, failure(new AgentError("unavailable", `The agent ${claimed.g.agentId} is no longer in the catalog.`)));
      return;
    }
    // the caller's picture (contract section 14) goes to the driver with the job
    if (claimed.g.imageInput && driver) {
      await attempt(job, claimed, entry, driver);
      return;
    }
    // a map places a stored tileset's tiles: nothing to draw either
    if (claimed.g.sourceAssetId !== null && claimed.g.map) {
      await attempt(job, claimed, { ...entry, exactAssets: true, maxRetries: 0 }, mapper(claimed.g.sourceAssetId, claimed.g.map, store.assetSource));
      return;
    }
    // a palette swap maps a stored asset: nothing to draw, no model to call, nothing to post-process
    if (claimed.g.sourceAssetId !== null) {
      await attempt(job, claimed, { ...entry, exactAssets: true, maxRetries: 0 }, recolorer(claimed.g.sourceAssetId, entry, store.assetSource));
      return;
    }
    await attempt(job, claimed, entry, driver!);
  }

  /**
   * The generation this job runs, or undefined when there is nothing to do (finished, canceled, or
   * alive elsewhere). In process, the job comes with its queued row (reserve-and-enqueue.ts): its
   * start is held back like a fast generation's progress, and stored with the statement that
   * completes it (`store.complete` with `startedAt`), or with the first progress stored when the
   * generation runs longer. One statement fewer per generation. Otherwise (Redis, recovery) one
   * statement: queued → running, returning the row; on Redis the conditional start is also the
   * claim of a redelivered job.
   */
  async function claim(job: Job): Promise<Claimed | undefined> {
    const { generationId: id, attempt } = job;
    const given = attempt === 1 ? (job.context as GenerationRecord | undefined) : undefined;
    if (given?.status === "queued") {
      const heldStartAt = laterOf(new Date(), given.createdAt);
      return { g: { ...given, status: "running", attempt: 1, startedAt: heldStartAt }, heldStartAt, percent: 0 };
    }
    const started = attempt === 1 ? await store.start(id) : undefined;
    if (started) return { g: started, percent: 0 };
    const found = await store.find(id);
    if (!found) {
      // Enqueued inside the reservation's transaction: not committed yet, or rolled back.
      if (Date.now() - job.enqueuedAt < visibilityWaitMs) throw new RetryJob(200, { sameAttempt: true });
      return undefined;
    }
    // Committed between the two reads (the enqueue precedes the reservation's commit): start it now.
    const late = attempt === 1 && found.status === "queued" ? await store.start(id) : undefined;
    if (late) return { g: late, percent: 0 };
    const maxRetries = catalog.entry(found.agentId)?.maxRetries ?? 0;
    const stage = attempt === 1 ? "resumed" : `retrying (attempt ${attempt} of ${maxRetries + 1})`;
    const percent = await store.resume(id, attempt, new Date(Date.now() - (deps.orphanAfterMs ?? 10_000)), stage);
    return percent === undefined ? undefined : { g: found, percent }; // undefined: finished, canceled, or alive elsewhere: not ours
  }

  /** One attempt of a claimed generation: its signal (cancel, deadline), its progress held, then its ending. */
  async function attempt(job: Job, claimed: Claimed, entry: AgentEntry, driver: AgentDriver): Promise<void> {
    const id = job.generationId;
    const controller = new AbortController();
    const deadline = Date.now() + entry.timeoutMs;
    const deadlineTimer = setTimeout(() => controller.abort(deadlinePassed), entry.timeoutMs);
    // Without the bus (Redis down), a cancel is still noticed at the next progress report.
    const unsubscribe = await subscribeWithin(bus, id, 1_000, (type) => {
      if (type === "generation.failed") controller.abort(canceled);
    });
    const running: Running = { g: claimed.g, heldStartAt: claimed.heldStartAt };
    const progress = holdProgress({
      id,
      store,
      everyMs: progressEveryMs,
      heldStart: claimed.heldStartAt !== undefined,
      percent: claimed.percent,
      onStarted: (g) => {
        running.g = g;
        running.heldStartAt = undefined;
      },
      onGone: () => controller.abort(canceled),
    });
    try {
      const image = await drive(running.g, entry, driver, { signal: controller.signal, deadline, report: progress.report }, progress);
      await complete(running, image, progress, controller.signal);
    } catch (thrown) {
      await retryOrFail(job, entry, thrown, controller.signal, progress);
    } finally {
      progress.stop();
      clearTimeout(deadlineTimer);
      unsubscribe();
    }
  }

  /**
   * The driver's image, finished as the entry's asset (post-processing off the event loop's thread,
   * `finishAsset`), or the driver's error; an abort (cancel, deadline) throws.
   */
  async function drive(g: GenerationRecord, entry: AgentEntry, driver: AgentDriver, ctx: AgentContext, progress: HeldProgress): Promise<AgentImage> {
    const agentJob: AgentJob = {
      ...(g.prompt === null ? {} : { prompt: g.prompt }),
      ...(g.messages === null ? {} : { messages: g.messages as Message[] }),
      width: g.width,
      height: g.height,
      transparent: g.transparent,
      seed: g.seed,
      options: g.badge === null ? {} : { badge: g.badge },
      ...(g.sheet === null ? {} : { sheet: g.sheet as SheetRequest }),
      ...(g.tileset === null ? {} : { tileset: g.tileset as TilesetRequest }),
      ...(g.palette === null ? {} : { palette: g.palette as NonNullable<AgentJob["palette"]> }),
      ...(g.reading === null ? {} : { reading: g.reading }),
    };
    // a tileset's terrains that name the caller's textures (none: nothing is read)
    const terrainImages = g.tileset === null ? undefined : await loadTerrainImages(g.tileset as TilesetRequest, store.assetSource);
    if (terrainImages) agentJob.terrainImages = terrainImages;
    // only a generation given a picture reads and decodes one (no statement or read for the others)
    if (g.imageInput && g.sourceAssetId !== null) agentJob.image = await imageInput(g.sourceAssetId);
    const result = await driver.generate(agentJob, ctx);
    ctx.signal.throwIfAborted();
    const native = result.images[0];
    if (!native) throw new AgentError("unavailable", "The model answered without an image.");
    // a sheet is drawn as one, never made up from one picture (the price was the sheet's: refunded)
    if (g.sheet !== null && native.layout?.kind !== "sheet") throw new AgentError("unavailable", "The agent answered one image where a sheet was asked.");
    if (g.tileset !== null && native.layout?.kind !== "tileset") throw new AgentError("unavailable", "The agent answered one image where a tileset was asked.");
    if (entry.exactAssets) return native;
    await progress.report(progress.percent, "post-processing", undefined, true);
    return finishAsset(native, agentJob, entry, ctx.signal);
  }

  /** running (or, with its start held, queued) → succeeded: the asset, with the progress still held (`store.complete`). */
  async function complete(running: Running, image: AgentImage, progress: HeldProgress, signal: AbortSignal): Promise<void> {
    const pending = await progress.release();
    signal.throwIfAborted();
    // Stored and served as an indexed PNG when its pixels fit 256 colours (the same pixels, fewer bytes); a
    // drawing thread's PNG already is one (IHDR colour type 3) when it could be: nothing decoded again here.
    const indexed = image.png[25] === 3 ? undefined : await indexedPng(image.png).catch(() => undefined);
    const { asset, completedAt, view } = completion(running.g, indexed ? { ...image, png: indexed } : image);
    await store.saveAssetBytes(asset).catch((error: unknown) => {
      if (!(error instanceof BlobUnavailableError)) throw error;
      logger.warn("asset store unavailable", { generationId: running.g.id, error });
      throw new AgentError("unavailable", "The asset store did not take the picture.", { cause: error });
    });
    signal.throwIfAborted();
    await store.complete(running.g.id, asset, completedAt, view, pending, running.heldStartAt);
  }

  /**
   * After a failed attempt: nothing when it was canceled (the cancel refunded it); else the progress
   * held back is stored first, then the attempt is retried (RetryJob after its delay, with a
   * progress event saying so) or the generation fails and is refunded.
   */
  async function retryOrFail(job: Job, entry: AgentEntry, thrown: unknown, signal: AbortSignal, progress: HeldProgress): Promise<void> {
    const id = job.generationId;
    if (signal.reason === canceled) return;
    await progress.flush().catch(() => undefined); // the progress held back comes before the ending
    if (signal.reason === canceled) return;
    const error =
      signal.reason === deadlinePassed
        ? new AgentError("timeout", `No answer within ${Math.round(entry.timeoutMs / 1000)} s.`)
        : thrown instanceof AgentError
          ? thrown
          : unexpected(thrown, id);
    const delay = retryDelay(error, job.attempt, entry, retryBaseMs);
    if (delay !== undefined) {
      const stage = `${error.kind.replace("_", " ")}: retrying in ${Math.max(1, Math.round(delay / 1000))} s`;
      if (await store.append(id, "generation.progress", { id, percent: progress.percent, stage })) throw new RetryJob(delay);
      return; // canceled meanwhile
    }
    logger.warn("generation failed", { generationId: id, agentId: entry.id, kind: error.kind, attempt: job.attempt, error: error.message });
    await store.fail(id, failure(error));
  }

  /** The caller's picture from the blob store, decoded once (a picture deleted since the submit: the job fails, refunded). */
  async function imageInput(assetId: string): Promise<AgentImageInput> {
    const source = await store.assetSource(assetId);
    if (!source) throw new AgentError("rejected", "The picture given to this generation no longer exists.");
    return decodeImageInput(assetId, Buffer.from(source.png), source.layout as AgentImageInput["layout"]);
  }

  function unexpected(thrown: unknown, id: string): AgentError {
    logger.error("generator failed unexpectedly", { generationId: id, error: thrown });
    return new AgentError("unavailable", "The generator failed unexpectedly.", { cause: thrown });
  }
}

/**
 * The "driver" of a palette swap: the stored source asset mapped onto the generation's palette
 * (the agents' recolorOffThread), its layout kept; surfaces (the texture agent's, and tilesets) dithered.
 */
/**
 * The agent of a palette swap or map of an upload (src/domain/uploads/uploads.ts): not in the catalog (uploads draw
 * nothing), yet its asset is recoloured like any other, as an image (or a tileset once sliced).
 */
function uploadEntry(g: { agentId: string; sourceAssetId: string | null }): AgentEntry | undefined {
  if (g.agentId !== UPLOAD_AGENT_ID || g.sourceAssetId === null) return undefined;
  return { id: UPLOAD_AGENT_ID, driver: "upload", timeoutMs: 120_000, maxRetries: 0, exactAssets: true } as AgentEntry;
}

function recolorer(sourceAssetId: string, entry: AgentEntry, read: GenerationStore["assetSource"]): AgentDriver {
  return {
    async generate(job, ctx) {
      const source = await read(sourceAssetId);
      if (!source) throw new AgentError("rejected", "The asset to recolour no longer exists.");
      if (!job.palette) throw new AgentError("rejected", "A palette swap without a palette.");
      const surface = entry.style === "texture" || entry.driver === "procedural-texture" || (source.layout as { kind?: string } | null)?.kind === "tileset";
      const image = await recolorOffThread(source as RecolorSource, job.palette.colors, { surface }, ctx.signal);
      return { images: [image] };
    },
  };
}

const NOTHING_READ = { subject: null, modifiers: [], ignored: [], fallback: false };

/**
 * What `store.complete` stores for a generation that produced `image`: the asset (a new id, its
 * sha256), the completion time (never before the start) and the completed view without b64 or
 * credits (the store stores the image once and fills in the credits).
 */
export function completion(g: GenerationRecord, image: AgentImage): { asset: StoredImage; completedAt: Date; view: Record<string, unknown> } {
  const asset: StoredImage = {
    assetId: newId("ast"),
    png: image.png,
    mimeType: "image/png",
    width: image.width,
    height: image.height,
    sha256: createHash("sha256").update(image.png).digest("hex"),
    layout: image.layout ?? null,
    quality: image.quality ?? null,
    ...(image.detected ? { detected: image.detected } : {}),
  };
  const completedAt = laterOf(new Date(), g.startedAt ?? g.createdAt);
  // the pixel fixer says what it found in the picture: `interpretation.detected` (stored by `complete` too)
  const interpretation = (
    image.detected ? { ...((g.interpretation as object | null) ?? NOTHING_READ), detected: image.detected } : g.interpretation
  ) as GenerationRecord["interpretation"];
  const { credits: _, ...view } = generationView(
    { ...g, interpretation, status: "succeeded", completedAt, creditState: "charged" },
    [
      {
        id: asset.assetId,
        mimeType: asset.mimeType,
        width: asset.width,
        height: asset.height,
        byteLength: image.png.byteLength,
        sha256: asset.sha256,
        layout: asset.layout,
        quality: asset.quality,
      },
    ],
    0,
    false,
  );
  return { asset, completedAt, view: view as unknown as Record<string, unknown> };
}

/** The `generation.failed` error of a driver failure: the contract's code, message and details (reason, retry-after). */
function failure(error: AgentError) {
  const app = agentFailure(error);
  return {
    status: "failed" as const,
    error: { code: app.code, message: app.message, retryable: app.retryable, ...(app.details ? { details: app.details } : {}) },
  };
}

/** The delay before the next attempt, or undefined when this failure is final. */
function retryDelay(error: AgentError, attempt: number, entry: AgentEntry, baseMs: number): number | undefined {
  if (!error.retryable || attempt > entry.maxRetries) return undefined;
  if ((error.retryAfterMs ?? 0) > maxRetryDelayMs) return undefined;
  const backoff = Math.min(30_000, baseMs * 2 ** (attempt - 1)) * (0.75 + Math.random() * 0.5);
  return Math.round(Math.max(backoff, error.retryAfterMs ?? 0));
}

/** The later of two dates (a start is never before its creation, whichever clock made each). */
const laterOf = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/** Subscribes to a generation's events, waiting at most `ms` for the bus; a late subscription is undone at once if it is no longer wanted. */
async function subscribeWithin(bus: EventBus, id: string, ms: number, listener: (type: string) => void): Promise<() => void> {
  let wanted = true;
  let off: (() => void) | undefined;
  const subscribed = bus
    .subscribe(id, (m) => listener(m.type))
    .then(
      (unsubscribe) => {
        if (wanted) off = unsubscribe;
        else unsubscribe();
      },
      () => undefined,
    );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([subscribed, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
  return () => {
    wanted = false;
    off?.();
  };
}
