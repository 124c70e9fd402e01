import type { H3, H3Event } from "h3";
import type { AuthRule } from "../../contract/auth.js";
import { routes, type RouteId } from "../../contract/routes.js";
import { AppError } from "../../contract/errors.js";
import { authorize, type AuthenticatedViewer } from "../../domain/auth/viewer.js";
import { consumeQuota, quotaHeaders } from "../../domain/limits.js";
import type { RateLimiter } from "../../infra/ratelimit/limiter.js";
import { safeMethods } from "../http/auth.js";
import { requestContext, type RequestState } from "../http/request-state.js";
import { jsonResponse } from "../http/responses.js";

export interface RouteContext<R extends AuthRule> {
  event: H3Event;
  request: Request;
  state: RequestState;
  /** The authorised caller; undefined only on public routes called anonymously. */
  viewer: R extends { allow: "public" } ? AuthenticatedViewer | undefined : AuthenticatedViewer;
  params: Record<string, string>;
  /** The JSON body (an object) the edge read within the size cap, when the route declares one; validated by the use-case with the same schema. */
  body: Record<string, unknown>;
}

export type RestRouteId = { [K in RouteId]: (typeof routes)[K]["transport"] extends "graphql" | "mcp" | "docs" | "openai" ? never : K }[RouteId];

/** A handler for every REST row of the route table: a row without a handler does not type-check. */
export type RestHandlers = { [K in RestRouteId]: (ctx: RouteContext<(typeof routes)[K]["auth"]>) => unknown };

export interface MountOptions {
  limiter: RateLimiter;
  /** Read calls per minute per account (the `read` policy). */
  readPerMinute: number;
}

/**
 * Registers every REST route of the table with its handler. The row decides everything around the
 * handler: auth first (a request refused for its credentials never counts against a quota), then
 * the `read` quota per account, then the body (JSON object, capped). The `generate` quota is the
 * submit use-case's, the same on every transport.
 */
export function mountRestRoutes(app: H3, handlers: RestHandlers, options: MountOptions): void {
  for (const [id, handler] of Object.entries(handlers) as [RestRouteId, (ctx: RouteContext<AuthRule>) => unknown][]) {
    const spec = routes[id];
    app.on(spec.method, spec.path, async (event) => {
      const { state, body, params = {} } = requestContext(event.req);
      const viewer = await admit(id, state, params, options);
      const json = !("body" in spec) || ("bodyOptional" in spec && body.text.trim() === "") ? {} : body.object();
      const answer = await handler({ event, request: event.req, state, viewer: viewer as AuthenticatedViewer, params, body: json });
      // A value is answered as JSON here (the Node entry writes its text as it is), a Response as it is.
      return answer instanceof Response || answer === undefined ? answer : jsonResponse(answer);
    });
  }
}

/**
 * What the row decides before its handler runs: auth first (a request refused for its credentials
 * never counts against a quota), then the `read` quota per account, then the path parameters.
 * Returns the authorised caller (undefined only on public routes called anonymously).
 */
async function admit(id: RestRouteId, state: RequestState, params: Record<string, string>, options: MountOptions): Promise<AuthenticatedViewer | undefined> {
  const spec = routes[id];
  const rule: AuthRule = spec.auth;
  const write = !safeMethods.has(spec.method);
  const viewer = rule.allow === "public" ? await publicViewer(state) : authorize(await state.viewer(), rule, { write });
  if (viewer) state.accountId = viewer.user.accountId;
  if ("rate" in spec && spec.rate === "read" && viewer) {
    const policy = { name: "read", limit: options.readPerMinute, windowSeconds: 60 };
    await consumeQuota(options.limiter, policy, `acc:${viewer.user.accountId}`, (q) => Object.assign(state.headers, quotaHeaders(q)));
  }
  // Our ids are short and plain (gen_…, ast_…, key_…, whk_…, msg_…): anything else names nothing.
  // Every path parameter is an id (`:id`, and `:deliveryId` under a webhook).
  if (Object.values(params).some((value) => !/^[A-Za-z0-9_-]{1,64}$/.test(value))) throw new AppError("not_found", "No such id.");
  return viewer;
}

/** Registers a non-REST row of the table (graphql-sse, MCP, the OpenAI layer, the docs) with its own handler. */
export function mountRoute(app: H3, id: RouteId, handler: (event: H3Event) => unknown): void {
  const spec = routes[id];
  app.on(spec.method, spec.path, handler);
}

/** Public routes never fail on credentials: bad ones just make the caller anonymous. */
async function publicViewer(state: RequestState): Promise<AuthenticatedViewer | undefined> {
  try {
    const viewer = await state.viewer();
    return viewer.kind === "anonymous" ? undefined : viewer;
  } catch {
    return undefined;
  }
}
