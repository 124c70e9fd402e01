-- Webhooks (contract section 10): the URLs an account registers, one delivery per event and
-- webhook (inserted by the statement that ends the generation, so none is lost to a crash), and
-- every attempt to send it.

-- CreateEnum
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('pending', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "webhooks" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    -- The whsec_ secret, encrypted (AES-256-GCM under SECRETS_KEY); never the plaintext.
    "secret_ciphertext" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhooks_events_not_empty" CHECK ("events" IS NOT NULL AND cardinality("events") > 0),
    CONSTRAINT "webhooks_events_known" CHECK ("events" <@ ARRAY['generation.completed', 'generation.failed', 'generation.canceled']::TEXT[]),
    CONSTRAINT "webhooks_url_http" CHECK ("url" ~ '^https?://' AND length("url") <= 2048),
    -- Sealed by src/infra/secrets-box.ts ("v1:<key id>:<iv, ciphertext, tag>"): a plaintext whsec_ secret cannot land here.
    CONSTRAINT "webhooks_secret_sealed" CHECK ("secret_ciphertext" ~ '^v1:[0-9a-f]{8}:')
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "webhook_id" TEXT NOT NULL,
    "generation_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) DEFAULT CURRENT_TIMESTAMP,
    "retry_until" TIMESTAMPTZ(3),
    "locked_until" TIMESTAMPTZ(3),
    "lock_token" TEXT,
    "payload" TEXT,
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "delivered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_deliveries_attempt_count_non_negative" CHECK ("attempt_count" >= 0),
    CONSTRAINT "webhook_deliveries_event_type_known" CHECK ("event_type" IN ('generation.completed', 'generation.failed', 'generation.canceled')),
    -- A pending delivery always has a time for its next attempt; a finished one has none.
    CONSTRAINT "webhook_deliveries_next_attempt" CHECK (("status" = 'pending') = ("next_attempt_at" IS NOT NULL))
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" BIGSERIAL NOT NULL,
    "delivery_id" TEXT NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status_code" INTEGER,
    "error" TEXT,
    "response_snippet" TEXT,
    "duration_ms" INTEGER NOT NULL,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_attempts_duration_non_negative" CHECK ("duration_ms" >= 0),
    CONSTRAINT "webhook_attempts_snippet_short" CHECK (length("response_snippet") <= 1024)
);

-- CreateIndex
CREATE INDEX "webhooks_account_id_created_at_idx" ON "webhooks"("account_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_id_created_at_idx" ON "webhook_deliveries"("webhook_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "webhook_deliveries_generation_id_idx" ON "webhook_deliveries"("generation_id");

-- The dispatcher's claim reads due rows only: a partial index keeps that read small however many
-- deliveries have finished (not expressible in the Prisma schema).
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries"("next_attempt_at") WHERE "status" = 'pending';

-- CreateIndex
CREATE INDEX "webhook_attempts_delivery_id_id_idx" ON "webhook_attempts"("delivery_id", "id");

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_generation_id_fkey" FOREIGN KEY ("generation_id") REFERENCES "generations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
