-- A generation given the caller's picture (contract section 14) may have neither prompt nor messages
-- (pixel-fixer, cutout, a sheet from the caller's sprite); otherwise exactly one of them, as before.
ALTER TABLE "generations" DROP CONSTRAINT "generations_prompt_xor_messages";
ALTER TABLE "generations" ADD CONSTRAINT "generations_prompt_xor_messages"
  CHECK ((("prompt" IS NULL) <> ("messages" IS NULL)) OR ("image_input" AND "prompt" IS NULL AND "messages" IS NULL));
