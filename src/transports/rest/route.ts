import type { H3, H3Event } from "h3";
import { authorize, type AuthRule, type AuthenticatedViewer } from "../../domain/auth/viewer.js";
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

/**
 * Registers a route with its auth rule. There is no way to register one without a rule: deny by
 * default. The rule runs before the handler; the handler returns a value (JSON) or a Response.
 */
export function route<R extends AuthRule>(
  app: H3,
  method: Method,
  path: string,
  rule: R,
  handler: (ctx: RouteContext<R>) => unknown,
): void {
  app.on(method, path, async (event) => {
    const state = requestState(event.req);
    const viewer = rule.allow === "public" ? await publicViewer(state) : authorize(await state.viewer(), rule);
    if (viewer) state.accountId = viewer.user.accountId;
    return handler({
      event,
      request: event.req,
      state,
      viewer: viewer as RouteContext<R>["viewer"],
      params: (event.context.params ?? {}) as Record<string, string>,
    });
  });
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
