import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { BlobUnavailableError, checkPrefix, keySha, readAll, sha256Hex, verified, verifyingStream, type BlobStore } from "./blob-store.js";

export interface S3Settings {
  bucket: string;
  /** An S3-compatible endpoint (R2, MinIO, Backblaze…); AWS's own when unset. */
  endpoint?: string;
  region: string;
  /** Every object's key starts with this (e.g. `assetforge/`). */
  prefix: string;
  forcePathStyle: boolean;
}

/**
 * Objects in an S3 bucket under `prefix`, named as the fs store names its files. Credentials and the
 * SDK's own settings come from the AWS SDK's usual chain (environment, shared files, instance roles);
 * a put has resolved once S3 answered it, so the object is durable before the row is written.
 */
export function createS3BlobStore(settings: S3Settings): BlobStore {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
  });
  const Bucket = settings.bucket;
  const full = (key: string) => {
    keySha(key);
    return `${settings.prefix}${key}`;
  };
  const notFound = (error: unknown) => {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
  };
  const unreachable = (key: string, cause: unknown) => new BlobUnavailableError(key, notFound(cause) ? "missing" : "unreachable", { cause });
  const body = async (key: string): Promise<Readable> => {
    const Key = full(key);
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
      return answer.Body as Readable;
    } catch (error) {
      throw unreachable(key, error);
    }
  };

  return {
    kind: "s3",
    async put(prefix, bytes) {
      const sha256 = sha256Hex(bytes);
      const key = `${checkPrefix(prefix)}${sha256}`;
      try {
        // Written again even when present: S3 has no touch, and a new write is what keeps a sweep off it.
        await client.send(new PutObjectCommand({ Bucket, Key: full(key), Body: bytes, ContentLength: bytes.byteLength, ContentType: contentType(key) }));
      } catch (error) {
        throw new BlobUnavailableError(key, "unreachable", { cause: error });
      }
      return { key, sha256, size: bytes.byteLength };
    },
    async get(key) {
      const stream = await body(key);
      try {
        return verified(key, await readAll(stream));
      } catch (error) {
        if (error instanceof BlobUnavailableError) throw error;
        throw unreachable(key, error);
      }
    },
    async stream(key) {
      return verifyingStream(key, await body(key));
    },
    async has(key) {
      const Key = full(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (error) {
        if (notFound(error)) return false;
        throw unreachable(key, error);
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: full(key) }));
    },
    async *list(prefix) {
      const base = `${settings.prefix}${checkPrefix(prefix)}`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: base, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(settings.prefix.length);
          if (!key || !/(^|\/)[0-9a-f]{64}$/.test(key)) continue;
          yield { key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async ping() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      client.destroy();
    },
  };
}

/** Assets are PNGs; what is derived from them says its type in the browser's download anyway. */
const contentType = (key: string) => (key.startsWith("assets/") ? "image/png" : "application/octet-stream");
