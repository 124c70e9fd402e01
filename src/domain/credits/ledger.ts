import { AppError } from "../../contract/errors.js";
import type { LedgerKind } from "../../contract/schemas/credits.js";
import { Prisma, type PrismaClient } from "../../infra/db/database.js";

/**
 * The only writer of ledger rows. Every change of a balance is ONE SQL statement: a conditional
 * update of the account (never read-then-write) whose RETURNING feeds the insert of the entry, so
 * under any concurrency the balance cannot go below zero and each entry holds the balance after it.
 * The generation statements (store-reservation.ts, store-lifecycle.ts) embed the two fragments
 * below as CTEs of their own statement, so reserving or refunding a generation stays one atomic
 * statement.
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
  /** The Stripe Checkout session a purchase (or a refund's adjustment) is about. */
  purchaseId?: string | null;
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
    INSERT INTO "ledger_entries" ("account_id", "kind", "amount", "balance_after", "reason", "actor_user_id", "generation_id", "idempotency_record_id", "purchase_id")
    SELECT "id", ${entry.kind}::"LedgerKind", ${entry.amount}, "balance", ${entry.reason ?? null}, ${entry.actorUserId ?? null},
           ${entry.generationId ?? null}, ${entry.idempotencyRecordId ?? null}, ${entry.purchaseId ?? null}
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
 * CTE fragment of the reservation statement (store-reservation.ts): one `charge` entry per priced
 * generation of the call, from the CTE `moved` (the account after the debit of the whole call: id,
 * balance), one SELECT each (as the statement's other rows: see there). Entries are appended in
 * the generations' order and each holds the balance after it (the balance after the call plus the
 * prices of the generations after it), so the last one holds the account's balance. Every entry
 * names the call's idempotency record. Undefined when nothing is priced (free agents): no entry.
 */
export function chargeEntriesCte(
  generations: readonly { id: string; cost: number; apiKeyId: string | null; agentId: string }[],
  idempotencyRecordId: string | null,
): Prisma.Sql | undefined {
  const priced = generations.filter((g) => g.cost > 0);
  if (priced.length === 0) return undefined;
  let later = priced.reduce((sum, g) => sum + g.cost, 0);
  const ordered = priced.length > 1; // a single entry needs no order (nor the subquery that gives it)
  const entries = priced.map((g, ord) => {
    later -= g.cost;
    return Prisma.sql`SELECT moved."id" AS "account_id", 'charge'::"LedgerKind" AS "kind", -${g.cost}::int AS "amount", moved."balance" + ${later}::int AS "balance_after",
      ${g.id} AS "generation_id", ${idempotencyRecordId} AS "idempotency_record_id", 'generation' AS "reason", ${g.apiKeyId}::text AS "api_key_id", ${g.agentId}::text AS "agent_id"${ordered ? Prisma.sql`, ${ord}::int AS "ord"` : Prisma.empty} FROM moved`;
  });
  const columns = Prisma.sql`"account_id", "kind", "amount", "balance_after", "generation_id", "idempotency_record_id", "reason", "api_key_id", "agent_id"`;
  return Prisma.sql`charge_entries AS (
    INSERT INTO "ledger_entries" (${columns})
    ${ordered ? Prisma.sql`SELECT ${columns} FROM (${Prisma.join(entries, " UNION ALL ")}) AS c ORDER BY c."ord"` : entries[0]!}
  )`;
}

/**
 * CTE fragment of the failure statement: the `refund` entry, from the CTE `refunded` (the account
 * after the credit: id, balance, refund, generation_id, api_key_id, agent_id). The unique (generation, kind) index makes
 * a second refund of one generation impossible, whatever races.
 */
export function refundEntryCte(reason: string): Prisma.Sql {
  return Prisma.sql`refund_entry AS (
    INSERT INTO "ledger_entries" ("account_id", "kind", "amount", "balance_after", "generation_id", "reason", "api_key_id", "agent_id")
    SELECT "id", 'refund', "refund", "balance", "generation_id", ${reason}, "api_key_id", "agent_id" FROM refunded
  )`;
}
