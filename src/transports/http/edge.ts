import { AppError } from "../../contract/errors.js";
import { errorResponse, libraryRefusal } from "../../contract/render.js";
import { newId } from "../../domain/ids.js";
import type { Logger } from "../../infra/logger.js";
import type { Authenticator, HeaderReader } from "./auth.js";
import type { RequestState } from "./request-state.js";

/**
 * The app's edge, shared by every server path: the fetch path (app.ts, used in process and behind
 * srvx) and the Node front (node-front.ts, ahead of h3 for the paths it serves). Each step has ONE
 * implementation here, so both paths answer alike.
 */
export interface Edge {
  logger: Logger;
  authenticate: Authenticator;
  trustProxy: boolean;
  bodyLimitBytes: number;
}

/**
 * A request's state: its id, logger and start time, the lazy auth step (resolved on first use,
 * then memoised; a slid session's Set-Cookie and the account id are recorded), the headers and
 * cookies to add to whatever response leaves, and the client's address.
 */
export function createRequestState(edge: Edge, headers: HeaderReader, socketAddress: string | undefined): RequestState {
  const requestId = newId("req");
  const forwarded = edge.trustProxy ? headers.get("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  let viewer: ReturnType<RequestState["viewer"]> | undefined;
  const state: RequestState = {
    requestId,
    logger: edge.logger.child({ requestId }),
    startedAt: performance.now(),
    cookies: [],
    headers: {},
    clientAddress: forwarded || socketAddress || "unknown",
    viewer() {
      viewer ??= edge.authenticate({ headers }).then((result) => {
        if (result.setCookie) state.cookies.push(result.setCookie);
        if (result.viewer.kind !== "anonymous") state.accountId = result.viewer.user.accountId;
        return result.viewer;
      });
      return viewer;
    },
  };
  return state;
}

/** 405 for a path the route table knows with other methods (`allowed`, from `methodsFor`). */
export function methodNotAllowed(path: string, method: string, allowed: readonly string[]): AppError {
  return new AppError("method_not_allowed", `${path} takes ${allowed.join(", ")}, not ${method}.`, { headers: { allow: allowed.join(", ") } });
}

/**
 * The security headers of every answer (JSON, GraphiQL, event streams, PNGs) whose handler did not
 * set its own: the web client's pages and the docs send a full Content-Security-Policy; everything
 * else may not be sniffed as another type or framed by another site.
 */
const securityHeaders: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "frame-ancestors 'none'",
  "x-frame-options": "DENY",
  "referrer-policy": "same-origin",
};

/**
 * What every response gets on its way out: a library's non-JSON refusal that no adapter translated
 * still leaves in the envelope (the last net), then X-Request-Id, the security headers, the Set-Cookie values and the
 * headers the request collected (RateLimit…, never overriding the handler's), and the request log
 * line. Returns the response to send (the same one unless the net replaced it).
 */
export async function finishResponse(response: Response, state: RequestState, method: string, path: string): Promise<Response> {
  if (response.status >= 400 && !response.headers.get("content-type")?.startsWith("application/json")) {
    state.logger.warn("untranslated library refusal", { status: response.status });
    const rendered = errorResponse(libraryRefusal(response.status, await response.text()), state.requestId, state.logger);
    response = new Response(rendered.body, { status: response.status, headers: rendered.headers });
  }
  const headers = response.headers;
  headers.set("x-request-id", state.requestId);
  for (const name in securityHeaders) if (!headers.has(name)) headers.set(name, securityHeaders[name]!);
  for (const cookie of state.cookies) headers.append("set-cookie", cookie);
  for (const name in state.headers) if (!headers.has(name)) headers.set(name, state.headers[name]!);
  state.logger.info("request", {
    method,
    path,
    status: response.status,
    ms: Math.round((performance.now() - state.startedAt) * 10) / 10,
    ...(state.accountId ? { accountId: state.accountId } : {}),
  });
  return response;
}
