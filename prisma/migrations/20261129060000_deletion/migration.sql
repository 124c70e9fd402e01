-- Deletion (contract section 15): a deleted asset or generation leaves a tombstone, so its id answers
-- 410 gone to its owner (404 to anyone else); and a ledger entry outlives its generation (money
-- records stay with the account id), so its generation_id is a plain id, no longer a foreign key.
CREATE TABLE "deleted_objects" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "deleted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "deleted_objects_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "deleted_objects_account_id_idx" ON "deleted_objects"("account_id");

ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_generation_id_fkey";

-- Erasure clears the user who granted or adjusted credits (actor_user_id) from the ledger's lines: the one other
-- update the append-only ledger allows, besides the pruned idempotency record's ON DELETE SET NULL.
CREATE OR REPLACE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (NEW."idempotency_record_id" IS NULL OR NEW."idempotency_record_id" IS NOT DISTINCT FROM OLD."idempotency_record_id")
     AND (NEW."actor_user_id" IS NULL OR NEW."actor_user_id" IS NOT DISTINCT FROM OLD."actor_user_id")
     AND (to_jsonb(NEW) - 'idempotency_record_id' - 'actor_user_id') = (to_jsonb(OLD) - 'idempotency_record_id' - 'actor_user_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger_entries is append-only (% refused)', TG_OP;
END;
$$;
