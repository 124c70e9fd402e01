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
 * - bad JSON, no `data[0].b64_json`, not base64, not a complete PNG/JPEG/WebP, or a picture
 *   larger than twice `nativeSize` on a side (refused from its header, never decoded) → `unavailable`;
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
import { AgentError, type AgentDriver, type AgentJob, type DriverEnvironment } from "../driver.js";
import {
  classifyHttpFailure,
  contentPolicyRefusal,
  modelDriverKind,
  modelHttp,
  modelOptions,
  passThroughOption,
  withAttempt,
  type ModelNames,
} from "../models/model-http.js";
import { isRecord, normalizeBaseUrl, ProgressTracker, readBody, sanitizeSnippet, tryParseJson, MAX_BODY_BYTES } from "../models/http.js";
import { decodeBase64, limitOfNativeSize, previewOf, toNativePng } from "../models/image.js";
import { promptFromJob } from "../models/prompt.js";
import { sameOriginFetch } from "../models/same-origin-fetch.js";

/** Request fields the driver sets itself: `extraBody` may not override them. */
const OWN_FIELDS = ["model", "prompt", "n", "size", "quality", "background", "output_format", "stream", "partial_images"];

export const openAiImagesOptionsSchema = z
  .strictObject({
    /** The API root, e.g. `https://api.openai.com/v1`, `http://gpu-box:1234/v1` (sd-server, LocalAI). */
    baseUrl: modelOptions.baseUrl.transform(normalizeBaseUrl),
    model: z.string().min(1),
    /** The environment variable holding the API key; omit for a self-hosted server that needs none. */
    apiKeyEnv: modelOptions.apiKeyEnv,
    /** The size asked of the model (`size`); the service fits the image to the asked size afterwards. */
    nativeSize: modelOptions.nativeSize,
    quality: z.enum(["low", "medium", "high", "auto"]).optional(),
    /** The model can draw transparent backgrounds: a transparent job sends `background: "transparent"`. */
    nativeTransparency: z.boolean().default(false),
    /** Sent as `output_format` when set (GPT image models); other formats are converted to PNG anyway. */
    outputFormat: z.literal("png").optional(),
    /** Budget of the HTTP request, answer included, in milliseconds (also bounded by the job's deadline). */
    timeoutMs: modelOptions.timeoutMs,
    maxRetries: modelOptions.maxRetries,
    /** Ask for server-sent events (`stream: true`); stable-diffusion.cpp and LocalAI do not stream. */
    stream: z.boolean().default(false),
    /** `partial_images` (0–3) while streaming: each becomes a preview in the progress stream. */
    partialImages: z.int().min(0).max(3).optional(),
    maxPromptChars: modelOptions.maxPromptChars,
    /** Extra request fields passed through as they are, e.g. `{"response_format": "b64_json"}` for LocalAI. */
    extraBody: passThroughOption("extraBody", OWN_FIELDS),
  })
  .refine((o) => o.partialImages === undefined || o.stream, {
    message: "partialImages needs stream: true",
    path: ["partialImages"],
  });

export type OpenAiImagesOptions = z.output<typeof openAiImagesOptionsSchema>;

const NAMES: ModelNames = { driver: "openai-images", label: "the image model", notFound: "its endpoint" };

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
  const billing = fields.code === "insufficient_quota" || fields.type === "insufficient_quota" || fields.code === "billing_hard_limit_reached";
  if (status === 429 && billing) return new AgentError("unavailable", "The image model's account has no quota left");
  return classifyHttpFailure(NAMES, status, isContentPolicy(fields), headers);
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
  /** With the caller's picture (contract section 14): OpenAI's edits endpoint, multipart, the picture as `image`. */
  const editsEndpoint = `${options.baseUrl}/images/edits`;
  const limit = limitOfNativeSize(options.nativeSize);
  const fetch = sameOriginFetch(env.fetch);
  const { apiKey, malformed, failure } = modelHttp(NAMES, options, env);

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

  /**
   * An edit's multipart body (OpenAI's `POST /images/edits`): the same fields as a generation's, as form fields
   * (`extraBody`'s non-string values JSON-encoded), and the stored PNG as the `image` file.
   */
  function editBody(job: AgentJob, image: NonNullable<AgentJob["image"]>): FormData {
    const form = new FormData();
    for (const [name, value] of Object.entries(requestBody(job))) {
      if (value !== undefined) form.append(name, typeof value === "string" ? value : JSON.stringify(value));
    }
    form.append("image", new Blob([new Uint8Array(image.png)], { type: "image/png" }), "image.png");
    return form;
  }

  /** The provider's error code and type, redacted, for the operator's log line. */
  const logged = (fields: OpenAiErrorFields, key: string | undefined) => ({
    code: fields.code && sanitizeSnippet(fields.code, [key], 60),
    type: fields.type && sanitizeSnippet(fields.type, [key], 60),
  });

  /** Reads a non-2xx answer, logs it for the operator (redacted), and returns the AgentError. */
  function httpFailure(res: Response, key: string | undefined): Promise<AgentError> {
    return failure(res, key, "the image model", (text) => {
      const fields = errorFields(tryParseJson(text));
      return { error: classifyOpenAiFailure(res.status, fields, res.headers), details: logged(fields, key) };
    });
  }

  /** The AgentError for an `error` carried inside a 200 stream (no HTTP status to go by). */
  function streamedFailure(payload: unknown, key: string | undefined, raw: string): AgentError {
    const fields = errorFields(payload);
    const error = isContentPolicy(fields) ? contentPolicyRefusal(NAMES) : new AgentError("unavailable", "The image model reported an error while streaming");
    env.log.warn("openai-images: error event in the image stream", {
      model: options.model,
      kind: error.kind,
      ...logged(fields, key),
      body: sanitizeSnippet(raw, [key]),
    });
    return error;
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
        const preview = bytes ? await previewOf(bytes, limit) : undefined;
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
    maxImagePixels: limit.maxWidth * limit.maxHeight,
    // an entry whose inputs list "image" sends the caller's picture to the edits endpoint; the prompt says what to do with it
    images: {},
    generate: (job, ctx) =>
      withAttempt(ctx, options.timeoutMs, NAMES.label, async (scope) => {
        const key = apiKey();
        const progress = new ProgressTracker(ctx);
        await progress.report(5, "calling model");
        const bytes = await scope.request(options.timeoutMs, async (signal) => {
          const headers = {
            accept: options.stream ? "text/event-stream, application/json" : "application/json",
            ...(key !== undefined && { authorization: `Bearer ${key}` }),
          };
          // fetch sets the multipart content type (with its boundary) itself
          const res = job.image
            ? await fetch(editsEndpoint, { method: "POST", headers, body: editBody(job, job.image), signal })
            : await fetch(endpoint, {
                method: "POST",
                headers: { ...headers, "content-type": "application/json" },
                body: JSON.stringify(requestBody(job)),
                signal,
              });
          if (!res.ok) throw await httpFailure(res, key);
          const streamed = options.stream && (res.headers.get("content-type") ?? "").includes("text/event-stream");
          return streamed ? readStreamAnswer(res, progress, key) : readJsonAnswer(res, key);
        });
        await progress.report(90, "decoding image");
        const image = await toNativePng(bytes, "The image model's answer", limit);
        return { images: [image] };
      }),
  };
}

/** The catalog's `"driver": "openai-images"`. */
export const openAiImagesDriver = modelDriverKind("openai-images", openAiImagesOptionsSchema, createOpenAiImagesDriver);
