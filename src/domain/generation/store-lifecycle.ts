import { assetKey } from "../../infra/blobs/blob-store.js";
import { Prisma } from "../../infra/db/database.js";
import type { GenerationEventMessage } from "../../infra/events/bus.js";
import { refundEntryCte } from "../credits/ledger.js";
import { keyRefundCte } from "../keys/budget.js";
import { endingEvent, kitReport, webhookDeliveriesCte } from "./outbox.js";
import { toRecord, type EventRow, type FailureInput, type GenerationRecord, type PendingEvent, type StoredImage, type StoreContext } from "./store-rows.js";

/** The folder of an asset's blob (`assetKey` without the sha256). */
const assetPrefix = (sha256: string) => assetKey(sha256).slice(0, -64);

/** jsonb's key order (shorter keys first, then by bytes), so an event published live reads as the same event replayed. */
const jsonbKeyOrder = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/**
 * The stored completed event's data with the image's `b64` put in its asset, in jsonb's key order:
 * the event is stored without it (the image is stored once, in the blob store; a 512² texture's
 * event would otherwise carry ~0.5 MB of JSON into the write-ahead log), and `eventsAfter`
 * (store-reads.ts) puts it back the same way for a replay.
 */
function withB64(data: Record<string, unknown>, image: StoredImage, inlineMaxBytes: number): Record<string, unknown> {
  if (!Array.isArray(data.assets) || image.png.byteLength > inlineMaxBytes) return data;
  const assets = (data.assets as Record<string, unknown>[]).map((asset) => {
    if (asset.id !== image.assetId) return asset;
    const whole: Record<string, unknown> = { ...asset, b64: image.png.toString("base64") };
    return Object.fromEntries(
      Object.keys(whole)
        .sort(jsonbKeyOrder)
        .map((k) => [k, whole[k]]),
    );
  });
  return { ...data, assets };
}

/**
 * A generation's life after its reservation: start, resume (a retry or a dead worker's attempt),
 * progress, and its end (complete, or fail / cancel with the refund). Each is ONE statement; each
 * condition on the current status makes the change happen at most once whatever races with it.
 */
export function lifecycleStatements(ctx: StoreContext) {
  /**
   * Reports the kit `kitId` (of a generation that just ended, or just written) once every item is over
   * (outbox.ts `kitReport`). After the ending's commit, so a failure here loses nothing the next
   * GET of the kit does not heal: it is swallowed. True when this call reported it. The endings
   * run it only for a kit's generations (their row's `kit_id`): a plain one costs no statement.
   */
  async function reportKit(by: { kitId: string }): Promise<boolean> {
    try {
      const [row] = await ctx.sql<{ reported: number; deliveries: number }>(kitReport(by.kitId));
      if (Number(row?.deliveries) > 0) ctx.onDeliveries?.();
      return Number(row?.reported) > 0;
    } catch {
      return false;
    }
  }

  return {
    reportKit,

    /**
     * queued → running, with `generation.started`, returning the generation (the runner needs no
     * second read). Undefined when it was not queued (canceled, taken, or not committed yet).
     */
    async start(id: string): Promise<GenerationRecord | undefined> {
      const rows = await ctx.sql<Record<string, unknown> & EventRow>(Prisma.sql`
        WITH g AS (
          UPDATE "generations" SET "status" = 'running', "attempt" = 1, "started_at" = now(), "updated_at" = now(), "last_event_seq" = "last_event_seq" + 1
          WHERE "id" = ${id} AND "status"::text = 'queued'
          RETURNING *
        ), e AS (
          INSERT INTO "generation_events" ("generation_id", "seq", "type", "data")
          SELECT "id", "last_event_seq", 'generation.started', jsonb_build_object('id', "id") FROM g
          RETURNING "seq", "data"::text AS "data"
        )
        SELECT g.*, e."seq", e."data" FROM g, e`);
      const row = rows[0];
      if (!row) return undefined;
      await ctx.publish(id, rows, "generation.started");
      return toRecord(row);
    },

    /**
     * Claims a `running` generation for attempt `attempt` (> 1 for a retry, or the same attempt for
     * a job redelivered after its worker died): a retry takes over from attempt − 1; a redelivery
     * only a stale one (no heartbeat since `staleBefore`), so a live run is never claimed twice.
     * Appends a progress event at the last percent reached (the stream's percent never goes back)
     * with `stage`. Returns that percent, or undefined when the claim failed (nothing to do).
     */
    async resume(id: string, attempt: number, staleBefore: Date, stage: string): Promise<number | undefined> {
      const rows = await ctx.sql<EventRow>(Prisma.sql`
        WITH g AS (
          UPDATE "generations" SET "attempt" = ${attempt}::int, "updated_at" = now(), "last_event_seq" = "last_event_seq" + 1
          WHERE "id" = ${id} AND "status"::text = 'running'
            AND ("attempt" = ${attempt - 1}::int OR ("attempt" = ${attempt}::int AND "updated_at" < ${staleBefore}::timestamptz))
          RETURNING "id", "last_event_seq"
        )
        INSERT INTO "generation_events" ("generation_id", "seq", "type", "data")
        SELECT g."id", g."last_event_seq", 'generation.progress', jsonb_build_object('id', g."id", 'stage', ${stage}::text, 'percent',
          COALESCE((SELECT (e."data"->>'percent')::int FROM "generation_events" e
                    WHERE e."generation_id" = g."id" AND e."type" = 'generation.progress' ORDER BY e."seq" DESC LIMIT 1), 0))
        FROM g
        RETURNING "seq", "data"::text AS "data"`);
      const event = await ctx.publish(id, rows, "generation.progress");
      return event ? Number(event.data.percent) : undefined;
    },

    /** Appends a progress or preview event while running (also the job's heartbeat). */
    async append(id: string, type: string, data: Record<string, unknown>): Promise<GenerationEventMessage | undefined> {
      const rows = await ctx.sql<EventRow>(Prisma.sql`
        WITH g AS (
          UPDATE "generations" SET "last_event_seq" = "last_event_seq" + 1, "updated_at" = now()
          WHERE "id" = ${id} AND "status"::text = 'running'
          RETURNING "id", "last_event_seq"
        )
        INSERT INTO "generation_events" ("generation_id", "seq", "type", "data")
        SELECT "id", "last_event_seq", ${type}, ${JSON.stringify(data)}::jsonb FROM g
        RETURNING "seq", "data"::text AS "data"`);
      return ctx.publish(id, rows, type);
    },

    /**
     * running → succeeded: stores the asset, lets the charge stand, and appends `pending` (progress
     * the runner held back, in order) then `generation.completed` carrying `view` (the whole
     * generation object without b64: credits filled in here), in ONE statement; then publishes
     * them in order, the completed event with `image` as its asset's b64 (`withB64`). Returns the
     * completed event, or undefined when the generation was no longer running.
     *
     * `startedAt`: the runner held the start back too (in process: the job came with its queued
     * row, see runner.ts), so the generation is still `queued` here and `pending` begins with
     * `generation.started` (`startedEvent`): queued → succeeded, attempt 1, started at `startedAt`.
     */
    async complete(
      id: string,
      image: StoredImage,
      completedAt: Date,
      view: Record<string, unknown>,
      pending: readonly PendingEvent[] = [],
      startedAt?: Date,
    ): Promise<GenerationEventMessage | undefined> {
      const held = startedAt !== undefined;
      if (held && pending[0]?.type !== "generation.started") throw new Error("complete: a held start comes first in pending");
      const rows = await ctx.sql<EventRow & { type: string; deliveries: number; kit_id: string | null }>(Prisma.sql`
        WITH g AS (
          UPDATE "generations" SET "status" = 'succeeded', "credit_state" = 'charged', "completed_at" = ${completedAt}::timestamptz,
            "updated_at" = now(), "last_event_seq" = "last_event_seq" + ${pending.length + 1}::int${
              image.detected
                ? Prisma.sql`, "interpretation" = COALESCE("interpretation", '{"subject":null,"modifiers":[],"ignored":[],"fallback":false}'::jsonb) || jsonb_build_object('detected', ${JSON.stringify(image.detected)}::jsonb)`
                : Prisma.empty
            }${held ? Prisma.sql`, "attempt" = 1, "started_at" = ${startedAt}::timestamptz` : Prisma.empty}
          WHERE "id" = ${id} AND "status"::text = ${held ? Prisma.sql`'queued'` : Prisma.sql`'running'`} AND "credit_state" = 'reserved'
          RETURNING "id", "account_id", "cost", "last_event_seq", "kit_id"
        ), released AS (
          UPDATE "accounts" SET "active_generations" = "active_generations" - 1 FROM g WHERE "accounts"."id" = g."account_id"
          RETURNING "accounts"."id", "accounts"."balance"
        ), asset AS (
          INSERT INTO "assets" ("id", "generation_id", "account_id", "mime_type", "width", "height", "byte_length", "sha256", "layout", "quality")
          SELECT ${image.assetId}, g."id", g."account_id", ${image.mimeType}, ${image.width}::int, ${image.height}::int,
            ${image.png.byteLength}::int, ${image.sha256},
            ${image.layout ? JSON.stringify(image.layout) : null}::jsonb, ${image.quality ? JSON.stringify(image.quality) : null}::jsonb
          FROM g
        ), ${webhookDeliveriesCte("generation.completed")}, held AS (
          INSERT INTO "generation_events" ("generation_id", "seq", "type", "data")
          SELECT g."id", g."last_event_seq" - ${pending.length + 1}::int + p.ord::int, p.e->>'type', p.e->'data'
          FROM g, jsonb_array_elements(${JSON.stringify(pending)}::jsonb) WITH ORDINALITY AS p(e, ord)
          RETURNING "seq", "type", "data"::text AS "data"
        ), completed AS (
          INSERT INTO "generation_events" ("generation_id", "seq", "type", "data")
          SELECT g."id", g."last_event_seq", 'generation.completed',
            ${JSON.stringify(view)}::jsonb || jsonb_build_object('credits', jsonb_build_object('charged', g."cost", 'refunded', 0, 'balance', a."balance"))
          FROM g JOIN released a ON a."id" = g."account_id"
          RETURNING "seq", "type", "data"::text AS "data"
        )
        SELECT e."seq", e."type", e."data", (SELECT count(*) FROM webhook_deliveries)::int AS "deliveries", (SELECT "kit_id" FROM g) AS "kit_id"
        FROM (SELECT * FROM held UNION ALL SELECT * FROM completed) e ORDER BY e."seq"`);
      const last = rows[rows.length - 1];
      if (last?.type !== "generation.completed") return undefined;
      for (const row of rows.slice(0, -1)) await ctx.publish(id, [row], row.type);
      const message = await ctx.publish(id, [last], "generation.completed", (data) => withB64(data, image, ctx.inlineB64MaxBytes));
      if (Number(last.deliveries) > 0) ctx.onDeliveries?.();
      if (last.kit_id) await reportKit({ kitId: last.kit_id });
      return message;
    },

    /**
     * The asset's bytes into the blob store, durably, before `complete` writes the row that names them (a crash
     * in between leaves a blob no row names, which the sweep removes, never a row without bytes). Throws
     * BlobUnavailableError when the store does not take them.
     */
    async saveAssetBytes(image: StoredImage): Promise<void> {
      const stored = await ctx.blobs.put(assetPrefix(image.sha256), image.png);
      if (stored.sha256 !== image.sha256) throw new Error(`asset ${image.assetId}: its sha256 is not its bytes'`);
    },

    /**
     * queued|running → failed|canceled, refunding a still-reserved price exactly once (the
     * credit_state guard, and a unique index on (generation, kind) behind it), with
     * `generation.failed`. Undefined when the generation was already terminal (or not the account's).
     */
    async fail(id: string, input: FailureInput): Promise<GenerationEventMessage | undefined> {
      const rows = await ctx.sql<EventRow & { kit_id: string | null }>(Prisma.sql`
        WITH old AS (
          SELECT "id", "credit_state" FROM "generations"
          WHERE "id" = ${id} AND "status"::text IN ('queued', 'running') AND (${input.accountId ?? null}::text IS NULL OR "account_id" = ${input.accountId ?? null})
          FOR UPDATE
        ), g AS (
          UPDATE "generations" AS gen SET "status" = ${input.status}::"GenerationStatus", "error_code" = ${input.error.code},
            "error_message" = ${input.error.message}, "completed_at" = now(), "updated_at" = now(),
            "credit_state" = CASE WHEN gen."credit_state" = 'reserved' THEN 'refunded'::"CreditState" ELSE gen."credit_state" END,
            "last_event_seq" = gen."last_event_seq" + 1
          FROM old WHERE gen."id" = old."id" AND gen."status"::text IN ('queued', 'running')
          RETURNING gen."id", gen."account_id", gen."cost", gen."last_event_seq", gen."api_key_id", gen."agent_id", gen."kit_id",
            CASE WHEN old."credit_state" = 'reserved' THEN gen."cost" ELSE 0 END AS "refund"
        ), released AS (
          UPDATE "accounts" AS a SET "balance" = a."balance" + g."refund", "active_generations" = a."active_generations" - 1, "updated_at" = now()
          FROM g WHERE a."id" = g."account_id"
          RETURNING a."id", a."balance", g."refund", g."id" AS "generation_id", g."api_key_id", g."agent_id"
        ), refunded AS (
          SELECT * FROM released WHERE "refund" > 0
        ), ${refundEntryCte(`generation ${input.status}`)}, ${keyRefundCte}, ${webhookDeliveriesCte(endingEvent(input.status))}
        INSERT INTO "generation_events" ("generation_id", "seq", "type", "data")
        SELECT g."id", g."last_event_seq", 'generation.failed', jsonb_build_object(
          'id', g."id", 'error', ${JSON.stringify(input.error)}::jsonb,
          'credits', jsonb_build_object('refunded', g."refund", 'balance', m."balance"))
        FROM g JOIN released m ON m."generation_id" = g."id"
        RETURNING "seq", "data"::text AS "data", (SELECT count(*) FROM webhook_deliveries)::int AS "deliveries", (SELECT "kit_id" FROM g) AS "kit_id"`);
      const message = await ctx.publish(id, rows, "generation.failed");
      if (message && Number(rows[0]!.deliveries) > 0) ctx.onDeliveries?.();
      if (message && rows[0]!.kit_id) await reportKit({ kitId: rows[0]!.kit_id });
      return message;
    },
  };
}
