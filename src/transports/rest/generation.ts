import type { H3 } from "h3";
import type { AuthenticatedViewer } from "../../domain/auth/viewer.js";
import { AppError } from "../../domain/errors.js";
import { terminalEvents } from "../../domain/generation/service.js";
import type { GenerationView } from "../../domain/generation/view.js";
import { requestHash } from "../../domain/idempotency/idempotency.js";
import type { GenerationEventMessage } from "../../infra/events/bus.js";
import type { RateLimiter } from "../../infra/ratelimit/limiter.js";
import type { Services } from "../../services.js";
import { parseJsonObject, readJsonText } from "../http/body.js";
import { jsonResponse } from "../http/responses.js";
import { sseResponse, type SseEvent } from "../http/sse.js";
import { route, type RatePolicy } from "./route.js";

export interface GenerationRouteDeps {
  services: Services;
  limiter: RateLimiter;
  bodyLimitBytes: number;
  generatePerMinute: number;
  /** The generation's events through the GraphQL subscription (injected by the app). */
  streamEvents: (request: Request, id: string, after: number) => AsyncIterable<GenerationEventMessage>;
  /** How long a one-shot call waits for its asset before answering 202 instead. */
  syncTimeoutMs?: number;
  /** Aborted when the server shuts down: open streams end with a final event. */
  closing: AbortSignal;
}

/** The generation endpoints of contract section 3 and the streams of section 5. */
export function generationRoutes(app: H3, deps: GenerationRouteDeps): void {
  const { services, limiter } = deps;
  const generate: RatePolicy = { name: "generate", limit: deps.generatePerMinute, windowSeconds: 60 };
  const read: RatePolicy = { name: "read", limit: deps.generatePerMinute * 10, windowSeconds: 60 };
  const syncTimeoutMs = deps.syncTimeoutMs ?? 60_000;

  const creditHeaders = (g: GenerationView) => ({
    "x-credits-charged": String(g.credits.charged),
    "x-credits-balance": String(g.credits.balance),
  });

  /** Reads the body, honours Idempotency-Key, submits, and answers as `respond` says. */
  async function submit(
    request: Request,
    viewer: AuthenticatedViewer,
    respond: (g: GenerationView, resumed: boolean) => Promise<Response>,
    options: { storeResponse: boolean },
  ): Promise<Response> {
    const text = await readJsonText(request, deps.bodyLimitBytes);
    const body = parseJsonObject(text);
    const key = request.headers.get("idempotency-key");
    if (key === null) return respond(await services.generations.submit(viewer, body), false);

    const path = new URL(request.url).pathname;
    const outcome = await services.idempotency.begin(viewer.user.accountId, key, requestHash(request.method, path, text));
    if (outcome.kind === "replay") {
      if (!options.storeResponse && outcome.generationId) {
        return respond(await services.generations.get(viewer, outcome.generationId), true);
      }
      const { status, headers, body: bytes } = outcome.response;
      return new Response(Buffer.from(bytes), { status, headers: { ...headers, "idempotent-replayed": "true" } });
    }
    try {
      const generation = outcome.resumeGenerationId
        ? await services.generations.get(viewer, outcome.resumeGenerationId)
        : await services.generations.submit(viewer, body, { idempotencyRecordId: outcome.recordId });
      const response = await respond(generation, outcome.resumeGenerationId !== undefined);
      if (!response.ok) {
        await services.idempotency.abandon(outcome.recordId);
      } else if (options.storeResponse) {
        const bytes = new Uint8Array(await response.clone().arrayBuffer());
        const headers: Record<string, string> = {};
        for (const name of ["content-type", "location", "x-credits-charged", "x-credits-balance"]) {
          const value = response.headers.get(name);
          if (value !== null) headers[name] = value;
        }
        await services.idempotency.complete(outcome.recordId, { status: response.status, headers, body: bytes });
      } else {
        await services.idempotency.complete(outcome.recordId, { status: response.status, headers: {}, body: new Uint8Array() });
      }
      return response;
    } catch (error) {
      await services.idempotency.abandon(outcome.recordId);
      throw error;
    }
  }

  /** Waits for the end (bounded) and answers 200 with the asset, 503 if the generator failed, else 202. */
  async function oneShot(viewer: AuthenticatedViewer, queued: GenerationView): Promise<Response> {
    const g = await services.generations.waitForEnd(viewer, queued.id, syncTimeoutMs, deps.closing);
    if (g.status === "succeeded") return jsonResponse(g, 200, creditHeaders(g));
    if (g.status === "canceled") return jsonResponse(g, 200, creditHeaders(g));
    if (g.status === "failed") {
      throw new AppError("generator_unavailable", g.error?.message ?? "The generation failed; the credits were refunded.", {
        retryable: true,
        details: { generationId: g.id, refunded: g.credits.refunded, balance: g.credits.balance },
      });
    }
    return accepted(g);
  }

  const accepted = (g: GenerationView) =>
    jsonResponse(g, 202, { ...creditHeaders(g), location: `/api/v1/generations/${g.id}` });

  const toSse = (m: GenerationEventMessage): SseEvent => ({ event: m.type, id: m.seq, data: m.data });

  async function* framed(request: Request, id: string, after: number): AsyncGenerator<SseEvent> {
    for await (const m of deps.streamEvents(request, id, after)) {
      yield toSse(m);
      if (terminalEvents.has(m.type)) return;
    }
  }

  route(app, "POST", "/api/v1/generate", { allow: "api_key", scope: "generate" }, ({ request, viewer }) => {
    const async = /(^|[,;\s])respond-async($|[,;\s])/i.test(request.headers.get("prefer") ?? "");
    return submit(request, viewer, async (g) => (async ? accepted(g) : oneShot(viewer, g)), { storeResponse: true });
  }, { limiter, policy: generate });

  route(app, "POST", "/api/ai/generate", { allow: "session" }, ({ request, viewer }) =>
    submit(request, viewer, (g) => oneShot(viewer, g), { storeResponse: true }),
  { limiter, policy: generate });

  route(app, "POST", "/api/ai/stream", { allow: "session" }, ({ request, viewer }) =>
    submit(
      request,
      viewer,
      async (g, resumed) =>
        sseResponse(framed(request, g.id, 0), {
          closing: deps.closing,
          headers: { ...creditHeaders(g), "x-generation-id": g.id, ...(resumed ? { "idempotent-replayed": "true" } : {}) },
        }),
      { storeResponse: false },
    ),
  { limiter, policy: generate });

  route(app, "GET", "/api/v1/generations/:id", { allow: "any", scope: "read" }, ({ viewer, params }) =>
    services.generations.get(viewer, params.id!),
  { limiter, policy: read });

  route(app, "GET", "/api/v1/generations/:id/events", { allow: "any", scope: "read" }, async ({ request, viewer, params }) => {
    await services.generations.assertOwner(viewer, params.id!);
    const header = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after") ?? "0";
    const after = /^\d{1,9}$/.test(header) ? Number(header) : 0;
    return sseResponse(framed(request, params.id!, after), { closing: deps.closing });
  }, { limiter, policy: read });

  route(app, "POST", "/api/v1/generations/:id/cancel", { allow: "any", scope: "generate" }, async ({ viewer, params }) => {
    const g = await services.generations.cancel(viewer, params.id!);
    return jsonResponse(g, 200, creditHeaders(g));
  }, { limiter, policy: read });

  route(app, "GET", "/api/v1/assets/:id", { allow: "any", scope: "read" }, async ({ request, viewer, params }) => {
    const asset = await services.generations.asset(viewer, params.id!);
    const etag = `"${asset.sha256}"`;
    const headers = {
      "content-type": asset.mimeType,
      etag,
      "cache-control": "private, max-age=31536000, immutable",
      "content-disposition": `inline; filename="${asset.id}.png"`,
    };
    if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
    return new Response(Buffer.from(asset.bytes), { status: 200, headers: { ...headers, "content-length": String(asset.byteLength) } });
  }, { limiter, policy: read });

  route(app, "GET", "/api/v1/credits", { allow: "any", scope: "read" }, async ({ viewer }) => ({
    balance: await services.credits.balance(viewer.user.accountId),
  }), { limiter, policy: read });
}
