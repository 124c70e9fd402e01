import { AppError, errorBody, toAppError } from "../../domain/errors.js";
import type { Logger } from "../../infra/logger.js";

/** The contract's error envelope as a Response, with X-Request-Id and any headers the error carries. */
export function errorResponse(error: AppError, requestId: string): Response {
  const headers = new Headers({ "content-type": "application/json", "x-request-id": requestId, ...error.headers });
  return new Response(JSON.stringify(errorBody(error, requestId)), { status: error.status, headers });
}

/** Maps anything thrown to an AppError; unexpected ones are logged in full and masked. */
export function handleThrown(thrown: unknown, logger: Logger): AppError {
  const error = toAppError(thrown);
  if (error.code === "internal_error") logger.error("unhandled error", { error: thrown });
  return error;
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}
