import type { H3Event } from "h3";
import type { AuthRule } from "../../contract/auth.js";
import { routes } from "../../contract/routes.js";
import type { OpenAiModel } from "../../contract/schemas/openai.js";
import type { Agent } from "../../domain/agents/agents.js";
import { authorize, type AuthenticatedViewer } from "../../domain/auth/viewer.js";
import { consumeQuota, quotaHeaders } from "../../domain/limits.js";
import type { RateLimiter } from "../../infra/ratelimit/limiter.js";
import type { Services } from "../../services.js";
import { requestContext, type RequestState } from "../http/request-state.js";
import { jsonResponse } from "../http/responses.js";
import { openAiErrorResponse } from "./errors.js";
import { readEditForm, readEditsCall } from "./edits.js";
import { creditHeaders, imagesAnswer, imagesStream } from "./images.js";
import { readImagesCall, unknownModel } from "./request.js";

export interface OpenAiDeps {
  services: Services;
  limiter: RateLimiter;
  /** Read calls per minute per account (the `read` policy, shared with REST). */
  readPerMinute: number;
  /** Absolute URLs (`response_format: "url"`) are built on it. */
  publicOrigin: string;
  /** Aborted when the server shuts down: waits end (their images canceled and refunded), streams end. */
  closing: AbortSignal;
  /** How long a call without `stream` waits for its images; unfinished ones are then canceled and refunded. Default 5 min. */
  syncTimeoutMs?: number;
}

interface Ctx {
  request: Request;
  state: RequestState;
  /** The body's JSON object (the edge read it within the cap). */
  jsonBody(): Record<string, unknown>;
  /** A multipart body's bytes, as sent (the edge passes them on `multipartPaths`). */
  bodyBytes?: Buffer | undefined;
  viewer: AuthenticatedViewer;
  params: Record<string, string>;
}

/** Who owns the models (OpenAI's `owned_by`). */
const owner = "assetforge";

const modelOf = (agent: Agent): OpenAiModel => ({ id: agent.id, object: "model", created: Math.floor(agent.createdAt.getTime() / 1000), owned_by: owner });

/**
 * The OpenAI-compatible layer (`/v1/`, OpenAI Images protocol): a translation of the same
 * use-cases, like MCP. Mounted with `mountRoute` (not the REST binder), because every answer on
 * these paths, a refused credential included, is in OpenAI's shape: each handler does the app's
 * auth step and rule (`authorize`), the `read` quota where its row says so, and renders any error
 * through `openAiErrorResponse`.
 */
export function openAiHandlers(deps: OpenAiDeps) {
  const { services } = deps;
  const syncTimeoutMs = deps.syncTimeoutMs ?? 300_000;

  const guarded =
    (rule: AuthRule, rate: "read" | undefined, handle: (ctx: Ctx) => Promise<Response>) =>
    async (event: H3Event): Promise<Response> => {
      const request = event.req;
      const { state, body, params = {} } = requestContext(request);
      try {
        const viewer = authorize(await state.viewer(), rule, { write: request.method !== "GET" })!;
        state.accountId = viewer.user.accountId;
        if (rate === "read") {
          const policy = { name: "read", limit: deps.readPerMinute, windowSeconds: 60 };
          await consumeQuota(deps.limiter, policy, `acc:${viewer.user.accountId}`, (q) => Object.assign(state.headers, quotaHeaders(q)));
        }
        return await handle({ request, state, viewer, params, jsonBody: () => body.object(), bodyBytes: body.bytes });
      } catch (error) {
        return openAiErrorResponse(error, state.requestId, state.logger);
      }
    };

  return {
    openaiImages: guarded(routes.openaiImages.auth, undefined, async ({ request, state, viewer, jsonBody }) => {
      const call = await readImagesCall(services.agents, jsonBody());
      // `quality` and `user` are OpenAI's: recorded here, under the request id, with what was made.
      state.logger.info("openai images", {
        model: call.agent.id,
        n: call.n,
        size: call.size,
        background: call.background,
        quality: call.request.quality ?? null,
        user: call.request.user ?? null,
        stream: call.stream,
        responseFormat: call.responseFormat,
      });
      const options = {
        ...(request.headers.has("idempotency-key") ? { idempotencyKey: request.headers.get("idempotency-key")! } : {}),
        onQuota: (q: Parameters<typeof quotaHeaders>[0]) => Object.assign(state.headers, quotaHeaders(q)),
      };
      if (call.stream) {
        const submission = await services.generations.submitMany(viewer, call.body, call.n, options);
        return imagesStream(submission, call, { services, viewer, state, closing: deps.closing });
      }
      const submission = await services.generations.submitMany(viewer, call.body, call.n, { ...options, waitMs: syncTimeoutMs, stop: deps.closing });
      const body = await imagesAnswer(submission, call, { services, viewer, publicOrigin: deps.publicOrigin });
      state.logger.info("openai images answered", { generations: submission.generations.map((g) => g.id), replayed: submission.replayed });
      return jsonResponse(body, 200, creditHeaders(submission));
    }),

    openaiImageEdits: guarded(routes.openaiImageEdits.auth, undefined, async ({ request, state, viewer, bodyBytes }) => {
      const form = await readEditForm(bodyBytes, request.headers.get("content-type"));
      const call = await readEditsCall(services.agents, form);
      state.logger.info("openai image edits", {
        model: call.agent.id,
        n: call.n,
        size: call.size,
        background: call.background,
        quality: call.quality,
        user: typeof form.fields.user === "string" ? form.fields.user : null,
        responseFormat: call.responseFormat,
      });
      const submission = await services.generations.submitMany(viewer, call.body, call.n, {
        ...(request.headers.has("idempotency-key") ? { idempotencyKey: request.headers.get("idempotency-key")! } : {}),
        onQuota: (q: Parameters<typeof quotaHeaders>[0]) => Object.assign(state.headers, quotaHeaders(q)),
        waitMs: syncTimeoutMs,
        stop: deps.closing,
      });
      // "auto": the size the agent chose (pixel-fixer detects it), from the first image.
      const first = submission.generations[0]?.assets[0];
      const size = call.size === "auto" && first ? `${first.width}x${first.height}` : call.size;
      const body = await imagesAnswer(submission, { ...call, size }, { services, viewer, publicOrigin: deps.publicOrigin });
      state.logger.info("openai image edits answered", { generations: submission.generations.map((g) => g.id), replayed: submission.replayed });
      return jsonResponse(body, 200, creditHeaders(submission));
    }),

    openaiModels: guarded(routes.openaiModels.auth, "read", async () => {
      const agents = await services.agents.list();
      return jsonResponse({ object: "list", data: agents.map(modelOf) });
    }),

    openaiModel: guarded(routes.openaiModel.auth, "read", async ({ params }) => {
      const agents = await services.agents.list();
      const agent = agents.find((a) => a.id === params.id);
      if (!agent)
        throw unknownModel(
          params.id ?? "",
          agents.map((a) => a.id),
        );
      return jsonResponse(modelOf(agent));
    }),
  };
}
