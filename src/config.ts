import { z } from "zod";

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
    REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, "must be 1–32 letters, digits, _ or -").default("ags"),
    PUBLIC_ORIGIN: z
      .string()
      .url()
      .refine((v) => new URL(v).origin === v.replace(/\/$/, ""), "must be an origin (scheme://host[:port]), no path")
      .optional(),
    SIGNUP_CREDITS: z.coerce.number().int().min(0).max(1_000_000_000).default(100),
    RATE_LIMIT_GENERATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(16 * 1024 * 1024).default(64 * 1024),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    RUN_JOBS: z.enum(["auto", "true", "false"]).default("auto"),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  })
  .transform((env) => ({
    env: env.NODE_ENV,
    production: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    /** Namespace of every Redis key and channel, so environments can share one Redis. */
    redisPrefix: env.REDIS_PREFIX,
    publicOrigin: (env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    signupCredits: env.SIGNUP_CREDITS,
    rateLimitGeneratePerMinute: env.RATE_LIMIT_GENERATE_PER_MINUTE,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    workerConcurrency: env.WORKER_CONCURRENCY,
    /** Whether the API process runs generations itself: `auto` = yes without Redis, no with it (workers do). */
    apiRunsJobs: env.RUN_JOBS === "auto" ? env.REDIS_URL === undefined : env.RUN_JOBS === "true",
    logLevel: env.LOG_LEVEL,
  }));

export type Config = z.output<typeof schema>;

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
    const got = input[name] === undefined ? "" : ` (got ${JSON.stringify(input[name])})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${got}`);
  }
  return result.data;
}
