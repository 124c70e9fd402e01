-- Palettes (contract section 12): the palette a generation asked for.
ALTER TABLE "generations" ADD COLUMN "palette" JSONB;
