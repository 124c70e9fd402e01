import { Prisma, type PrismaClient, type SqlRunner } from "../../infra/db/database.js";
import { chargeEntriesCte } from "../credits/ledger.js";
import { alertCtes } from "./outbox.js";
import { currentSpentSql, keyBudgetSql, type KeyBudgetState } from "../keys/budget.js";
import { queuedData, type NewGeneration, type StoreContext } from "./store-rows.js";

/** Where a reservation runs: the client, the transaction that also hands the jobs to the queue, or the driver. */
export type ReservationDb = PrismaClient | Prisma.TransactionClient | SqlRunner;

export interface Reserved {
  /** The account's balance after the reservation. */
  balance: number;
  /** When the generations were created (one statement: one time for all). */
  createdAt: Date;
  /** The account's generations queued or running, these included. */
  active: number;
}

/** What a refused reservation is answered from (refusal.ts): the account now and its latest generations. */
export interface RefusalState {
  balance: number;
  active: number;
  /** Creation times (epoch ms, oldest first) of the account's queued or running generations among its latest. */
  activeSince: number[];
  /** How long the account's latest ended generations held their slot (creation to end, ms), oldest first. */
  heldMs: number[];
  /** The database's clock (epoch ms), which wrote the times above. */
  now: number;
  /** The calling key's budget and what it spent in the current period; undefined without one. */
  keyBudget?: KeyBudgetState;
}

/** Runs `statement` on a Prisma client or transaction, or straight on the driver. */
const query = <T>(db: ReservationDb, statement: Prisma.Sql): Promise<T[]> => (typeof db === "function" ? db<T>(statement) : db.$queryRaw<T[]>(statement));

export function reservationStatements(ctx: StoreContext) {
  return {
    /**
     * Reserves the sum of the prices (conditional update: never below zero) and `rows.length` of
     * the account's `maxActive` slots, creates every generation with its `charge` entry and its
     * `generation.queued` event, all or nothing, in ONE statement on `db` (the client, the
     * transaction that also hands the jobs to the queue, or the driver). A single call is a batch
     * of one. Rows are of one account; only the first may hold an idempotency record (the call's:
     * `generations.idempotency_record_id` is unique), and every charge entry of the batch names
     * it. Returns the balance after, the creation time and the account's active count (the batch
     * included), or undefined when the account lacks the credits or the slots for the whole batch
     * (nothing written). (The statement answers a row per generation, all alike: one creation
     * time, the transaction's.) The caller publishes each `queued` (see `publishQueued`) once the write
     * is committed.
     *
     * `flush: false` commits without waiting for the write-ahead log to reach the disk
     * (`synchronous_commit = off` for this transaction only): for a one-shot call, whose caller is
     * told nothing before the statement that ends the generation, which does wait for the flush,
     * and so makes this one durable too (the log is flushed in order). Only a crash of the database
     * server itself within that moment (PostgreSQL's WAL writer flushes within 3 × wal_writer_delay
     * anyway) can lose it, and then it loses all of it, the charge with the generation: the balance
     * and the ledger stay exact. The lock on the account's row is held for less time.
     */
    async reserveMany(db: ReservationDb, rows: readonly NewGeneration[], maxActive: number, options: { flush?: boolean } = {}): Promise<Reserved | undefined> {
      const first = rows[0];
      if (!first) throw new Error("reserveMany: no rows");
      if (rows.some((r) => r.accountId !== first.accountId)) throw new Error("reserveMany: rows of several accounts");
      if (rows.some((r) => r.apiKeyId !== first.apiKeyId)) throw new Error("reserveMany: rows of several keys");
      if (rows.slice(1).some((r) => r.idempotencyRecordId !== null)) throw new Error("reserveMany: only the first row may hold the idempotency record");
      const lazy = options.flush === false;
      const total = rows.reduce((sum, r) => sum + r.cost, 0);
      // Each generation's rows are one SELECT of parameters from `moved` (UNION ALL between them):
      // so a single call's statement is the one a statement written for one generation would be
      // (PostgreSQL plans it as cheaply; a VALUES list or a CTE read three times cost it ~10 %).
      // An event or an entry is inserted before its generation within the statement: the foreign
      // keys are checked at its end.
      const generations = rows.map(
        (g) => Prisma.sql`SELECT ${g.id}, moved."id", ${g.apiKeyId}, ${g.agentId}, 'queued'::"GenerationStatus", ${g.prompt},
          ${g.messages === null ? null : JSON.stringify(g.messages)}::jsonb, ${g.interpretation === null ? null : JSON.stringify(g.interpretation)}::jsonb,
          ${g.reading === null ? null : JSON.stringify(g.reading)}::jsonb,
          ${g.sheet === null ? null : JSON.stringify(g.sheet)}::jsonb, ${g.tileset === null ? null : JSON.stringify(g.tileset)}::jsonb,
          ${g.palette === null ? null : JSON.stringify(g.palette)}::jsonb, ${g.sourceAssetId}, ${g.imageInput === true}::boolean, ${g.projectId ?? null}, ${g.map ? JSON.stringify(g.map) : null}::jsonb, ${g.badge ?? null}, ${g.kitId ?? null}, ${g.transparent}::boolean, ${g.seed}::int, ${g.width}::int, ${g.height}::int, ${g.cost}::int, 'reserved'::"CreditState", 1,
          ${g.idempotencyRecordId}, now() FROM moved`,
      );
      const events = rows.map((g) => Prisma.sql`SELECT ${g.id}, 1, 'generation.queued', ${queuedData(g)}::jsonb FROM moved`);
      const charges = chargeEntriesCte(rows, first.idempotencyRecordId);
      // A call by a key with a price: its budget is checked and moved in this statement (budget.ts).
      const budget = first.apiKeyId !== null && total > 0 ? keyBudgetSql(first.accountId, first.apiKeyId, total) : undefined;
      const alerts = alertCtes(total, budget !== undefined);
      const statement = Prisma.sql`
        WITH ${lazy ? Prisma.sql`lazy AS (SELECT set_config('synchronous_commit', 'off', true)), ` : Prisma.empty}${budget ? Prisma.sql`${budget.lockedKey}, ` : Prisma.empty}moved AS (
          UPDATE "accounts" SET "balance" = "balance" - ${total}::int, "active_generations" = "active_generations" + ${rows.length}::int, "updated_at" = now()
          WHERE "id" = ${first.accountId} AND "balance" >= ${total}::int AND "active_generations" <= ${maxActive - rows.length}::int${budget ? Prisma.sql` AND ${budget.withinBudget}` : Prisma.empty}
          RETURNING "id", "balance", "active_generations", "low_balance_threshold"
        ), ${budget ? Prisma.sql`${budget.keySpend}, ` : Prisma.empty}${alerts.ctes}, gen AS (
          INSERT INTO "generations" ("id", "account_id", "api_key_id", "agent_id", "status", "prompt", "messages", "interpretation", "reading", "sheet", "tileset", "palette", "source_asset_id", "image_input", "project_id", "map", "badge", "kit_id", "transparent",
            "seed", "width", "height", "cost", "credit_state", "last_event_seq", "idempotency_record_id", "updated_at")
          ${Prisma.join(generations, " UNION ALL ")}
          RETURNING "created_at"
        ), ${charges ? Prisma.sql`${charges}, ` : Prisma.empty}event AS (
          INSERT INTO "generation_events" ("generation_id", "seq", "type", "data")
          ${Prisma.join(events, " UNION ALL ")}
        )
        SELECT moved."balance", gen."created_at", moved."active_generations" AS "active", ${alerts.count} AS "alerts" FROM moved, gen${lazy ? Prisma.sql`, lazy` : Prisma.empty}`;
      const [row] = await query<{ balance: number; created_at: Date; active: number; alerts: number }>(db, statement);
      if (row && Number(row.alerts) > 0) ctx.onDeliveries?.();
      return row ? { balance: Number(row.balance), createdAt: new Date(row.created_at), active: Number(row.active) } : undefined;
    },

    /** Publishes the `generation.queued` event of a committed reservation. */
    publishQueued: (g: Pick<NewGeneration, "id" | "agentId">) =>
      ctx.bus.publish({ generationId: g.id, seq: 1, type: "generation.queued", data: JSON.parse(queuedData(g)) as Record<string, unknown> }),

    /**
     * Why a reservation of `accountId` wrote nothing, in ONE statement (only a refused call runs
     * it): the balance and the active count, with the creation times of the active generations
     * and how long the ended ones held their slot, among the account's `latest` generations (the
     * (account, created_at) index: a bounded read however many generations the account made).
     * Undefined for an unknown account.
     */
    async refusalState(accountId: string, latest: number, apiKeyId: string | null = null): Promise<RefusalState | undefined> {
      const [row] = await ctx.sql<{
        balance: number;
        active: number;
        active_since: number[] | null;
        held_ms: number[] | null;
        now: number;
        key_budget: KeyBudgetState | null;
      }>(Prisma.sql`
        WITH recent AS (
          SELECT g."status"::text AS "status", g."created_at", g."completed_at" FROM "generations" g
          WHERE g."account_id" = ${accountId} ORDER BY g."created_at" DESC LIMIT ${latest}::int
        )
        SELECT a."balance", a."active_generations" AS "active",
          (SELECT json_agg(extract(epoch FROM r."created_at") * 1000 ORDER BY r."created_at") FROM recent r
            WHERE r."status" IN ('queued', 'running')) AS "active_since",
          (SELECT json_agg(extract(epoch FROM r."completed_at" - r."created_at") * 1000 ORDER BY r."created_at") FROM recent r
            WHERE r."completed_at" IS NOT NULL) AS "held_ms",
          extract(epoch FROM now()) * 1000 AS "now",
          (SELECT json_build_object('budget', k."budget_credits", 'period', k."budget_period", 'spent', ${currentSpentSql(Prisma.sql`k`)})
            FROM "api_keys" k WHERE k."id" = ${apiKeyId} AND k."budget_credits" IS NOT NULL) AS "key_budget"
        FROM "accounts" a WHERE a."id" = ${accountId}`);
      if (!row) return undefined;
      return {
        balance: Number(row.balance),
        active: Number(row.active),
        activeSince: (row.active_since ?? []).map(Number),
        heldMs: (row.held_ms ?? []).map(Number),
        now: Number(row.now),
        ...(row.key_budget ? { keyBudget: { ...row.key_budget, budget: Number(row.key_budget.budget), spent: Number(row.key_budget.spent) } } : {}),
      };
    },
  };
}
