-- Palette swaps (POST /api/v1/assets/:id/recolor): the asset a generation maps onto its palette.
ALTER TABLE "generations" ADD COLUMN "source_asset_id" TEXT;
