import { join } from "node:path";
import type { BlobStore } from "./blob-store.js";
import { createFsBlobStore } from "./fs-store.js";
import type { S3Settings } from "./s3-store.js";

export type BlobStoreSettings = { kind: "fs"; root?: string } | ({ kind: "s3" } & S3Settings);

/** The configured store; the S3 SDK (~100 modules) is loaded only when `BLOB_STORE=s3`. */
export async function openBlobStore(settings: BlobStoreSettings, dataDir: string): Promise<BlobStore> {
  if (settings.kind === "fs") return createFsBlobStore(settings.root ?? join(dataDir, "blobs"));
  const { createS3BlobStore } = await import("./s3-store.js");
  return createS3BlobStore(settings);
}
