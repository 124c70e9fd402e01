import { availableParallelism } from "node:os";
import { z } from "zod";
import { parseSecretsKey } from "./infra/secrets-box.js";
import type { WebhookSettings } from "./domain/webhooks/settings.js";

/** Every setting the service reads. Parsed once at start-up; the result is passed down. */
const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgresql:// URL")
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/\S+$/, "must be a redis:// or rediss:// URL")
      .optional(),
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, "must be 1–32 letters, digits, _ or -")
      .default("ags"),
    PUBLIC_ORIGIN: z
      .string()
      .url()
      .refine((v) => new URL(v).origin === v.replace(/\/$/, ""), "must be an origin (scheme://host[:port]), no path")
      .optional(),
    SIGNUP_CREDITS: z.coerce.number().int().min(0).max(1_000_000_000).default(100),
    RATE_LIMIT_GENERATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
    /** The price of a palette swap (POST /api/v1/assets/:id/recolor): it draws nothing, so less than a drawing. */
    RECOLOR_CREDITS: z.coerce.number().int().min(0).max(1_000_000).default(1),
    /** The price of a map (POST /api/v1/assets/:id/map): it places a tileset's tiles, draws nothing. */
    MAP_CREDITS: z.coerce.number().int().min(0).max(1_000_000).default(0),
    /** The price of packing assets into an atlas (POST /api/v1/atlases). */
    ATLAS_CREDITS: z.coerce.number().int().min(0).max(1_000_000).default(1),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(16 * 1024 * 1024)
      .default(64 * 1024),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    RUN_JOBS: z.enum(["auto", "true", "false"]).default("auto"),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    AGENTS_FILE: z.string().min(1).optional(),
    MAX_ACTIVE_GENERATIONS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(20),
    MAX_STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(20),
    SIGNIN_ATTEMPTS_PER_15_MINUTES: z.coerce.number().int().min(1).max(1_000_000).default(10),
    SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
    TRUST_PROXY: z.enum(["true", "false"]).default("false"),
    GRAPHQL_STREAM_RESERVATION_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    GRAPHQL_MAX_RESPONSE_MB: z.coerce.number().min(1).max(1024).default(32),
    INLINE_B64_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(64 * 1024 * 1024)
      .default(4 * 1024 * 1024),
    PIXEL_BUDGET_MP: z.coerce.number().min(1).max(4096).default(16),
    SECRETS_KEY: z
      .string()
      .refine((v) => parseSecretsKey(v) !== undefined, "must be 32 random bytes, base64 (openssl rand -base64 32)")
      .optional(),
    WEBHOOKS_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false"),
    WEBHOOKS_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
    WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
    WEBHOOKS_RETRY_SCHEDULE_MS: z
      .string()
      .regex(/^\d{1,9}(,\d{1,9}){0,31}$/, "must be delays in milliseconds, comma-separated (e.g. 5000,30000,120000)")
      .default("5000,30000,120000,600000,1800000,3600000,7200000"),
    WEBHOOKS_RETRY_FOR_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(30 * 86_400)
      .default(86_400),
    WEBHOOKS_DISABLE_AFTER_HOURS: z.coerce
      .number()
      .min(0)
      .max(24 * 365)
      .default(72),
    DRAW_THREADS: z.coerce.number().int().min(0).max(64).optional(),
    DRAW_THREAD_IDLE_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    KEY_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
    BLOB_STORE: z.enum(["fs", "s3"]).default("fs"),
    BLOB_DIR: z.string().min(1).optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name (3–63 lowercase letters, digits, . or -)")
      .optional(),
    S3_ENDPOINT: z
      .string()
      .regex(/^https?:\/\/\S+$/, "must be an http:// or https:// URL")
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{1,32}$/, "must be a region name such as us-east-1 or auto")
      .default("us-east-1"),
    S3_PREFIX: z
      .string()
      .regex(/^([a-z0-9][a-z0-9._-]*\/)*$/, "must be empty or lowercase folder names each ending in / (e.g. assetforge/)")
      .default(""),
    S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
    BLOB_SWEEP_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .default(60),
    CREDIT_PACKS: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9_-]{0,31}:\d{1,9}:\d{1,8}(,[a-z0-9][a-z0-9_-]{0,31}:\d{1,9}:\d{1,8}){0,19}$/,
        "must be name:credits:price_in_cents entries separated by commas (e.g. starter:500:500,studio:5000:4000)",
      )
      .refine((v) => creditPacks(v).every((p) => p.credits > 0 && p.priceCents >= 50), "must give each pack at least 1 credit and a price of at least 50 cents")
      .refine((v) => new Set(creditPacks(v).map((p) => p.name)).size === creditPacks(v).length, "must name each pack once")
      .optional(),
    STRIPE_API_BASE: z
      .string()
      .regex(/^https?:\/\/[^/\s]+\/?$/, "must be an http:// or https:// origin (scheme://host[:port])")
      .optional(),
    STRIPE_CURRENCY: z
      .string()
      .regex(/^[a-z]{3}$/, "must be a three-letter ISO currency code in lowercase (e.g. usd)")
      .default("usd"),
    STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** Uploads and `data:` images (contract section 14): the largest file, the longest side. */
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(256 * 1024 * 1024)
      .default(10 * 1024 * 1024),
    UPLOAD_MAX_SIDE: z.coerce.number().int().min(16).max(16_384).default(4096),
    STORAGE_QUOTA_MB: z.coerce
      .number()
      .positive("must be a positive number of megabytes per account (e.g. 1024)")
      .max(1_000_000_000, "must be at most 1000000000")
      .default(1024),
  })
  .superRefine((env, ctx) => {
    if (env.BLOB_STORE === "s3" && !env.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required with BLOB_STORE=s3" });
    }
    // Every process must open the webhook secrets the others sealed: one key, given to all.
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.SECRETS_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["SECRETS_KEY"],
        message: "is required in production with DATABASE_URL (every process must share it): openssl rand -base64 32",
      });
    }
  })
  .transform((env) => ({
    env: env.NODE_ENV,
    production: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    /** PostgreSQL connections this process may open (docs/scaling.md: processes × this ≤ what the server or PgBouncer takes). */
    databasePoolSize: env.DATABASE_POOL_SIZE,
    /**
     * How long a verified API key is remembered (PostgreSQL only, and only while the process
     * listens for the changes that end it: src/domain/keys/key-cache.ts); 0 asks the database on every call.
     */
    keyCacheMs: env.KEY_CACHE_SECONDS * 1000,
    /** Bytes of assets each account may store (contract section 15): a generation that could pass it is refused before any charge. */
    storageQuotaBytes: Math.round(env.STORAGE_QUOTA_MB * 1_048_576),
    /**
     * The caller's own pictures (contract section 14; src/domain/uploads/ingest.ts): a file over `maxBytes` is 413,
     * a side over `maxSide` pixels 400 `invalid_image`, both read before any decoding.
     */
    uploads: { maxBytes: env.UPLOAD_MAX_BYTES, maxSide: env.UPLOAD_MAX_SIDE },
    redisUrl: env.REDIS_URL,
    /** Namespace of every Redis key and channel, so environments can share one Redis. */
    redisPrefix: env.REDIS_PREFIX,
    publicOrigin: (env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    signupCredits: env.SIGNUP_CREDITS,
    rateLimitGeneratePerMinute: env.RATE_LIMIT_GENERATE_PER_MINUTE,
    recolorCredits: env.RECOLOR_CREDITS,
    mapCredits: env.MAP_CREDITS,
    atlasCredits: env.ATLAS_CREDITS,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    /** The largest picture a caller may send: an upload, or a data URL's image in a JSON body (which may exceed bodyLimitBytes by it). */
    workerConcurrency: env.WORKER_CONCURRENCY,
    /** Whether the API process runs generations itself: `auto` = yes without Redis, no with it (workers do). */
    apiRunsJobs: env.RUN_JOBS === "auto" ? env.REDIS_URL === undefined : env.RUN_JOBS === "true",
    logLevel: env.LOG_LEVEL,
    /** The agents catalog file (contract section 8); the built-in procedural agents when unset. */
    agentsFile: env.AGENTS_FILE,
    /** Generations queued or running at once per account (429 beyond). */
    maxActiveGenerationsPerAccount: env.MAX_ACTIVE_GENERATIONS_PER_ACCOUNT,
    /** Open event streams per account (429 beyond). */
    maxStreamsPerAccount: env.MAX_STREAMS_PER_ACCOUNT,
    /** Sign-in attempts per email address, and per client address, per 15 minutes. */
    signinAttemptsPer15Minutes: env.SIGNIN_ATTEMPTS_PER_15_MINUTES,
    /** Sign-ups per client address per hour. */
    signupLimitPerHour: env.SIGNUP_LIMIT_PER_HOUR,
    /** How long a client may take to send a whole request (headers and body): 408 after. */
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    /** Behind a reverse proxy: take the client address from X-Forwarded-For (else the socket's). */
    trustProxy: env.TRUST_PROXY === "true",
    /** A graphql-sse stream reserved with PUT and not connected within this long is dropped. */
    streamReservationMs: env.GRAPHQL_STREAM_RESERVATION_SECONDS * 1000,
    /** A GraphQL query whose answer could exceed this is refused before it runs (400 query_too_large; `b64` counted by its size). */
    graphqlMaxResponseBytes: Math.round(env.GRAPHQL_MAX_RESPONSE_MB * 1024 * 1024),
    /** An answer carries an asset's bytes inline (`b64`) only up to this size; above it, the caller fetches `url` (streamed). */
    inlineB64MaxBytes: env.INLINE_B64_MAX_BYTES,
    /**
     * Pixels decoded, drawn or encoded at once in this process (megapixels): larger work waits its turn instead of
     * exhausting memory; one piece larger than the budget runs alone.
     */
    pixelBudget: Math.round(env.PIXEL_BUDGET_MP * 1_000_000),
    /**
     * Webhook deliveries (contract section 10). SECRETS_KEY itself is read with `secret()`, never
     * part of the parsed settings; without it, the key lives in `<DATA_DIR>/secrets.key`.
     */
    webhooks: {
      /** Plain http and private, loopback and link-local targets (local development and tests). */
      allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === "true",
      /** How often each job-running process looks for due deliveries. */
      pollMs: env.WEBHOOKS_POLL_MS,
      /** One attempt's bound: connection, request and response. */
      timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
      /** Delay before retry n (the last one repeats), ±20 % jitter. */
      retryScheduleMs: env.WEBHOOKS_RETRY_SCHEDULE_MS.split(",").map(Number),
      /** Failed attempts are retried until this long after the event, then the delivery is failed. */
      retryForMs: env.WEBHOOKS_RETRY_FOR_SECONDS * 1000,
      /** An endpoint that has failed every attempt for this long is disabled until its owner enables it (0: never). */
      disableAfterMs: Math.round(env.WEBHOOKS_DISABLE_AFTER_HOURS * 3_600_000),
    } satisfies WebhookSettings,
    /**
     * Where asset bytes and their exports live (contract section 15): files under BLOB_DIR (default
     * DATA_DIR/blobs), or an S3-compatible bucket (credentials by the AWS SDK's own chain, never here).
     */
    blobs:
      env.BLOB_STORE === "s3"
        ? {
            kind: "s3" as const,
            bucket: env.S3_BUCKET!,
            ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
            region: env.S3_REGION,
            prefix: env.S3_PREFIX,
            forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
          }
        : { kind: "fs" as const, ...(env.BLOB_DIR ? { root: env.BLOB_DIR } : {}) },
    /**
     * Buying credits (contract section 16): the packs and where the Stripe client goes. Billing is on
     * only when these packs and the secrets STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (read with
     * `secret()`, never part of the parsed settings) are all set.
     */
    billing: {
      packs: env.CREDIT_PACKS ? creditPacks(env.CREDIT_PACKS) : [],
      currency: env.STRIPE_CURRENCY,
      /** Another address for Stripe's API (a local stand-in in tests); Stripe's own when unset. */
      apiBase: env.STRIPE_API_BASE?.replace(/\/$/, ""),
      /** One call to Stripe's API, at most (then 503, nothing charged). */
      timeoutMs: env.STRIPE_TIMEOUT_MS,
    },
    /** How often a job-running process removes blobs no row references (0: only at start). */
    blobSweepMs: env.BLOB_SWEEP_MINUTES * 60_000,
    /** Worker threads drawing procedural images off the event loop (0: on it). Default: cores − 1, at least 1. */
    drawThreads: env.DRAW_THREADS ?? Math.max(1, availableParallelism() - 1),
    /**
     * A drawing thread ends after this long without a drawing: it holds ~40–50 MB, and starting
     * one costs the next drawing ~60 ms (issue 18: memory back to rest soon after a load).
     */
    drawThreadIdleMs: env.DRAW_THREAD_IDLE_MS,
    /**
     * Origins whose cookie-authenticated writes are accepted: PUBLIC_ORIGIN, and in development its
     * twin on the same port (localhost ⇄ 127.0.0.1), as people open either.
     */
    allowedOrigins: allowedOrigins((env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""), env.NODE_ENV !== "production"),
  }));

export interface CreditPack {
  name: string;
  credits: number;
  priceCents: number;
}

/** CREDIT_PACKS (`name:credits:price_in_cents`, comma-separated) as packs, in the order given. */
function creditPacks(value: string): CreditPack[] {
  return value.split(",").map((entry) => {
    const [name, credits, cents] = entry.split(":");
    return { name: name!, credits: Number(credits), priceCents: Number(cents) };
  });
}

function allowedOrigins(publicOrigin: string, development: boolean): string[] {
  const url = new URL(publicOrigin);
  const twin = { localhost: "127.0.0.1", "127.0.0.1": "localhost" }[url.hostname];
  if (!development || !twin) return [publicOrigin];
  return [publicOrigin, `${url.protocol}//${twin}${url.port ? `:${url.port}` : ""}`];
}

export type Config = z.output<typeof schema> & {
  /**
   * The value of an environment variable a catalog entry names for its secret (e.g. an API key).
   * Read at start-up through this function only; never logged, never part of the parsed settings.
   */
  secret(name: string): string | undefined;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Parses the environment. Empty strings count as unset. A bad value throws a ConfigError whose
 * message is one line naming the variable.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.in.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== "") input[key] = value.trim();
  }
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "configuration");
    const got = input[name] === undefined || name === "SECRETS_KEY" ? "" : ` (got ${JSON.stringify(input[name])})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${got}`);
  }
  const secrets = { ...env };
  const config = { ...result.data } as Config;
  // Not enumerable: a logged or serialised config never carries it.
  Object.defineProperty(config, "secret", { value: (name: string) => secrets[name]?.trim() || undefined, enumerable: false });
  return config;
}
