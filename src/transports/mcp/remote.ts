import { AppError, isErrorCode } from "../../contract/errors.js";
import type { EstimateView, GenerationView } from "../../contract/schemas/generation.js";
import type { KitEstimateView, KitView } from "../../contract/schemas/kit.js";
import type { AssetPreviews } from "../../agents/index.js";
import type { quote } from "../../domain/generation/quote.js";
import type { UploadView } from "../../domain/uploads/uploads.js";
import { fetchImageUrl, type ImageUrlOptions } from "./image-url.js";
import {
  estimateOfDryRun,
  follow,
  pickAgent,
  type AgentList,
  type AssetApi,
  type GenerateOptions,
  type GenerationEventLike,
  type GenerateResult,
} from "./api.js";

export interface RemoteApiOptions {
  /** The service's origin, e.g. `http://localhost:3000` or `https://assets.example.com`. */
  baseUrl: string;
  /** An API key (`ags_…`), sent as `Authorization: Bearer`. */
  apiKey: string;
  /** For tests; default: the global fetch. */
  fetch?: typeof fetch;
  /** How `upload_image {url}` is fetched here (the address guard's options) and the bytes read at most (default 10 MiB; the service checks its own limit again). */
  imageUrl?: ImageUrlOptions & { maxBytes?: number };
  /** Sent as User-Agent. */
  userAgent?: string;
  /** Prices a prompt-less estimate from the agents list, by the service's own rules (mcp.ts passes domain/generation/quote.ts). */
  quote: typeof quote;
  /** The answers' previews, made here from the asset's bytes (mcp.ts passes the agents'). */
  previews: AssetPreviews;
}

/**
 * The tools' interface as a small REST client of this service's own API (contract sections 3–6),
 * for the stdio server (`npm run mcp`): the service applies credits, idempotency, scopes and quotas
 * exactly as for any REST caller. The service's error envelope comes back as the same AppError.
 */
export function createRemoteApi(options: RemoteApiOptions): AssetApi {
  const base = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const headers = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${options.apiKey}`,
    "user-agent": options.userAgent ?? "ags-mcp",
    ...extra,
  });

  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, { ...init, headers: headers(init.headers as Record<string, string> | undefined) });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new AppError(
        "service_unavailable",
        `The asset service at ${base} does not answer (${describe(error)}). Check AGS_BASE_URL and that the service runs, then retry.`,
        {
          cause: error,
        },
      );
    }
    if (!response.ok && response.status !== 304) throw await refusal(response); // 304: only a conditional GET (assetName) asks for it
    return response;
  }

  const json = async <T>(path: string, init?: RequestInit): Promise<T> => (await (await call(path, init)).json()) as T;
  const enc = encodeURIComponent;

  /** The generation's events as server-sent events, from after `after`; ends at the terminal event, when the server closes, or on `signal`. */
  async function* events(id: string, after: number, signal: AbortSignal): AsyncGenerator<GenerationEventLike> {
    const response = await call(`/api/v1/generations/${enc(id)}/events`, { headers: { accept: "text/event-stream", "last-event-id": String(after) }, signal });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      while (true) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value.replace(/\r\n?/g, "\n");
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = parseFrame(frame);
          if (event) yield event;
        }
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  }

  /** Without a stream (refused, or cut), the generation is still followed by reading it once a second. */
  async function poll(id: string, waitMs: number, signal?: AbortSignal): Promise<GenerationView> {
    const until = Date.now() + waitMs;
    for (;;) {
      const g = await json<GenerationView>(`/api/v1/generations/${enc(id)}`);
      if (!["queued", "running"].includes(g.status) || Date.now() + 1000 > until || signal?.aborted) return g;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  /**
   * POSTs a call that makes one generation (generate, recolor) asynchronously under the key, then
   * follows it for at most `wait.waitMs`: answers where it stands at the end or at the bound.
   */
  async function submitAndFollow(path: string, body: unknown, idempotencyKey: string, wait: Omit<GenerateOptions, "idempotencyKey">): Promise<GenerateResult> {
    const started = Date.now();
    const response = await call(path, {
      method: "POST",
      headers: { "content-type": "application/json", prefer: "respond-async", "idempotency-key": idempotencyKey },
      body: JSON.stringify(body),
    });
    const replayed = response.headers.get("idempotent-replayed") === "true";
    const submitted = (await response.json()) as GenerationView;
    const id = submitted.id;
    try {
      const end = await follow((after, signal) => events(id, after, signal), wait);
      if (end.kind === "completed") return { generation: end.generation, replayed };
      const generation = await json<GenerationView>(`/api/v1/generations/${enc(id)}`);
      return { generation, replayed, ...(end.kind === "failed" ? { failure: end.failure } : {}) };
    } catch {
      // The generation exists (and holds its credits) whatever happened to its stream: answer where it stands.
      const generation = await poll(id, wait.waitMs - (Date.now() - started), wait.signal);
      return { generation, replayed, ...(generation.error && generation.status !== "succeeded" ? { failure: generation.error } : {}) };
    }
  }

  const listAgents = () => json<AgentList>("/api/ai/agents");
  const balance = async () => (await json<{ balance: number }>("/api/v1/credits")).balance;

  return {
    listAgents,
    balance,

    async estimate(input) {
      if (input.prompt === undefined && input.messages === undefined) {
        const [list, balanceNow] = await Promise.all([listAgents(), balance()]);
        const agent = pickAgent(list, input.agentId);
        // A tileset's terrains are checked by the service's dry run only (the offer lists the layouts).
        const output =
          input.sheet !== undefined
            ? { sheet: input.sheet, offer: agent.sheet }
            : input.tileset !== undefined
              ? { tileset: input.tileset, offer: agent.tileset }
              : undefined;
        return options.quote(agent, balanceNow, { width: input.width, height: input.height }, output);
      }
      const [list, dryRun] = await Promise.all([
        listAgents(),
        json<EstimateView>("/api/v1/generate", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...input, dryRun: true }),
        }),
      ]);
      return estimateOfDryRun(dryRun, list.agents.find((a) => a.id === dryRun.agentId)?.name ?? dryRun.agentId);
    },

    generate: (input, { idempotencyKey, ...wait }) => submitAndFollow("/api/v1/generate", input, idempotencyKey, wait),

    recolor: (assetId, palette, { idempotencyKey, ...wait }) => submitAndFollow(`/api/v1/assets/${enc(assetId)}/recolor`, { palette }, idempotencyKey, wait),

    kit: (input, { idempotencyKey, signal }) =>
      json<KitView | KitEstimateView>("/api/v1/kits", {
        method: "POST",
        headers: { "content-type": "application/json", ...(input.dryRun ? {} : { "idempotency-key": idempotencyKey }) },
        body: JSON.stringify(input),
        ...(signal ? { signal } : {}),
      }),

    getGeneration: (id) => json<GenerationView>(`/api/v1/generations/${enc(id)}`),
    cancel: (id) => json<GenerationView>(`/api/v1/generations/${enc(id)}/cancel`, { method: "POST" }),

    async assetName(id, sha256) {
      // a conditional GET answers 304 with the file's name and no body
      const response = await call(`/api/v1/assets/${enc(id)}`, { headers: { "if-none-match": `"${sha256}"` } });
      await response.body?.cancel();
      const name = /filename="([^"]+)\.png"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
      if (!name) throw new AppError("service_unavailable", "The asset's name was not answered.");
      return name;
    },

    getKit: (id) => json<KitView>(`/api/v1/kits/${enc(id)}`),

    async uploadImage(source, { name, signal }) {
      const { maxBytes = 10 * 1024 * 1024, ...guard } = options.imageUrl ?? {};
      const image =
        "url" in source ? await fetchImageUrl(source.url, { maxBytes }, { ...guard, ...(signal ? { signal } : {}) }) : { bytes: source.data, type: undefined };
      // The service reads the type from the file itself (octet-stream: no claim); an image/* answer keeps its own, so SVG stays refused (415).
      const type = image.type?.toLowerCase().startsWith("image/") ? image.type : "application/octet-stream";
      const query = name === undefined ? "" : `?name=${encodeURIComponent(name)}`;
      const answer = await json<{ asset: UploadView }>(`/api/v1/uploads${query}`, {
        method: "POST",
        headers: { "content-type": type },
        body: new Uint8Array(image.bytes),
        ...(signal ? { signal } : {}),
      });
      return answer.asset;
    },

    async readAsset(id) {
      const response = await call(`/api/v1/assets/${enc(id)}`);
      return { id, mimeType: response.headers.get("content-type") ?? "image/png", bytes: new Uint8Array(await response.arrayBuffer()) };
    },

    async readExport(id, format) {
      const response = await call(`/api/v1/assets/${enc(id)}/export/${enc(format)}`);
      const fileName = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? `${id}.${format}`;
      return { fileName, contentType: response.headers.get("content-type") ?? "application/octet-stream", bytes: new Uint8Array(await response.arrayBuffer()) };
    },

    previews: options.previews,
  };
}

/** One SSE frame (`event:`, `id:`, `data:` lines) as an event; comments and frames without data are skipped. */
function parseFrame(frame: string): GenerationEventLike | undefined {
  let type = "message";
  let id: string | undefined;
  const data: string[] = [];
  for (const line of frame.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") type = value;
    else if (field === "id") id = value;
    else if (field === "data") data.push(value);
  }
  if (data.length === 0) return undefined;
  try {
    const parsed = JSON.parse(data.join("\n")) as Record<string, unknown>;
    return { seq: id !== undefined && /^\d+$/.test(id) ? Number(id) : 0, type, data: parsed };
  } catch {
    return undefined;
  }
}

/** The service's error envelope as the AppError it was; anything else by its HTTP status. */
async function refusal(response: Response): Promise<AppError> {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown; param?: unknown; retryable?: unknown; details?: Record<string, unknown> } };
    const e = body.error;
    if (e && isErrorCode(e.code) && typeof e.message === "string") {
      const retryAfter = response.headers.get("retry-after");
      return new AppError(e.code, e.message, {
        ...(typeof e.param === "string" ? { param: e.param } : {}),
        ...(typeof e.retryable === "boolean" ? { retryable: e.retryable } : {}),
        ...(e.details || retryAfter
          ? { details: { ...e.details, ...(retryAfter && /^\d+$/.test(retryAfter) ? { retryAfterSeconds: Number(retryAfter) } : {}) } }
          : {}),
      });
    }
  } catch {
    // not the envelope
  }
  const code =
    ({ 401: "unauthenticated", 403: "forbidden", 404: "not_found", 429: "rate_limited" } as const)[response.status as 401] ??
    (response.status >= 500 ? "service_unavailable" : "invalid_request");
  return new AppError(code, `${`The asset service answered ${response.status} ${response.statusText || ""}`.trim()}.`);
}

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : cause instanceof Error ? cause.message : String(cause);
}
