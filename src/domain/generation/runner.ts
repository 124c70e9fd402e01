import { createHash } from "node:crypto";
import type { AgentEntry, Catalog } from "../../agents/catalog.js";
import { AgentError, type AgentImage, type AgentJob } from "../../agents/driver.js";
import { finishAsset } from "../../agents/finish.js";
import { agentFailure } from "../../contract/render.js";
import type { Message } from "../../contract/schemas/generation.js";
import type { EventBus } from "../../infra/events/bus.js";
import type { Logger } from "../../infra/logger.js";
import { RetryJob, type Job } from "../../infra/queue/queue.js";
import { newId } from "../ids.js";
import { startedEvent, type GenerationRecord, type GenerationStore, type PendingEvent, type StoredImage } from "./store.js";
import { generationView } from "./view.js";

export interface RunnerDeps {
  store: GenerationStore;
  bus: EventBus;
  catalog: Catalog;
  logger: Logger;
  /** A `running` generation whose heartbeat is older than this is an orphan a redelivered job may take over. */
  orphanAfterMs?: number;
  /**
   * Progress is stored and published at 0 %, with the first preview, at 100 % and at most once per
   * this many ms between (with its preview, if any): a fast generation's progress is three or four
   * events, stored with the statement that completes it, not one per stage. Default 100.
   */
  progressEveryMs?: number;
  /** First retry delay (doubles per attempt, ±25 % jitter, at most 30 s). Default 1000 ms. */
  retryBaseMs?: number;
}

/** A provider asking to wait longer than this is not retried (the lease of a running generation is 120 s). */
const maxRetryDelayMs = 60_000;
/** How long a job waits for its generation to become visible (the enqueue precedes the reservation's commit). */
const visibilityWaitMs = 10_000;

const canceled = Symbol("canceled");
const deadlinePassed = Symbol("deadline");

/**
 * Runs one attempt of one generation: claims it (queued → running, or a retry / a dead worker's
 * attempt), calls the agent's driver with a signal that aborts on cancel (from any process: the
 * `generation.failed` event) and at the attempt's deadline, then stores the asset (the charge
 * stands) or, on failure, retries (`rate_limited`, `timeout`, `unavailable`, up to the entry's
 * `maxRetries`, with backoff honouring `retry-after`) or fails it and refunds, once.
 */
export function createRunner(deps: RunnerDeps) {
  const { store, bus, catalog, logger } = deps;
  const progressEveryMs = deps.progressEveryMs ?? 100;
  const retryBaseMs = deps.retryBaseMs ?? 1_000;

  return async function run(job: Job): Promise<void> {
    const { generationId: id, attempt } = job;
    // In process, the job comes with its queued row (submit.ts): its start is held back like a
    // fast generation's progress, and stored with the statement that completes it (`store.complete`
    // with `startedAt`), or with the first progress stored when the generation runs longer. One
    // statement fewer per generation. Otherwise (Redis, recovery) one statement: queued → running,
    // returning the row; on Redis the conditional start is also the claim of a redelivered job.
    const given = attempt === 1 ? (job.context as GenerationRecord | undefined) : undefined;
    let startedAt = given?.status === "queued" ? laterOf(new Date(), given.createdAt) : undefined;
    let g: GenerationRecord | undefined = given && startedAt ? { ...given, status: "running", attempt: 1, startedAt } : attempt === 1 ? await store.start(id) : undefined;
    let percent = 0;
    if (!g) {
      const found = await store.find(id);
      if (!found) {
        // Enqueued inside the reservation's transaction: not committed yet, or rolled back.
        if (Date.now() - job.enqueuedAt < visibilityWaitMs) throw new RetryJob(200, { sameAttempt: true });
        return;
      }
      // Committed between the two reads (the enqueue precedes the reservation's commit): start it now.
      if (attempt === 1 && found.status === "queued") g = await store.start(id);
      if (!g) {
        const maxRetries = catalog.entry(found.agentId)?.maxRetries ?? 0;
        const stage = attempt === 1 ? "resumed" : `retrying (attempt ${attempt} of ${maxRetries + 1})`;
        const resumedAt = await store.resume(id, attempt, new Date(Date.now() - (deps.orphanAfterMs ?? 10_000)), stage);
        if (resumedAt === undefined) return; // finished, canceled, or alive elsewhere: not ours
        percent = resumedAt;
        g = found;
      }
    }
    const entry = catalog.entry(g.agentId);
    const driver = catalog.driver(g.agentId);
    if (!entry || !driver) {
      await store.fail(id, failure(new AgentError("unavailable", `The agent ${g.agentId} is no longer in the catalog.`)));
      return;
    }

    const controller = new AbortController();
    const deadline = Date.now() + entry.timeoutMs;
    const deadlineTimer = setTimeout(() => controller.abort(deadlinePassed), entry.timeoutMs);
    // Without the bus (Redis down), a cancel is still noticed at the next progress report.
    const unsubscribe = await subscribeWithin(bus, id, 1_000, (type) => {
      if (type === "generation.failed") controller.abort(canceled);
    });
    let lastEmit: number | undefined;
    /** Whether a preview was kept: the first one always is (with its stage), however fast the drawing. */
    let previewed = false;
    // A fast generation's progress is held back and stored with the statement that completes it
    // (one statement instead of one per event); once the generation has run `progressEveryMs`, what
    // is held is stored, and later progress is stored as it comes (also the job's heartbeat).
    const runStart = performance.now();
    let held: PendingEvent[] | undefined = startedAt ? [startedEvent(id)] : [];
    let writing = Promise.resolve();
    const flush = () => {
      const events = held ?? [];
      held = undefined;
      clearTimeout(holdTimer);
      writing = writing.then(async () => {
        for (const e of events) {
          if (e.type === "generation.started") {
            // The held start: queued → running, with its event (undefined: canceled meanwhile).
            const started = await store.start(id);
            if (!started) return void controller.abort(canceled);
            startedAt = undefined;
            g = started;
            continue;
          }
          const alive = await store.append(id, e.type, e.data);
          if (!alive) return void controller.abort(canceled); // no longer running: canceled or failed elsewhere
        }
      });
      return writing;
    };
    let holdTimer: NodeJS.Timeout | undefined = setTimeout(() => void flush().catch(() => undefined), progressEveryMs);
    const report = async (value: number, stage: string, preview?: AgentImage, force = false) => {
      percent = Math.min(100, Math.max(percent, Math.round(value)));
      const now = performance.now();
      const firstPreview = preview !== undefined && !previewed;
      if (!force && !firstPreview && lastEmit !== undefined && percent < 100 && now - lastEmit < progressEveryMs) return;
      lastEmit = now;
      if (preview) previewed = true;
      const events: PendingEvent[] = [{ type: "generation.progress", data: { id, percent, stage } }];
      if (preview) events.push({ type: "generation.preview", data: { id, b64: preview.png.toString("base64"), width: preview.width, height: preview.height } });
      if (held && now - runStart < progressEveryMs) return void held.push(...events);
      if (held) held.push(...events);
      else held = events;
      await flush();
    };
    const agentJob: AgentJob = {
      ...(g.prompt === null ? {} : { prompt: g.prompt }),
      ...(g.messages === null ? {} : { messages: g.messages as Message[] }),
      width: g.width,
      height: g.height,
      transparent: g.transparent,
      seed: g.seed,
      options: {},
    };
    try {
      const result = await driver.generate(agentJob, { signal: controller.signal, deadline, report });
      controller.signal.throwIfAborted();
      const native = result.images[0];
      if (!native) throw new AgentError("unavailable", "The model answered without an image.");
      if (!entry.exactAssets) await report(percent, "post-processing", undefined, true);
      const image = entry.exactAssets ? native : await finishAsset(native, agentJob, entry, controller.signal);
      clearTimeout(holdTimer);
      await writing;
      controller.signal.throwIfAborted();
      await complete(g, image, held ?? [], startedAt);
    } catch (thrown) {
      if (controller.signal.reason === canceled) return; // canceled: the cancel refunded it
      await flush().catch(() => undefined); // the progress held back comes before the ending
      if (controller.signal.reason === canceled) return;
      const error =
        controller.signal.reason === deadlinePassed
          ? new AgentError("timeout", `No answer within ${Math.round(entry.timeoutMs / 1000)} s.`)
          : thrown instanceof AgentError
            ? thrown
            : unexpected(thrown, id);
      const delay = retryDelay(error, attempt, entry, retryBaseMs);
      if (delay !== undefined) {
        const stage = `${error.kind.replace("_", " ")}: retrying in ${Math.max(1, Math.round(delay / 1000))} s`;
        if (await store.append(id, "generation.progress", { id, percent, stage })) throw new RetryJob(delay);
        return; // canceled meanwhile
      }
      logger.warn("generation failed", { generationId: id, agentId: entry.id, kind: error.kind, attempt, error: error.message });
      await store.fail(id, failure(error));
    } finally {
      clearTimeout(holdTimer);
      clearTimeout(deadlineTimer);
      unsubscribe();
    }
  };

  function unexpected(thrown: unknown, id: string): AgentError {
    logger.error("generator failed unexpectedly", { generationId: id, error: thrown });
    return new AgentError("unavailable", "The generator failed unexpectedly.", { cause: thrown });
  }

  async function complete(g: GenerationRecord, image: AgentImage, pending: readonly PendingEvent[], startedAt: Date | undefined): Promise<void> {
    const { asset, completedAt, view } = completion(g, image);
    await store.complete(g.id, asset, completedAt, view, pending, startedAt);
  }
}

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
  };
  const completedAt = laterOf(new Date(), g.startedAt ?? g.createdAt);
  const { credits: _, ...view } = generationView(
    { ...g, status: "succeeded", completedAt, creditState: "charged" },
    [{ id: asset.assetId, mimeType: asset.mimeType, width: asset.width, height: asset.height, byteLength: image.png.byteLength, sha256: asset.sha256 }],
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
  const subscribed = bus.subscribe(id, (m) => listener(m.type)).then(
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
