/**
 * The closed set of error codes (contract section 1) and their HTTP statuses, in one place.
 * Domain code throws AppError; every transport renders it in the same envelope.
 */
export const errorStatus = {
  invalid_json: 400,
  invalid_request: 400,
  unknown_agent: 400,
  unsupported_option: 400,
  unauthenticated: 401,
  insufficient_credits: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  idempotency_in_progress: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  generator_unavailable: 503,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

const retryableByDefault: ReadonlySet<ErrorCode> = new Set([
  "idempotency_in_progress",
  "rate_limited",
  "internal_error",
  "generator_unavailable",
  "service_unavailable",
]);

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
    this.retryable = options.retryable ?? retryableByDefault.has(code);
    this.details = options.details;
    this.headers = options.headers;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    requestId: string;
    param?: string;
    retryable?: boolean;
    details?: Record<string, unknown>;
  };
}

/** Any thrown value becomes an AppError; anything unexpected is masked as internal_error. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError("internal_error", "Something went wrong on our side. Retry later, quoting the request id.", {
    cause: error,
  });
}

export function errorBody(error: AppError, requestId: string): ErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      requestId,
      ...(error.param === undefined ? {} : { param: error.param }),
      retryable: error.retryable,
      ...(error.details === undefined ? {} : { details: error.details }),
    },
  };
}
