-- Kits (contract section 13): several generations of one call at one pixel scale, packed into one atlas.
-- CreateTable
CREATE TABLE "kits" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "name" TEXT,
    "scale" INTEGER NOT NULL,
    "palette" JSONB,
    "items" JSONB NOT NULL,
    "atlas" JSONB NOT NULL,
    "status" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "kits_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "kits_account_id_created_at_idx" ON "kits"("account_id", "created_at");

-- AddForeignKey
ALTER TABLE "kits" ADD CONSTRAINT "kits_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
