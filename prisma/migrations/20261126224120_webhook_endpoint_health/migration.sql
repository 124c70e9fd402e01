-- Webhook endpoints' health (contract section 10): the dispatcher isolates endpoints from each
-- other. A failing endpoint is backed off as a whole (`paused_until`: none of its deliveries is
-- claimed before it), one that has failed every attempt for WEBHOOKS_DISABLE_AFTER_HOURS is
-- disabled (`disabled_at`) until its owner enables it, and claims go round robin across endpoints
-- (`last_attempt_at`).

-- AlterTable
ALTER TABLE "webhooks" ADD COLUMN     "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "disabled_at" TIMESTAMPTZ(3),
ADD COLUMN     "failing_since" TIMESTAMPTZ(3),
ADD COLUMN     "last_attempt_at" TIMESTAMPTZ(3),
ADD COLUMN     "last_error" TEXT,
ADD COLUMN     "last_success_at" TIMESTAMPTZ(3),
ADD COLUMN     "paused_until" TIMESTAMPTZ(3);

ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_consecutive_failures_non_negative" CHECK ("consecutive_failures" >= 0);

-- One endpoint's pending deliveries in due order: the claim takes the first few of each chosen
-- endpoint and counts the ones leased (its in-flight limit, across processes).
CREATE INDEX "webhook_deliveries_webhook_due_idx" ON "webhook_deliveries"("webhook_id", "next_attempt_at") WHERE "status" = 'pending';
