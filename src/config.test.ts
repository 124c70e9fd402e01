import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: "./data",
      databaseUrl: undefined,
      publicOrigin: "http://localhost:3000",
      signupCredits: 100,
      rateLimitGeneratePerMinute: 60,
      logLevel: "info",
    });
  });

  it("derives PUBLIC_ORIGIN from PORT and trims a trailing slash", () => {
    expect(loadConfig({ PORT: "8080" }).publicOrigin).toBe("http://localhost:8080");
    expect(loadConfig({ PUBLIC_ORIGIN: "https://assets.example.com/" }).publicOrigin).toBe("https://assets.example.com");
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["REDIS_URL", "http://x"],
    ["PUBLIC_ORIGIN", "https://example.com/app"],
    ["SIGNUP_CREDITS", "-1"],
    ["RATE_LIMIT_GENERATE_PER_MINUTE", "0"],
    ["LOG_LEVEL", "loud"],
    ["REDIS_PREFIX", "a:b"],
    ["RUN_JOBS", "sometimes"],
    ["BODY_LIMIT_BYTES", "10"],
    ["DATABASE_POOL_SIZE", "0"],
    ["DRAW_THREAD_IDLE_MS", "-1"],
    ["BLOB_STORE", "gcs"],
    ["S3_ENDPOINT", "minio:9000"],
    ["S3_PREFIX", "no-slash"],
  ])("rejects %s=%s with one line naming it", (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message).not.toContain("\n");
  });

  it("lets the API run jobs itself only without Redis, unless told otherwise", () => {
    expect(loadConfig({}).apiRunsJobs).toBe(true);
    expect(loadConfig({ REDIS_URL: "redis://127.0.0.1:6379" }).apiRunsJobs).toBe(false);
    expect(loadConfig({ REDIS_URL: "redis://127.0.0.1:6379", RUN_JOBS: "true" }).apiRunsJobs).toBe(true);
    expect(loadConfig({ RUN_JOBS: "false" }).apiRunsJobs).toBe(false);
  });

  it("treats empty strings as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: " " }).databaseUrl).toBeUndefined();
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: "4" }).databasePoolSize).toBe(4);
    expect(loadConfig({}).drawThreadIdleMs).toBe(5_000);
    expect(loadConfig({ DRAW_THREAD_IDLE_MS: "60000" }).drawThreadIdleMs).toBe(60_000);
  });

  it("reads the blob store: fs under DATA_DIR by default; s3 needs its bucket", () => {
    expect(loadConfig({}).blobs).toEqual({ kind: "fs" });
    expect(() => loadConfig({ BLOB_STORE: "s3" })).toThrow(/S3_BUCKET is required with BLOB_STORE=s3/);
    expect(
      loadConfig({ BLOB_STORE: "s3", S3_BUCKET: "assets", S3_ENDPOINT: "http://127.0.0.1:9000", S3_PREFIX: "af/", S3_FORCE_PATH_STYLE: "true" }).blobs,
    ).toEqual({
      kind: "s3",
      bucket: "assets",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      prefix: "af/",
      forcePathStyle: true,
    });
  });
});
