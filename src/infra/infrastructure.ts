import type { BlobStore } from "./blobs/blob-store.js";
import { openBlobStore, type BlobStoreSettings } from "./blobs/open-blob-store.js";
import { openDatabase, type Database, type DatabaseOptions } from "./db/database.js";
import { createInProcessEventBus, type EventBus } from "./events/bus.js";
import type { Logger } from "./logger.js";
import type { Consumers } from "./queue/consumers.js";
import { createInProcessQueue, type JobQueue } from "./queue/queue.js";
import { createInProcessRateLimiter, type RateLimiter } from "./ratelimit/limiter.js";
import { createInProcessSlots, type Slots } from "./ratelimit/slots.js";

/** What the infrastructure is told (boot.ts takes it from the configuration). */
export interface InfraSettings {
  /** PostgreSQL (`databaseUrl`) or the embedded PGlite in `dataDir`. */
  database: Omit<DatabaseOptions, "logger">;
  /** REDIS_URL, and the prefix of every key and channel there; absent: the in-process versions. */
  redis?: { url: string; prefix: string };
  /** Jobs this process runs at once. */
  workerConcurrency: number;
  /** Where asset bytes live (files under DATA_DIR/blobs by default, or S3). */
  blobs: BlobStoreSettings;
}

export interface Infrastructure {
  db: Database;
  /** Asset bytes and their exports (contract section 15). */
  blobs: BlobStore;
  bus: EventBus;
  queue: JobQueue;
  limiter: RateLimiter;
  /** Concurrent holders per key (open event streams per account). */
  slots: Slots;
  /**
   * True when this process is the only worker on its data: without Redis, jobs and events live in
   * this process, so after a crash every `running` generation is an orphan and every `queued` one
   * needs queueing again. With Redis, BullMQ redelivers the jobs of a dead worker.
   */
  alone: boolean;
  /** Whether each dependency answers now (`redis` only when configured), and on Redis whether anything takes the jobs. */
  health(): Promise<Health>;
  close(): Promise<void>;
}

export interface Health {
  database: boolean;
  /** Whether the blob store answers (fs: its folder is writable; s3: the bucket answers). */
  blobs: boolean;
  /** Which blob store (BLOB_STORE). */
  blobStore: "fs" | "s3";
  redis?: boolean;
  /** On Redis (when it answers): whether a process that takes jobs reported lately, and how many wait. */
  consumers?: Consumers;
}

/**
 * Opens what the configuration asks for: PGlite or PostgreSQL; without REDIS_URL the in-process
 * event bus, job queue and rate limiter, with it their Redis versions (pub/sub, BullMQ, atomic
 * counters) so that any number of API and worker processes share them. No code changes, only
 * configuration.
 */
export async function openInfrastructure(settings: InfraSettings, logger: Logger, given: { db?: Database } = {}): Promise<Infrastructure> {
  const blobs = await openBlobStore(settings.blobs, settings.database.dataDir, (swept) =>
    logger.info("removed stale temporary blob files", { files: swept.files, bytes: swept.bytes }),
  );
  const db = given.db ?? (await openDatabase({ ...settings.database, logger }));
  const onJobError = (error: unknown, generationId: string) => logger.error("job failed", { generationId, error });
  const { redis } = settings;
  let shared: Pick<Infrastructure, "bus" | "queue" | "limiter" | "slots">;
  try {
    shared = redis
      ? await openRedisShared(redis, settings.workerConcurrency, logger)
      : {
          bus: createInProcessEventBus(),
          queue: createInProcessQueue({ concurrency: settings.workerConcurrency, onError: onJobError }),
          limiter: createInProcessRateLimiter(),
          slots: createInProcessSlots(),
        };
  } catch (error) {
    if (!given.db) await db.close().catch(() => undefined);
    throw error;
  }
  const { bus, queue, limiter, slots } = shared;
  return {
    db,
    blobs,
    bus,
    queue,
    limiter,
    slots,
    alone: redis === undefined,
    async health() {
      const [database, blobsUp, queueUp] = await Promise.all([db.ping(), pingWithin(blobs, 3000), redis ? queue.ping() : Promise.resolve(undefined)]);
      const consumers = queueUp && queue.consumers ? await queue.consumers().catch(() => undefined) : undefined;
      return { database, blobs: blobsUp, blobStore: blobs.kind, ...(queueUp === undefined ? {} : { redis: queueUp }), ...(consumers ? { consumers } : {}) };
    },
    async close() {
      await queue.close();
      await bus.close();
      await limiter.close();
      await slots.close();
      await db.close();
      await blobs.close();
    },
  };
}

/** The store's ping, false when it does not answer within `ms` (an S3 endpoint that hangs must not hang /healthz). */
async function pingWithin(blobs: BlobStore, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([blobs.ping().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The Redis versions, loaded only when REDIS_URL is set: BullMQ and ioredis are ~270 CommonJS
 * modules (≈ 30 MB and 0.1–0.4 s at start) that a process without Redis never uses.
 */
async function openRedisShared(
  { url, prefix }: { url: string; prefix: string },
  concurrency: number,
  logger: Logger,
): Promise<Pick<Infrastructure, "bus" | "queue" | "limiter" | "slots">> {
  const [{ createRedisEventBus }, { createBullMqQueue }, { createRedisRateLimiter }, { createRedisSlots }] = await Promise.all([
    import("./events/redis-bus.js"),
    import("./queue/bullmq-queue.js"),
    import("./ratelimit/redis-limiter.js"),
    import("./ratelimit/redis-slots.js"),
  ]);
  return {
    bus: createRedisEventBus({ url, logger, channelPrefix: `${prefix}:events:` }),
    queue: createBullMqQueue({ url, concurrency, logger, prefix: `${prefix}-bull` }),
    limiter: createRedisRateLimiter({ url, logger, prefix: `${prefix}:ratelimit:` }),
    slots: createRedisSlots({ url, logger, prefix: `${prefix}:slots:` }),
  };
}
