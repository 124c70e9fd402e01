/**
 * The `fal-queue` driver: a model on fal.ai reached through fal's queue API.
 *
 * Why fal rather than Replicate: fal's queue is one small, uniform REST protocol for every model
 * (submit → status → result → cancel, each URL handed back at submit), its status answers carry
 * the queue position we want to show, its cancel works on queued requests, and its error bodies
 * are documented with machine-readable types (`content_policy_violation`). Replicate's output
 * shape differs per model (a URL, a list of URLs, or objects) and its `Prefer: wait` mode holds a
 * connection open for up to 60 s, which fits our "one attempt, abortable" contract less well.
 *
 * Followed, as documented (pages as of 2026):
 * - Queue API: https://docs.fal.ai/model-endpoints/queue and
 *   https://docs.fal.ai/documentation/model-apis/inference/queue —
 *   `POST https://queue.fal.run/{model_id}` (the model id may carry a subpath, e.g.
 *   `fal-ai/flux/dev`) answers `{request_id, response_url, status_url, cancel_url}`;
 *   `GET …/requests/{id}/status` answers `status` `IN_QUEUE` (with `queue_position`, the number of
 *   requests ahead) / `IN_PROGRESS` / `COMPLETED`; `GET …/requests/{id}` answers the model's
 *   output; `PUT …/requests/{id}/cancel` answers 202 `CANCELLATION_REQUESTED` (400
 *   `ALREADY_COMPLETED`, 404 `NOT_FOUND`). Status and result URLs drop the subpath; we use the URLs
 *   the submit answer gives (when they are on the queue's own origin, so the key never goes
 *   elsewhere) and otherwise build them from `{owner}/{alias}` as fal's JS client does.
 * - Auth: `Authorization: Key $FAL_KEY` (https://fal.ai/docs/inference-api/queue/cancel).
 * - Errors: model errors are `{detail: [{loc, msg, type, url, ctx?}]}` with `type`
 *   `content_policy_violation` for a refused prompt, returned by the result fetch with 422
 *   (https://docs.fal.ai/errors); request errors are `{detail, error_type}` plus `X-Fal-Error-Type`
 *   (https://fal.ai/docs/documentation/model-apis/request-errors).
 * - Output of the text-to-image models: `{images: [{url, width, height, content_type}], seed,
 *   has_nsfw_concepts}`; `url` is on fal's CDN (public: fetched without our key) or a `data:` URI
 *   with `sync_mode`.
 *
 * Errors map as in the `openai-images` driver: 429 → `rate_limited` (with `retry-after`); 5xx,
 * network failures, malformed answers, 401/403/404 and other 4xx (misconfiguration: see the
 * comment in ../openai-images/driver.ts) → `unavailable`; `content_policy_violation`, or an image
 * the model's own safety checker flagged (`has_nsfw_concepts: [true]`, fal then returns a black
 * picture) → `rejected`; the attempt's `timeoutMs`, a request's `requestTimeoutMs` or
 * `ctx.deadline` → `timeout`; a cancel → the AbortError. Whenever the attempt ends without the
 * request having completed (cancel, timeout, any error after the submit), the upstream request
 * is canceled with `PUT cancel_url` so that fal stops (and stops billing) the work.
 */
import { z } from "zod";
import { AgentError, type AgentDriver, type AgentJob, type DriverEnvironment } from "../driver.js";
import { classifyHttpFailure, modelDriverKind, modelHttp, modelOptions, passThroughOption, withAttempt, type ModelNames } from "../models/model-http.js";
import { isRecord, normalizeBaseUrl, parseRetryAfter, ProgressTracker, readBody, sanitizeSnippet, tryParseJson, MAX_BODY_BYTES } from "../models/http.js";
import { decodeBase64, limitOfNativeSize, toNativePng } from "../models/image.js";
import { promptFromJob } from "../models/prompt.js";
import { AddressRefused } from "../../infra/net/addresses.js";
import { getPublic } from "../../infra/net/public-get.js";
import { sameOriginFetch } from "../models/same-origin-fetch.js";

/** Input fields the driver sets itself: `extraInput` may not override them. */
const OWN_FIELDS = ["prompt", "image_size", "num_images", "seed", "output_format", "image_url"];

/** fal's id namespaces whose ids have three parts before the subpath (as in fal's JS client). */
const NAMESPACES = new Set(["workflows", "comfy"]);

/** How long the upstream cancel may take: it is sent after our own signal aborted. */
const CANCEL_TIMEOUT_MS = 5000;

export const falQueueOptionsSchema = z
  .strictObject({
    /** The queue's root; fal's is `https://queue.fal.run`. */
    baseUrl: modelOptions.baseUrl.default("https://queue.fal.run").transform(normalizeBaseUrl),
    /** The model id, `owner/alias` with an optional subpath, e.g. `fal-ai/flux/schnell`. */
    model: z.string().regex(/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)+$/, 'model must look like "fal-ai/flux/schnell"'),
    /** The environment variable holding the fal key (`Authorization: Key …`); public models need none. */
    apiKeyEnv: modelOptions.apiKeyEnv,
    /** Sent as `image_size: {width, height}`; the service fits the image to the asked size afterwards. */
    nativeSize: modelOptions.nativeSize,
    /** Sent as `output_format`; whatever comes back is converted to PNG. */
    outputFormat: z.enum(["png", "jpeg", "webp"]).default("png"),
    /** Budget of the whole attempt (submit, queue, run, download), bounded by the job's deadline. */
    timeoutMs: modelOptions.timeoutMs,
    /** Budget of each HTTP request within the attempt. */
    requestTimeoutMs: z.int().positive().max(600_000).default(30_000),
    maxRetries: modelOptions.maxRetries,
    /** First wait between status polls; it grows by half each poll up to `maxPollIntervalMs`. */
    pollIntervalMs: z.int().positive().max(60_000).default(500),
    maxPollIntervalMs: z.int().positive().max(60_000).default(2000),
    maxPromptChars: modelOptions.maxPromptChars,
    /** Extra model input passed through, e.g. `{"num_inference_steps": 4, "enable_safety_checker": true}`. */
    extraInput: passThroughOption("extraInput", OWN_FIELDS),
    /**
     * Hosts (`name` or `name:port`) whose image URLs are fetched as they are: for a self-hosted
     * server on a private network. Any other image URL must pass the webhooks' address guard
     * (https, public addresses only, the connection pinned to the checked addresses).
     */
    trustedHosts: z
      .array(z.string().regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/, 'a trusted host looks like "gpu-box.lan" or "10.0.0.5:8000"'))
      .max(50)
      .default([]),
  })
  .refine((o) => o.maxPollIntervalMs >= o.pollIntervalMs, {
    message: "maxPollIntervalMs must be at least pollIntervalMs",
    path: ["maxPollIntervalMs"],
  });

export type FalQueueOptions = z.output<typeof falQueueOptionsSchema>;

const NAMES: ModelNames = { driver: "fal-queue", label: "the fal model", notFound: "request" };

interface QueueUrls {
  requestId: string;
  status: string;
  response: string;
  cancel: string;
}

/** Types of the `detail` entries of a fal model error (`[{type: "content_policy_violation", …}]`). */
function detailTypes(body: unknown): string[] {
  const detail = isRecord(body) ? body.detail : undefined;
  if (!Array.isArray(detail)) return [];
  return detail.flatMap((d) => (isRecord(d) && typeof d.type === "string" ? [d.type] : []));
}

/** The AgentError for a fal answer that is not 2xx. */
export function classifyFalFailure(status: number, body: unknown, headers: Headers): AgentError {
  return classifyHttpFailure(NAMES, status, detailTypes(body).includes("content_policy_violation"), headers);
}

function createFalQueueDriver(options: FalQueueOptions, env: DriverEnvironment): AgentDriver {
  const origin = new URL(options.baseUrl).origin;
  const submitUrl = `${options.baseUrl}/${options.model}`;
  const parts = options.model.split("/");
  const appPath = parts.slice(0, NAMESPACES.has(parts[0]!) ? 3 : 2).join("/");
  const [width, height] = options.nativeSize.split("x").map(Number) as [number, number];
  const limit = limitOfNativeSize(options.nativeSize);
  // Calls to the queue (its key goes along) never follow a redirect to another origin.
  const fetch = sameOriginFetch(env.fetch);
  const { apiKey, malformed, failure } = modelHttp(NAMES, options, env);

  const headers = (key: string | undefined, json: boolean): Record<string, string> => ({
    accept: "application/json",
    ...(json && { "content-type": "application/json" }),
    ...(key !== undefined && { authorization: `Key ${key}` }),
  });

  function input(job: AgentJob): Record<string, unknown> {
    return {
      ...options.extraInput,
      prompt: promptFromJob(job, options.maxPromptChars),
      image_size: { width, height },
      num_images: 1,
      seed: job.seed,
      output_format: options.outputFormat,
      // the caller's picture (contract section 14), as fal's image-to-image models take it: a data URL
      ...(job.image && { image_url: `data:image/png;base64,${job.image.png.toString("base64")}` }),
    };
  }

  /** A queue URL from an answer, only when it is on the queue's own origin (the key goes there). */
  function ownUrl(value: unknown): string | undefined {
    if (typeof value !== "string") return undefined;
    try {
      const url = new URL(value);
      return url.origin === origin && url.username === "" && url.password === "" ? url.href : undefined;
    } catch {
      return undefined;
    }
  }

  /** Reads an answer as JSON; a non-2xx answer becomes its AgentError (logged, redacted). */
  async function json(res: Response, step: string, key: string | undefined): Promise<unknown> {
    if (!res.ok) {
      throw await failure(res, key, `the fal ${step}`, (text) => {
        const body = tryParseJson(text);
        const errorType = res.headers.get("x-fal-error-type") ?? (isRecord(body) && typeof body.error_type === "string" ? body.error_type : undefined);
        return {
          error: classifyFalFailure(res.status, body, res.headers),
          details: {
            errorType: errorType && sanitizeSnippet(errorType, [key], 60),
            detailTypes: detailTypes(body).map((type) => sanitizeSnippet(type, [key], 60)),
          },
        };
      });
    }
    const text = (await readBody(res, MAX_BODY_BYTES)).toString("utf8");
    const body = tryParseJson(text);
    if (body === undefined) throw malformed(`${step} answer is not JSON`, text, key);
    return body;
  }

  /** Best effort, after the attempt failed: tells fal to drop or stop the request. Never throws. */
  async function cancelUpstream(urls: QueueUrls, key: string | undefined): Promise<void> {
    try {
      const res = await fetch(urls.cancel, {
        method: "PUT",
        headers: headers(key, false),
        signal: AbortSignal.timeout(CANCEL_TIMEOUT_MS),
      });
      const text = (await readBody(res, 64 * 1024).catch(() => Buffer.alloc(0))).toString("utf8");
      env.log.info("fal-queue: canceled the upstream request", {
        model: options.model,
        requestId: urls.requestId,
        status: res.status,
        answer: sanitizeSnippet(text, [key], 80),
      });
    } catch (error) {
      env.log.warn("fal-queue: could not cancel the upstream request", {
        model: options.model,
        requestId: urls.requestId,
        error: error instanceof Error ? error.name : "unknown",
      });
    }
  }

  /** The first image of a model output: `images[0].url` (or `image.url`), and whether it was flagged. */
  function firstImage(output: unknown, key: string | undefined): { url: string; flagged: boolean } {
    const record = isRecord(output) ? output : {};
    const images = Array.isArray(record.images) ? (record.images as unknown[]) : isRecord(record.image) ? [record.image] : [];
    const first = images[0];
    const url = isRecord(first) ? first.url : undefined;
    if (typeof url !== "string") throw malformed("no images[0].url", JSON.stringify(output) ?? "", key);
    const flags = record.has_nsfw_concepts;
    return { url, flagged: Array.isArray(flags) && flags[0] === true };
  }

  const trusted = new Set(options.trustedHosts.map((h) => h.toLowerCase()));
  const isTrusted = (url: URL) => trusted.has(url.host.toLowerCase()) || trusted.has(url.hostname.toLowerCase());

  /**
   * The image's bytes: a `data:` URI decoded, or an http(s) URL fetched without our key: from a
   * trusted host as it is (redirects within its origin only), from any other through the address guard.
   */
  async function download(url: string, signal: AbortSignal): Promise<Buffer> {
    const data = /^data:[^,;]*(;[^,]*)?;base64,(.*)$/s.exec(url);
    if (data) {
      const bytes = decodeBase64(data[2]!);
      if (!bytes) throw new AgentError("unavailable", "The fal model's image data URI is not base64");
      return bytes;
    }
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new AgentError("unavailable", "The fal model's image URL is not a URL");
    }
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
      throw new AgentError("unavailable", "The fal model's image URL is not http(s)");
    }
    const init = { headers: { accept: "image/*" }, signal };
    let res: Response;
    if (isTrusted(parsed)) {
      res = await fetch(parsed, init);
    } else {
      try {
        res = await getPublic(parsed, init);
      } catch (error) {
        if (!(error instanceof AddressRefused)) throw error;
        env.log.warn("fal-queue: refused the image URL", { model: options.model, host: parsed.host, reason: error.detail });
        throw new AgentError("unavailable", "The fal model's image URL is not allowed (not a public https address, and not a trusted host)");
      }
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      env.log.warn(`fal-queue: HTTP ${res.status} downloading the image`, { model: options.model, host: parsed.host });
      throw res.status === 429
        ? new AgentError("rate_limited", "The fal image store is rate limiting downloads", { retryAfterMs: parseRetryAfter(res.headers) })
        : new AgentError("unavailable", `The fal model's image could not be downloaded (HTTP ${res.status})`, {
            retryAfterMs: parseRetryAfter(res.headers),
          });
    }
    return readBody(res, MAX_BODY_BYTES);
  }

  return {
    maxImagePixels: limit.maxWidth * limit.maxHeight,
    // an entry whose inputs list "image" names an image-to-image model: the picture goes as `image_url`
    images: {},
    generate: (job, ctx) =>
      withAttempt(ctx, options.timeoutMs, NAMES.label, async (scope) => {
        const requestTimeout = options.requestTimeoutMs;
        const key = apiKey();
        let urls: QueueUrls | undefined;
        let completed = false;
        try {
          const progress = new ProgressTracker(ctx);
          await progress.report(5, "calling model");

          // 1. Submit.
          const submitted = await scope.request(requestTimeout, async (signal) => {
            const res = await fetch(submitUrl, { method: "POST", headers: headers(key, true), body: JSON.stringify(input(job)), signal });
            return json(res, "submit", key);
          });
          const requestId = isRecord(submitted) ? submitted.request_id : undefined;
          if (typeof requestId !== "string" || !/^[A-Za-z0-9._-]{1,200}$/.test(requestId)) {
            throw malformed("no request_id", JSON.stringify(submitted) ?? "", key);
          }
          const base = `${options.baseUrl}/${appPath}/requests/${requestId}`;
          const answer = submitted as Record<string, unknown>;
          urls = {
            requestId,
            status: ownUrl(answer.status_url) ?? `${base}/status`,
            response: ownUrl(answer.response_url) ?? base,
            cancel: ownUrl(answer.cancel_url) ?? `${base}/cancel`,
          };

          // 2. Poll the status until COMPLETED, reporting the queue position, then the run.
          let firstPosition: number | undefined;
          let runningPolls = 0;
          let interval = options.pollIntervalMs;
          const statusUrl = urls.status;
          for (;;) {
            const status = await scope.request(requestTimeout, async (signal) => {
              const res = await fetch(statusUrl, { headers: headers(key, false), signal });
              return json(res, "status", key);
            });
            const state = isRecord(status) ? status.status : undefined;
            if (state === "COMPLETED" || state === "FAILED") break; // the result fetch tells how it ended
            if (state === "IN_QUEUE") {
              const raw = (status as Record<string, unknown>).queue_position;
              const position = typeof raw === "number" && Number.isInteger(raw) && raw >= 0 ? raw : undefined;
              firstPosition ??= position;
              const share = position === undefined || firstPosition === undefined ? 0 : 1 - position / (firstPosition + 1);
              await progress.report(10 + 20 * share, position === undefined ? "in queue" : `in queue (position ${position})`);
            } else if (state === "IN_PROGRESS") {
              runningPolls++;
              await progress.report(40 + 35 * (1 - 0.85 ** (runningPolls - 1)), "model running");
            } else if (state === "CANCELED" || state === "CANCELLED") {
              completed = true; // nothing left to cancel
              throw new AgentError("unavailable", "The fal request was canceled upstream");
            } else {
              throw malformed(`unknown status ${JSON.stringify(state) ?? "none"}`, JSON.stringify(status) ?? "", key);
            }
            await scope.sleep(interval);
            interval = Math.min(options.maxPollIntervalMs, Math.round(interval * 1.5));
          }
          completed = true;

          // 3. The result, then the image it points to.
          await progress.report(80, "fetching result");
          const responseUrl = urls.response;
          const output = await scope.request(requestTimeout, async (signal) => {
            const res = await fetch(responseUrl, { headers: headers(key, false), signal });
            return json(res, "result", key);
          });
          const image = firstImage(output, key);
          if (image.flagged) {
            env.log.info("fal-queue: the model's safety checker flagged the image", { model: options.model, requestId });
            throw new AgentError("rejected", "The fal model's safety checker flagged the image for this prompt");
          }
          await progress.report(85, "downloading image");
          const bytes = await scope.request(requestTimeout, (signal) => download(image.url, signal));
          await progress.report(90, "decoding image");
          return { images: [await toNativePng(bytes, "The fal model's image", limit)] };
        } catch (error) {
          if (urls !== undefined && !completed) await cancelUpstream(urls, key);
          throw error;
        }
      }),
  };
}

/** The catalog's `"driver": "fal-queue"`. */
export const falQueueDriver = modelDriverKind("fal-queue", falQueueOptionsSchema, createFalQueueDriver);
