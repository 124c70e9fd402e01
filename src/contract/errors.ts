/**
 * The closed set of error codes (contract section 1), their HTTP statuses and whether a retry can
 * help, in one place. Domain code throws AppError; `render.ts` turns anything thrown into the one
 * envelope, for every transport.
 */
export const errorCodes = {
  invalid_json: { status: 400, retryable: false },
  invalid_request: { status: 400, retryable: false },
  unknown_agent: { status: 400, retryable: false },
  unsupported_option: { status: 400, retryable: false },
  query_too_large: { status: 400, retryable: false },
  invalid_image: { status: 400, retryable: false },
  unauthenticated: { status: 401, retryable: false },
  insufficient_credits: { status: 402, retryable: false },
  key_budget_exceeded: { status: 402, retryable: false },
  forbidden: { status: 403, retryable: false },
  storage_quota_exceeded: { status: 403, retryable: false },
  not_found: { status: 404, retryable: false },
  method_not_allowed: { status: 405, retryable: false },
  request_timeout: { status: 408, retryable: true },
  idempotency_in_progress: { status: 409, retryable: true },
  generation_active: { status: 409, retryable: true },
  gone: { status: 410, retryable: false },
  payload_too_large: { status: 413, retryable: false },
  unsupported_media_type: { status: 415, retryable: false },
  idempotency_key_reused: { status: 422, retryable: false },
  content_rejected: { status: 422, retryable: false },
  rate_limited: { status: 429, retryable: true },
  internal_error: { status: 500, retryable: true },
  generator_unavailable: { status: 503, retryable: true },
  service_unavailable: { status: 503, retryable: true },
} as const satisfies Record<string, { status: number; retryable: boolean }>;

export type ErrorCode = keyof typeof errorCodes;
export const errorCodeList = Object.keys(errorCodes) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(errorCodes, value);
}

/**
 * The longest wait a `Retry-After` (and `details.retryAfterSeconds`) ever promises: what the
 * service itself will honour, whatever an upstream provider or a long window said (contract section 1).
 */
export const maxRetryAfterSeconds = 300;

/** A wait in seconds as the service promises it: a whole number from 1 to `maxRetryAfterSeconds`. */
export function promisedRetryAfter(seconds: number): number {
  return Math.min(maxRetryAfterSeconds, Math.max(1, Math.ceil(seconds)));
}

export interface AppErrorOptions {
  param?: string;
  retryable?: boolean;
  details?: Record<string, unknown>;
  /** Extra response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
  cause?: unknown;
}

export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly param?: string;
  readonly retryable: boolean;
  readonly details?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.param = options.param;
    this.retryable = options.retryable ?? errorCodes[code].retryable;
    this.details = capRetryAfter(options.details, "retryAfterSeconds");
    this.headers = capRetryAfter(options.headers, "retry-after");
  }

  get status(): number {
    return errorCodes[this.code].status;
  }
}

/** `fields` with its wait (`name`) capped at what the service will honour; unchanged when absent or not a number. */
function capRetryAfter<T extends Record<string, unknown>>(fields: T | undefined, name: string): T | undefined {
  const value = fields?.[name];
  const seconds = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
  if (seconds === undefined || seconds <= maxRetryAfterSeconds) return fields;
  const capped = maxRetryAfterSeconds;
  return { ...fields, [name]: typeof value === "number" ? capped : String(capped) } as T;
}

/** The `error` object of the envelope (also the `error` of a `generation.failed` event). */
export interface ErrorObject {
  code: ErrorCode;
  message: string;
  requestId: string;
  param?: string;
  retryable?: boolean;
  details?: Record<string, unknown>;
}

export interface ErrorBody {
  error: ErrorObject;
}
