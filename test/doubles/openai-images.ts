/**
 * A double of the OpenAI Images API (`POST {prefix}/images/generations`, and `POST {prefix}/images/edits`:
 * multipart/form-data with the picture as `image` (or `image[]`), png, webp or jpeg, and `prompt`, both required,
 * the other fields as form fields), as OpenAI documents it and as stable-diffusion.cpp's sd-server and LocalAI serve it:
 *
 * - success: `{created, data: [{b64_json}], background, output_format, quality, size, usage}` with a
 *   real PNG (a red disc on an off-white background, opaque) of the asked `size`;
 * - `stream: true`: server-sent events `image_generation.partial_image` (`partial_images` of them,
 *   each `{type, b64_json, partial_image_index, …}`) then `image_generation.completed`;
 * - errors in OpenAI's shape `{error: {message, type, param, code}}`: 401 `invalid_api_key` when
 *   the double was started with an `apiKey` and the request's Bearer token differs (the message
 *   echoes the token it got, as OpenAI echoes a masked one: drivers must not pass it on), 400
 *   `missing_required_parameter`, 404 for other paths, and whatever a test scripts.
 *
 * Tests script the next answers with `next(...)` (first in, first out); with nothing scripted the
 * double answers a success. Every request is recorded, all headers included.
 *
 * ```ts
 * const double = await startOpenAiImagesDouble({ apiKey: "sk-test" });
 * double.next(openAiReplies.rateLimited({ retryAfter: "3" }), openAiReplies.success());
 * // entry options: { baseUrl: double.url, model: "gpt-image-1-mini", apiKeyEnv: "OPENAI_API_KEY" }
 * ```
 */
import { jsonReply, startHttpDouble, type RecordedRequest, type Reply } from "./http-double.js";
import { testImage, type TestImageFormat } from "./images.js";

export type { RecordedRequest, Reply } from "./http-double.js";

/** A successful image answer; the size defaults to the request's `size`. */
export interface ImageReply {
  kind: "image";
  width?: number;
  height?: number;
  format?: TestImageFormat;
  /** Answer only after this many milliseconds. */
  delayMs?: number;
}

/** A streamed answer: `partials` partial images (default: the request's `partial_images`), then the image. */
export interface StreamReply {
  kind: "stream";
  partials?: number;
  width?: number;
  height?: number;
  gapMs?: number;
  /** Instead of the completed event, an `error` event with this OpenAI error object. */
  failWith?: OpenAiError;
  /** Keep the stream open after the partials, never completing (for cancel/timeout tests). */
  stall?: boolean;
  /** Start answering only after this many milliseconds. */
  delayMs?: number;
  /** Every partial image is these bytes instead of a drawn picture (e.g. a picture bomb). */
  partialImage?: Buffer;
}

export type OpenAiImagesReply = Reply | ImageReply | StreamReply;

export interface OpenAiError {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

export interface OpenAiImagesDoubleOptions {
  /** When set, a request must carry `Authorization: Bearer <apiKey>`, else it gets OpenAI's 401. */
  apiKey?: string;
  /** The API root's path; default `/v1`. */
  prefix?: string;
}

export interface OpenAiImagesDouble {
  /** The `baseUrl` to configure, e.g. `http://127.0.0.1:41234/v1`. */
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** The generation requests only (`POST …/images/generations`). */
  generations(): RecordedRequest[];
  /** The edit requests only (`POST …/images/edits`, multipart: read their fields with `editFields`). */
  edits(): RecordedRequest[];
  /** Scripts the answers to the next generation requests, in order. */
  next(...replies: OpenAiImagesReply[]): void;
  /** Resolves with the next (or an already received) request matching `predicate`. */
  waitForRequest(predicate?: (req: RecordedRequest) => boolean, timeoutMs?: number): Promise<RecordedRequest>;
  close(): Promise<void>;
}

const error = (status: number, body: OpenAiError, headers?: Record<string, string>): Reply => jsonReply(status, { error: body }, headers);

/** Answers as OpenAI documents them, for `next(...)`. */
export const openAiReplies = {
  success: (options: Omit<ImageReply, "kind"> = {}): ImageReply => ({ kind: "image", ...options }),
  stream: (options: Omit<StreamReply, "kind"> = {}): StreamReply => ({ kind: "stream", ...options }),
  /** 429 `rate_limit_exceeded` with `retry-after` (seconds or an HTTP-date) and/or `retry-after-ms`. */
  rateLimited: (options: { retryAfter?: string; retryAfterMs?: string } = { retryAfter: "2" }): Reply =>
    error(
      429,
      {
        message: "Rate limit reached for images per minute. Limit: 5/1min. Current: 6/1min.",
        type: "requests",
        param: null,
        code: "rate_limit_exceeded",
      },
      {
        ...(options.retryAfter !== undefined && { "retry-after": options.retryAfter }),
        ...(options.retryAfterMs !== undefined && { "retry-after-ms": options.retryAfterMs }),
      },
    ),
  /** 429 `insufficient_quota`: billing, not a rate limit. */
  insufficientQuota: (): Reply =>
    error(429, {
      message: "You exceeded your current quota, please check your plan and billing details.",
      type: "insufficient_quota",
      param: null,
      code: "insufficient_quota",
    }),
  serverError: (status = 500, retryAfter?: string): Reply =>
    error(
      status,
      {
        message: "The server had an error while processing your request. Sorry about that!",
        type: "server_error",
        param: null,
        code: null,
      },
      retryAfter === undefined ? undefined : { "retry-after": retryAfter },
    ),
  /**
   * 400 from the safety system. `moderation_blocked` is what the GPT image models answer
   * (`type: image_generation_user_error`); `content_policy_violation` what DALL·E answered.
   */
  contentPolicy: (code: "moderation_blocked" | "content_policy_violation" = "moderation_blocked"): Reply =>
    code === "moderation_blocked"
      ? error(400, {
          message:
            "Your request was rejected by the safety system. If you believe this is an error, contact us at help.openai.com and include the request ID req_0123. safety_violations=[violence].",
          type: "image_generation_user_error",
          param: null,
          code: "moderation_blocked",
        })
      : error(400, {
          message: "Your request was rejected as a result of our safety system. Your prompt may contain text that is not allowed by our safety system.",
          type: "invalid_request_error",
          param: null,
          code: "content_policy_violation",
        }),
  /** 401 echoing the key it was given, as OpenAI does (masked there, whole here to catch leaks). */
  invalidApiKey: (given: string): Reply =>
    error(401, {
      message: `Incorrect API key provided: ${given}. You can find your API key at https://platform.openai.com/account/api-keys.`,
      type: "invalid_request_error",
      param: null,
      code: "invalid_api_key",
    }),
  modelNotFound: (model: string): Reply =>
    error(404, {
      message: `The model \`${model}\` does not exist or you do not have access to it.`,
      type: "invalid_request_error",
      param: null,
      code: "model_not_found",
    }),
  badRequest: (message = "Invalid value for 'size'.", param: string | null = "size"): Reply =>
    error(400, { message, type: "invalid_request_error", param, code: "invalid_value" }),
  /** 200 with a JSON body cut in the middle. */
  malformedJson: (): Reply => ({
    kind: "raw",
    status: 200,
    contentType: "application/json",
    body: '{"created": 1767225600, "data": [{"b64_json": "iVBORw0KGgoAAAANSUhEUg',
  }),
  /** 200, valid JSON, but no `data[0].b64_json`. */
  noImage: (): Reply => ({ kind: "json", body: { created: 1767225600, data: [] } }),
  /** 200 whose `b64_json` holds these bytes (e.g. a truncated PNG, or no image at all). */
  b64: (bytes: Buffer): Reply => ({ kind: "json", body: { created: 1767225600, data: [{ b64_json: bytes.toString("base64") }] } }),
  /** 200 whose `b64_json` is not base64. */
  notBase64: (): Reply => ({ kind: "json", body: { created: 1767225600, data: [{ b64_json: "%%% not base64 %%%" }] } }),
  /** Answers `then` (default: a success) only after `ms`. */
  slow: (ms: number, then: OpenAiImagesReply = { kind: "image" }): OpenAiImagesReply =>
    then.kind === "image" || then.kind === "stream" ? { ...then, delayMs: ms } : { kind: "delay", ms, reply: then },
  /** A redirect (307 keeps the POST and its body) to `location`, e.g. another local server. */
  redirect: (location: string, status = 307): Reply => ({ kind: "raw", status, body: "", headers: { location } }),
  /** Never answers; the double records when the client gives up and closes the socket. */
  hang: (): Reply => ({ kind: "hang" }),
  reset: (): Reply => ({ kind: "reset" }),
};

function sizeOf(body: unknown): { width: number; height: number } {
  const size = typeof body === "object" && body !== null ? (body as { size?: unknown }).size : undefined;
  const m = typeof size === "string" ? /^(\d+)x(\d+)$/.exec(size) : null;
  return m ? { width: Number(m[1]), height: Number(m[2]) } : { width: 1024, height: 1024 };
}

export async function startOpenAiImagesDouble(options: OpenAiImagesDoubleOptions = {}): Promise<OpenAiImagesDouble> {
  const prefix = options.prefix ?? "/v1";
  const endpoint = `${prefix}/images/generations`;
  const editsEndpoint = `${prefix}/images/edits`;
  const script: OpenAiImagesReply[] = [];

  async function resolve(reply: OpenAiImagesReply, req: RecordedRequest, fields?: Record<string, unknown>): Promise<Reply> {
    const body = fields ?? ((req.json ?? {}) as Record<string, unknown>);
    const wrapped = (r: Reply): Reply =>
      (reply.kind === "image" || reply.kind === "stream") && reply.delayMs ? { kind: "delay", ms: reply.delayMs, reply: r } : r;
    if (reply.kind === "image") {
      const { width, height } = { ...sizeOf(body), ...pick(reply) };
      const format = reply.format ?? "png";
      const png = await testImage({ width, height, format });
      return wrapped({
        kind: "json",
        body: {
          created: Math.floor(Date.now() / 1000),
          background: body.background === "transparent" ? "transparent" : "opaque",
          output_format: format,
          quality: typeof body.quality === "string" ? body.quality : "medium",
          size: `${width}x${height}`,
          data: [{ b64_json: png.toString("base64") }],
          usage: { input_tokens: 12, input_tokens_details: { image_tokens: 0, text_tokens: 12 }, output_tokens: 1056, total_tokens: 1068 },
        },
      });
    }
    if (reply.kind === "stream") {
      const { width, height } = { ...sizeOf(body), ...pick(reply) };
      const partials = reply.partials ?? (typeof body.partial_images === "number" ? body.partial_images : 0);
      const common = { background: "opaque", output_format: "png", quality: "medium", size: `${width}x${height}` };
      const events: Array<{ event?: string; data: unknown }> = [];
      for (let i = 0; i < partials; i++) {
        // Partial images: the same scene, the subject still pale.
        const shade = Math.round(200 - (120 * (i + 1)) / (partials + 1));
        const partial = reply.partialImage ?? (await testImage({ width, height, color: [240, shade, shade] }));
        events.push({
          event: "image_generation.partial_image",
          data: { type: "image_generation.partial_image", b64_json: partial.toString("base64"), partial_image_index: i, created_at: 1767225600, ...common },
        });
      }
      if (reply.failWith) {
        events.push({ event: "error", data: { type: "error", error: reply.failWith } });
      } else if (!reply.stall) {
        const png = await testImage({ width, height });
        events.push({
          event: "image_generation.completed",
          data: {
            type: "image_generation.completed",
            b64_json: png.toString("base64"),
            created_at: 1767225600,
            ...common,
            usage: { input_tokens: 12, input_tokens_details: { image_tokens: 0, text_tokens: 12 }, output_tokens: 1056, total_tokens: 1068 },
          },
        });
      }
      return wrapped({ kind: "sse", events, gapMs: reply.gapMs ?? 5, thenHang: reply.stall === true });
    }
    return reply;
  }

  const double = await startHttpDouble(async (req) => {
    if (req.method !== "POST" || (req.path !== endpoint && req.path !== editsEndpoint)) {
      return error(404, { message: `Invalid URL (${req.method} ${req.path})`, type: "invalid_request_error", param: null, code: null });
    }
    if (options.apiKey !== undefined) {
      const auth = req.headers.authorization ?? "";
      const given = auth.startsWith("Bearer ") ? auth.slice(7) : "";
      if (given !== options.apiKey) {
        return given === ""
          ? error(401, {
              message: "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth.",
              type: "invalid_request_error",
              param: null,
              code: null,
            })
          : openAiReplies.invalidApiKey(given);
      }
    }
    const edit = req.path === editsEndpoint;
    const body = edit ? await editFields(req) : (req.json as Record<string, unknown> | undefined);
    if (edit && !(body?.image instanceof Blob)) {
      return error(400, {
        message: "Missing required parameter: 'image'.",
        type: "invalid_request_error",
        param: "image",
        code: "missing_required_parameter",
      });
    }
    const picture = edit ? (body?.image as Blob) : undefined;
    if (picture && !["image/png", "image/webp", "image/jpeg"].includes(picture.type)) {
      return error(400, {
        message: `Invalid file 'image': unsupported mimetype ('${picture.type}'). Supported file formats are 'image/jpeg', 'image/png', and 'image/webp'.`,
        type: "invalid_request_error",
        param: "image",
        code: "unsupported_file_mimetype",
      });
    }
    if (!body || typeof body.prompt !== "string" || body.prompt === "") {
      return error(400, {
        message: "Missing required parameter: 'prompt'.",
        type: "invalid_request_error",
        param: "prompt",
        code: "missing_required_parameter",
      });
    }
    const scripted = script.shift();
    if (scripted) return resolve(scripted, req, body);
    return resolve(body.stream === true || body.stream === "true" ? { kind: "stream" } : { kind: "image" }, req, body);
  });

  return {
    url: `${double.origin}${prefix}`,
    requests: double.requests,
    generations: () => double.requests.filter((r) => r.method === "POST" && r.path === endpoint),
    edits: () => double.requests.filter((r) => r.method === "POST" && r.path === editsEndpoint),
    next: (...replies) => void script.push(...replies),
    waitForRequest: (predicate = () => true, timeoutMs) => double.waitForRequest(predicate, timeoutMs),
    close: () => double.close(),
  };
}

/** An edit's multipart fields: strings as sent, the picture (`image`, or the first `image[]`) as a Blob; undefined when not multipart. */
export async function editFields(req: RecordedRequest): Promise<Record<string, unknown> | undefined> {
  const type = req.headers["content-type"] ?? "";
  if (!type.startsWith("multipart/form-data")) return undefined;
  const form = await new Response(new Uint8Array(req.body), { headers: { "content-type": type } }).formData().catch(() => undefined);
  if (!form) return undefined;
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    const key = name === "image[]" ? "image" : name;
    if (!(key in fields)) fields[key] = value;
  }
  return fields;
}

function pick(reply: { width?: number; height?: number }): { width?: number; height?: number } {
  return {
    ...(reply.width !== undefined && { width: reply.width }),
    ...(reply.height !== undefined && { height: reply.height }),
  };
}
