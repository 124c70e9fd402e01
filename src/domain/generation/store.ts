import type { BlobStore } from "../../infra/blobs/blob-store.js";
import type { PrismaClient, SqlRunner } from "../../infra/db/database.js";
import type { EventBus } from "../../infra/events/bus.js";
import { lifecycleStatements } from "./store-lifecycle.js";
import { readStatements } from "./store-reads.js";
import { reservationStatements } from "./store-reservation.js";
import { storeContext } from "./store-rows.js";

export {
  startedEvent,
  type FailureInput,
  type GenerationRecord,
  type NewGeneration,
  type PendingEvent,
  type StoredImage,
} from "./store-rows.js";
export type { RefusalState, Reserved } from "./store-reservation.js";

/**
 * The generations' storage, in three parts: the reservation (store-reservation.ts), the life after
 * it (store-lifecycle.ts: start, resume, progress, complete, fail) and the reads (store-reads.ts).
 *
 * Every state change of a generation is ONE SQL statement (data-modifying CTEs): it moves the
 * status, the credits (charge / refund with its ledger entry) and appends the stream event with the
 * next sequence number, atomically, on PostgreSQL and PGlite alike. Each condition on the current
 * status makes the change happen at most once whatever races with it. Events are persisted first,
 * then published on the bus.
 *
 * A statement about one generation tests its status as text (`"status"::text = 'queued'`), so the
 * only index it can use is the primary key. With `"status" = 'queued'` the planner may pick the
 * (status, updated_at) index when its statistics say few are queued, and then reads every queued
 * generation to find one: with a backlog of 3,000, a completion read 3,000 index entries
 * (0.97 ms instead of 0.02; `test/http/generation-plans.test.ts`).
 *
 * `prisma` serves the statements that run rarely; `sql` (the driver directly, see Database.sql)
 * the ones every generation runs. `blobs` holds the assets' bytes (written before the row that names them:
 * `saveAssetBytes`; read through `assetBytes`). `onDeliveries` is called when an ending wrote webhook deliveries
 * (the dispatcher's kick: no poll for generations of accounts without webhooks).
 */
export function createGenerationStore(prisma: PrismaClient, bus: EventBus, sql: SqlRunner, blobs: BlobStore, onDeliveries?: () => void) {
  const ctx = storeContext(prisma, bus, sql, blobs, onDeliveries);
  return { ...reservationStatements(ctx), ...lifecycleStatements(ctx), ...readStatements(ctx), assetBytes: ctx.assetBytes, blobs };
}

export type GenerationStore = ReturnType<typeof createGenerationStore>;
