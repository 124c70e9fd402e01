import type { PrismaClient } from "../../infra/db/database.js";
import type { EventBus, GenerationEventMessage } from "../../infra/events/bus.js";

/**
 * Every state change of a generation is ONE SQL statement (data-modifying CTEs): it moves the
 * status, the credits (charge / refund with its ledger entry) and appends the stream event with the
 * next sequence number, atomically, on PostgreSQL and PGlite alike. Each condition on the current
 * status makes the change happen at most once whatever races with it. Events are persisted first,
 * then published on the bus.
 */
export interface NewGeneration {
  id: string;
  accountId: string;
  apiKeyId: string | null;
  agentId: string;
  prompt: string | null;
  messages: unknown[] | null;
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
  error: { code: string; message: string; retryable: boolean };
  /** Only a generation of this account is touched (cancel by its owner). */
  accountId?: string;
}

type Row = { seq: number; data: string };

export function createGenerationStore(prisma: PrismaClient, bus: EventBus) {
  const publish = async (generationId: string, rows: Row[], type: string): Promise<GenerationEventMessage | undefined> => {
    const row = rows[0];
    if (!row) return undefined;
    const message = { generationId, seq: Number(row.seq), type, data: JSON.parse(row.data) as Record<string, unknown> };
    await bus.publish(message);
    return message;
  };

  return {
    /**
     * Reserves the price (conditional update: never below zero), creates the generation and its
     * `charge` entry and `generation.queued` event. Returns the balance after and the creation
     * time, or undefined when the account lacks the credits (nothing written).
     */
    async reserve(g: NewGeneration): Promise<{ balance: number; createdAt: Date } | undefined> {
      const queued = JSON.stringify({ id: g.id, agentId: g.agentId });
      const rows = await prisma.$queryRaw<{ balance: number; created_at: Date }[]>`
        WITH moved AS (
          UPDATE "accounts" SET "balance" = "balance" - ${g.cost}::int, "updated_at" = now()
          WHERE "id" = ${g.accountId} AND "balance" >= ${g.cost}::int
          RETURNING "id", "balance"
        ), gen AS (
          INSERT INTO "generations" ("id", "account_id", "api_key_id", "agent_id", "status", "prompt", "messages", "transparent",
            "seed", "width", "height", "cost", "credit_state", "last_event_seq", "idempotency_record_id", "updated_at")
          SELECT ${g.id}, moved."id", ${g.apiKeyId}, ${g.agentId}, 'queued', ${g.prompt}, ${g.messages === null ? null : JSON.stringify(g.messages)}::jsonb,
            ${g.transparent}::boolean, ${g.seed}::int, ${g.width}::int, ${g.height}::int, ${g.cost}::int, 'reserved', 1, ${g.idempotencyRecordId}, now()
          FROM moved
          RETURNING "id", "created_at"
        ), entry AS (
          INSERT INTO "ledger_entries" ("account_id", "kind", "amount", "balance_after", "generation_id", "idempotency_record_id", "reason")
          SELECT moved."id", 'charge', -${g.cost}::int, moved."balance", gen."id", ${g.idempotencyRecordId}, 'generation'
          FROM moved, gen WHERE ${g.cost}::int > 0
        ), event AS (
          INSERT INTO "generation_events" ("generation_id", "seq", "type", "data")
          SELECT gen."id", 1, 'generation.queued', ${queued}::jsonb FROM gen
        )
        SELECT moved."balance", gen."created_at" FROM moved, gen`;
      const row = rows[0];
      if (!row) return undefined;
      await bus.publish({ generationId: g.id, seq: 1, type: "generation.queued", data: JSON.parse(queued) });
      return { balance: Number(row.balance), createdAt: new Date(row.created_at) };
    },

    /** queued → running, with `generation.started`. False when it was not queued (canceled, taken). */
    async start(id: string): Promise<boolean> {
      const rows = await prisma.$queryRaw<Row[]>`
        WITH g AS (
          UPDATE "generations" SET "status" = 'running', "started_at" = now(), "updated_at" = now(), "last_event_seq" = "last_event_seq" + 1
          WHERE "id" = ${id} AND "status" = 'queued'
          RETURNING "id", "last_event_seq"
        )
        INSERT INTO "generation_events" ("generation_id", "seq", "type", "data")
        SELECT "id", "last_event_seq", 'generation.started', jsonb_build_object('id', "id") FROM g
        RETURNING "seq", "data"::text AS "data"`;
      return (await publish(id, rows, "generation.started")) !== undefined;
    },

    /**
     * A job redelivered after its worker died finds its generation `running` with a stale
     * heartbeat: this claims it (once: the heartbeat moves) and appends a `resumed` progress event
     * at the last percent reached, so the stream's percent never goes back. Returns that percent,
     * or undefined when the generation is not an orphan (finished, or alive elsewhere).
     */
    async takeOver(id: string, staleBefore: Date): Promise<number | undefined> {
      const rows = await prisma.$queryRaw<Row[]>`
        WITH g AS (
          UPDATE "generations" SET "updated_at" = now(), "last_event_seq" = "last_event_seq" + 1
          WHERE "id" = ${id} AND "status" = 'running' AND "updated_at" < ${staleBefore}::timestamptz
          RETURNING "id", "last_event_seq"
        )
        INSERT INTO "generation_events" ("generation_id", "seq", "type", "data")
        SELECT g."id", g."last_event_seq", 'generation.progress', jsonb_build_object('id', g."id", 'stage', 'resumed', 'percent',
          COALESCE((SELECT (e."data"->>'percent')::int FROM "generation_events" e
                    WHERE e."generation_id" = g."id" AND e."type" = 'generation.progress' ORDER BY e."seq" DESC LIMIT 1), 0))
        FROM g
        RETURNING "seq", "data"::text AS "data"`;
      const event = await publish(id, rows, "generation.progress");
      return event ? Number(event.data.percent) : undefined;
    },

    /** Appends a progress or preview event while running (also the job's heartbeat). */
    async append(id: string, type: string, data: Record<string, unknown>): Promise<GenerationEventMessage | undefined> {
      const rows = await prisma.$queryRaw<Row[]>`
        WITH g AS (
          UPDATE "generations" SET "last_event_seq" = "last_event_seq" + 1, "updated_at" = now()
          WHERE "id" = ${id} AND "status" = 'running'
          RETURNING "id", "last_event_seq"
        )
        INSERT INTO "generation_events" ("generation_id", "seq", "type", "data")
        SELECT "id", "last_event_seq", ${type}, ${JSON.stringify(data)}::jsonb FROM g
        RETURNING "seq", "data"::text AS "data"`;
      return publish(id, rows, type);
    },

    /**
     * running → succeeded: stores the asset, lets the charge stand, and appends
     * `generation.completed` carrying `view` (the whole generation object; credits filled in here).
     */
    async complete(id: string, image: StoredImage, completedAt: Date, view: Record<string, unknown>): Promise<GenerationEventMessage | undefined> {
      const rows = await prisma.$queryRaw<Row[]>`
        WITH g AS (
          UPDATE "generations" SET "status" = 'succeeded', "credit_state" = 'charged', "completed_at" = ${completedAt}::timestamptz,
            "updated_at" = now(), "last_event_seq" = "last_event_seq" + 1
          WHERE "id" = ${id} AND "status" = 'running' AND "credit_state" = 'reserved'
          RETURNING "id", "account_id", "cost", "last_event_seq"
        ), asset AS (
          INSERT INTO "assets" ("id", "generation_id", "account_id", "mime_type", "width", "height", "byte_length", "sha256", "bytes")
          SELECT ${image.assetId}, g."id", g."account_id", ${image.mimeType}, ${image.width}::int, ${image.height}::int,
            ${image.png.byteLength}::int, ${image.sha256}, ${image.png}
          FROM g
        )
        INSERT INTO "generation_events" ("generation_id", "seq", "type", "data")
        SELECT g."id", g."last_event_seq", 'generation.completed',
          ${JSON.stringify(view)}::jsonb || jsonb_build_object('credits', jsonb_build_object('charged', g."cost", 'refunded', 0, 'balance', a."balance"))
        FROM g JOIN "accounts" a ON a."id" = g."account_id"
        RETURNING "seq", "data"::text AS "data"`;
      return publish(id, rows, "generation.completed");
    },

    /**
     * queued|running → failed|canceled, refunding a still-reserved price exactly once (the
     * credit_state guard, and a unique index on (generation, kind) behind it), with
     * `generation.failed`. Undefined when the generation was already terminal (or not the account's).
     */
    async fail(id: string, input: FailureInput): Promise<GenerationEventMessage | undefined> {
      const rows = await prisma.$queryRaw<Row[]>`
        WITH old AS (
          SELECT "id", "credit_state" FROM "generations"
          WHERE "id" = ${id} AND "status" IN ('queued', 'running') AND (${input.accountId ?? null}::text IS NULL OR "account_id" = ${input.accountId ?? null})
          FOR UPDATE
        ), g AS (
          UPDATE "generations" AS gen SET "status" = ${input.status}::"GenerationStatus", "error_code" = ${input.error.code},
            "error_message" = ${input.error.message}, "completed_at" = now(), "updated_at" = now(),
            "credit_state" = CASE WHEN gen."credit_state" = 'reserved' THEN 'refunded'::"CreditState" ELSE gen."credit_state" END,
            "last_event_seq" = gen."last_event_seq" + 1
          FROM old WHERE gen."id" = old."id" AND gen."status" IN ('queued', 'running')
          RETURNING gen."id", gen."account_id", gen."cost", gen."last_event_seq",
            CASE WHEN old."credit_state" = 'reserved' THEN gen."cost" ELSE 0 END AS "refund"
        ), moved AS (
          UPDATE "accounts" AS a SET "balance" = a."balance" + g."refund", "updated_at" = now()
          FROM g WHERE a."id" = g."account_id" AND g."refund" > 0
          RETURNING a."id", a."balance", g."refund", g."id" AS "generation_id"
        ), entry AS (
          INSERT INTO "ledger_entries" ("account_id", "kind", "amount", "balance_after", "generation_id", "reason")
          SELECT "id", 'refund', "refund", "balance", "generation_id", ${`generation ${input.status}`} FROM moved
        )
        INSERT INTO "generation_events" ("generation_id", "seq", "type", "data")
        SELECT g."id", g."last_event_seq", 'generation.failed', jsonb_build_object(
          'id', g."id", 'error', ${JSON.stringify(input.error)}::jsonb,
          'credits', jsonb_build_object('refunded', g."refund", 'balance', COALESCE(m."balance", a."balance")))
        FROM g JOIN "accounts" a ON a."id" = g."account_id" LEFT JOIN moved m ON m."generation_id" = g."id"
        RETURNING "seq", "data"::text AS "data"`;
      return publish(id, rows, "generation.failed");
    },

    /** Stored events with seq > `after`, in order. */
    async eventsAfter(id: string, after: number): Promise<GenerationEventMessage[]> {
      const rows = await prisma.generationEvent.findMany({ where: { generationId: id, seq: { gt: after } }, orderBy: { seq: "asc" } });
      return rows.map((r) => ({ generationId: r.generationId, seq: r.seq, type: r.type, data: r.data as Record<string, unknown> }));
    },
  };
}

export type GenerationStore = ReturnType<typeof createGenerationStore>;
