import { join } from "node:path";
import type { BlobStore } from "./blob-store.js";
import { createFsBlobStore } from "./fs-store.js";
import { createMemoryBlobStore } from "./memory-store.js";
import type { S3Settings } from "./s3-store.js";

export type BlobStoreSettings = { kind: "fs"; root?: string } | ({ kind: "s3" } & S3Settings);

/**
 * The configured store: files under `root` (default `DATA_DIR/blobs`; in memory when that is `memory://`, as the
 * embedded database then is), or S3, whose SDK (~100 modules) is loaded only then.
 */
export async function openBlobStore(settings: BlobStoreSettings, dataDir: string): Promise<BlobStore> {
  if (settings.kind === "s3") {
    const { createS3BlobStore } = await import("./s3-store.js");
    return createS3BlobStore(settings);
  }
  const root = settings.root ?? (dataDir.startsWith("memory://") ? "memory://" : join(dataDir, "blobs"));
  return root.startsWith("memory://") ? createMemoryBlobStore() : createFsBlobStore(root);
}
