/**
 * A double of fal's queue API (https://docs.fal.ai/model-endpoints/queue), one queue for any
 * model id:
 *
 * - `POST /{model_id}` (with or without a subpath, e.g. `fal-ai/flux/schnell`) accepts the input
 *   and answers `{request_id, response_url, status_url, cancel_url, queue_position}`; the URLs drop
 *   the subpath (`/{owner}/{alias}/requests/{id}…`), as fal's do;
 * - `GET …/requests/{id}/status` answers `IN_QUEUE` (202, with `queue_position`), `IN_PROGRESS`
 *   (202), then `COMPLETED` (200), following the request's script;
 * - `GET …/requests/{id}` answers the model output `{images: [{url, width, height, content_type}],
 *   timings, seed, has_nsfw_concepts, prompt}` (400 while not completed);
 * - `PUT …/requests/{id}/cancel` answers 202 `CANCELLATION_REQUESTED`, 400 `ALREADY_COMPLETED` or
 *   404 `NOT_FOUND`;
 * - `GET /files/{name}` serves the images (a red disc on off-white, opaque, of the asked
 *   `image_size`), without authentication, as fal's CDN does;
 * - with a `key`, the queue endpoints want `Authorization: Key <key>` (401 otherwise).
 *
 * Each submitted request follows the next `FalScript` given to `next(...)` (first in, first out;
 * the default script completes after one queued and one running poll).
 */
import { randomUUID } from "node:crypto";
import { jsonReply as detail, startHttpDouble, type RecordedRequest, type Reply } from "./http-double.js";
import { testImage, type TestImageFormat } from "./images.js";

export type { RecordedRequest, Reply } from "./http-double.js";

export interface FalScript {
  /** Answer the submit with this instead of accepting the request (e.g. a 429). */
  submit?: Reply;
  /** The queue positions answered by successive status polls (default `[0]`). */
  queue?: number[];
  /** Status polls answering IN_PROGRESS before COMPLETED (default 1; `Infinity`: never completes). */
  running?: number;
  /** Answer every status poll with this instead (e.g. `hang`, malformed JSON). */
  status?: Reply;
  /** Answer the result fetch with this instead of the model output (e.g. a content-policy 422). */
  result?: Reply;
  /** The image's size (default: the submitted `image_size`) and format (default PNG). */
  image?: { width?: number; height?: number; format?: TestImageFormat };
  /** Answer the image download with this instead. */
  file?: Reply;
  /** The model's safety checker flagged the image: `has_nsfw_concepts: [true]`. */
  nsfw?: boolean;
  /** Put the image inline as a `data:` URI (`sync_mode`) instead of a URL. */
  dataUri?: boolean;
}

export interface FalQueueDoubleOptions {
  /** When set, queue endpoints want `Authorization: Key <key>`. */
  key?: string;
}

export interface FalRequestState {
  id: string;
  appPath: string;
  input: unknown;
  polls: number;
  state: "IN_QUEUE" | "IN_PROGRESS" | "COMPLETED";
  canceled: boolean;
}

export interface FalQueueDouble {
  /** The `baseUrl` to configure (the queue's root, like `https://queue.fal.run`). */
  url: string;
  requests: RecordedRequest[];
  /** The submits received (`POST /{model_id}`). */
  submissions(): RecordedRequest[];
  /** The cancel calls received (`PUT …/requests/{id}/cancel`). */
  cancels(): RecordedRequest[];
  /** The queue's requests by id. */
  queued: Map<string, FalRequestState>;
  /** Scripts the next submitted requests, in order. */
  next(...scripts: FalScript[]): void;
  waitForRequest(predicate?: (req: RecordedRequest) => boolean, timeoutMs?: number): Promise<RecordedRequest>;
  close(): Promise<void>;
}

/** Answers as fal documents them, for scripts. */
export const falReplies = {
  /** 429 with `retry-after` in seconds (or an HTTP-date). */
  rateLimited: (retryAfter = "2"): Reply => detail(429, { detail: "Too many concurrent requests" }, { "retry-after": retryAfter }),
  /** A request error (https://fal.ai/docs/documentation/model-apis/request-errors). */
  serverError: (status = 503, errorType = "runner_scheduling_failure", retryAfter?: string): Reply =>
    detail(
      status,
      { detail: "No runner could be allocated to handle the request", error_type: errorType },
      {
        "x-fal-error-type": errorType,
        ...(retryAfter !== undefined && { "retry-after": retryAfter }),
      },
    ),
  /** The documented model error for a refused prompt, as the result fetch answers it. */
  contentPolicy: (): Reply =>
    detail(
      422,
      {
        detail: [
          {
            loc: ["body", "prompt"],
            msg: "The content could not be processed because it contained material flagged by a content checker.",
            type: "content_policy_violation",
            url: "https://docs.fal.ai/errors#content_policy_violation",
          },
        ],
      },
      { "x-fal-retryable": "false" },
    ),
  /** A validation error (an input the model does not accept). */
  validationError: (field = "image_size"): Reply =>
    detail(422, { detail: [{ loc: ["body", field], msg: "Input should be a valid enum member", type: "enum", url: "https://docs.fal.ai/errors#enum" }] }),
  unauthorized: (): Reply => detail(401, { detail: "No user found for Key ID and Secret" }),
  malformedJson: (): Reply => ({ kind: "raw", status: 200, contentType: "application/json", body: '{"status": "IN_PROG' }),
  slow: (ms: number, then: Reply): Reply => ({ kind: "delay", ms, reply: then }),
  hang: (): Reply => ({ kind: "hang" }),
  reset: (): Reply => ({ kind: "reset" }),
};

const NAMESPACES = new Set(["workflows", "comfy"]);

function imageSizeOf(input: unknown): { width: number; height: number } {
  const size = typeof input === "object" && input !== null ? (input as { image_size?: unknown }).image_size : undefined;
  if (typeof size === "object" && size !== null) {
    const { width, height } = size as { width?: unknown; height?: unknown };
    if (typeof width === "number" && typeof height === "number") return { width, height };
  }
  return { width: 1024, height: 1024 };
}

export async function startFalQueueDouble(options: FalQueueDoubleOptions = {}): Promise<FalQueueDouble> {
  const scripts: FalScript[] = [];
  const queued = new Map<string, FalRequestState>();
  const scriptOf = new Map<string, FalScript>();
  const files = new Map<string, { bytes: () => Promise<Buffer>; contentType: string; reply?: Reply }>();
  let origin = "";

  const urlsOf = (r: FalRequestState) => {
    const base = `${origin}/${r.appPath}/requests/${r.id}`;
    return { response_url: base, status_url: `${base}/status`, cancel_url: `${base}/cancel` };
  };

  async function output(r: FalRequestState, script: FalScript): Promise<Reply> {
    const { width, height } = { ...imageSizeOf(r.input), ...script.image };
    const format = script.image?.format ?? "png";
    const contentType = `image/${format}`;
    const bytes = () => testImage({ width, height, format });
    let url: string;
    if (script.dataUri) {
      url = `data:${contentType};base64,${(await bytes()).toString("base64")}`;
    } else {
      const name = `${r.id}.${format === "jpeg" ? "jpg" : format}`;
      files.set(name, { bytes, contentType, ...(script.file && { reply: script.file }) });
      url = `${origin}/files/${name}`;
    }
    const input = (r.input ?? {}) as { seed?: unknown; prompt?: unknown };
    return {
      kind: "json",
      body: {
        images: [{ url, width, height, content_type: contentType }],
        timings: { inference: 0.42 },
        seed: typeof input.seed === "number" ? input.seed : 42,
        has_nsfw_concepts: [script.nsfw === true],
        prompt: input.prompt,
      },
      headers: { "x-fal-request-id": r.id },
    };
  }

  const double = await startHttpDouble(async (req) => {
    // Files: public, like fal's CDN.
    if (req.method === "GET" && req.path.startsWith("/files/")) {
      const file = files.get(req.path.slice("/files/".length));
      if (!file) return { kind: "raw", status: 404, body: "Not Found", contentType: "text/plain" };
      return file.reply ?? { kind: "raw", body: await file.bytes(), contentType: file.contentType };
    }
    if (options.key !== undefined && req.headers.authorization !== `Key ${options.key}`) return falReplies.unauthorized();

    const segments = req.path.split("/").filter((s) => s !== "");
    const at = segments.indexOf("requests");
    if (at < 0) {
      if (req.method !== "POST" || segments.length < 2) return detail(404, { detail: "Not Found" });
      const script = scripts.shift() ?? {};
      if (script.submit) return script.submit;
      if (req.json === undefined) return detail(422, { detail: [{ loc: ["body"], msg: "Input should be a valid dictionary", type: "dict_type" }] });
      const id = randomUUID();
      const appPath = segments.slice(0, NAMESPACES.has(segments[0]!) ? 3 : 2).join("/");
      const r: FalRequestState = { id, appPath, input: req.json, polls: 0, state: "IN_QUEUE", canceled: false };
      queued.set(id, r);
      scriptOf.set(id, script);
      return detail(200, { request_id: id, ...urlsOf(r), queue_position: (script.queue ?? [0])[0] ?? 0 });
    }

    const id = segments[at + 1] ?? "";
    const action = segments.slice(at + 2).join("/");
    const r = queued.get(id);
    const script = scriptOf.get(id) ?? {};
    if (req.method === "PUT" && action === "cancel") {
      if (!r) return detail(404, { status: "NOT_FOUND" });
      if (r.state === "COMPLETED") return detail(400, { status: "ALREADY_COMPLETED" });
      r.canceled = true;
      r.state = "COMPLETED";
      return detail(202, { status: "CANCELLATION_REQUESTED" });
    }
    if (!r) return detail(404, { detail: "Request not found" });
    if (req.method === "GET" && action === "status") {
      if (script.status) return script.status;
      const queue = script.queue ?? [0];
      const running = script.running ?? 1;
      const poll = r.polls++;
      if (r.state !== "COMPLETED") {
        r.state = poll < queue.length ? "IN_QUEUE" : poll < queue.length + running ? "IN_PROGRESS" : "COMPLETED";
      }
      const common = { request_id: r.id, ...urlsOf(r) };
      if (r.state === "IN_QUEUE") return detail(202, { status: "IN_QUEUE", queue_position: queue[poll], ...common });
      if (r.state === "IN_PROGRESS") return detail(202, { status: "IN_PROGRESS", logs: [], ...common });
      return detail(200, { status: "COMPLETED", logs: [], metrics: { inference_time: 0.42 }, ...common });
    }
    if (req.method === "GET" && action === "") {
      if (r.state !== "COMPLETED") return detail(400, { detail: "Request is still in progress" });
      if (r.canceled) return detail(400, { detail: "Request was cancelled" });
      return script.result ?? output(r, script);
    }
    return detail(405, { detail: "Method Not Allowed" });
  });
  origin = double.origin;

  return {
    url: double.origin,
    requests: double.requests,
    submissions: () => double.requests.filter((r) => r.method === "POST" && !r.path.includes("/requests/")),
    cancels: () => double.requests.filter((r) => r.method === "PUT" && r.path.endsWith("/cancel")),
    queued,
    next: (...more) => void scripts.push(...more),
    waitForRequest: (predicate = () => true, timeoutMs) => double.waitForRequest(predicate, timeoutMs),
    close: () => double.close(),
  };
}
