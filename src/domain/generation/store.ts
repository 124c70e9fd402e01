import { Prisma, type PrismaClient, type SqlRunner } from "../../infra/db/database.js";
import type { EventBus, GenerationEventMessage } from "../../infra/events/bus.js";
import type { InterpretationView, Message } from "../../contract/schemas/generation.js";
import { chargeEntriesCte, chargeEntryCte, refundEntryCte } from "../credits/ledger.js";
import { endingEvent, webhookDeliveriesCte } from "../webhooks/outbox.js";
import type { AssetRow, GenerationRow } from "./view.js";

/**
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
 * (0.97 ms instead of 0.02; `test/generation-plans.test.ts`).
 */
export interface NewGeneration {
  id: string;
  accountId: string;
  apiKeyId: string | null;
  agentId: string;
  prompt: string | null;
  messages: Message[] | null;
  interpretation: InterpretationView | null;
  transparent: boolean;
  seed: number;
  width: number;
  height: number;
  cost: number;
  idempotencyRecordId: string | null;
}

export interface StoredImage {
  assetId: string;
  png: Buffer;
  mimeType: string;
  width: number;
  height: number;
  sha256: string;
}

export interface FailureInput {
  status: "failed" | "canceled";
  /** The contract's error object (without requestId): code, message, retryable, and param/details where they apply. */
  error: { code: string; message: string; retryable: boolean; param?: string; details?: Record<string, unknown> };
  /** Only a generation of this account is touched (cancel by its owner). */
  accountId?: string;
}

type Row = { seq: number; data: string; deliveries?: number };

/** An event the runner held back (a fast generation's progress), stored with the statement that completes it. */
export interface PendingEvent {
  type: string;
  data: Record<string, unknown>;
}

const queuedData = (g: Pick<NewGeneration, "id" | "agentId">) => JSON.stringify({ id: g.id, agentId: g.agentId });

/**
 * `generation.started`'s data, as `start` writes it (`jsonb_build_object('id', …)`): the runner
 * holds it back with a fast generation's progress when its start is held (see `complete`).
 */
export const startedEvent = (id: string): PendingEvent => ({ type: "generation.started", data: { id } });

/**
 * An asset's bytes as base64 in SQL: `encode` breaks its output every 76 characters, `translate`
 * takes the breaks out (what `Buffer#toString("base64")` gives). `bytes` is the column, e.g. `s."bytes"`.
 */
const base64Of = (bytes: string) => Prisma.raw(`translate(encode(${bytes}, 'base64'), chr(10), '')`);

/** jsonb's key order (shorter keys first, then by bytes), so an event published live reads as the same event replayed. */
const jsonbKeyOrder = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/**
 * The stored completed event's data with the image's `b64` put in its asset, in jsonb's key order:
 * the event is stored without it (the image is stored once, as `assets.bytes`; a 512² texture's
 * event would otherwise carry ~0.5 MB of JSON into the write-ahead log), and `eventsAfter` puts it
 * back the same way for a replay.
 */
function withB64(data: Record<string, unknown>, image: StoredImage): Record<string, unknown> {
  if (!Array.isArray(data.assets)) return data;
  const assets = (data.assets as Record<string, unknown>[]).map((asset) => {
    if (asset.id !== image.assetId) return asset;
    const whole: Record<string, unknown> = { ...asset, b64: image.png.toString("base64") };
    return Object.fromEntries(Object.keys(whole).sort(jsonbKeyOrder).map((k) => [k, whole[k]]));
  });
  return { ...data, assets };
}

/** A generation's row as the runner needs it (the database's columns, named as Prisma names them). */
export type GenerationRecord = GenerationRow & { accountId: string; cost: number; attempt: number };

/** Maps a `generations` row read straight from the driver (snake_case) to a GenerationRecord. */
function toRecord(r: Record<string, unknown>): GenerationRecord {
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date));
  return {
    id: r.id as string,
    accountId: r.account_id as string,
    status: r.status as GenerationRecord["status"],
    agentId: r.agent_id as string,
    prompt: (r.prompt as string | null) ?? null,
    messages: (r.messages as GenerationRecord["messages"]) ?? null,
    interpretation: (r.interpretation as GenerationRecord["interpretation"]) ?? null,
    transparent: Boolean(r.transparent),
    seed: Number(r.seed),
    width: Number(r.width),
    height: Number(r.height),
    cost: Number(r.cost),
    creditState: r.credit_state as GenerationRecord["creditState"],
    attempt: Number(r.attempt),
    errorCode: (r.error_code as string | null) ?? null,
    errorMessage: (r.error_message as string | null) ?? null,
    createdAt: date(r.created_at)!,
    startedAt: date(r.started_at),
    completedAt: date(r.completed_at),
  };
}

/**
 * `prisma` serves the statements that run rarely; `sql` (the driver directly, see Database.sql)
 * the ones every generation runs. `onDeliveries` is called when an ending wrote webhook deliveries
 * (the dispatcher's kick: no poll for generations of accounts without webhooks).
 */
export function createGenerationStore(prisma: PrismaClient, bus: EventBus, sql: SqlRunner, onDeliveries?: () => void) {
  const publish = async (
    generationId: string,
    rows: Row[],
    type: string,
    fill: (data: Record<string, unknown>) => Record<string, unknown> = (data) => data,
  ): Promise<GenerationEventMessage | undefined> => {
    const row = rows[0];
    if (!row) return undefined;
    const message = { generationId, seq: Number(row.seq), type, data: fill(JSON.parse(row.data) as Record<string, unknown>) };
    await bus.publish(message);
    return message;
  };

  return {
    /**
     * Reserves the price (conditional update: never below zero) and one of the account's
     * `maxActive` slots, creates the generation, its `charge` entry and its `generation.queued`
     * event, in ONE statement on `db` (the client, or the transaction that also hands the job to
     * the queue). Returns the balance after, the creation time and the account's active count, or
     * undefined when the account lacks the credits or a slot (nothing written). The caller
     * publishes `queued` (see `publishQueued`) once the write is committed.
     *
     * `flush: false` commits without waiting for the write-ahead log to reach the disk
     * (`synchronous_commit = off` for this transaction only): for a one-shot call, whose caller is
     * told nothing before the statement that ends the generation, which does wait for the flush,
     * and so makes this one durable too (the log is flushed in order). Only a crash of the database
     * server itself within that moment (PostgreSQL's WAL writer flushes within 3 × wal_writer_delay
     * anyway) can lose it, and then it loses all of it, the charge with the generation: the balance
     * and the ledger stay exact. The lock on the account's row is held for less time.
     */
    async reserve(
      db: PrismaClient | Prisma.TransactionClient | SqlRunner,
      g: NewGeneration,
      maxActive: number,
      options: { flush?: boolean } = {},
    ): Promise<{ balance: number; createdAt: Date; active: number } | undefined> {
      const lazy = options.flush === false;
      const statement = Prisma.sql`
        WITH ${lazy ? Prisma.sql`lazy AS (SELECT set_config('synchronous_commit', 'off', true)), ` : Prisma.empty}moved AS (
          UPDATE "accounts" SET "balance" = "balance" - ${g.cost}::int, "active_generations" = "active_generations" + 1, "updated_at" = now()
          WHERE "id" = ${g.accountId} AND "balance" >= ${g.cost}::int AND "active_generations" < ${maxActive}::int
          RETURNING "id", "balance", "active_generations"
        ), gen AS (
          INSERT INTO "generations" ("id", "account_id", "api_key_id", "agent_id", "status", "prompt", "messages", "interpretation", "transparent",
            "seed", "width", "height", "cost", "credit_state", "last_event_seq", "idempotency_record_id", "updated_at")
          SELECT ${g.id}, moved."id", ${g.apiKeyId}, ${g.agentId}, 'queued', ${g.prompt}, ${g.messages === null ? null : JSON.stringify(g.messages)}::jsonb,
            ${g.interpretation === null ? null : JSON.stringify(g.interpretation)}::jsonb,
            ${g.transparent}::boolean, ${g.seed}::int, ${g.width}::int, ${g.height}::int, ${g.cost}::int, 'reserved', 1, ${g.idempotencyRecordId}, now()
          FROM moved
          RETURNING "id", "created_at"
        ), ${chargeEntryCte(g.cost, g.idempotencyRecordId)}, event AS (
          INSERT INTO "generation_events" ("generation_id", "seq", "type", "data")
          SELECT gen."id", 1, 'generation.queued', ${queuedData(g)}::jsonb FROM gen
        )
        SELECT moved."balance", gen."created_at", moved."active_generations" AS "active" FROM moved, gen${lazy ? Prisma.sql`, lazy` : Prisma.empty}`;
      type Reserved = { balance: number; created_at: Date; active: number };
      // The in-process path runs it straight on the driver (a prepared statement, no ORM on the way).
      const rows = typeof db === "function" ? await db<Reserved>(statement) : await db.$queryRaw<Reserved[]>(statement);
      const row = rows[0];
      return row
        ? { balance: Number(row.balance), createdAt: new Date(row.created_at), active: Number(row.active) }
        : undefined;
    },

    /**
     * `reserve` for a batch, all or nothing: reserves the sum of the prices and `rows.length` of
     * the account's `maxActive` slots, creates every generation with its `charge` entry and its
     * `generation.queued` event, in ONE statement on `db`. Rows are of one account; only the first
     * may hold an idempotency record (the batch's: `generations.idempotency_record_id` is unique),
     * and every charge entry of the batch names it. Returns the balance after, the creation time
     * and the account's active count (the batch included), or undefined when the account lacks the
     * credits or the slots for the whole batch (nothing written). The caller publishes each
     * `queued` (see `publishQueued`) once the write is committed.
     */
    async reserveMany(
      db: PrismaClient | Prisma.TransactionClient,
      rows: readonly NewGeneration[],
      maxActive: number,
    ): Promise<{ balance: number; createdAt: Date; active: number } | undefined> {
      const first = rows[0];
      if (!first) throw new Error("reserveMany: no rows");
      if (rows.some((r) => r.accountId !== first.accountId)) throw new Error("reserveMany: rows of several accounts");
      if (rows.slice(1).some((r) => r.idempotencyRecordId !== null)) throw new Error("reserveMany: only the first row may hold the idempotency record");
      const total = rows.reduce((sum, r) => sum + r.cost, 0);
      const values = Prisma.join(
        rows.map(
          (g, ord) => Prisma.sql`(${g.id}, ${ord}::int, ${g.apiKeyId}, ${g.agentId}, ${g.prompt}, ${g.messages === null ? null : JSON.stringify(g.messages)}::jsonb,
            ${g.interpretation === null ? null : JSON.stringify(g.interpretation)}::jsonb, ${g.transparent}::boolean, ${g.seed}::int, ${g.width}::int,
            ${g.height}::int, ${g.cost}::int, ${g.idempotencyRecordId}, ${queuedData(g)}::jsonb)`,
        ),
      );
      const result = await db.$queryRaw<{ balance: number; created_at: Date; active: number }[]>`
        WITH input ("id", "ord", "api_key_id", "agent_id", "prompt", "messages", "interpretation", "transparent", "seed", "width", "height", "cost",
          "idempotency_record_id", "queued") AS (
          VALUES ${values}
        ), moved AS (
          UPDATE "accounts" SET "balance" = "balance" - ${total}::int, "active_generations" = "active_generations" + ${rows.length}::int, "updated_at" = now()
          WHERE "id" = ${first.accountId} AND "balance" >= ${total}::int AND "active_generations" <= ${maxActive - rows.length}::int
          RETURNING "id", "balance", "active_generations"
        ), gen AS (
          INSERT INTO "generations" ("id", "account_id", "api_key_id", "agent_id", "status", "prompt", "messages", "interpretation", "transparent",
            "seed", "width", "height", "cost", "credit_state", "last_event_seq", "idempotency_record_id", "updated_at")
          SELECT input."id", moved."id", input."api_key_id", input."agent_id", 'queued', input."prompt", input."messages", input."interpretation",
            input."transparent", input."seed", input."width", input."height", input."cost", 'reserved', 1, input."idempotency_record_id", now()
          FROM moved, input
          ORDER BY input."ord"
          RETURNING "id", "created_at"
        ), charged AS (
          SELECT input."id", input."ord", input."cost" FROM input JOIN gen ON gen."id" = input."id"
        ), ${chargeEntriesCte(first.idempotencyRecordId)}, event AS (
          INSERT INTO "generation_events" ("generation_id", "seq", "type", "data")
          SELECT input."id", 1, 'generation.queued', input."queued" FROM input JOIN gen ON gen."id" = input."id"
        )
        SELECT moved."balance", (SELECT min(gen."created_at") FROM gen) AS "created_at", moved."active_generations" AS "active" FROM moved`;
      const row = result[0];
      return row ? { balance: Number(row.balance), createdAt: new Date(row.created_at), active: Number(row.active) } : undefined;
    },

    /** Publishes the `generation.queued` event of a committed reservation. */
    publishQueued: (g: Pick<NewGeneration, "id" | "agentId">) =>
      bus.publish({ generationId: g.id, seq: 1, type: "generation.queued", data: JSON.parse(queuedData(g)) as Record<string, unknown> }),

    /**
     * queued → running, with `generation.started`, returning the generation (the runner needs no
     * second read). Undefined when it was not queued (canceled, taken, or not committed yet).
     */
    async start(id: string): Promise<GenerationRecord | undefined> {
      const rows = await sql<Record<string, unknown> & Row>(Prisma.sql`
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
      await publish(id, rows, "generation.started");
      return toRecord(row);
    },

    /** A generation's row, or undefined (the runner's read when it did not start the generation itself). */
    async find(id: string): Promise<GenerationRecord | undefined> {
      const [row] = await sql<Record<string, unknown>>(Prisma.sql`SELECT * FROM "generations" WHERE "id" = ${id}`);
      return row ? toRecord(row) : undefined;
    },

    /**
     * Claims a `running` generation for attempt `attempt` (> 1 for a retry, or the same attempt for
     * a job redelivered after its worker died): a retry takes over from attempt − 1; a redelivery
     * only a stale one (no heartbeat since `staleBefore`), so a live run is never claimed twice.
     * Appends a progress event at the last percent reached (the stream's percent never goes back)
     * with `stage`. Returns that percent, or undefined when the claim failed (nothing to do).
     */
    async resume(id: string, attempt: number, staleBefore: Date, stage: string): Promise<number | undefined> {
      const rows = await sql<Row>(Prisma.sql`
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
      const event = await publish(id, rows, "generation.progress");
      return event ? Number(event.data.percent) : undefined;
    },

    /** Appends a progress or preview event while running (also the job's heartbeat). */
    async append(id: string, type: string, data: Record<string, unknown>): Promise<GenerationEventMessage | undefined> {
      const rows = await sql<Row>(Prisma.sql`
        WITH g AS (
          UPDATE "generations" SET "last_event_seq" = "last_event_seq" + 1, "updated_at" = now()
          WHERE "id" = ${id} AND "status"::text = 'running'
          RETURNING "id", "last_event_seq"
        )
        INSERT INTO "generation_events" ("generation_id", "seq", "type", "data")
        SELECT "id", "last_event_seq", ${type}, ${JSON.stringify(data)}::jsonb FROM g
        RETURNING "seq", "data"::text AS "data"`);
      return publish(id, rows, type);
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
      const rows = await sql<Row & { type: string; deliveries: number }>(Prisma.sql`
        WITH g AS (
          UPDATE "generations" SET "status" = 'succeeded', "credit_state" = 'charged', "completed_at" = ${completedAt}::timestamptz,
            "updated_at" = now(), "last_event_seq" = "last_event_seq" + ${pending.length + 1}::int${
              held ? Prisma.sql`, "attempt" = 1, "started_at" = ${startedAt}::timestamptz` : Prisma.empty
            }
          WHERE "id" = ${id} AND "status"::text = ${held ? Prisma.sql`'queued'` : Prisma.sql`'running'`} AND "credit_state" = 'reserved'
          RETURNING "id", "account_id", "cost", "last_event_seq"
        ), released AS (
          UPDATE "accounts" SET "active_generations" = "active_generations" - 1 FROM g WHERE "accounts"."id" = g."account_id"
          RETURNING "accounts"."id", "accounts"."balance"
        ), asset AS (
          INSERT INTO "assets" ("id", "generation_id", "account_id", "mime_type", "width", "height", "byte_length", "sha256", "bytes")
          SELECT ${image.assetId}, g."id", g."account_id", ${image.mimeType}, ${image.width}::int, ${image.height}::int,
            ${image.png.byteLength}::int, ${image.sha256}, ${image.png}
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
        SELECT e."seq", e."type", e."data", (SELECT count(*) FROM webhook_deliveries)::int AS "deliveries"
        FROM (SELECT * FROM held UNION ALL SELECT * FROM completed) e ORDER BY e."seq"`);
      const last = rows[rows.length - 1];
      if (!last || last.type !== "generation.completed") return undefined;
      for (const row of rows.slice(0, -1)) await publish(id, [row], row.type);
      const message = await publish(id, [last], "generation.completed", (data) => withB64(data, image));
      if (Number(last.deliveries) > 0) onDeliveries?.();
      return message;
    },

    /**
     * queued|running → failed|canceled, refunding a still-reserved price exactly once (the
     * credit_state guard, and a unique index on (generation, kind) behind it), with
     * `generation.failed`. Undefined when the generation was already terminal (or not the account's).
     */
    async fail(id: string, input: FailureInput): Promise<GenerationEventMessage | undefined> {
      const rows = await sql<Row>(Prisma.sql`
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
          RETURNING gen."id", gen."account_id", gen."cost", gen."last_event_seq",
            CASE WHEN old."credit_state" = 'reserved' THEN gen."cost" ELSE 0 END AS "refund"
        ), released AS (
          UPDATE "accounts" AS a SET "balance" = a."balance" + g."refund", "active_generations" = a."active_generations" - 1, "updated_at" = now()
          FROM g WHERE a."id" = g."account_id"
          RETURNING a."id", a."balance", g."refund", g."id" AS "generation_id"
        ), refunded AS (
          SELECT * FROM released WHERE "refund" > 0
        ), ${refundEntryCte(`generation ${input.status}`)}, ${webhookDeliveriesCte(endingEvent(input.status))}
        INSERT INTO "generation_events" ("generation_id", "seq", "type", "data")
        SELECT g."id", g."last_event_seq", 'generation.failed', jsonb_build_object(
          'id', g."id", 'error', ${JSON.stringify(input.error)}::jsonb,
          'credits', jsonb_build_object('refunded', g."refund", 'balance', m."balance"))
        FROM g JOIN released m ON m."generation_id" = g."id"
        RETURNING "seq", "data"::text AS "data", (SELECT count(*) FROM webhook_deliveries)::int AS "deliveries"`);
      const message = await publish(id, rows, "generation.failed");
      if (message && Number(rows[0]!.deliveries) > 0) onDeliveries?.();
      return message;
    },

    /**
     * A generation of `accountId` as its view needs it, in ONE statement: the row, its assets (with
     * their bytes in base64 when `withB64`) and the account's balance; undefined when there is no
     * such generation of that account. (Prisma would send three queries, each compiled on the
     * main thread: a GET of a generation is the read an agent polls with.)
     */
    async read(accountId: string, id: string, withB64: boolean): Promise<{ record: GenerationRecord; assets: AssetRow[]; balance: number } | undefined> {
      const [row] = await sql<Record<string, unknown> & { account_balance: number; asset_list: AssetRow[] }>(Prisma.sql`
        SELECT g.*, a."balance" AS "account_balance",
          COALESCE((SELECT json_agg(json_build_object('id', s."id", 'mimeType', s."mime_type", 'width', s."width", 'height', s."height",
              'byteLength', s."byte_length", 'sha256', s."sha256",
              'b64', CASE WHEN ${withB64}::boolean THEN ${base64Of('s."bytes"')} END) ORDER BY s."created_at", s."id")
            FROM "assets" s WHERE s."generation_id" = g."id"), '[]'::json) AS "asset_list"
        FROM "generations" g JOIN "accounts" a ON a."id" = g."account_id"
        WHERE g."id" = ${id} AND g."account_id" = ${accountId}`);
      if (!row) return undefined;
      const assets = row.asset_list.map(({ b64, ...asset }) => (b64 === null || b64 === undefined ? asset : { ...asset, b64 }));
      return { record: toRecord(row), assets, balance: Number(row.account_balance) };
    },

    /** The last event's sequence number of each of these generations (unknown ids are left out): the streams' shared heal (heal.ts). */
    async lastSeqs(ids: string[]): Promise<Map<string, number>> {
      const rows = await sql<{ id: string; last_event_seq: number }>(Prisma.sql`
        SELECT "id", "last_event_seq" FROM "generations" WHERE "id" = ANY(${ids}::text[])`);
      return new Map(rows.map((r) => [r.id, Number(r.last_event_seq)]));
    },

    /**
     * Stored events with seq > `after`, in order. A stored `generation.completed` holds its assets
     * without `b64` (see `complete`): each gets it back here from the asset's bytes, as `||` puts
     * it in jsonb's key order, which is the order `withB64` gives the event published live.
     */
    async eventsAfter(id: string, after: number): Promise<GenerationEventMessage[]> {
      const rows = await sql<{ seq: number; type: string; data: Record<string, unknown> }>(Prisma.sql`
        SELECT e."seq", e."type",
          CASE WHEN e."type" = 'generation.completed' AND jsonb_typeof(e."data"->'assets') = 'array' THEN jsonb_set(e."data", '{assets}', COALESCE((
            SELECT jsonb_agg(CASE WHEN s."bytes" IS NULL THEN x.a ELSE x.a || jsonb_build_object('b64', ${base64Of('s."bytes"')}) END ORDER BY x.ord)
            FROM jsonb_array_elements(e."data"->'assets') WITH ORDINALITY AS x(a, ord) LEFT JOIN "assets" s ON s."id" = x.a->>'id'), '[]'::jsonb))
          ELSE e."data" END AS "data"
        FROM "generation_events" e WHERE e."generation_id" = ${id} AND e."seq" > ${after}::int ORDER BY e."seq"`);
      return rows.map((r) => ({ generationId: id, seq: Number(r.seq), type: r.type, data: r.data }));
    },
  };
}

export type GenerationStore = ReturnType<typeof createGenerationStore>;
