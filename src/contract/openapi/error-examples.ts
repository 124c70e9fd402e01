import { errorCodes, type ErrorCode } from "../errors.js";

/** One example error per code: what a caller sees (messages as the service writes them). */
const errorExamples: Partial<Record<ErrorCode, { message: string; param?: string; details?: Record<string, unknown> }>> = {
  invalid_json: { message: "The request body is not valid JSON: Expected property name or '}' in JSON at position 1." },
  invalid_request: {
    message: 'size: Unknown field "size": use width and height (e.g. "width": 64, "height": 64); GET /api/ai/agents lists each agent\'s sizes.',
    param: "size",
    details: { docs: "/docs#generate" },
  },
  unknown_agent: { message: 'No agent is called "dalle". Use one of: pixel-sprite, icon, texture (GET /api/ai/agents lists them).', param: "agentId" },
  unsupported_option: { message: "The agent texture cannot make transparent assets; leave transparent out or pick another agent.", param: "transparent" },
  query_too_large: {
    message:
      "This query could answer up to 44.9 MB (8 b64 fields of up to 5.6 MB each); at most 32 MB. Ask for b64 once per query, or fetch the asset's url (streamed).",
    details: { maxBytes: 33554432, estimatedBytes: 47066454 },
  },
  invalid_image: {
    message: "The image is 5000 × 5000 pixels; uploads may be at most 4096 pixels on either side. Scale it down and upload it again.",
    param: "file",
    details: { width: 5000, height: 5000, maxSide: 4096 },
  },
  unauthenticated: {
    message: "The API key looks mistyped (its checksum does not match): copy it again from where you saved it.",
    details: { docs: "/docs/getting-started#create-a-key" },
  },
  insufficient_credits: { message: "This call costs 2 credits; the balance is 1.", param: "agentId", details: { required: 2, balance: 1 } },
  key_budget_exceeded: {
    message:
      "This call costs 2 credits; this API key has spent 9 of its 10 credits for the day. Nothing was charged; the budget resets at 2026-11-30T00:00:00.000Z.",
    param: "apiKey",
    details: { budget: 10, spent: 9, period: "day", resetsAt: "2026-11-30T00:00:00.000Z", required: 2 },
  },
  forbidden: { message: 'This API key lacks the "generate" scope.', details: { requiredScope: "generate" } },
  storage_quota_exceeded: {
    message:
      "This account stores 1023.9 MB of its 1024 MB (STORAGE_QUOTA_MB); this generation could take 4 MB more. Delete assets you no longer need (DELETE /api/v1/assets/{id}).",
    details: { quotaBytes: 1073741824, usedBytes: 1073632409, requiredBytes: 4194304 },
  },
  not_found: { message: "No such generation." },
  generation_active: { message: "This generation is still running: cancel it (POST /api/v1/generations/{id}/cancel) or wait for it to end, then delete it." },
  gone: { message: "This asset was deleted." },
  method_not_allowed: { message: "/api/v1/generate takes POST, not GET." },
  request_timeout: { message: "The request body did not arrive in full; send the request again." },
  idempotency_in_progress: { message: "A request with this Idempotency-Key is still running; retry in 1 s." },
  payload_too_large: { message: "The request body exceeds 65536 bytes.", details: { limitBytes: 65536 } },
  unsupported_media_type: { message: "Send the body as JSON with Content-Type: application/json." },
  idempotency_key_reused: { message: "This Idempotency-Key was used with another body; use a new key for a new request." },
  content_rejected: {
    message: "The model refused this prompt: it violates the content policy. The credits were refunded; change the prompt.",
    details: { reason: "rejected" },
  },
  rate_limited: { message: "Too many requests: 60 per 60 s. Retry in 12 s.", details: { limit: 60, windowSeconds: 60, retryAfterSeconds: 12 } },
  internal_error: { message: "Something went wrong on our side. Retry later, quoting the request id." },
  generator_unavailable: { message: "The agent's model did not answer in time; the credits were refunded. Retry later.", details: { reason: "timeout" } },
  service_unavailable: { message: "The database does not answer; nothing was charged. Retry in a few seconds.", details: { dependency: "database" } },
};

/** The envelope of an example error with `code`, as this service writes it. */
export function errorExample(code: ErrorCode) {
  const example = errorExamples[code] ?? { message: `A ${code} error.` };
  return {
    error: {
      code,
      message: example.message,
      requestId: "req_7Hc2mQx9LwZ4pKt1VbR8sN",
      ...(example.param ? { param: example.param } : {}),
      retryable: errorCodes[code].retryable,
      ...(example.details ? { details: example.details } : {}),
    },
  };
}

/** An example id for the path parameter that follows each collection. */
export const idExamples: Record<string, string> = {
  generations: "gen_4fTq8ZkR2mWc7NvXbL1pDa",
  assets: "ast_9sKw2LmQx7Pz4RtVb8NcHe",
  keys: "key_3KdT8mWq2XzL9pRc4VbN7s",
};
