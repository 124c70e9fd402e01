-- Tilesets (contract section 12): the request on the generation (the asset keeps its layout and quality in the sheet columns).
ALTER TABLE "generations" ADD COLUMN "tileset" JSONB;
