import { AppError } from "../../contract/errors.js";
import type { BudgetPeriod } from "../../contract/schemas/keys.js";
import { Prisma } from "../../infra/db/database.js";

/**
 * Key budgets (contract section 16): a key may spend `credits` per period (a UTC day, a UTC month,
 * or in total). What it spent lives on the key's row (`budget_spent` since `budget_period_start`),
 * moved by the statements that reserve and refund (store-reservation.ts, store-lifecycle.ts) under
 * the account's row lock, so the check is exact under any concurrency; a counter of an older period
 * counts as 0. It always equals the ledger: the key's charges minus its refunds since the start of
 * the period (`spentFromLedgerSql`).
 */

/** SQL: the start of the current period of `period` (a text expression), in UTC. */
export const periodStartSql = (period: Prisma.Sql): Prisma.Sql => Prisma.sql`(CASE ${period}
  WHEN 'day' THEN date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
  WHEN 'month' THEN date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
  ELSE 'epoch'::timestamptz END)`;

/** SQL: what key `k` (an alias of api_keys) spent in its current period, from its counter. */
export const currentSpentSql = (k: Prisma.Sql): Prisma.Sql =>
  Prisma.sql`(CASE WHEN ${k}."budget_period_start" = ${periodStartSql(Prisma.sql`${k}."budget_period"`)} THEN ${k}."budget_spent" ELSE 0 END)`;

/** SQL: what key `keyId` spent since `since` by the ledger (charges minus refunds). */
export const spentFromLedgerSql = (keyId: Prisma.Sql, since: Prisma.Sql): Prisma.Sql => Prisma.sql`(SELECT COALESCE(-SUM(l."amount"), 0)::int
  FROM "ledger_entries" l WHERE l."api_key_id" = ${keyId} AND l."kind" IN ('charge', 'refund') AND l."created_at" >= ${since})`;

/** When the period that contains `now` ends (UTC); null for a budget in total. */
export function resetsAt(period: BudgetPeriod, now: Date): Date | null {
  if (period === "total") return null;
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return period === "day" ? new Date(Date.UTC(y, m, now.getUTCDate() + 1)) : new Date(Date.UTC(y, m + 1, 1));
}

export interface KeyBudgetState {
  budget: number;
  period: BudgetPeriod;
  spent: number;
}

/** The 402 of a call whose price would take the key past its budget; nothing was charged. */
export function keyBudgetExceeded(state: KeyBudgetState, required: number, now: Date): AppError {
  const resets = resetsAt(state.period, now);
  const when = resets ? `the budget resets at ${resets.toISOString()}` : "the budget is in total: raise it (PATCH /api/keys/:id) to spend more";
  const per = state.period === "total" ? "in total" : `for the ${state.period}`;
  return new AppError(
    "key_budget_exceeded",
    `This call costs ${required} credit${required === 1 ? "" : "s"}; this API key has spent ${state.spent} of its ${state.budget} credits ${per}. Nothing was charged; ${when}.`,
    {
      param: "apiKey",
      details: { budget: state.budget, spent: state.spent, period: state.period, resetsAt: resets?.toISOString() ?? null, required },
    },
  );
}

/**
 * CTE fragment of the failure statement (store-lifecycle.ts): a refund gives the key's budget back,
 * from the CTE `refunded` (after the account's row: its lock is held). Ledger-exact: the refund
 * counts in the period it is written in, like its ledger entry.
 */
export const keyRefundCte = Prisma.sql`key_refund AS (
    UPDATE "api_keys" k SET "budget_spent" = ${currentSpentSql(Prisma.sql`k`)} - r."refund", "budget_period_start" = ${periodStartSql(Prisma.sql`k."budget_period"`)}
    FROM refunded r WHERE k."id" = r."api_key_id" AND k."budget_credits" IS NOT NULL
  )`;

/**
 * CTE fragments of the reservation statement (store-reservation.ts) for a call made with key
 * `keyId`, at `total` credits. `lockedKey` takes the account's row lock first (every statement that
 * moves a key's counter holds it: reservations, refunds, a new budget), then the key's, and reads
 * the key's newest row (FOR UPDATE returns the version committed last, whatever the statement's
 * snapshot): `withinBudget` is the condition the account's debit adds, and `keySpend` moves the
 * counter once the debit happened, all in one statement: all or nothing.
 */
export function keyBudgetSql(accountId: string, keyId: string, total: number) {
  return {
    lockedKey: Prisma.sql`account_lock AS MATERIALIZED (
      SELECT "id" FROM "accounts" WHERE "id" = ${accountId} FOR UPDATE
    ), key_budget AS MATERIALIZED (
      SELECT k."id", k."budget_credits", ${currentSpentSql(Prisma.sql`k`)} AS "spent", ${periodStartSql(Prisma.sql`k."budget_period"`)} AS "period_start"
      FROM "api_keys" k, account_lock WHERE k."id" = ${keyId} FOR UPDATE OF k
    )`,
    withinBudget: Prisma.sql`NOT EXISTS (SELECT 1 FROM key_budget b WHERE b."budget_credits" IS NOT NULL AND b."spent" + ${total}::int > b."budget_credits")`,
    keySpend: Prisma.sql`key_spend AS (
      UPDATE "api_keys" k SET "budget_spent" = b."spent" + ${total}::int, "budget_period_start" = b."period_start"
      FROM key_budget b, moved WHERE k."id" = b."id" AND b."budget_credits" IS NOT NULL
      RETURNING k."id", k."account_id", k."name", k."budget_credits", k."budget_spent", k."budget_period"
    )`,
  };
}
