/**
 * The `openai-images` driver: one `POST {baseUrl}/images/generations` per attempt, in the OpenAI
 * Images protocol, which OpenAI's hosted models, stable-diffusion.cpp's `sd-server` and LocalAI
 * all serve. Request `{model, prompt, n: 1, size, quality?, background?, output_format?}`, answer
 * `data[0].b64_json`; with `stream: true`, server-sent events `image_generation.partial_image`
 * (previews) and `image_generation.completed` (the image).
 *
 * Errors, as the job queue reads them (it retries all but `rejected`, honouring `retryAfterMs`):
 *
 * - 429 → `rate_limited`, `retryAfterMs` from `retry-after-ms`, else `retry-after` (seconds or an
 *   HTTP-date); but 429 `insufficient_quota` / `billing_hard_limit_reached` (billing, waiting will
 *   not help) → `unavailable`;
 * - 5xx → `unavailable` (with its `retry-after` when given);
 * - connection refused, reset, DNS failure, socket closed mid-answer → `unavailable`;
 * - `timeoutMs` passed, `ctx.deadline` passed, 408 → `timeout`;
 * - a 4xx whose `error.code` is `content_policy_violation`, `moderation_blocked` or
 *   `content_filter` (Azure), or whose `error.type` is `image_generation_user_error` with a message
 *   about safety / moderation / content policy; the same inside a stream's `error` event →
 *   `rejected` (final: 422 `content_rejected`);
 * - 401, 403 (key), 404 (model, path), any other 4xx (an option the model refuses) → `unavailable`;
 * - bad JSON, no `data[0].b64_json`, not base64, not a complete PNG/JPEG/WebP → `unavailable`;
 * - `ctx.signal` aborted by a cancel → the AbortError, as fetch threw it (an AbortError made from
 *   the signal's reason when that reason is not an Error, e.g. the runner's Symbols).
 *
 * 401/403/404 and other 4xx are misconfigurations of the catalog entry (wrong key, wrong model,
 * a size the model refuses): no retry will fix them, but they are not the user's fault either, so
 * they must not become `rejected` (a 422 "content rejected" to the user). They are `unavailable`:
 * the user gets 503 `generator_unavailable` once the queue's few retries are spent, and the
 * operator gets a warning in the log naming the status, the provider's error code and the
 * environment variable holding the key, with a redacted snippet of the body. Error messages say
 * what happened in general terms only: never the key, never the upstream body.
 */
import { z } from "zod";
import { AgentError, type AgentDriver, type AgentJob, type DriverEnvironment, type DriverKind } from "../driver.js";
import {
  AttemptScope,
  hasNoCredentials,
  isRecord,
  normalizeBaseUrl,
  parseRetryAfter,
  ProgressTracker,
  readBody,
  sanitizeSnippet,
  tryParseJson,
  MAX_BODY_BYTES,
} from "./http.js";
import { decodeBase64, previewOf, toNativePng } from "./image.js";
import { promptFromJob } from "./prompt.js";

/** Request fields the driver sets itself: `extraBody` may not override them. */
const OWN_FIELDS = ["model", "prompt", "n", "size", "quality", "background", "output_format", "stream", "partial_images"];

export const openAiImagesOptionsSchema = z
  .strictObject({
    /** The API root, e.g. `https://api.openai.com/v1`, `http://gpu-box:1234/v1` (sd-server, LocalAI). */
    baseUrl: z
      .url({ protocol: /^https?$/, error: "baseUrl must be an http(s) URL" })
      .refine(hasNoCredentials, "baseUrl must not carry credentials: name the key's environment variable in apiKeyEnv")
      .transform(normalizeBaseUrl),
    model: z.string().min(1),
    /** The environment variable holding the API key; omit for a self-hosted server that needs none. */
    apiKeyEnv: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "apiKeyEnv must be an environment variable name")
      .optional(),
    /** The size asked of the model (`size`); the service fits the image to the asked size afterwards. */
    nativeSize: z
      .string()
      .regex(/^[1-9]\d{1,4}x[1-9]\d{1,4}$/, 'nativeSize must look like "1024x1024"')
      .default("1024x1024"),
    quality: z.enum(["low", "medium", "high", "auto"]).optional(),
    /** The model can draw transparent backgrounds: a transparent job sends `background: "transparent"`. */
    nativeTransparency: z.boolean().default(false),
    /** Sent as `output_format` when set (GPT image models); other formats are converted to PNG anyway. */
    outputFormat: z.literal("png").optional(),
    /** Budget of the HTTP request, answer included, in milliseconds (also bounded by the job's deadline). */
    timeoutMs: z.int().positive().max(3_600_000).default(120_000),
    /** Attempts the job queue makes after the first one; read by the queue, validated here. */
    maxRetries: z.int().min(0).max(10).default(2),
    /** Ask for server-sent events (`stream: true`); stable-diffusion.cpp and LocalAI do not stream. */
    stream: z.boolean().default(false),
    /** `partial_images` (0–3) while streaming: each becomes a preview in the progress stream. */
    partialImages: z.int().min(0).max(3).optional(),
    /** Longest prompt sent; older conversation turns are dropped first (see promptFromJob). */
    maxPromptChars: z.int().min(100).max(32_000).default(4000),
    /** Extra request fields passed through as they are, e.g. `{"response_format": "b64_json"}` for LocalAI. */
    extraBody: z
      .record(z.string(), z.unknown())
      .refine((body) => !OWN_FIELDS.some((f) => f in body), {
        message: `extraBody may not set ${OWN_FIELDS.join(", ")}: use the driver's options`,
      })
      .optional(),
  })
  .refine((o) => o.partialImages === undefined || o.stream, {
    message: "partialImages needs stream: true",
    path: ["partialImages"],
  });

export type OpenAiImagesOptions = z.output<typeof openAiImagesOptionsSchema>;

const LABEL = "the image model";

interface OpenAiErrorFields {
  code?: string;
  type?: string;
  message?: string;
}

function errorFields(body: unknown): OpenAiErrorFields {
  const error = isRecord(body) ? body.error : undefined;
  if (!isRecord(error)) return {};
  const str = (v: unknown) => (typeof v === "string" ? v : undefined);
  return { code: str(error.code), type: str(error.type), message: str(error.message) };
}

const POLICY_CODES = new Set(["content_policy_violation", "moderation_blocked", "content_filter"]);

/** OpenAI's documented refusals: a content-policy code, or a user error from the safety system. */
function isContentPolicy(f: OpenAiErrorFields): boolean {
  if (f.code && POLICY_CODES.has(f.code)) return true;
  return f.type === "image_generation_user_error" && /safety|moderat|content polic/i.test(f.message ?? "");
}

/** The AgentError for an HTTP answer that is not 2xx (see the table at the top). */
export function classifyOpenAiFailure(status: number, fields: OpenAiErrorFields, headers: Headers): AgentError {
  const retryAfterMs = parseRetryAfter(headers);
  if (status === 429) {
    if (fields.code === "insufficient_quota" || fields.type === "insufficient_quota" || fields.code === "billing_hard_limit_reached") {
      return new AgentError("unavailable", "The image model's account has no quota left");
    }
    return new AgentError("rate_limited", "The image model is rate limiting requests", { retryAfterMs });
  }
  if (status >= 500) return new AgentError("unavailable", `The image model failed (HTTP ${status})`, { retryAfterMs });
  if (status === 408) return new AgentError("timeout", "The image model timed out (HTTP 408)");
  if (status !== 401 && isContentPolicy(fields)) {
    return new AgentError("rejected", "The image model refused this prompt under its content policy");
  }
  if (status === 401 || status === 403) {
    return new AgentError("unavailable", `The image model refused the service's credentials (HTTP ${status})`);
  }
  if (status === 404) return new AgentError("unavailable", "The image model or its endpoint was not found (HTTP 404)");
  return new AgentError("unavailable", `The image model refused the request (HTTP ${status})`);
}

/** A server-sent event: its name (`event:`) and its data lines joined. */
interface SseEvent {
  event: string | undefined;
  data: string;
}

/** Parses `text/event-stream` (WHATWG HTML §9.2.6) as far as the Images API uses it. */
async function* serverSentEvents(body: ReadableStream<Uint8Array>, maxBytes: number): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = "";
  let total = 0;
  let event: string | undefined;
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (value) {
        total += value.byteLength;
        if (total > maxBytes) throw new AgentError("unavailable", "The image model's answer was too large");
        buffer += decoder.decode(value, { stream: true });
      }
      if (done) buffer += "\n\n";
      let newline: number;
      while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith("\r\n", newline) ? 2 : 1));
        if (line === "") {
          if (data.length > 0) yield { event, data: data.join("\n") };
          event = undefined;
          data = [];
        } else if (!line.startsWith(":")) {
          const colon = line.indexOf(":");
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
          if (field === "event") event = value;
          else if (field === "data") data.push(value);
        }
      }
      if (done) return;
    }
  } finally {
    // Done, failed or left early (the completed event was read): let go of the rest of the body.
    await reader.cancel().catch(() => undefined);
  }
}

function createOpenAiImagesDriver(options: OpenAiImagesOptions, env: DriverEnvironment): AgentDriver {
  const endpoint = `${options.baseUrl}/images/generations`;

  function apiKey(): string | undefined {
    if (options.apiKeyEnv === undefined) return undefined;
    const key = env.secret(options.apiKeyEnv);
    if (!key) {
      env.log.warn("openai-images: the API key's environment variable is not set", { apiKeyEnv: options.apiKeyEnv, model: options.model });
      throw new AgentError("unavailable", "The image model's API key is not configured");
    }
    return key;
  }

  function requestBody(job: AgentJob): Record<string, unknown> {
    return {
      ...options.extraBody,
      model: options.model,
      prompt: promptFromJob(job, options.maxPromptChars),
      n: 1,
      size: options.nativeSize,
      ...(options.quality !== undefined && { quality: options.quality }),
      ...(options.nativeTransparency && job.transparent && { background: "transparent" }),
      ...(options.outputFormat !== undefined && { output_format: options.outputFormat }),
      ...(options.stream && { stream: true }),
      ...(options.stream && options.partialImages !== undefined && { partial_images: options.partialImages }),
    };
  }

  /** Reads a non-2xx answer, logs it for the operator (redacted), and returns the AgentError. */
  async function failure(res: Response, key: string | undefined): Promise<AgentError> {
    let text = "";
    try {
      text = (await readBody(res, 1024 * 1024)).toString("utf8");
    } catch (error) {
      if (!(error instanceof AgentError)) throw error; // an abort while reading: translated by the scope
    }
    const fields = errorFields(tryParseJson(text));
    const error = classifyOpenAiFailure(res.status, fields, res.headers);
    env.log.warn(`openai-images: HTTP ${res.status} from the image model`, {
      model: options.model,
      status: res.status,
      kind: error.kind,
      code: fields.code && sanitizeSnippet(fields.code, [key], 60),
      type: fields.type && sanitizeSnippet(fields.type, [key], 60),
      ...((res.status === 401 || res.status === 403) && { apiKeyEnv: options.apiKeyEnv ?? "(none configured)" }),
      body: sanitizeSnippet(text, [key]),
    });
    return error;
  }

  /** The AgentError for an `error` carried inside a 200 stream (no HTTP status to go by). */
  function streamedFailure(payload: unknown, key: string | undefined, raw: string): AgentError {
    const fields = errorFields(payload);
    const error = isContentPolicy(fields)
      ? new AgentError("rejected", "The image model refused this prompt under its content policy")
      : new AgentError("unavailable", "The image model reported an error while streaming");
    env.log.warn("openai-images: error event in the image stream", {
      model: options.model,
      kind: error.kind,
      code: fields.code && sanitizeSnippet(fields.code, [key], 60),
      type: fields.type && sanitizeSnippet(fields.type, [key], 60),
      body: sanitizeSnippet(raw, [key]),
    });
    return error;
  }

  function malformed(what: string, text: string, key: string | undefined): AgentError {
    env.log.warn(`openai-images: malformed answer (${what})`, { model: options.model, body: sanitizeSnippet(text, [key], 120) });
    return new AgentError("unavailable", `The image model sent a malformed answer (${what})`);
  }

  async function readJsonAnswer(res: Response, key: string | undefined): Promise<Buffer> {
    const text = (await readBody(res, MAX_BODY_BYTES)).toString("utf8");
    const body = tryParseJson(text);
    if (body === undefined) throw malformed("not JSON", text, key);
    const first = isRecord(body) && Array.isArray(body.data) ? (body.data[0] as unknown) : undefined;
    const b64 = isRecord(first) ? first.b64_json : undefined;
    if (typeof b64 !== "string") throw malformed("no data[0].b64_json", text, key);
    const bytes = decodeBase64(b64);
    if (!bytes) throw malformed("b64_json is not base64", "", key);
    return bytes;
  }

  async function readStreamAnswer(res: Response, progress: ProgressTracker, key: string | undefined): Promise<Buffer> {
    if (!res.body) throw malformed("empty stream", "", key);
    const expected = Math.max(1, options.partialImages ?? 1);
    for await (const { event, data } of serverSentEvents(res.body, MAX_BODY_BYTES)) {
      const payload = tryParseJson(data);
      if (payload === undefined) {
        if (data.trim() === "[DONE]") continue;
        throw malformed("an event that is not JSON", data, key);
      }
      const type = isRecord(payload) && typeof payload.type === "string" ? payload.type : event;
      if (event === "error" || type === "error" || (isRecord(payload) && payload.error !== undefined && payload.error !== null)) {
        throw streamedFailure(payload, key, data);
      }
      if (!isRecord(payload)) continue;
      if (type === "image_generation.partial_image") {
        const index = typeof payload.partial_image_index === "number" ? payload.partial_image_index : 0;
        const bytes = typeof payload.b64_json === "string" ? decodeBase64(payload.b64_json) : undefined;
        const preview = bytes ? await previewOf(bytes) : undefined;
        const done = Math.min(index + 1, expected);
        await progress.report(10 + (75 * done) / (expected + 1), `partial image ${index + 1}`, preview);
      } else if (type === "image_generation.completed") {
        if (typeof payload.b64_json !== "string") throw malformed("completed event without b64_json", data, key);
        const bytes = decodeBase64(payload.b64_json);
        if (!bytes) throw malformed("b64_json is not base64", "", key);
        return bytes;
      }
    }
    throw malformed("the stream ended without an image", "", key);
  }

  return {
    async generate(job, ctx) {
      const scope = new AttemptScope(ctx, options.timeoutMs, LABEL);
      try {
        scope.throwIfDone();
        const key = apiKey();
        const progress = new ProgressTracker(ctx);
        await progress.report(5, "calling model");
        const body = requestBody(job);
        const bytes = await scope.request(options.timeoutMs, async (signal) => {
          const res = await env.fetch(endpoint, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              accept: options.stream ? "text/event-stream, application/json" : "application/json",
              ...(key !== undefined && { authorization: `Bearer ${key}` }),
            },
            body: JSON.stringify(body),
            signal,
          });
          if (!res.ok) throw await failure(res, key);
          const streamed = options.stream && (res.headers.get("content-type") ?? "").includes("text/event-stream");
          return streamed ? readStreamAnswer(res, progress, key) : readJsonAnswer(res, key);
        });
        await progress.report(90, "decoding image");
        const image = await toNativePng(bytes, "The image model's answer");
        return { images: [image] };
      } finally {
        scope.dispose();
      }
    },
  };
}

/** The catalog's `"driver": "openai-images"`. */
export const openAiImagesDriver: DriverKind<OpenAiImagesOptions> = {
  name: "openai-images",
  options: openAiImagesOptionsSchema,
  requiredSecrets: (options) => (options.apiKeyEnv === undefined ? [] : [options.apiKeyEnv]),
  create: (options, env) => createOpenAiImagesDriver(options, env),
};
