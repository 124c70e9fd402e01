-- The driver's own reading of a generation's prompt, made once at submit and handed to the drawing (never answered).
ALTER TABLE "generations" ADD COLUMN "reading" JSONB;
