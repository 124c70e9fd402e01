import type { ServerRequest } from "srvx";
import type { Viewer } from "../../domain/auth/viewer.js";
import type { Logger } from "../../infra/logger.js";
import type { RequestBody } from "./body.js";

/** Per-request facts shared by the transports (made once by the edge, edge.ts). */
export interface RequestState {
  requestId: string;
  logger: Logger;
  startedAt: number;
  /** The caller, resolved on first use (public routes never pay for it) and then memoised. */
  viewer(): Promise<Viewer>;
  /** Set-Cookie values the edge appends to whatever response leaves. */
  cookies: string[];
  /** Headers the edge sets on whatever response leaves (rate-limit headers). */
  headers: Record<string, string>;
  /** Account id for the request log line, once known. */
  accountId?: string;
  /** The client's address: the socket's, or X-Forwarded-For's first with TRUST_PROXY; `unknown` in process. */
  clientAddress: string;
}

/**
 * What the edge carries on every request it passes on: the request's context (`request.context`,
 * which h3 takes as its `event.context`, path parameters included): the state and the body, read
 * once within the cap.
 */
export interface RequestContext {
  state: RequestState;
  body: RequestBody;
  /** The route's path parameters (h3 sets them). */
  params?: Record<string, string>;
}

export function requestContext(request: Request): RequestContext {
  const context = (request as ServerRequest).context as RequestContext | undefined;
  if (!context?.state) throw new Error("request context missing: the request did not pass through the edge");
  return context;
}

export const requestState = (request: Request): RequestState => requestContext(request).state;
export const requestBody = (request: Request): RequestBody => requestContext(request).body;
