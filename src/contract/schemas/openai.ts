import { z } from "zod";
import type { ErrorCode } from "../errors.js";
import { integer, trimmed } from "../validation.js";
import { paletteValue } from "./palette.js";

/**
 * The OpenAI-compatible layer under `/v1/` (OpenAI Images protocol): the request and answer bodies
 * as OpenAI documents them, our agents as OpenAI models, and OpenAI's error shape with the table
 * that maps our closed set of codes onto it. `/api/v1/` stays the reference API; this is one more
 * translation of the same use-cases (`src/transports/openai/`).
 */

const nullish = <T extends z.ZodType>(schema: T) => schema.nullish();

/** The body of `POST /v1/images/generations`: OpenAI's fields, unknown ones refused. */
export const openAiImageRequest = z
  .strictObject({
    prompt: trimmed(1, 4000).describe("What to make (1–4000 characters)."),
    model: nullish(z.string().min(1, "Must not be empty.").max(64, "Must be at most 64 characters.")).describe(
      "An agent id (GET /v1/models lists them); the default agent when absent.",
    ),
    n: nullish(integer(1, 4)).describe("How many images, 1–4; each is charged the agent's price. All or nothing: either all n are reserved, or none."),
    size: nullish(z.string().max(32, "Must be at most 32 characters.")).describe(
      '"WxH", one of the agent\'s sizes (e.g. "64x64"), or "auto" (its default size).',
    ),
    background: nullish(z.enum(["transparent", "opaque", "auto"], { error: 'Must be "transparent", "opaque" or "auto".' })).describe(
      "transparent: background pixels alpha 0 (agents that support it); auto (default): transparent when the agent supports it, else opaque.",
    ),
    output_format: nullish(z.enum(["png", "jpeg", "webp"], { error: 'Must be "png".' })).describe('"png" only (jpeg and webp answer 400 unsupported_option).'),
    response_format: nullish(z.enum(["b64_json", "url"], { error: 'Must be "b64_json" or "url".' })).describe(
      "b64_json (default): the PNG inline; url: an absolute URL of GET /api/v1/assets/{id} (fetch it with the same key).",
    ),
    quality: nullish(
      z.enum(["auto", "low", "medium", "high", "standard", "hd"], { error: 'Must be "auto", "low", "medium", "high", "standard" or "hd".' }),
    ).describe("Accepted, logged and echoed; each agent has one quality."),
    user: nullish(z.string().max(256, "Must be at most 256 characters.")).describe("Your end user's id: accepted and logged under the request id."),
    stream: nullish(z.boolean()).describe("true: answer server-sent events image_generation.partial_image … image_generation.completed."),
    partial_images: nullish(integer(0, 3)).describe("While streaming: at most this many partial images per image (0–3, default 0), from the agent's previews."),
    style: nullish(z.enum(["vivid", "natural"], { error: 'Must be "vivid" or "natural".' })).describe("Accepted and ignored (dall-e-3 only at OpenAI)."),
    moderation: nullish(z.enum(["low", "auto"], { error: 'Must be "low" or "auto".' })).describe("Accepted and ignored."),
    output_compression: nullish(integer(0, 100)).describe("Accepted and ignored (jpeg/webp only at OpenAI)."),
    palette: nullish(paletteValue).describe(
      'Our extension (OpenAI\'s SDKs send it as extra_body): a palette name ("pico-8", …) or 2–64 "#rrggbb"; every opaque pixel is then one of its colours.',
    ),
  })
  .meta({
    id: "OpenAiImageRequest",
    examples: [{ model: "icon", prompt: "a red potion", size: "64x64", background: "transparent" }],
  });
export type OpenAiImageRequest = z.output<typeof openAiImageRequest>;

/**
 * The text fields of `POST /v1/images/edits` (multipart/form-data; the files `image`/`image[]` and
 * `mask` are read apart): OpenAI's fields, unknown ones refused. `n` arrives as text and is read as a number.
 */
export const openAiImageEditRequest = z
  .strictObject({
    prompt: nullish(trimmed(1, 4000)).describe("What to make of the image (1–4000 characters); optional for agents that say so (pixel-fixer, cutout)."),
    model: nullish(z.string().min(1, "Must not be empty.").max(64, "Must be at most 64 characters.")).describe(
      'An agent whose inputs include "image" (GET /api/ai/agents shows inputs), e.g. pixel-fixer or cutout.',
    ),
    n: nullish(integer(1, 4)).describe("How many images, 1–4; each is charged the agent's price, all reserved or none."),
    size: nullish(z.string().max(32, "Must be at most 32 characters.")).describe(
      '"WxH" (the size to make), or "auto" (default: the agent decides, e.g. pixel-fixer detects it).',
    ),
    background: nullish(z.enum(["transparent", "opaque", "auto"], { error: 'Must be "transparent", "opaque" or "auto".' })).describe(
      "transparent: the background removed (alpha 0); opaque; auto (default): the agent's default.",
    ),
    output_format: nullish(z.enum(["png", "jpeg", "webp"], { error: 'Must be "png".' })).describe('"png" only.'),
    response_format: nullish(z.enum(["b64_json", "url"], { error: 'Must be "b64_json" or "url".' })).describe(
      "b64_json (default): the PNG inline; url: a public link to the PNG for an hour.",
    ),
    quality: nullish(z.string().max(32, "Must be at most 32 characters.")).describe("Accepted, logged and echoed."),
    user: nullish(z.string().max(256, "Must be at most 256 characters.")).describe("Your end user's id: accepted and logged."),
    input_fidelity: nullish(z.string().max(32, "Must be at most 32 characters.")).describe("Accepted and ignored."),
    output_compression: nullish(integer(0, 100)).describe("Accepted and ignored."),
  })
  .meta({ id: "OpenAiImageEditRequest", examples: [{ model: "pixel-fixer", n: 1, response_format: "b64_json" }] });
export type OpenAiImageEditRequest = z.output<typeof openAiImageEditRequest>;

/** The multipart body of `POST /v1/images/edits` as OpenAPI shows it (files as binary strings). */
export const openAiImageEditForm = openAiImageEditRequest
  .extend({
    image: z.string().describe("The picture (PNG, JPEG, WebP or GIF file part); `image[]` also works, the first file is used."),
    mask: z.string().optional().describe("Accepted and ignored (the agents edit the whole picture)."),
  })
  .meta({ id: "OpenAiImageEditForm" });

/** OpenAI's `usage` (token counts): our agents count credits, not tokens, so every count is 0. */
export const openAiUsage = z
  .object({
    input_tokens: z.number().int(),
    input_tokens_details: z.object({ image_tokens: z.number().int(), text_tokens: z.number().int() }),
    output_tokens: z.number().int(),
    total_tokens: z.number().int(),
  })
  .describe("Always zero: the price is in credits (X-Credits-Charged), not tokens.");
export type OpenAiUsage = z.output<typeof openAiUsage>;

export const openAiImagesResponse = z
  .object({
    created: z.number().int().describe("Unix time (seconds) the images were asked for."),
    data: z.array(
      z.object({
        id: z.string().describe("The generation's id (GET /api/v1/generations/{id})."),
        b64_json: z.string().optional().describe("The PNG, base64 (response_format b64_json)."),
        url: z.string().optional().describe("Absolute URL of the PNG (response_format url); GET it with the same key."),
      }),
    ),
    background: z.enum(["transparent", "opaque"]),
    output_format: z.literal("png"),
    size: z.string().describe('"WxH", e.g. "64x64".'),
    quality: z.string().describe("The quality asked for (auto when none)."),
    usage: openAiUsage,
  })
  .meta({ id: "OpenAiImagesResponse" });
export type OpenAiImagesResponse = z.output<typeof openAiImagesResponse>;

const openAiErrorObject = z.object({
  message: z.string().describe("What went wrong and what to do next."),
  type: z
    .string()
    .describe("invalid_request_error, authentication_error, permission_error, not_found_error, rate_limit_error, insufficient_quota, server_error…"),
  param: z.string().nullable().describe("The request field at fault (OpenAI's names: model, size, background…)."),
  code: z.string().nullable().describe("Our error code (contract section 1); insufficient_quota for insufficient_credits."),
});
export const openAiModel = z
  .object({
    id: z.string().describe("The agent id: send it as model."),
    object: z.literal("model"),
    created: z.number().int().describe("Unix time (seconds) the agent was registered."),
    owned_by: z.string(),
  })
  .meta({ id: "OpenAiModel" });
export const openAiModelList = z.object({ object: z.literal("list"), data: z.array(openAiModel) }).meta({ id: "OpenAiModelList" });
export type OpenAiModel = z.output<typeof openAiModel>;

export const openAiErrorEnvelope = z.object({ error: openAiErrorObject }).meta({ id: "OpenAiError" });
export type OpenAiErrorBody = z.output<typeof openAiErrorEnvelope>;

/**
 * Our error code → OpenAI's HTTP status, `type` and `code`. The status is ours except where an
 * OpenAI client expects another: insufficient credits are OpenAI's `insufficient_quota` (429: the
 * SDKs raise RateLimitError, and `x-should-retry: false` stops them retrying), an unknown model is
 * 404 (NotFoundError), a refused prompt is 400 (BadRequestError, as OpenAI's moderation_blocked).
 */
export const openAiErrorTable: Record<ErrorCode, { status: number; type: string; code: string }> = {
  invalid_json: { status: 400, type: "invalid_request_error", code: "invalid_json" },
  invalid_request: { status: 400, type: "invalid_request_error", code: "invalid_request" },
  unknown_agent: { status: 404, type: "not_found_error", code: "unknown_agent" },
  unsupported_option: { status: 400, type: "invalid_request_error", code: "unsupported_option" },
  query_too_large: { status: 400, type: "invalid_request_error", code: "query_too_large" },
  invalid_image: { status: 400, type: "invalid_request_error", code: "invalid_image" },
  unauthenticated: { status: 401, type: "authentication_error", code: "unauthenticated" },
  insufficient_credits: { status: 429, type: "insufficient_quota", code: "insufficient_quota" },
  key_budget_exceeded: { status: 429, type: "insufficient_quota", code: "insufficient_quota" },
  forbidden: { status: 403, type: "permission_error", code: "forbidden" },
  storage_quota_exceeded: { status: 403, type: "insufficient_quota", code: "storage_quota_exceeded" },
  not_found: { status: 404, type: "not_found_error", code: "not_found" },
  generation_active: { status: 409, type: "invalid_request_error", code: "generation_active" },
  gone: { status: 410, type: "not_found_error", code: "gone" },
  method_not_allowed: { status: 405, type: "invalid_request_error", code: "method_not_allowed" },
  request_timeout: { status: 408, type: "invalid_request_error", code: "request_timeout" },
  idempotency_in_progress: { status: 409, type: "invalid_request_error", code: "idempotency_in_progress" },
  payload_too_large: { status: 413, type: "invalid_request_error", code: "payload_too_large" },
  unsupported_media_type: { status: 415, type: "invalid_request_error", code: "unsupported_media_type" },
  idempotency_key_reused: { status: 422, type: "invalid_request_error", code: "idempotency_key_reused" },
  content_rejected: { status: 400, type: "image_generation_user_error", code: "content_rejected" },
  rate_limited: { status: 429, type: "rate_limit_error", code: "rate_limited" },
  internal_error: { status: 500, type: "server_error", code: "internal_error" },
  generator_unavailable: { status: 503, type: "server_error", code: "generator_unavailable" },
  service_unavailable: { status: 503, type: "server_error", code: "service_unavailable" },
};

/** Our request fields → OpenAI's, for `param` (the use-case speaks in our body's names). */
export const openAiParamNames: Record<string, string> = { agentId: "model", transparent: "background", width: "size", height: "size" };

/**
 * The error answers of a `/v1/` row, by status, in OpenAI's shape: for the route table's
 * `responses` (so the OpenAPI document shows OpenAI's envelope and statuses there, not ours).
 */
export function openAiErrorResponses(codes: readonly ErrorCode[]): Record<number, { description: string; schema: typeof openAiErrorEnvelope }> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...new Set<ErrorCode>([...codes, "internal_error"])]) {
    const { status } = openAiErrorTable[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      {
        description: `OpenAI's error shape; code ${list.map((c) => `\`${openAiErrorTable[c].code}\`${openAiErrorTable[c].code === c ? "" : ` (our \`${c}\`)`}`).join(", ")}.`,
        schema: openAiErrorEnvelope,
      },
    ]),
  );
}
