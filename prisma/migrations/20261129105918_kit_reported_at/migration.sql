-- AlterTable
ALTER TABLE "kits" ADD COLUMN     "reported_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "kits_account_id_reported_at_idx" ON "kits"("account_id", "reported_at");

-- Kits that ended before kit events existed are not reported now.
UPDATE "kits" SET "reported_at" = "created_at" WHERE "status" <> 'running';

-- kit.succeeded / kit.failed (issue 38): deliveries of no generation, their body written with them.
ALTER TABLE "webhooks" DROP CONSTRAINT "webhooks_events_known";
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_events_known" CHECK ("events" <@ ARRAY['generation.completed', 'generation.failed', 'generation.canceled', 'credits.low', 'key.budget_exhausted', 'kit.succeeded', 'kit.failed']::TEXT[]);
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_event_type_known";
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_type_known" CHECK ("event_type" IN ('generation.completed', 'generation.failed', 'generation.canceled', 'credits.low', 'key.budget_exhausted', 'kit.succeeded', 'kit.failed'));
