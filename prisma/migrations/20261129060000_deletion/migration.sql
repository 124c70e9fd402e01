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
