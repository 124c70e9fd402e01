import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeBlobStoreContract } from "../../../test/support/contracts/blob-store.js";
import { startLocalS3, type LocalS3 } from "../../../test/support/s3rver.js";
import { BlobUnavailableError } from "./blob-store.js";
import { createS3BlobStore } from "./s3-store.js";

let s3: LocalS3;
let n = 0;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => s3?.close());

const settings = (prefix: string) => ({ bucket: s3.bucket, endpoint: s3.endpoint, region: "us-east-1", prefix, forcePathStyle: true });

describeBlobStoreContract(
  "s3 (s3rver)",
  async () => createS3BlobStore(settings(`run${++n}/`)),
  async (_store, key, bytes) => {
    const client = new S3Client({ region: "us-east-1", endpoint: s3.endpoint, forcePathStyle: true });
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `run${n}/${key}`, Body: bytes }));
    client.destroy();
  },
);

describe("s3 blob store", () => {
  it("keeps every object under S3_PREFIX", async () => {
    const store = createS3BlobStore(settings("team-a/"));
    const other = createS3BlobStore(settings("team-b/"));
    const { key } = await store.put("assets/00/", Buffer.from("prefixed"));
    expect(await store.has(key)).toBe(true);
    expect(await other.has(key)).toBe(false);
    await Promise.all([store.close(), other.close()]);
  });

  it("an unreachable endpoint: put fails as the blobs dependency (503), ping is false", async () => {
    const store = createS3BlobStore({ ...settings(""), endpoint: "http://127.0.0.1:1" });
    await expect(store.put("assets/00/", Buffer.from("x"))).rejects.toMatchObject({ dependency: "blobs", reason: "unreachable" });
    await expect(store.put("assets/00/", Buffer.from("x"))).rejects.toBeInstanceOf(BlobUnavailableError);
    expect(await store.ping()).toBe(false);
    await store.close();
  });
});
