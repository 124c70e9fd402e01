/**
 * What unit tests of the generation storage and its callers (src/domain/generation/*.test.ts) share:
 * a migrated PGlite database in memory (as test/support/harness.ts opens one, without the app), and
 * rows to work on: an agent, accounts, generations, and reads of what the statements wrote.
 */
import { openDatabase, Prisma, type Database, type SqlRunner } from "../../src/infra/db/database.js";
import type { NewGeneration } from "../../src/domain/generation/store.js";
import { newId } from "../../src/domain/ids.js";
import { createLogger } from "../../src/infra/logger.js";

/** A fresh migrated PGlite database in memory: one per test file (each test makes its own accounts). */
export async function openUnitDatabase(): Promise<Database> {
  const db = await openDatabase({ dataDir: "memory://", logger: createLogger("silent") });
  await db.migrate();
  return db;
}

/** An agent row (as the catalog's sync writes it), for generations to name. */
export async function insertAgent(db: Database, id: string, credits = 1): Promise<void> {
  await db.sql(Prisma.sql`INSERT INTO "agents" ("id", "name", "description", "credits", "sizes", "default_width", "default_height",
    "supports_transparent", "formats", "driver", "updated_at")
    VALUES (${id}, ${id}, 'unit test', ${credits}::int, '[{"width":16,"height":16}]'::jsonb, 16, 16, false, '{image/png}'::text[], 'test', now())
    ON CONFLICT ("id") DO NOTHING`);
}

/** A new account with `balance` credits; its id. */
export async function newAccount(db: Database, balance: number): Promise<string> {
  const id = newId("acc");
  await db.sql(Prisma.sql`INSERT INTO "accounts" ("id", "balance", "updated_at") VALUES (${id}, ${balance}::int, now())`);
  return id;
}

/** A generation of `accountId` as a call would ask for it (16×16, price 1, agent `agentId`). */
export function newRow(accountId: string, agentId: string, fields: Partial<NewGeneration> = {}): NewGeneration {
  return {
    id: newId("gen"),
    accountId,
    apiKeyId: null,
    agentId,
    prompt: "red slime",
    messages: null,
    interpretation: null,
    reading: null,
    sheet: null,
    tileset: null,
    palette: null,
    sourceAssetId: null,
    transparent: false,
    seed: 7,
    width: 16,
    height: 16,
    cost: 1,
    idempotencyRecordId: null,
    ...fields,
  };
}

/** The account's balance and its count of generations queued or running. */
export async function accountOf(db: Database, accountId: string): Promise<{ balance: number; active: number }> {
  const [row] = await db.sql<{ balance: number; active: number }>(
    Prisma.sql`SELECT "balance", "active_generations" AS "active" FROM "accounts" WHERE "id" = ${accountId}`,
  );
  return { balance: Number(row!.balance), active: Number(row!.active) };
}

export interface LedgerRow {
  kind: string;
  amount: number;
  balanceAfter: number;
  generationId: string | null;
  idempotencyRecordId: string | null;
}

/** The account's ledger entries, in the order they were appended. */
export async function ledgerOf(db: Database, accountId: string): Promise<LedgerRow[]> {
  const rows = await db.sql<{ kind: string; amount: number; balance_after: number; generation_id: string | null; idempotency_record_id: string | null }>(
    Prisma.sql`SELECT "kind", "amount", "balance_after", "generation_id", "idempotency_record_id" FROM "ledger_entries" WHERE "account_id" = ${accountId} ORDER BY "id"`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    amount: Number(r.amount),
    balanceAfter: Number(r.balance_after),
    generationId: r.generation_id,
    idempotencyRecordId: r.idempotency_record_id,
  }));
}

/** A generation's stored events, in order. */
export async function eventsOf(db: Database, generationId: string): Promise<{ seq: number; type: string; data: Record<string, unknown> }[]> {
  const rows = await db.sql<{ seq: number; type: string; data: Record<string, unknown> }>(
    Prisma.sql`SELECT "seq", "type", "data" FROM "generation_events" WHERE "generation_id" = ${generationId} ORDER BY "seq"`,
  );
  return rows.map((r) => ({ seq: Number(r.seq), type: r.type, data: r.data }));
}

/** A generation's row as the database holds it (the columns a test asks about). */
export async function generationOf(db: Database, id: string) {
  return db.prisma.generation.findUnique({
    where: { id },
    select: { status: true, creditState: true, attempt: true, startedAt: true, completedAt: true, createdAt: true, errorCode: true, lastEventSeq: true },
  });
}

/** `sql` counting the statements it runs (the hot path's budget: a generation in process is two). */
export function countingSql(sql: SqlRunner): SqlRunner & { count: number } {
  const counting = Object.assign(
    async <T>(statement: Prisma.Sql): Promise<T[]> => {
      counting.count++;
      return sql<T>(statement);
    },
    { count: 0 },
  );
  return counting;
}
