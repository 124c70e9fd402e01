import type { Logger } from "../../infra/logger.js";

/** Per-request facts shared by the transports (set once by the app's first middleware). */
export interface RequestState {
  requestId: string;
  logger: Logger;
  startedAt: number;
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
