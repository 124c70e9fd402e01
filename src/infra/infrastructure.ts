import type { Config } from "../config.js";
import { openDatabase, type Database } from "./db/database.js";
import { createInProcessEventBus, type EventBus } from "./events/bus.js";
import type { Logger } from "./logger.js";
import { createInProcessQueue, type JobQueue } from "./queue/queue.js";
import { createInProcessRateLimiter, type RateLimiter } from "./ratelimit/limiter.js";

export interface Infrastructure {
  db: Database;
  bus: EventBus;
  queue: JobQueue;
  limiter: RateLimiter;
  /**
   * True when this process is the only worker on its data: without Redis, jobs and events live in
   * this process, so after a crash every `running` generation is an orphan and every `queued` one
   * needs queueing again. (Several processes need Redis; see README "Running at scale".)
   */
  alone: boolean;
  close(): Promise<void>;
}

/** Opens the database, event bus and job queue that the configuration asks for. */
export async function openInfrastructure(config: Config, logger: Logger, given: { db?: Database } = {}): Promise<Infrastructure> {
  const db = given.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger }));
  const bus = createInProcessEventBus();
  const queue = createInProcessQueue({
    concurrency: config.workerConcurrency,
    onError: (error, generationId) => logger.error("job failed", { generationId, error }),
  });
  const limiter = createInProcessRateLimiter();
  return {
    db,
    bus,
    queue,
    limiter,
    alone: config.redisUrl === undefined,
    async close() {
      await queue.close();
      await bus.close();
      await limiter.close();
      await db.close();
    },
  };
}
