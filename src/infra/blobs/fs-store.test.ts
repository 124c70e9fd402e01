import { mkdtemp, readdir, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describeBlobStoreContract } from "../../../test/support/contracts/blob-store.js";
import { createFsBlobStore, STALE_TEMP_MS, sweepStaleTemp } from "./fs-store.js";
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

  it("puts into one folder at once (sharing its fsyncs), and of the same bytes, all land whole", async () => {
    const root = await mkdtemp(join(tmpdir(), "blobs-"));
    const store = createFsBlobStore(root);
    const bodies = Array.from({ length: 60 }, (_, i) => Buffer.from(`body ${i % 40}`));
    const stored = await Promise.all(bodies.map((b) => store.put("assets/ab/", b)));
    expect(new Set(stored.map((s) => s.key)).size).toBe(40);
    for (const [i, s] of stored.entries()) expect((await store.get(s.key)).equals(bodies[i]!)).toBe(true);
    expect(await readdir(join(root, ".tmp"))).toEqual([]);
    expect((await readdir(join(root, "assets", "ab"))).length).toBe(40);
    // a later put, after the shared syncs ended, syncs on its own
    const again = await store.put("assets/ab/", Buffer.from("after"));
    expect((await store.get(again.key)).toString()).toBe("after");
  });
});

describeBlobStoreContract(
  "memory",
  async () => createMemoryBlobStore(),
  async (store, key, bytes) => {
    (store as ReturnType<typeof createMemoryBlobStore>).objects.get(key)!.bytes = bytes;
  },
);

describe("fs blob store upkeep", () => {
  it("the start-up sweep removes stale temporary files, spares young ones and the blobs", async () => {
    const root = await mkdtemp(join(tmpdir(), "blobs-"));
    const store = createFsBlobStore(root);
    const { key } = await store.put("assets/ab/", Buffer.from("kept"));
    await writeFile(join(root, ".tmp", "stale.1"), Buffer.alloc(100));
    await writeFile(join(root, ".tmp", "young.2"), Buffer.alloc(10));
    const old = new Date(Date.now() - STALE_TEMP_MS - 1000);
    await utimes(join(root, ".tmp", "stale.1"), old, old);
    expect(await sweepStaleTemp(root)).toEqual({ files: 1, bytes: 100 });
    expect(await readdir(join(root, ".tmp"))).toEqual(["young.2"]);
    expect(await store.has(key)).toBe(true);
    expect(await sweepStaleTemp(join(root, "nothing-here"))).toEqual({ files: 0, bytes: 0 });
  });

  it("ping says down when the folder cannot be written", async () => {
    const root = await mkdtemp(join(tmpdir(), "blobs-"));
    const store = createFsBlobStore(join(root, "blobs"));
    expect(await store.ping()).toBe(true);
    await writeFile(join(root, "file"), "x");
    expect(await createFsBlobStore(join(root, "file", "blobs")).ping()).toBe(false);
  });
});
