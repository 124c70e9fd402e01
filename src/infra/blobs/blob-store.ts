import { createHash } from "node:crypto";
import { type Readable, Transform, type TransformCallback } from "node:stream";
import { DependencyUnavailableError } from "../dependency.js";

/**
 * Where the service's bytes live (contract section 15): assets, and what is derived from them.
 * Every object is named by a key whose last segment is the sha256 (hex) of its bytes, so every
 * read can be checked, and a put of bytes already there changes nothing but their age.
 *
 * Keys are `/`-separated, made of `[a-z0-9._-]` segments (`assets/ab/<sha256>`, see `assetKey`).
 */
export interface BlobStore {
  readonly kind: "fs" | "s3";
  /** Stores `bytes` under `<prefix><sha256>` (idempotent: the same bytes again only touch the object). Durable when it resolves. */
  put(prefix: string, bytes: Uint8Array): Promise<StoredBlob>;
  /** The whole object, checked against its key's sha256. Missing or damaged: BlobUnavailableError (503), never other bytes. */
  get(key: string): Promise<Buffer>;
  /**
   * The object as a stream, hashed as it passes: its last chunk is held back until the hash matches, so a
   * reader never receives all of a damaged object (the stream errors instead). Missing: BlobUnavailableError.
   */
  stream(key: string): Promise<Readable>;
  has(key: string): Promise<boolean>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The objects under `prefix`, in no promised order (for sweeps and backups). */
  list(prefix: string): AsyncIterable<BlobEntry>;
  /** Whether the store answers (GET /healthz). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface StoredBlob {
  key: string;
  sha256: string;
  size: number;
}

export interface BlobEntry {
  key: string;
  size: number;
  /** When the object was last written or touched (a sweep spares young objects). */
  modifiedAt: Date;
}

/** A read of an object that is missing or whose bytes do not match its sha256: the store is not serving what it holds. */
export class BlobUnavailableError extends DependencyUnavailableError {
  override name = "BlobUnavailableError";
  /** The asset whose bytes these are, when the reader knows it (the log names it). */
  readonly assetId?: string;
  constructor(
    readonly key: string,
    readonly reason: "missing" | "corrupt" | "unreachable",
    options: { cause?: unknown; assetId?: string } = {},
  ) {
    super(
      "blobs",
      `${options.assetId ? `the bytes of asset ${options.assetId} (blob ${key})` : `blob ${key}`} ${reason === "unreachable" ? "could not be reached" : `are ${reason}`}`,
      options,
    );
    if (options.assetId) this.assetId = options.assetId;
  }
}

const keyPattern = /^([a-z0-9][a-z0-9._-]*\/)*[0-9a-f]{64}$/;
const prefixPattern = /^([a-z0-9][a-z0-9._-]*\/)*$/;

/** Where an asset's bytes live: content-addressed, spread over 256 folders. */
export function assetKey(sha256: string): string {
  return `assets/${sha256.slice(0, 2)}/${sha256}`;
}

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The sha256 a key names (its last segment); throws on a key that is not one of ours (never a path outside the store). */
export function keySha(key: string): string {
  if (!keyPattern.test(key)) throw new Error(`not a blob key: ${JSON.stringify(key)}`);
  return key.slice(-64);
}

export function checkPrefix(prefix: string): string {
  if (!prefixPattern.test(prefix)) throw new Error(`not a blob key prefix: ${JSON.stringify(prefix)}`);
  return prefix;
}

/** Checks whole bytes against their key. */
export function verified(key: string, bytes: Buffer): Buffer {
  if (sha256Hex(bytes) !== keySha(key)) throw new BlobUnavailableError(key, "corrupt");
  return bytes;
}

/** `source` passed through, hashed; the last chunk waits until the hash is known to match `key`. */
export function verifyingStream(key: string, source: Readable): Readable {
  const expected = keySha(key);
  const hash = createHash("sha256");
  let held: Buffer | undefined;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      hash.update(chunk);
      const out = held;
      held = chunk;
      done(null, out);
    },
    flush(done: TransformCallback) {
      if (hash.digest("hex") !== expected) return done(new BlobUnavailableError(key, "corrupt"));
      done(null, held);
    },
  });
  source.on("error", (error) => check.destroy(error));
  return source.pipe(check);
}

/** Reads a whole stream. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
