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
  unauthenticated: { status: 401, retryable: false },
  insufficient_credits: { status: 402, retryable: false },
  forbidden: { status: 403, retryable: false },
  not_found: { status: 404, retryable: false },
  method_not_allowed: { status: 405, retryable: false },
  request_timeout: { status: 408, retryable: true },
  idempotency_in_progress: { status: 409, retryable: true },
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
    this.details = options.details;
    this.headers = options.headers;
  }

  get status(): number {
    return errorCodes[this.code].status;
  }
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
