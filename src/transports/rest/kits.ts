import { createHash } from "node:crypto";
import type { AuthenticatedViewer } from "../../domain/auth/viewer.js";
import { quotaHeaders } from "../../domain/limits.js";
import type { KitSubmission } from "../../domain/kits/kits.js";
import type { Services } from "../../services.js";
import { AppError } from "../../contract/errors.js";
import { ifNoneMatch } from "../http/conditional.js";
import { jsonTextResponse } from "../http/responses.js";
import type { RequestState } from "../http/request-state.js";
import { frameEvents, sseResponse } from "../http/sse.js";
import type { RestHandlers } from "./route.js";

type Handlers = Pick<RestHandlers, "createAtlas" | "createKit" | "createKitInApp" | "getKit" | "getKitEvents" | "getKitAtlasPage" | "getKitExport">;

/** The kit endpoints of contract section 13: translations of the kit use-cases. */
export function kitHandlers(deps: { services: Services; syncTimeoutMs?: number; closing: AbortSignal }): Handlers {
  const { kits } = deps.services;
  const waitMs = deps.syncTimeoutMs ?? 60_000;

  // `Prefer: respond-async` is answered 202 with its Location whatever the kit reached meanwhile (small items may all
  // have ended before the answer: its body then says so); a waited call, 200 once settled (202 if it is still running)
  const answer = (s: KitSubmission, async = false) =>
    jsonTextResponse(s.json, async || s.kit.status === "running" ? 202 : 200, {
      ...(async || s.kit.status === "running" ? { location: `/api/v1/kits/${s.kit.id}` } : {}),
      "x-credits-charged": s.replayed ? "0" : String(s.kit.credits.charged),
      "x-credits-balance": String(s.kit.credits.balance),
      ...(s.replayed ? { "idempotent-replayed": "true" } : {}),
    });

  const create = async (request: Request, viewer: AuthenticatedViewer, state: RequestState, body: Record<string, unknown>) => {
    if (body.dryRun === true) return kits.estimate(viewer, body);
    const key = request.headers.get("idempotency-key");
    const async = /(^|[,;\s])respond-async($|[,;\s])/i.test(request.headers.get("prefer") ?? "");
    return answer(
      await kits.submit(viewer, body, {
        ...(key !== null ? { idempotencyKey: key } : {}),
        ...(async ? {} : { waitMs }),
        stop: deps.closing,
        onQuota: (quota) => Object.assign(state.headers, quotaHeaders(quota)),
      }),
      async,
    );
  };

  return {
    createKit: ({ request, viewer, state, body }) => create(request, viewer, state, body),
    createKitInApp: ({ request, viewer, state, body }) => create(request, viewer, state, body),
    createAtlas: async ({ request, viewer, body }) => {
      const key = request.headers.get("idempotency-key");
      const { id, replayed } = await kits.pack(viewer, body, key !== null ? { idempotencyKey: key } : {});
      const kit = await kits.get(viewer, id);
      return answer({ kit, replayed, json: JSON.stringify(kit) });
    },
    getKit: ({ viewer, params }) => kits.get(viewer, params.id!),
    getKitEvents: async ({ viewer, params, state }) => {
      const events = frameEvents(
        await kits.events(viewer, params.id!),
        (e) => ({ event: e.type, id: e.seq, data: e.data }),
        (e) => e.type === "kit.completed",
      );
      return sseResponse(events, { closing: deps.closing, requestId: state.requestId, logger: state.logger });
    },
    getKitAtlasPage: async ({ request, viewer, params }) => {
      if (!/^\d{1,3}$/.test(params.page!)) throw new AppError("not_found", "No such page: pages are numbered from 0.");
      const png = await kits.page(viewer, params.id!, Number(params.page));
      const etag = `"${png.sha256}"`;
      const headers = { "content-type": "image/png", etag, "cache-control": "private, no-cache", "content-disposition": `inline; filename="${png.fileName}"` };
      if (ifNoneMatch(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
      return new Response(new Uint8Array(png.bytes), { status: 200, headers: { ...headers, "content-length": String(png.bytes.byteLength) } });
    },
    getKitExport: async ({ request, viewer, params }) => {
      const file = await kits.export(viewer, params.id!, params.format!, new URL(request.url).searchParams.get("godotDir"));
      const etag = `"${createHash("sha256").update(file.body).digest("hex")}"`;
      const headers = {
        "content-type": file.contentType,
        etag,
        "cache-control": "private, no-cache",
        "content-disposition": `attachment; filename="${file.fileName}"`,
      };
      if (ifNoneMatch(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
      return new Response(new Uint8Array(file.body), { status: 200, headers: { ...headers, "content-length": String(file.body.byteLength) } });
    },
  };
}
