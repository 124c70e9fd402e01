-- Alerts (contract section 16): `credits.low` when a charge takes the balance below the account's
-- threshold, and `key.budget_exhausted` when a charge uses up a key's budget. Both are webhook
-- deliveries of no generation, whose body is written with them.
ALTER TABLE "accounts" ADD COLUMN     "low_balance_threshold" INTEGER;
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_low_balance_threshold_range" CHECK ("low_balance_threshold" BETWEEN 1 AND 1000000000);

ALTER TABLE "webhook_deliveries" ALTER COLUMN "generation_id" DROP NOT NULL;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_generation_or_payload" CHECK ("generation_id" IS NOT NULL OR "payload" IS NOT NULL);

ALTER TABLE "webhooks" DROP CONSTRAINT "webhooks_events_known";
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_events_known" CHECK ("events" <@ ARRAY['generation.completed', 'generation.failed', 'generation.canceled', 'credits.low', 'key.budget_exhausted']::TEXT[]);
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_event_type_known";
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_type_known" CHECK ("event_type" IN ('generation.completed', 'generation.failed', 'generation.canceled', 'credits.low', 'key.budget_exhausted'));
