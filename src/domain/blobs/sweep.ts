import type { BlobEntry, BlobStore } from "../../infra/blobs/blob-store.js";
import { Prisma, type SqlRunner } from "../../infra/db/database.js";
import type { Logger } from "../../infra/logger.js";

export interface SweepDeps {
  blobs: BlobStore;
  sql: SqlRunner;
  logger: Logger;
}

export interface SweepOptions {
  /**
   * Blobs younger than this are spared (default one hour): a worker writes an asset's blob before the row
   * that names it, and a put of bytes already there writes them anew, so a blob being used again is young.
   */
  graceMs?: number;
  /** Stop after this many objects looked at (the timer's sweeps go on where the store lists from). */
  limit?: number;
}

export interface SweepResult {
  checked: number;
  removed: number;
  bytesRemoved: number;
}

const batchSize = 500;

/**
 * Removes the blobs no asset row names: an asset's bytes (`assets/…/<sha256>`) when no row has that sha256
 * (a crash between the blob's write and its row, or deleted assets), and an export derived from such bytes
 * (`exports/<asset sha256>/…`). Safe while generations run (the grace period above); any process may run it.
 */
export async function sweepOrphanBlobs(deps: SweepDeps, options: SweepOptions = {}): Promise<SweepResult> {
  const graceMs = options.graceMs ?? 3_600_000;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const result: SweepResult = { checked: 0, removed: 0, bytesRemoved: 0 };
  const started = Date.now();
  for (const [prefix, shaOf] of [
    ["assets/", (key: string) => key.slice(-64)],
    ["exports/", (key: string) => key.split("/")[1] ?? ""],
  ] as const) {
    let batch: BlobEntry[] = [];
    for await (const entry of deps.blobs.list(prefix)) {
      if (result.checked >= limit) break;
      result.checked++;
      if (started - entry.modifiedAt.getTime() < graceMs) continue;
      batch.push(entry);
      if (batch.length >= batchSize) {
        await removeUnnamed(deps, batch, shaOf, result);
        batch = [];
      }
    }
    await removeUnnamed(deps, batch, shaOf, result);
  }
  if (result.removed > 0) deps.logger.info("orphan blobs removed", { ...result });
  return result;
}

async function removeUnnamed(deps: SweepDeps, batch: BlobEntry[], shaOf: (key: string) => string, result: SweepResult): Promise<void> {
  if (batch.length === 0) return;
  const shas = [...new Set(batch.map((e) => shaOf(e.key)))];
  const rows = await deps.sql<{ sha256: string }>(Prisma.sql`SELECT DISTINCT "sha256" FROM "assets" WHERE "sha256" = ANY(${shas}::text[])`);
  const named = new Set(rows.map((r) => r.sha256));
  for (const entry of batch) {
    if (named.has(shaOf(entry.key))) continue;
    await deps.blobs.delete(entry.key);
    result.removed++;
    result.bytesRemoved += entry.size;
  }
}

/**
 * After deletions: removes the bytes of these sha256s (and their exports) when no asset row names them any more.
 * Blobs written in the last `graceMs` (default a minute) are left to the timer's sweep: a worker may have just
 * put the same bytes for a new asset whose row is not committed yet.
 */
export async function releaseBlobs(deps: SweepDeps, sha256s: string[], graceMs = 60_000): Promise<SweepResult> {
  const result: SweepResult = { checked: 0, removed: 0, bytesRemoved: 0 };
  const shas = [...new Set(sha256s)].filter((sha) => /^[0-9a-f]{64}$/.test(sha));
  if (shas.length === 0) return result;
  const wanted = new Set(shas);
  const started = Date.now();
  const batch: BlobEntry[] = [];
  const take = (entry: BlobEntry) => {
    result.checked++;
    if (started - entry.modifiedAt.getTime() >= graceMs) batch.push(entry);
  };
  for (const folder of new Set(shas.map((sha) => `assets/${sha.slice(0, 2)}/`))) {
    for await (const entry of deps.blobs.list(folder)) if (wanted.has(entry.key.slice(-64))) take(entry);
  }
  for (const sha of shas) for await (const entry of deps.blobs.list(`exports/${sha}/`)) take(entry);
  await removeUnnamed(deps, batch, (key) => (key.startsWith("exports/") ? (key.split("/")[1] ?? "") : key.slice(-64)), result);
  return result;
}
