import { Readable } from "node:stream";
import { BlobUnavailableError, checkPrefix, keySha, sha256Hex, verified, verifyingStream, type BlobStore } from "./blob-store.js";

/** Objects in this process's memory: for tests and `DATA_DIR=memory://` (nothing survives the process). */
export function createMemoryBlobStore(): BlobStore & { objects: Map<string, { bytes: Buffer; modifiedAt: Date }> } {
  const objects = new Map<string, { bytes: Buffer; modifiedAt: Date }>();
  const found = (key: string) => {
    keySha(key);
    const object = objects.get(key);
    if (!object) throw new BlobUnavailableError(key, "missing");
    return object;
  };
  return {
    kind: "fs",
    objects,
    async put(prefix, bytes) {
      const sha256 = sha256Hex(bytes);
      const key = `${checkPrefix(prefix)}${sha256}`;
      const existing = objects.get(key);
      objects.set(key, { bytes: existing?.bytes ?? Buffer.from(bytes), modifiedAt: new Date() });
      return { key, sha256, size: bytes.byteLength };
    },
    async get(key) {
      return verified(key, Buffer.from(found(key).bytes));
    },
    async stream(key) {
      return verifyingStream(key, Readable.from([found(key).bytes]));
    },
    async has(key) {
      keySha(key);
      return objects.has(key);
    },
    async delete(key) {
      keySha(key);
      objects.delete(key);
    },
    async *list(prefix) {
      checkPrefix(prefix);
      for (const [key, { bytes, modifiedAt }] of [...objects]) if (key.startsWith(prefix)) yield { key, size: bytes.length, modifiedAt };
    },
    async ping() {
      return true;
    },
    async close() {},
  };
}
