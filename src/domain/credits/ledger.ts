import type { Prisma, PrismaClient } from "../../infra/db/database.js";
import { AppError } from "../errors.js";

export type LedgerKind = "signup_grant" | "grant" | "charge" | "refund" | "adjustment";
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

/**
 * Moves the balance and appends the ledger entry in ONE statement: a conditional update (never
 * read-then-write) whose RETURNING feeds the insert. Atomic on PostgreSQL and PGlite alike; under
 * any concurrency the balance cannot go below zero and the entry always holds the balance after it.
 * Returns undefined when the account lacks the credits (or does not exist).
 */
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

/** Grants (or, with a negative amount, adjusts) credits; 402-free: a grant never fails for balance. */
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
