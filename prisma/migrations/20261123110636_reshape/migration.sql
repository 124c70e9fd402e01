-- Agents name a driver of the catalog (src/agents) instead of a generator kind; the built-in
-- generator kinds map to the built-in procedural drivers.
ALTER TABLE "agents" RENAME COLUMN "generator_kind" TO "driver";
UPDATE "agents" SET "driver" = CASE "driver"
  WHEN 'pixel-sprite' THEN 'procedural-sprite'
  WHEN 'icon' THEN 'procedural-icon'
  WHEN 'texture' THEN 'procedural-texture'
  ELSE "driver" END;
-- The price the catalog last set: while `credits` still equals it, a new catalog price applies;
-- once an admin changes `credits`, the catalog no longer touches it. Unknown (NULL) for existing rows,
-- so their current price is kept.
ALTER TABLE "agents" ADD COLUMN "catalog_credits" INTEGER;

-- The run attempt that holds a generation (retries of a failed attempt count up).
ALTER TABLE "generations" ADD COLUMN "attempt" INTEGER NOT NULL DEFAULT 0;
UPDATE "generations" SET "attempt" = 1 WHERE "started_at" IS NOT NULL;
ALTER TABLE "generations" ADD CONSTRAINT "generations_attempt_non_negative" CHECK ("attempt" >= 0);

-- Idempotency records are shared by every transport: they keep how the first call ended and the
-- generation object it answered, instead of one transport's HTTP response.
ALTER TABLE "idempotency_records" ADD COLUMN "outcome" TEXT;
ALTER TABLE "idempotency_records" ADD COLUMN "result" BYTEA;
UPDATE "idempotency_records" SET
  "outcome" = CASE WHEN "response_status" = 202 THEN 'accepted' ELSE 'succeeded' END,
  "result" = CASE WHEN octet_length("response_body") > 0 THEN "response_body" END
WHERE "state" = 'completed';
ALTER TABLE "idempotency_records" DROP COLUMN "response_status", DROP COLUMN "response_headers", DROP COLUMN "response_body";
