-- What a procedural agent understood of a generation's prompt, shown on the generation.
ALTER TABLE "generations" ADD COLUMN "interpretation" JSONB;
