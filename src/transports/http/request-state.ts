import type { Viewer } from "../../domain/auth/viewer.js";
import type { Logger } from "../../infra/logger.js";

/** Per-request facts shared by the transports (set once by the app's first middleware). */
export interface RequestState {
  requestId: string;
  logger: Logger;
  startedAt: number;
  /** The caller, resolved on first use (public routes never pay for it) and then memoised. */
  viewer(): Promise<Viewer>;
  /** Set-Cookie values the app appends to whatever response leaves. */
  cookies: string[];
  /** Headers the app sets on whatever response leaves (rate-limit headers). */
  headers: Record<string, string>;
  /** Account id for the request log line, once known. */
  accountId?: string;
  /** The client's address: the socket's, or X-Forwarded-For's first with TRUST_PROXY; `unknown` in process. */
  clientAddress: string;
}

const states = new WeakMap<Request, RequestState>();

export function setRequestState(request: Request, state: RequestState): void {
  states.set(request, state);
}

export function requestState(request: Request): RequestState {
  const state = states.get(request);
  if (!state) throw new Error("request state missing: the request did not pass through the app");
  return state;
}
