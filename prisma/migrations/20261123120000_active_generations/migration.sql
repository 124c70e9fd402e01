-- Generations queued or running per account, kept by the statements that move a generation's
-- status (reserve: +1; complete, fail, cancel: −1), so the per-account cap is checked on the
-- account row the reservation already locks.
ALTER TABLE "accounts" ADD COLUMN "active_generations" INTEGER NOT NULL DEFAULT 0;
UPDATE "accounts" a SET "active_generations" = (
  SELECT count(*) FROM "generations" g WHERE g."account_id" = a."id" AND g."status" IN ('queued', 'running')
);
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_active_generations_non_negative" CHECK ("active_generations" >= 0);
