import { AppError } from "../../contract/errors.js";
import type { LedgerKind } from "../../contract/schemas/credits.js";
import { Prisma, type PrismaClient } from "../../infra/db/database.js";

/**
 * The only writer of ledger rows. Every change of a balance is ONE SQL statement: a conditional
 * update of the account (never read-then-write) whose RETURNING feeds the insert of the entry, so
 * under any concurrency the balance cannot go below zero and each entry holds the balance after it.
 * The generation statements (store.ts) embed the two fragments below as CTEs of their own
 * statement, so reserving or refunding a generation stays one atomic statement.
 */
type Db = PrismaClient | Prisma.TransactionClient;

export interface EntryInput {
  accountId: string;
  kind: LedgerKind;
  /** Signed: positive adds credits, negative takes them. Never zero. */
  amount: number;
  reason?: string | null;
  actorUserId?: string | null;
  generationId?: string | null;
  idempotencyRecordId?: string | null;
}

export interface AppliedEntry {
  id: bigint;
  balanceAfter: number;
}

/** Moves the balance and appends the entry. Undefined when the account lacks the credits (or does not exist). */
export async function applyEntry(db: Db, entry: EntryInput): Promise<AppliedEntry | undefined> {
  if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) throw new Error(`bad ledger amount ${entry.amount}`);
  const rows = await db.$queryRaw<{ id: bigint; balance_after: number }[]>`
    WITH moved AS (
      UPDATE "accounts" SET "balance" = "balance" + ${entry.amount}, "updated_at" = now()
      WHERE "id" = ${entry.accountId} AND "balance" + ${entry.amount} >= 0
      RETURNING "id", "balance"
    )
    INSERT INTO "ledger_entries" ("account_id", "kind", "amount", "balance_after", "reason", "actor_user_id", "generation_id", "idempotency_record_id")
    SELECT "id", ${entry.kind}::"LedgerKind", ${entry.amount}, "balance", ${entry.reason ?? null}, ${entry.actorUserId ?? null},
           ${entry.generationId ?? null}, ${entry.idempotencyRecordId ?? null}
    FROM moved
    RETURNING "id", "balance_after"`;
  const row = rows[0];
  return row ? { id: row.id, balanceAfter: Number(row.balance_after) } : undefined;
}

/** Grants (or, with a negative amount, adjusts) credits. A grant never fails for balance; an adjustment below zero is 400. */
export async function grantCredits(
  db: Db,
  input: { accountId: string; amount: number; kind: "grant" | "adjustment" | "signup_grant"; reason?: string; actorUserId?: string },
): Promise<AppliedEntry> {
  const applied = await applyEntry(db, input);
  if (!applied) {
    const account = await db.account.findUnique({ where: { id: input.accountId }, select: { balance: true } });
    if (!account) throw new AppError("not_found", "No such account.");
    throw new AppError("invalid_request", `An adjustment of ${input.amount} would take the balance (${account.balance}) below zero.`, {
      param: "amount",
      details: { balance: account.balance },
    });
  }
  return applied;
}

/**
 * CTE fragment of the reservation statement: the `charge` entry of a generation, from the CTEs
 * `moved` (the account after the conditional debit: id, balance) and `gen` (the inserted
 * generation: id). Nothing is written for a free agent.
 */
export function chargeEntryCte(cost: number, idempotencyRecordId: string | null): Prisma.Sql {
  return Prisma.sql`charge_entry AS (
    INSERT INTO "ledger_entries" ("account_id", "kind", "amount", "balance_after", "generation_id", "idempotency_record_id", "reason")
    SELECT moved."id", 'charge', -${cost}::int, moved."balance", gen."id", ${idempotencyRecordId}, 'generation'
    FROM moved, gen WHERE ${cost}::int > 0
  )`;
}

/**
 * CTE fragment of the batch reservation statement (`reserveMany`): one `charge` entry per priced
 * generation of the batch, from the CTEs `moved` (the account after the debit of the whole batch:
 * id, balance) and `charged` (the inserted generations: id, ord, cost). Entries are appended in
 * `ord` order and each holds the balance after it (the balance before the batch minus the costs up
 * to and including its own), so the last one holds the account's balance. Every entry names the
 * batch's idempotency record.
 */
export function chargeEntriesCte(idempotencyRecordId: string | null): Prisma.Sql {
  return Prisma.sql`charge_entries AS (
    INSERT INTO "ledger_entries" ("account_id", "kind", "amount", "balance_after", "generation_id", "idempotency_record_id", "reason")
    SELECT moved."id", 'charge', -c."cost", moved."balance" + c."later", c."id", ${idempotencyRecordId}, 'generation'
    FROM moved, (
      SELECT charged."id", charged."ord", charged."cost",
        COALESCE(SUM(charged."cost") OVER (ORDER BY charged."ord" DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS "later"
      FROM charged
    ) c
    WHERE c."cost" > 0
    ORDER BY c."ord"
  )`;
}

/**
 * CTE fragment of the failure statement: the `refund` entry, from the CTE `refunded` (the account
 * after the credit: id, balance, refund, generation_id). The unique (generation, kind) index makes
 * a second refund of one generation impossible, whatever races.
 */
export function refundEntryCte(reason: string): Prisma.Sql {
  return Prisma.sql`refund_entry AS (
    INSERT INTO "ledger_entries" ("account_id", "kind", "amount", "balance_after", "generation_id", "reason")
    SELECT "id", 'refund', "refund", "balance", "generation_id", ${reason} FROM refunded
  )`;
}
