/**
 * What the model drivers reached over HTTP (`openai-images`, `fal-queue`) share above the plumbing
 * of ./http.ts: the catalog options they have in common, the API key lookup, the
 * mapping of a non-2xx answer to an `AgentError`, the operator's log lines for such answers and for
 * malformed ones, the frame of one attempt, and the `DriverKind` around a driver.
 *
 * The error mapping (see the table at the top of ../openai-images/driver.ts): 429 → `rate_limited`
 * (with `retry-after`); 5xx → `unavailable` (with `retry-after`); 408 → `timeout`; a refusal under
 * the model's content policy → `rejected` (never for a 401); 401/403/404 and any other 4xx
 * (misconfigurations of the catalog entry) → `unavailable`. Messages say what happened in general
 * terms only: never the key, never the upstream body.
 */
import { z } from "zod";
import { AgentError, type AgentContext, type AgentDriver, type DriverEnvironment, type DriverKind } from "../driver.js";
import { AttemptScope, hasNoCredentials, parseRetryAfter, readBody, sanitizeSnippet } from "./http.js";

/** The options every HTTP model entry has; a driver adds its own (and may give `baseUrl` a default). */
export const modelOptions = {
  /** The API root; the driver strips a trailing slash (`normalizeBaseUrl`) after any default. */
  baseUrl: z
    .url({ protocol: /^https?$/, error: "baseUrl must be an http(s) URL" })
    .refine(hasNoCredentials, "baseUrl must not carry credentials: name the key's environment variable in apiKeyEnv"),
  /** The environment variable holding the API key; omit it for a model that needs none. */
  apiKeyEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "apiKeyEnv must be an environment variable name")
    .optional(),
  /** The size asked of the model; the service fits the image to the asked size afterwards. */
  nativeSize: z
    .string()
    .regex(/^[1-9]\d{1,4}x[1-9]\d{1,4}$/, 'nativeSize must look like "1024x1024"')
    .default("1024x1024"),
  /** Budget of the whole attempt in milliseconds, also bounded by the job's deadline. */
  timeoutMs: z.int().positive().max(3_600_000).default(120_000),
  /** Attempts the job queue makes after the first one; read by the queue, validated here. */
  maxRetries: z.int().min(0).max(10).default(2),
  /** Longest prompt sent; older conversation turns are dropped first (see promptFromJob). */
  maxPromptChars: z.int().min(100).max(32_000).default(4000),
};

/** An option of extra fields passed through to the model as they are, refusing those the driver sets itself. */
export function passThroughOption(name: string, ownFields: readonly string[]) {
  return z
    .record(z.string(), z.unknown())
    .refine((fields) => !ownFields.some((f) => f in fields), {
      message: `${name} may not set ${ownFields.join(", ")}: use the driver's options`,
    })
    .optional();
}

/** How a driver names itself: in its log lines (`driver`) and in the errors callers may see (`label`). */
export interface ModelNames {
  /** The driver's name, prefixing its log lines: `fal-queue`. */
  driver: string;
  /** The model in the errors' messages and the attempt's timeouts: `the fal model`. */
  label: string;
  /** What a 404 did not find, after "The … model or": `request`, `its endpoint`. */
  notFound: string;
}

/** The options `ModelHttp` reads. */
interface ModelOptions {
  model: string;
  apiKeyEnv?: string;
}

const capitalized = (label: string) => label.charAt(0).toUpperCase() + label.slice(1);

/** The AgentError for an HTTP answer that is not 2xx; `refused`: its body says the content policy refused the prompt. */
export function classifyHttpFailure(names: ModelNames, status: number, refused: boolean, headers: Headers): AgentError {
  const model = capitalized(names.label);
  const retryAfterMs = parseRetryAfter(headers);
  if (status === 429) return new AgentError("rate_limited", `${model} is rate limiting requests`, { retryAfterMs });
  if (status >= 500) return new AgentError("unavailable", `${model} failed (HTTP ${status})`, { retryAfterMs });
  if (status === 408) return new AgentError("timeout", `${model} timed out (HTTP 408)`);
  if (status !== 401 && refused) return contentPolicyRefusal(names);
  if (status === 401 || status === 403) {
    return new AgentError("unavailable", `${model} refused the service's credentials (HTTP ${status})`);
  }
  if (status === 404) return new AgentError("unavailable", `${model} or ${names.notFound} was not found (HTTP 404)`);
  return new AgentError("unavailable", `${model} refused the request (HTTP ${status})`);
}

/** The final error for a prompt the model refused under its content policy. */
export function contentPolicyRefusal(names: ModelNames): AgentError {
  return new AgentError("rejected", `${capitalized(names.label)} refused this prompt under its content policy`);
}

/** What a driver makes of a failed answer's body: its AgentError and the fields the operator's log line adds. */
export interface ClassifiedFailure {
  error: AgentError;
  details: Record<string, unknown>;
}

/** The key lookup, and the errors with their log lines, of one driver instance. */
export interface ModelHttp {
  /** The API key from the environment (undefined when the entry names none); unset → `unavailable`. */
  apiKey(): string | undefined;
  /** Logs a malformed answer (a redacted snippet) and returns its `unavailable` error. */
  malformed(what: string, text: string, key: string | undefined): AgentError;
  /**
   * Reads a non-2xx answer's body (at most 1 MiB), classifies it, logs it for the operator
   * (status, kind, `details`, the key's variable on a 401/403, a redacted snippet) and returns the
   * error. `from` ends the log line: `HTTP 503 from {from}`.
   */
  failure(res: Response, key: string | undefined, from: string, classify: (text: string) => ClassifiedFailure): Promise<AgentError>;
}

export function modelHttp(names: ModelNames, options: ModelOptions, env: DriverEnvironment): ModelHttp {
  const model = capitalized(names.label);
  return {
    apiKey() {
      if (options.apiKeyEnv === undefined) return undefined;
      const key = env.secret(options.apiKeyEnv);
      if (!key) {
        env.log.warn(`${names.driver}: the API key's environment variable is not set`, { apiKeyEnv: options.apiKeyEnv, model: options.model });
        throw new AgentError("unavailable", `${model}'s API key is not configured`);
      }
      return key;
    },

    malformed(what, text, key) {
      env.log.warn(`${names.driver}: malformed answer (${what})`, { model: options.model, body: sanitizeSnippet(text, [key], 120) });
      return new AgentError("unavailable", `${model} sent a malformed answer (${what})`);
    },

    async failure(res, key, from, classify) {
      let text = "";
      try {
        text = (await readBody(res, 1024 * 1024)).toString("utf8");
      } catch (error) {
        if (!(error instanceof AgentError)) throw error; // an abort while reading: translated by the scope
      }
      const { error, details } = classify(text);
      env.log.warn(`${names.driver}: HTTP ${res.status} from ${from}`, {
        model: options.model,
        status: res.status,
        kind: error.kind,
        ...details,
        ...((res.status === 401 || res.status === 403) && { apiKeyEnv: options.apiKeyEnv ?? "(none configured)" }),
        body: sanitizeSnippet(text, [key]),
      });
      return error;
    },
  };
}

/**
 * One attempt: `fn` runs within the attempt's time budget (`timeoutMs`, bounded by the deadline),
 * after a check that the attempt is not already canceled or out of time.
 */
export async function withAttempt<T>(ctx: AgentContext, timeoutMs: number, label: string, fn: (scope: AttemptScope) => Promise<T>): Promise<T> {
  const scope = new AttemptScope(ctx, timeoutMs, label);
  try {
    scope.throwIfDone();
    return await fn(scope);
  } finally {
    scope.dispose();
  }
}

/** The DriverKind of an HTTP model driver: its entry's `apiKeyEnv`, when set, is a required secret. */
export function modelDriverKind<O extends { apiKeyEnv?: string }>(
  name: string,
  options: z.ZodType<O>,
  create: (options: O, env: DriverEnvironment) => AgentDriver,
): DriverKind<O> {
  return {
    name,
    options,
    requiredSecrets: (o) => (o.apiKeyEnv === undefined ? [] : [o.apiKeyEnv]),
    create,
  };
}
