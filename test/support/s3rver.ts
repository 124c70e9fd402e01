import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A real S3-protocol server (s3rver, in this process) on a free port, with one bucket, its data in a temporary folder. */
export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The environment a process needs to use it (credentials by the SDK's chain). */
  env: Record<string, string>;
  close(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = "assets"): Promise<LocalS3> {
  // s3rver is CommonJS without types.
  const S3rver = createRequire(import.meta.url)("s3rver") as new (options: Record<string, unknown>) => S3rverInstance;
  const directory = await mkdtemp(join(tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
    AWS_REQUEST_CHECKSUM_CALCULATION: "WHEN_REQUIRED",
    AWS_RESPONSE_CHECKSUM_VALIDATION: "WHEN_REQUIRED",
  };
  for (const [name, value] of Object.entries(env)) process.env[name] ??= value;
  return {
    endpoint,
    bucket,
    env,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
