import { classify } from "../../contract/render.js";
import { openAiErrorTable, openAiParamNames, type OpenAiErrorBody } from "../../contract/schemas/openai.js";
import type { Logger } from "../../infra/logger.js";

/** Paths of the OpenAI-compatible layer: every answer there, errors included, speaks OpenAI's protocol. */
export function isOpenAiPath(path: string): boolean {
  return path === "/v1" || path.startsWith("/v1/");
}

export interface OpenAiError {
  status: number;
  body: OpenAiErrorBody;
  headers: Record<string, string>;
}

/**
 * THE mapping of anything thrown to OpenAI's error shape `{error: {message, type, param, code}}`
 * (contract/schemas/openai.ts's table): our code in `code`, OpenAI's `type`, our `param` in
 * OpenAI's field names, and the headers OpenAI clients act on:
 *
 * - insufficient credits: 429 `insufficient_quota` (the SDKs' RateLimitError, which is what their
 *   users already handle for an empty OpenAI balance) with `x-should-retry: false`, so the SDKs do
 *   not retry a call that cannot succeed until credits are added (and no Retry-After);
 * - every other 429 and 503: `retry-after` (seconds; ours, or 1 and 5 by default), which the SDKs
 *   honour when they retry;
 * - 401: `WWW-Authenticate: Bearer realm="assets"`.
 */
export function openAiError(thrown: unknown, logger?: Logger): OpenAiError {
  const error = classify(thrown, logger);
  const mapped = openAiErrorTable[error.code];
  const headers: Record<string, string> = { ...error.headers };
  if (error.code === "unauthenticated") headers["www-authenticate"] ??= 'Bearer realm="assets"';
  if (error.code === "insufficient_credits" || error.code === "key_budget_exceeded") {
    delete headers["retry-after"];
    headers["x-should-retry"] = "false";
  } else if (mapped.status === 429 || mapped.status === 503) {
    headers["retry-after"] ??= mapped.status === 429 ? "1" : "5";
  }
  const param = error.param === undefined ? null : (openAiParamNames[error.param] ?? error.param);
  return { status: mapped.status, body: { error: { message: error.message, type: mapped.type, param, code: mapped.code } }, headers };
}

/** `openAiError` as the Response of a `/v1/` request, with X-Request-Id. */
export function openAiErrorResponse(thrown: unknown, requestId: string, logger?: Logger): Response {
  const { status, body, headers } = openAiError(thrown, logger);
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "x-request-id": requestId, ...headers } });
}
