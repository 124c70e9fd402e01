import { join } from "node:path";
import type { BlobStore } from "./blob-store.js";
import { createFsBlobStore, sweepStaleTemp } from "./fs-store.js";
import { createMemoryBlobStore } from "./memory-store.js";
import type { S3Settings } from "./s3-store.js";

export type BlobStoreSettings = { kind: "fs"; root?: string } | ({ kind: "s3" } & S3Settings);

/**
 * The configured store: files under `root` (default `DATA_DIR/blobs`; in memory when that is `memory://`, as the
 * embedded database then is), or S3, whose SDK (~100 modules) is loaded only then. On fs, temporary files
 * older than STALE_TEMP_MS (a put that died before its rename) are removed first.
 */
export async function openBlobStore(
  settings: BlobStoreSettings,
  dataDir: string,
  onSwept?: (swept: { files: number; bytes: number }) => void,
): Promise<BlobStore> {
  if (settings.kind === "s3") {
    const { createS3BlobStore } = await import("./s3-store.js");
    return createS3BlobStore(settings);
  }
  const root = settings.root ?? (dataDir.startsWith("memory://") ? "memory://" : join(dataDir, "blobs"));
  if (root.startsWith("memory://")) return createMemoryBlobStore();
  // What a crash left half-written in root/.tmp goes at start (issue 40): never a row's bytes, only waste.
  const swept = await sweepStaleTemp(root);
  if (swept.files > 0) onSwept?.(swept);
  return createFsBlobStore(root);
}
