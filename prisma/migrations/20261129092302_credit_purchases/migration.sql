-- Buying credits with Stripe Checkout (contract section 16): purchases keyed by the Checkout
-- session, what Stripe refunded per PaymentIntent, and the ledger's link to the purchase.
-- AlterTable
ALTER TABLE "ledger_entries" ADD COLUMN     "purchase_id" TEXT;

-- CreateTable
CREATE TABLE "credit_purchases" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "pack" TEXT NOT NULL,
    "credits" INTEGER NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "payment_intent" TEXT,
    "credits_taken_back" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paid_at" TIMESTAMPTZ(3),

    CONSTRAINT "credit_purchases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_refunds" (
    "payment_intent" TEXT NOT NULL,
    "amount_refunded" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_refunds_pkey" PRIMARY KEY ("payment_intent")
);

-- CreateIndex
CREATE UNIQUE INDEX "credit_purchases_payment_intent_key" ON "credit_purchases"("payment_intent");

-- CreateIndex
CREATE INDEX "credit_purchases_account_id_created_at_idx" ON "credit_purchases"("account_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "credit_purchases_created_at_idx" ON "credit_purchases"("created_at");

-- At most one `purchase` entry per Checkout session, whatever races (refunds' adjustments may be several).
CREATE UNIQUE INDEX "ledger_entries_one_purchase_per_session" ON "ledger_entries"("purchase_id") WHERE "kind" = 'purchase';
ALTER TABLE "credit_purchases" ADD CONSTRAINT "credit_purchases_status_known" CHECK ("status" IN ('open', 'paid'));
ALTER TABLE "credit_purchases" ADD CONSTRAINT "credit_purchases_amounts" CHECK ("credits" > 0 AND "amount_cents" > 0 AND "credits_taken_back" BETWEEN 0 AND "credits");
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_amount" CHECK ("amount_refunded" >= 0);
