import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describeBlobStoreContract } from "../../../test/support/contracts/blob-store.js";
import { createFsBlobStore } from "./fs-store.js";
import { createMemoryBlobStore } from "./memory-store.js";

const roots = new Map<object, string>();

describeBlobStoreContract(
  "fs",
  async () => {
    const root = await mkdtemp(join(tmpdir(), "blobs-"));
    const store = createFsBlobStore(root);
    roots.set(store, root);
    return store;
  },
  async (store, key, bytes) => writeFile(join(roots.get(store)!, ...key.split("/")), bytes),
);

describe("fs blob store", () => {
  it("leaves no temporary file behind and names each file by its sha256", async () => {
    const root = await mkdtemp(join(tmpdir(), "blobs-"));
    const store = createFsBlobStore(root);
    const { key } = await store.put("assets/ab/", Buffer.from("hello"));
    expect(await readdir(join(root, ".tmp"))).toEqual([]);
    expect(await readdir(join(root, "assets", "ab"))).toEqual([key.split("/").pop()]);
  });
});

describeBlobStoreContract(
  "memory",
  async () => createMemoryBlobStore(),
  async (store, key, bytes) => {
    (store as ReturnType<typeof createMemoryBlobStore>).objects.get(key)!.bytes = bytes;
  },
);
