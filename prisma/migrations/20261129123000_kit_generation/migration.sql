-- AlterTable: a generation knows its kit, so only a kit's items run the kit's report when they end.
ALTER TABLE "generations" ADD COLUMN     "kit_id" TEXT;

-- AlterTable: an atlas of your own assets names the generation that charged its packing.
ALTER TABLE "kits" ADD COLUMN     "generation_id" TEXT;

-- The items of kits made before: their kit is found from the kit's items.
UPDATE "generations" g SET "kit_id" = k."id"
FROM "kits" k, jsonb_array_elements(k."items") AS i(e)
WHERE g."id" = i.e->>'generationId' AND i.e->>'assetId' IS NULL;
