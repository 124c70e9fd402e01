-- Asset bytes live in the blob store (contract section 15): new rows leave "bytes" NULL; the rows written before
-- this release keep theirs until the service moves them out at start-up (src/domain/generation/blob-move.ts).
-- The column goes in the first migration of the next release (docs/architecture.md, "Where the bytes live").
ALTER TABLE "assets" ALTER COLUMN "bytes" DROP NOT NULL;

-- Whether any asset still names a blob: the orphan sweep, and a deletion's "no other asset shares these bytes".
CREATE INDEX "assets_sha256_idx" ON "assets"("sha256");
