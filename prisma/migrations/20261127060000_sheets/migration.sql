-- Sprite sheets (contract section 12): the request on the generation, the layout and measured quality on the asset.
ALTER TABLE "generations" ADD COLUMN "sheet" JSONB;
ALTER TABLE "assets" ADD COLUMN "layout" JSONB;
ALTER TABLE "assets" ADD COLUMN "quality" JSONB;
