import { Readable } from "node:stream";
import { assetKey, BlobUnavailableError, sha256Hex, type BlobStore } from "../../infra/blobs/blob-store.js";
import { Prisma, type SqlRunner } from "../../infra/db/database.js";

/** Assets up to this size are read whole and checked before the first byte is served. */
const wholeReadMax = 8 * 1024 * 1024;

/** What names an asset's bytes: its id (for the log) and sha256 (the blob's name). */
export interface AssetRef {
  id: string;
  sha256: string;
}

/**
 * Every read of an asset's bytes: from the blob store, or, for an asset whose bytes have not moved out
 * of its row yet (blob-move.ts), from the row. A blob missing or damaged is a 503 naming the asset
 * (BlobUnavailableError), never other bytes.
 */
export function createAssetBytes(blobs: BlobStore, sql: SqlRunner) {
  /** The row's own bytes (not moved yet), checked against its sha256; undefined when the row holds none. */
  async function fromRow(asset: AssetRef): Promise<Buffer | undefined> {
    const [row] = await sql<{ bytes: Uint8Array }>(Prisma.sql`SELECT "bytes" FROM "assets" WHERE "id" = ${asset.id} AND "bytes" IS NOT NULL`);
    if (!row) return undefined;
    const bytes = Buffer.from(row.bytes);
    if (sha256Hex(bytes) !== asset.sha256) throw named(asset, new BlobUnavailableError(assetKey(asset.sha256), "corrupt"));
    return bytes;
  }

  /** Reads through the store; on a missing blob, the row (not moved yet), then the store again (moved meanwhile). */
  async function read<T>(asset: AssetRef, fromStore: (key: string) => Promise<T>, wrap: (bytes: Buffer) => T): Promise<T> {
    const key = assetKey(asset.sha256);
    try {
      return await fromStore(key);
    } catch (error) {
      if (!(error instanceof BlobUnavailableError) || error.reason !== "missing") throw named(asset, error);
      const inRow = await fromRow(asset);
      if (inRow) return wrap(inRow);
      try {
        return await fromStore(key);
      } catch (again) {
        throw named(asset, again);
      }
    }
  }

  return {
    /** The whole bytes (an export's or a palette swap's source, an inline `b64`). */
    bytes: (asset: AssetRef) =>
      read(
        asset,
        (key) => blobs.get(key),
        (bytes) => bytes,
      ),
    /**
     * The bytes to serve: up to `wholeReadMax` read whole and checked first (so a damaged blob is a 503, not
     * a body cut short); larger ones streamed, checked as they pass (the last chunk waits for the hash).
     */
    stream: async (asset: AssetRef & { byteLength: number }): Promise<Readable> => {
      if (asset.byteLength <= wholeReadMax)
        return Readable.from([
          await read(
            asset,
            (key) => blobs.get(key),
            (bytes) => bytes,
          ),
        ]);
      return read(
        asset,
        (key) => blobs.stream(key),
        (bytes) => Readable.from([bytes]),
      );
    },
  };
}

export type AssetBytes = ReturnType<typeof createAssetBytes>;

/** The store's error again, naming the asset (what the log shows with the 503). */
function named(asset: AssetRef, error: unknown): unknown {
  if (!(error instanceof BlobUnavailableError) || error.assetId) return error;
  return new BlobUnavailableError(error.key, error.reason, { cause: error.cause, assetId: asset.id });
}
