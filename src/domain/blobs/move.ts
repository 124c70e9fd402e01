import { assetKey, sha256Hex } from "../../infra/blobs/blob-store.js";
import { Prisma } from "../../infra/db/database.js";
import type { SweepDeps } from "./sweep.js";

export interface MoveResult {
  moved: number;
  bytes: number;
  /** Rows whose bytes did not match their sha256: left in the row, named in the log. */
  damaged: string[];
  ms: number;
}

/**
 * Moves the bytes of assets written before the blob store (the `assets.bytes` column) into it, `batch` rows at
 * a time: each blob is written (durably) before its row's bytes are cleared, in one statement per batch that
 * clears only rows still holding them. A kill anywhere leaves every asset readable (from its row, or from the
 * store), and the next start goes on where this one stopped. The service answers meanwhile: reads of an asset
 * not moved yet take its row's bytes (asset-bytes.ts).
 */
export async function moveRowBytesToStore(deps: SweepDeps, options: { batch?: number; signal?: AbortSignal } = {}): Promise<MoveResult> {
  const batch = options.batch ?? 50;
  const started = performance.now();
  const result: MoveResult = { moved: 0, bytes: 0, damaged: [], ms: 0 };
  let after = "";
  for (;;) {
    options.signal?.throwIfAborted();
    const rows = await deps.sql<{ id: string; sha256: string; bytes: Uint8Array }>(Prisma.sql`
      SELECT "id", "sha256", "bytes" FROM "assets" WHERE "bytes" IS NOT NULL AND "id" > ${after} ORDER BY "id" LIMIT ${batch}::int`);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const done: string[] = [];
    for (const row of rows) {
      if (sha256Hex(row.bytes) !== row.sha256) {
        // Never under another name: the row keeps its bytes, and reading them answers 503 (asset-bytes.ts).
        result.damaged.push(row.id);
        deps.logger.error("asset bytes do not match their sha256; left in the row", { assetId: row.id });
        continue;
      }
      await deps.blobs.put(assetKey(row.sha256).slice(0, -64), row.bytes);
      done.push(row.id);
      result.bytes += row.bytes.byteLength;
    }
    if (done.length > 0) {
      const cleared = await deps.sql<{ id: string }>(Prisma.sql`
        UPDATE "assets" SET "bytes" = NULL WHERE "id" = ANY(${done}::text[]) AND "bytes" IS NOT NULL RETURNING "id"`);
      result.moved += cleared.length;
    }
  }
  result.ms = Math.round(performance.now() - started);
  if (result.moved > 0 || result.damaged.length > 0) deps.logger.info("asset bytes moved to the blob store", { ...result, damaged: result.damaged.length });
  return result;
}
