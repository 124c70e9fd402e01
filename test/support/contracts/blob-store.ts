import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { assetKey, BlobUnavailableError, readAll, sha256Hex, type BlobStore } from "../../../src/infra/blobs/blob-store.js";

/**
 * What every `BlobStore` owes its callers. `open` gives a store on an empty place; `damage(key, bytes)`
 * replaces an object's bytes behind the store's back (as a failing disk or a hand would).
 */
export function describeBlobStoreContract(
  name: string,
  open: () => Promise<BlobStore>,
  damage: (store: BlobStore, key: string, bytes: Buffer) => Promise<void>,
): void {
  describe(`BlobStore contract: ${name}`, () => {
    it("puts by sha256, idempotently, and gets the same bytes back as bytes and as a stream", async () => {
      const store = await open();
      const bytes = randomBytes(70_000);
      const sha = sha256Hex(bytes);
      const first = await store.put(`assets/${sha.slice(0, 2)}/`, bytes);
      expect(first).toEqual({ key: assetKey(sha), sha256: sha, size: bytes.length });
      expect(await store.put(`assets/${sha.slice(0, 2)}/`, bytes)).toEqual(first);
      expect(await store.has(first.key)).toBe(true);
      expect((await store.get(first.key)).equals(bytes)).toBe(true);
      expect((await readAll(await store.stream(first.key))).equals(bytes)).toBe(true);
      const listed = [];
      for await (const entry of store.list("assets/")) listed.push(entry);
      expect(listed.map((e) => [e.key, e.size])).toEqual([[first.key, bytes.length]]);
      expect(Date.now() - listed[0]!.modifiedAt.getTime()).toBeLessThan(60_000);
      await store.close();
    });

    it("a missing object: has is false, get and stream throw BlobUnavailableError (missing), delete is quiet", async () => {
      const store = await open();
      const key = assetKey(sha256Hex(Buffer.from("never stored")));
      expect(await store.has(key)).toBe(false);
      await expect(store.get(key)).rejects.toMatchObject({ name: "BlobUnavailableError", reason: "missing", dependency: "blobs" });
      await expect(store.stream(key).then(readAll)).rejects.toBeInstanceOf(BlobUnavailableError);
      await store.delete(key);
      await store.close();
    });

    it("damaged bytes are never served: get throws (corrupt), a stream errors before its last chunk", async () => {
      const store = await open();
      const bytes = randomBytes(200_000);
      const { key } = await store.put("assets/xx/", bytes);
      const bad = Buffer.from(bytes);
      bad[bad.length - 1]! ^= 1;
      await damage(store, key, bad);
      await expect(store.get(key)).rejects.toMatchObject({ reason: "corrupt" });
      const received: Buffer[] = [];
      const stream = await store.stream(key);
      await expect(
        (async () => {
          for await (const chunk of stream) received.push(chunk as Buffer);
        })(),
      ).rejects.toMatchObject({ reason: "corrupt" });
      expect(Buffer.concat(received).length).toBeLessThan(bytes.length);
      await store.close();
    });

    it("deletes; lists only under the prefix asked; refuses keys that are not blob keys", async () => {
      const store = await open();
      const a = await store.put("assets/aa/", Buffer.from("a"));
      const b = await store.put("exports/x/tiled-v1/", Buffer.from("b"));
      const under = async (prefix: string) => {
        const keys = [];
        for await (const entry of store.list(prefix)) keys.push(entry.key);
        return keys.sort();
      };
      expect(await under("")).toEqual([a.key, b.key].sort());
      expect(await under("exports/")).toEqual([b.key]);
      await store.delete(a.key);
      expect(await store.has(a.key)).toBe(false);
      expect(await under("")).toEqual([b.key]);
      await expect(store.get("../../etc/passwd")).rejects.toThrow(/not a blob key/);
      await expect(store.put("../", Buffer.from("x"))).rejects.toThrow(/not a blob key prefix/);
      expect(await store.ping()).toBe(true);
      await store.close();
    });
  });
}
