import type { H3, H3Event } from "h3";
import { authorize, type AuthRule, type AuthenticatedViewer } from "../../domain/auth/viewer.js";
import { AppError } from "../../domain/errors.js";
import type { RateLimiter } from "../../infra/ratelimit/limiter.js";
import { requestState, type RequestState } from "../http/request-state.js";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteContext<R extends AuthRule> {
  event: H3Event;
  request: Request;
  state: RequestState;
  /** The authorised caller; undefined only on public routes called anonymously. */
  viewer: R extends { allow: "public" } ? AuthenticatedViewer | undefined : AuthenticatedViewer;
  params: Record<string, string>;
}

/** A named quota: `q` requests per `w` seconds per key or session. */
export interface RatePolicy {
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RouteOptions {
  limiter: RateLimiter;
  policy?: RatePolicy;
}

/**
 * Registers a route with its auth rule (there is no way to register one without: deny by default)
 * and, optionally, its rate policy. Auth runs first, so a request refused for its credentials never
 * counts against anyone's quota. The handler returns a value (JSON) or a Response.
 */
export function route<R extends AuthRule>(
  app: H3,
  method: Method,
  path: string,
  rule: R,
  handler: (ctx: RouteContext<R>) => unknown,
  options?: RouteOptions,
): void {
  app.on(method, path, async (event) => {
    const state = requestState(event.req);
    const viewer = rule.allow === "public" ? await publicViewer(state) : authorize(await state.viewer(), rule);
    if (viewer) state.accountId = viewer.user.accountId;
    if (options?.policy && viewer) await enforce(options.limiter, options.policy, viewer, state);
    return handler({
      event,
      request: event.req,
      state,
      viewer: viewer as RouteContext<R>["viewer"],
      params: (event.context.params ?? {}) as Record<string, string>,
    });
  });
}

async function enforce(limiter: RateLimiter, policy: RatePolicy, viewer: AuthenticatedViewer, state: RequestState): Promise<void> {
  const who = viewer.kind === "api_key" ? `key:${viewer.apiKeyId}` : `user:${viewer.user.id}`;
  const result = await limiter.consume(`${policy.name}:${who}`, policy.limit, policy.windowSeconds);
  const headers = {
    "ratelimit-policy": `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`,
    ratelimit: `"${policy.name}";r=${Math.max(0, result.remaining)};t=${result.resetSeconds}`,
  };
  Object.assign(state.headers, headers);
  if (!result.allowed) {
    throw new AppError("rate_limited", `Too many requests: ${policy.limit} per ${policy.windowSeconds} s. Retry in ${result.resetSeconds} s.`, {
      headers: { ...headers, "retry-after": String(result.resetSeconds) },
      details: { limit: policy.limit, windowSeconds: policy.windowSeconds, retryAfterSeconds: result.resetSeconds },
    });
  }
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
