import { H3, HTTPError } from "h3";
import { AppError, errorStatus, type ErrorCode } from "./domain/errors.js";
import { newId } from "./domain/ids.js";
import type { Logger } from "./infra/logger.js";
import { createServices, type AppDeps, type Services } from "./services.js";
import { createEventStreamer } from "./transports/graphql/event-stream.js";
import { createGraphQLSseHandler } from "./transports/graphql/graphql-sse.js";
import { createGraphQLHandler } from "./transports/graphql/yoga.js";
import { createAuthenticator, type Authenticator } from "./transports/http/auth.js";
import { requestState, setRequestState, type RequestState } from "./transports/http/request-state.js";
import { readTextCapped } from "./transports/http/body.js";
import { errorResponse, handleThrown } from "./transports/http/responses.js";
import { agentRoutes } from "./transports/rest/agents.js";
import { authRoutes } from "./transports/rest/auth.js";
import { generationRoutes } from "./transports/rest/generation.js";
import { healthRoutes } from "./transports/rest/health.js";
import { keyRoutes } from "./transports/rest/keys.js";

export interface App {
  /** Answers one request; this is all a server (or a test) needs. */
  fetch(request: Request): Promise<Response>;
  services: Services;
  /** Ends every open event stream with a final `stream.closed` event (shutdown). */
  closeStreams(): void;
}

/** Builds the whole HTTP surface over `deps`. Never listens: only main.ts does. */
export function createApp(deps: AppDeps): App {
  const { config, db, logger } = deps;
  const services = createServices(deps);
  const authenticate = createAuthenticator({ keys: services.keys, sessions: services.sessions, publicOrigin: config.publicOrigin });
  const graphqlDeps = { prisma: db.prisma, services, logger, production: config.production };
  const graphql = createGraphQLHandler(graphqlDeps);
  const graphqlSse = createGraphQLSseHandler(graphqlDeps);
  const body = { services, publicOrigin: config.publicOrigin, bodyLimitBytes: config.bodyLimitBytes };
  const closing = new AbortController();

  const app = new H3({
    silent: true, // errors are logged by us, once, under the request id
    onError(error, event) {
      const state = requestState(event.req);
      return errorResponse(toEnvelopeError(error, state.logger), state.requestId);
    },
  });

  app.all("/graphql", (event) => graphql(event.req));
  app.all("/graphql/stream", async (event) => {
    // graphql-sse answers its own refusals (bad method, unknown stream…) as bare text or JSON.
    const response = await graphqlSse(event.req);
    return response.status >= 400 ? toEnvelope(response, requestState(event.req).requestId) : response;
  });
  healthRoutes(app, db);
  agentRoutes(app, services);
  authRoutes(app, body);
  keyRoutes(app, body);
  generationRoutes(app, {
    services,
    limiter: deps.limiter,
    bodyLimitBytes: config.bodyLimitBytes,
    generatePerMinute: config.rateLimitGeneratePerMinute,
    streamEvents: createEventStreamer(graphqlSse),
    closing: closing.signal,
  });
  app.all("/**", () => {
    throw new AppError("not_found", "No such route. See the README for the API.");
  });

  return {
    services,
    closeStreams: () => closing.abort(),
    async fetch(request) {
      const state = newRequestState(request, logger, authenticate);
      let response: Response;
      try {
        // Size and type are checked before any handler runs, for every route (GraphQL included).
        const buffered = await bufferBody(request, config.bodyLimitBytes);
        if (buffered !== request) setRequestState(buffered, state);
        response = await app.fetch(buffered);
      } catch (error) {
        response = errorResponse(handleThrown(error, state.logger), state.requestId);
      }
      // A library's plain-text refusal leaves in the envelope too (Yoga's JSON errors carry codes).
      if (response.status >= 400 && !response.headers.get("content-type")?.startsWith("application/json")) {
        response = await toEnvelope(response, state.requestId);
      }
      response.headers.set("x-request-id", state.requestId);
      for (const cookie of state.cookies) response.headers.append("set-cookie", cookie);
      for (const [name, value] of Object.entries(state.headers)) if (!response.headers.has(name)) response.headers.set(name, value);
      state.logger.info("request", {
        method: request.method,
        path: new URL(request.url).pathname,
        status: response.status,
        ms: Math.round((performance.now() - state.startedAt) * 10) / 10,
        ...(state.accountId ? { accountId: state.accountId } : {}),
      });
      return response;
    },
  };
}

function newRequestState(request: Request, logger: Logger, authenticate: Authenticator): RequestState {
  const requestId = newId("req");
  let viewer: ReturnType<RequestState["viewer"]> | undefined;
  const state: RequestState = {
    requestId,
    logger: logger.child({ requestId }),
    startedAt: performance.now(),
    cookies: [],
    headers: {},
    viewer() {
      viewer ??= authenticate(request).then((result) => {
        if (result.setCookie) state.cookies.push(result.setCookie);
        if (result.viewer.kind !== "anonymous") state.accountId = result.viewer.user.accountId;
        return result.viewer;
      });
      return viewer;
    },
  };
  setRequestState(request, state);
  return state;
}

/**
 * A request with a body: 415 unless it is JSON, 413 past the cap (counted while reading, whatever
 * Content-Length says, chunked or not). Returns a request whose body is already in memory.
 */
async function bufferBody(request: Request, limitBytes: number): Promise<Request> {
  if (request.body === null || request.method === "GET" || request.method === "HEAD") return request;
  const text = await readTextCapped(request, limitBytes);
  const type = request.headers.get("content-type");
  if (text !== "" && !(type && /^application\/json\s*(;|$)/i.test(type))) {
    throw new AppError("unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
  }
  return new Request(request.url, { method: request.method, headers: request.headers, body: text === "" ? null : text, signal: request.signal });
}

/** Rewrites a library's non-JSON error response into the contract's envelope, keeping its status. */
async function toEnvelope(response: Response, requestId: string): Promise<Response> {
  const text = (await response.text()).trim();
  const code = codeForStatus(response.status);
  let message = text && text.length < 300 && !text.includes("<") ? text : `Request refused (${response.status}).`;
  try {
    message = (JSON.parse(text) as { errors?: { message?: string }[] }).errors?.[0]?.message ?? message;
  } catch {
    // plain text
  }
  const error = new AppError(code, message);
  const rewritten = errorResponse(error, requestId);
  return new Response(rewritten.body, { status: response.status, headers: rewritten.headers });
}

function toEnvelopeError(error: unknown, logger: Logger): AppError {
  const cause = error instanceof HTTPError && error.cause !== undefined ? error.cause : error;
  if (cause instanceof AppError) return cause;
  if (error instanceof HTTPError && error.status === 404) {
    return new AppError("not_found", "No such route. See the README for the API.");
  }
  if (error instanceof HTTPError && error.status < 500) {
    return new AppError(codeForStatus(error.status), error.statusText || error.message || `Request refused (${error.status}).`);
  }
  return handleThrown(cause, logger);
}

function codeForStatus(status: number): ErrorCode {
  const found = Object.entries(errorStatus).find(([, s]) => s === status)?.[0] as ErrorCode | undefined;
  return found ?? (status >= 500 ? "internal_error" : "invalid_request");
}
