import { Readable } from "node:stream";
import { terminalEventTypes, type GenerationView } from "../../contract/schemas/generation.js";
import type { AuthenticatedViewer } from "../../domain/auth/viewer.js";
import type { Submission, SubmitOptions } from "../../domain/generation/submit.js";
import { quotaHeaders } from "../../domain/limits.js";
import type { GenerationEventMessage } from "../../infra/events/bus.js";
import type { Services } from "../../services.js";
import { ifNoneMatch } from "../http/conditional.js";
import { jsonResponse, jsonTextResponse } from "../http/responses.js";
import type { RequestState } from "../http/request-state.js";
import { frameEvents, sseResponse, type SseEvent } from "../http/sse.js";
import type { RestHandlers } from "./route.js";

export interface GenerationRouteDeps {
  services: Services;
  /** How long a one-shot call waits for its asset before answering 202 instead. */
  syncTimeoutMs?: number;
  /** Aborted when the server shuts down: one-shot waits end, open streams end with a final event. */
  closing: AbortSignal;
}

type Handlers = Pick<
  RestHandlers,
  | "generate"
  | "generateInApp"
  | "streamInApp"
  | "getGeneration"
  | "generationEvents"
  | "cancelGeneration"
  | "getAsset"
  | "getAssetExport"
  | "recolorAsset"
  | "mapAsset"
  | "getCredits"
  | "getUsage"
>;

/** The generation endpoints of contract section 3 and the streams of section 5: translations of the use-cases. */
export function generationHandlers(deps: GenerationRouteDeps): Handlers {
  const { services, closing } = deps;
  const { generations } = services;
  const syncTimeoutMs = deps.syncTimeoutMs ?? 60_000;

  /** X-Credits-Charged is what this call charged: 0 on an idempotent replay (whose body repeats the first answer's figures). */
  const creditHeaders = (g: GenerationView, replayed = false) => ({
    "x-credits-charged": replayed ? "0" : String(g.credits.charged),
    "x-credits-balance": String(g.credits.balance),
    ...(replayed ? { "idempotent-replayed": "true" } : {}),
  });

  const submitOptions = (request: Request, state: RequestState, waitMs?: number): SubmitOptions => ({
    ...(request.headers.has("idempotency-key") ? { idempotencyKey: request.headers.get("idempotency-key")! } : {}),
    ...(waitMs ? { waitMs, stop: closing } : {}),
    onQuota: (quota) => Object.assign(state.headers, quotaHeaders(quota)),
  });

  /** 200 with the finished generation, or 202 (still running, or asked async) with Location; the same bytes on every replay. */
  const answer = (s: Submission) =>
    jsonTextResponse(s.json, s.outcome === "accepted" ? 202 : 200, {
      ...creditHeaders(s.generation, s.replayed),
      ...(s.outcome === "accepted" ? { location: `/api/v1/generations/${s.generation.id}` } : {}),
    });

  const oneShot = async (request: Request, viewer: AuthenticatedViewer, state: RequestState, body: Record<string, unknown>, allowAsync: boolean) => {
    if (body.dryRun === true) return generations.estimate(viewer, body);
    const async = allowAsync && /(^|[,;\s])respond-async($|[,;\s])/i.test(request.headers.get("prefer") ?? "");
    return answer(await generations.submit(viewer, body, submitOptions(request, state, async ? undefined : syncTimeoutMs)));
  };

  return {
    generate: ({ request, viewer, state, body }) => oneShot(request, viewer, state, body, true),
    generateInApp: ({ request, viewer, state, body }) => oneShot(request, viewer, state, body, false),

    streamInApp: async ({ request, viewer, state, body }) => {
      if (body.dryRun === true) return generations.estimate(viewer, body);
      const s = await generations.submit(viewer, body, submitOptions(request, state));
      const events = await generations.events.open(viewer, s.generation.id, 0, { checkOwner: false });
      return sseResponse(framed(events), {
        closing,
        requestId: state.requestId,
        logger: state.logger,
        headers: { ...creditHeaders(s.generation, s.replayed), "x-generation-id": s.generation.id },
      });
    },

    getGeneration: ({ viewer, params }) => generations.get(viewer, params.id!),

    // The events after Last-Event-ID (or `?after=`), from the subscription's own source
    // (`events.open`, what `Subscription.generationEvents` resolves to), not from an execution of
    // the subscription through graphql-sse per stream, which would add a second request, its
    // streams and a parsed document to every open stream (bench/README.md, section (e)).
    generationEvents: async ({ request, viewer, params, state }) => {
      const header = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after") ?? "0";
      const after = /^\d{1,9}$/.test(header) ? Number(header) : 0;
      const events = framed(await generations.events.open(viewer, params.id!, after));
      return sseResponse(events, { closing, requestId: state.requestId, logger: state.logger });
    },

    cancelGeneration: async ({ viewer, params }) => {
      const g = await generations.cancel(viewer, params.id!);
      return jsonResponse(g, 200, creditHeaders(g));
    },

    getAsset: async ({ request, viewer, params }) => {
      const asset = await generations.asset(viewer, params.id!);
      const etag = `"${asset.sha256}"`;
      const headers = {
        "content-type": asset.mimeType,
        etag,
        "cache-control": "private, max-age=31536000, immutable",
        "content-disposition": `inline; filename="${asset.name}.png"`,
      };
      if (ifNoneMatch(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
      // Streamed from the blob store, checked as it passes (a damaged blob ends the body short: never other bytes).
      const body = Readable.toWeb(await generations.assetStream(asset)) as ReadableStream<Uint8Array>;
      return new Response(body, { status: 200, headers: { ...headers, "content-length": String(asset.byteLength) } });
    },

    recolorAsset: async ({ request, viewer, state, params, body }) => {
      const async = /(^|[,;\s])respond-async($|[,;\s])/i.test(request.headers.get("prefer") ?? "");
      return answer(await generations.recolor(viewer, params.id!, body, submitOptions(request, state, async ? undefined : syncTimeoutMs)));
    },

    mapAsset: async ({ request, viewer, state, params, body }) => {
      const async = /(^|[,;\s])respond-async($|[,;\s])/i.test(request.headers.get("prefer") ?? "");
      return answer(await generations.map(viewer, params.id!, body, submitOptions(request, state, async ? undefined : syncTimeoutMs)));
    },

    getAssetExport: async ({ request, viewer, params }) => {
      const file = await generations.exportFile(viewer, params.id!, params.format!, Object.fromEntries(new URL(request.url).searchParams));
      const etag = `"${file.sha256}"`;
      const headers = {
        "content-type": file.contentType,
        etag,
        "cache-control": "private, no-cache",
        "content-disposition": `attachment; filename="${file.fileName}"`,
      };
      if (ifNoneMatch(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
      const body = Readable.toWeb(await file.open()) as ReadableStream<Uint8Array>;
      return new Response(body, { status: 200, headers: { ...headers, "content-length": String(file.size) } });
    },

    getCredits: async ({ viewer }) => ({ balance: await services.credits.balance(viewer.user.accountId) }),
    getUsage: async ({ viewer, request }) => services.usage(viewer.user.accountId, Object.fromEntries(new URL(request.url).searchParams)),
  };
}

const framed = (events: AsyncIterator<GenerationEventMessage>) =>
  frameEvents(
    events,
    (m): SseEvent => ({ event: m.type, id: m.seq, data: m.data }),
    (m) => terminalEventTypes.has(m.type),
  );
