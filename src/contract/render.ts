import { z } from "zod";
import { AgentError } from "../agents/index.js";
import { unavailableDependency, type Dependency } from "../infra/dependency.js";
import type { Logger } from "../infra/logger.js";
import { AppError, promisedRetryAfter, type ErrorBody, type ErrorCode, type ErrorObject } from "./errors.js";
import { toInvalidRequest } from "./validation.js";

/**
 * The one place where anything thrown becomes the contract's error: by what it is (its kind),
 * never by an HTTP status. Every transport renders through here: REST and SSE bodies, GraphQL
 * `extensions`, and (later) MCP tool errors.
 */
export function toAppError(thrown: unknown): AppError {
  if (thrown instanceof AppError) return thrown;
  if (thrown instanceof z.ZodError) return toInvalidRequest(thrown);
  if (thrown instanceof AgentError) return agentFailure(thrown);
  const dependency = unavailableDependency(thrown);
  if (dependency) {
    return new AppError("service_unavailable", `${unavailable[dependency]}; nothing was charged. Retry in a few seconds.`, {
      headers: { "retry-after": "5" },
      details: { dependency },
      cause: thrown,
    });
  }
  return new AppError("internal_error", "Something went wrong on our side. Retry later, quoting the request id.", { cause: thrown });
}

const unavailable: Record<Dependency, string> = {
  database: "The database does not answer",
  redis: "Redis does not answer",
  blobs: "The asset store does not answer or does not hold this asset's bytes intact",
  workers: "No worker is taking generations right now (the service's operator must start one)",
};

/** A generator's failure as the caller sees it: 422 when the model refused, else 503 with the reason. */
export function agentFailure(error: AgentError, extra: Record<string, unknown> = {}): AppError {
  if (error.kind === "rejected") {
    return new AppError("content_rejected", `The model refused this prompt: ${error.message} The credits were refunded; change the prompt.`, {
      details: { reason: "rejected", ...extra },
    });
  }
  const retryAfter = error.retryAfterMs === undefined ? undefined : promisedRetryAfter(error.retryAfterMs / 1000);
  const what = { rate_limited: "is rate-limited upstream", timeout: "did not answer in time", unavailable: "is unavailable" }[error.kind];
  return new AppError("generator_unavailable", `The agent's model ${what}; the credits were refunded. Retry later.`, {
    details: { reason: error.kind, ...(retryAfter === undefined ? {} : { retryAfterSeconds: retryAfter }), ...extra },
    ...(retryAfter === undefined ? {} : { headers: { "retry-after": String(retryAfter) } }),
  });
}

/**
 * A library's own refusal (an HTTP status and a body we did not write): what that status means in
 * HTTP, in our closed set, with the library's message when it gave a readable one. Used where a
 * library answers by itself (graphql-sse, Yoga's streamed errors) and as the app's last net.
 */
const refusalCodes: Record<number, ErrorCode> = {
  400: "invalid_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  406: "invalid_request",
  408: "request_timeout",
  409: "invalid_request",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
};

export function libraryRefusal(status: number, body: string, prefix = "Request refused"): AppError {
  const code = refusalCodes[status];
  if (!code) return new AppError("internal_error", "Something went wrong on our side. Retry later, quoting the request id.");
  const said = readableMessage(body);
  return new AppError(code, `${prefix}${said ? `: ${said}` : "."}`);
}

/** The message of a plain-text body, `{errors: [{message}]}` (GraphQL) or `{error: {message}}`, or of SSE `data:` lines carrying them. */
function readableMessage(body: string): string {
  const text = body.trim();
  const data = text.includes("data:")
    ? text
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trim())
    : [text];
  for (const candidate of data) {
    try {
      const parsed = JSON.parse(candidate) as { errors?: { message?: unknown }[]; error?: { message?: unknown } };
      const message = parsed.errors?.[0]?.message ?? parsed.error?.message;
      if (typeof message === "string") return message;
    } catch {
      // not JSON
    }
  }
  return text.length > 0 && text.length < 300 && !/[<\n]/.test(text) ? text : "";
}

/** Maps anything thrown to an AppError; unexpected ones are logged in full (under the request id) and masked. */
export function classify(thrown: unknown, logger?: Logger): AppError {
  const error = toAppError(thrown);
  if (error.code === "internal_error") logger?.error("unhandled error", { error: thrown });
  else if (error.code === "service_unavailable") logger?.warn("dependency unavailable", { error: thrown });
  return error;
}

/** The `error` object of the envelope. */
export function errorObject(error: AppError, requestId: string): ErrorObject {
  return {
    code: error.code,
    message: error.message,
    requestId,
    ...(error.param === undefined ? {} : { param: error.param }),
    retryable: error.retryable,
    ...(error.details === undefined ? {} : { details: error.details }),
  };
}

export function errorBody(error: AppError, requestId: string): ErrorBody {
  return { error: errorObject(error, requestId) };
}

/** The envelope as a Response, with X-Request-Id and any headers the error carries (Retry-After…). */
export function errorResponse(thrown: unknown, requestId: string, logger?: Logger): Response {
  const error = classify(thrown, logger);
  const headers = new Headers({ "content-type": "application/json", "x-request-id": requestId, ...error.headers });
  if (error.code === "unauthenticated" && !headers.has("www-authenticate")) {
    headers.set("www-authenticate", 'Bearer realm="assets"');
  }
  return new Response(JSON.stringify(errorBody(error, requestId)), { status: error.status, headers });
}
