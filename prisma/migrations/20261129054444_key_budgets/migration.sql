-- Key budgets, usage and what each ledger line paid for (contract section 16).

-- Each charge and refund names the key that made the call (null: the web app) and the agent.
ALTER TABLE "ledger_entries" ADD COLUMN     "agent_id" TEXT,
ADD COLUMN     "api_key_id" TEXT;

-- The backfill of the new columns is the one update of the ledger's past lines (its append-only trigger held off for it).
ALTER TABLE "ledger_entries" DISABLE TRIGGER "ledger_entries_append_only";
UPDATE "ledger_entries" l SET "api_key_id" = g."api_key_id", "agent_id" = g."agent_id"
FROM "generations" g WHERE g."id" = l."generation_id";
ALTER TABLE "ledger_entries" ENABLE TRIGGER "ledger_entries_append_only";

-- A key's budget: credits per period (day, month or total, in UTC), and what it spent in the
-- period that began at budget_period_start, moved by the reservation and refund statements.
ALTER TABLE "api_keys" ADD COLUMN     "budget_credits" INTEGER,
ADD COLUMN     "budget_period" TEXT,
ADD COLUMN     "budget_period_start" TIMESTAMPTZ(3),
ADD COLUMN     "budget_spent" INTEGER NOT NULL DEFAULT 0;

ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_budget_credits_range" CHECK ("budget_credits" BETWEEN 1 AND 1000000000);
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_budget_period_known" CHECK ("budget_period" IN ('day', 'month', 'total'));
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_budget_whole" CHECK (("budget_credits" IS NULL) = ("budget_period" IS NULL));

-- Usage over a range of days reads the account's entries by time.
CREATE INDEX "ledger_entries_account_id_created_at_idx" ON "ledger_entries"("account_id", "created_at");

-- A key's spend by the ledger (its list, a new budget) reads its entries by time.
CREATE INDEX "ledger_entries_api_key_id_created_at_idx" ON "ledger_entries"("api_key_id", "created_at");
