import { Request as WhatwgRequest } from "@whatwg-node/fetch";
import { H3, HTTPError } from "h3";
import { AppError } from "./contract/errors.js";
import { errorResponse } from "./contract/render.js";
import { methodsFor, routes } from "./contract/routes.js";
import { createServices, type AppDeps, type Services } from "./services.js";
import { createGraphQLSseHandler } from "./transports/graphql/graphql-sse.js";
import { createGraphQLFrontRoute, createGraphQLHandler } from "./transports/graphql/yoga.js";
import { createAuthenticator } from "./transports/http/auth.js";
import { assertJsonBody, readTextCapped } from "./transports/http/body.js";
import { createRequestState, finishResponse, methodNotAllowed, type Edge } from "./transports/http/edge.js";
import type { FrontParts, FrontRoute } from "./transports/http/node-front.js";
import { docsHandlers } from "./transports/docs/handlers.js";
import { requestState, setRequestState, type RequestState } from "./transports/http/request-state.js";
import { createMcpHttpHandler } from "./transports/mcp/http.js";
import { isOpenAiPath, openAiErrorResponse } from "./transports/openai/errors.js";
import { openAiHandlers } from "./transports/openai/handlers.js";
import { agentHandlers } from "./transports/rest/agents.js";
import { authHandlers } from "./transports/rest/auth.js";
import { generationEventsFront, generationHandlers } from "./transports/rest/generation.js";
import { healthHandlers } from "./transports/rest/health.js";
import { keyHandlers } from "./transports/rest/keys.js";
import { mountRestRoutes, mountRoute } from "./transports/rest/route.js";
import { webhookHandlers } from "./transports/rest/webhooks.js";
import { createWebHandler } from "./transports/web/static.js";

export interface App {
  /** Answers one request; this is all a server (or a test) needs. */
  fetch(request: Request): Promise<Response>;
  services: Services;
  /** Ends every open event stream with a final `stream.closed` event, and every one-shot wait (shutdown). */
  closeStreams(): void;
  /** The method and path of every route the router serves (the catch-all `/**` included). */
  servedRoutes(): { method: string; path: string }[];
  /**
   * What the real server answers ahead of `fetch`, straight from Node's request (main.ts,
   * transports/http/node-front.ts): the same edge as `fetch`, /graphql on Yoga's own (faster)
   * request classes, and the REST event streams written straight to Node's response (a few KB per
   * open stream instead of a fetch Request, Response and ReadableStream each). `fetch` still serves
   * every route, /graphql and the streams included.
   */
  readonly front: FrontParts;
}

/** Builds the whole HTTP surface over `deps`. Never listens: only main.ts does. */
export function createApp(deps: AppDeps): App {
  const { config, db, logger } = deps;
  const services = createServices(deps);
  const authenticate = createAuthenticator({ keys: services.keys, sessions: services.sessions, allowedOrigins: config.allowedOrigins });
  const graphqlDeps = { prisma: db.prisma, services, logger, production: config.production, streamReservationMs: config.streamReservationMs };
  const graphql = createGraphQLHandler(graphqlDeps);
  const graphqlSse = createGraphQLSseHandler(graphqlDeps);
  const edge: Edge = { logger, authenticate, trustProxy: config.trustProxy, bodyLimitBytes: config.bodyLimitBytes };
  let front: FrontParts | undefined;
  const closing = new AbortController();
  const web = createWebHandler({ distDir: new URL("../web/dist", import.meta.url).pathname });

  const app = new H3({
    silent: true, // errors are logged by us, once, under the request id
    onError(error, event) {
      const state = requestState(event.req);
      return renderError(event.req, fromH3(error), state);
    },
  });

  // Every path below has its row in the route table (contract/routes.ts).
  mountRoute(app, "graphqlGet", (event) => graphql(event.req));
  mountRoute(app, "graphqlPost", (event) => graphql(event.req));
  for (const id of ["graphqlStreamGet", "graphqlStreamPost", "graphqlStreamPut", "graphqlStreamDelete"] as const) {
    mountRoute(app, id, (event) => graphqlSse(event.req, requestState(event.req).requestId));
  }
  mountRoute(app, "mcp", createMcpHttpHandler({ services, limiter: deps.limiter, readPerMinute: config.rateLimitGeneratePerMinute * 10, closing: closing.signal }));
  // The OpenAI-compatible layer (/v1/): its own auth step and error shape, like MCP.
  const openai = openAiHandlers({ services, limiter: deps.limiter, readPerMinute: config.rateLimitGeneratePerMinute * 10, publicOrigin: config.publicOrigin, closing: closing.signal });
  for (const id of Object.keys(openai) as (keyof typeof openai)[]) mountRoute(app, id, openai[id]);
  // GET / is the docs' row: JSON for machine clients, the web client's page for browsers (it asks the web handler first).
  const docs = docsHandlers({ publicOrigin: config.publicOrigin, web });
  for (const id of Object.keys(docs) as (keyof typeof docs)[]) mountRoute(app, id, docs[id]);
  const mountOptions = { limiter: deps.limiter, readPerMinute: config.rateLimitGeneratePerMinute * 10 };
  mountRestRoutes(
    app,
    {
      ...healthHandlers(services, db.kind),
      ...agentHandlers(services),
      ...authHandlers(services, config.allowedOrigins),
      ...keyHandlers(services),
      ...webhookHandlers(services),
      ...generationHandlers({ services, closing: closing.signal }),
    },
    mountOptions,
  );
  app.all("/**", async (event) => {
    const page = await web(event.req);
    if (page) return page;
    const path = new URL(event.req.url).pathname;
    const allowed = methodsFor(path);
    if (allowed.length > 0) throw methodNotAllowed(path, event.req.method, allowed);
    throw new AppError("not_found", `No such route: ${path}. GET /openapi.json (or /docs) lists every endpoint.`);
  });

  return {
    services,
    closeStreams: () => closing.abort(),
    servedRoutes: () => app["~routes"].map((r) => ({ method: r.method || "*", path: r.route ?? "" })),
    get front() {
      // The one-shot generate calls go straight into the router on whatwg-node's request class:
      // no srvx, no Node fetch Request made and then made again with the body read (issue 16).
      const router: FrontRoute = {
        Request: WhatwgRequest,
        fetch: async (request) => {
          try {
            return await app.fetch(request);
          } catch (error) {
            return renderError(request, error, requestState(request));
          }
        },
      };
      return (front ??= {
        edge,
        routes: {
          "/graphql": createGraphQLFrontRoute(graphqlDeps),
          ...Object.fromEntries(frontRouterPaths.map((path) => [path, router])),
        },
        streams: [generationEventsFront(services, closing.signal, mountOptions)],
      });
    },
    async fetch(request) {
      const state = createRequestState(edge, request.headers, (request as Request & { ip?: string }).ip);
      setRequestState(request, state);
      let response: Response;
      // Whether the request's body was read to its end: a refusal before that (413, or 408 while
      // reading) answers `Connection: close`, so a client that reuses connections is not left
      // waiting on the unread rest (Node would otherwise keep the connection for a next request).
      let bodyRead = request.body === null || request.method === "GET" || request.method === "HEAD";
      try {
        // Size and type are checked before any handler runs, for every route (GraphQL included).
        // HEAD is the GET of the same path without its body, for every GET route.
        const buffered = request.method === "HEAD" ? asGet(request) : await bufferBody(request, config.bodyLimitBytes, () => (bodyRead = true));
        if (buffered !== request) setRequestState(buffered, state);
        response = await app.fetch(buffered);
        if (request.method === "HEAD" && response.body) {
          await response.body.cancel(); // e.g. an event stream: closed (and its slot freed) at once
          response = new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
        }
      } catch (error) {
        response = renderError(request, error, state);
        if (!bodyRead) response.headers.set("connection", "close");
      }
      // The last net, X-Request-Id, cookies and collected headers, the log line (edge.ts, shared with the Node front).
      return finishResponse(response, state, request.method, new URL(request.url).pathname);
    },
  };
}

/**
 * Paths the Node front hands to the router itself: the one-shot generate calls, the busiest POSTs.
 * (Not /v1/images/generations: the front renders its own refusals, 413 and 415, in the contract's
 * envelope, and that layer answers OpenAI's.)
 */
const frontRouterPaths = [routes.generate.path, routes.generateInApp.path];

/** The one error renderer for the request's path: OpenAI's shape on the compatibility layer (/v1/), else the contract's envelope. */
function renderError(request: Request, error: unknown, state: RequestState): Response {
  return (isOpenAiPath(request) ? openAiErrorResponse : errorResponse)(error, state.requestId, state.logger);
}

/**
 * A request with a body: 415 unless it is JSON, 413 past the cap (counted while reading, whatever
 * Content-Length says, chunked or not). Returns a request whose body is already in memory; `read`
 * is called once the whole body has arrived.
 */
async function bufferBody(request: Request, limitBytes: number, read: () => void): Promise<Request> {
  if (request.body === null || request.method === "GET" || request.method === "HEAD") return request;
  const text = await readTextCapped(request, limitBytes);
  read();
  assertJsonBody(text, request.headers.get("content-type"));
  return new Request(request.url, { method: request.method, headers: request.headers, body: text === "" ? null : text, signal: request.signal });
}

function asGet(request: Request): Request {
  return new Request(request.url, { method: "GET", headers: request.headers, signal: request.signal });
}

/** What h3 itself throws: our errors it wrapped, and its own refusals, by what they mean. */
function fromH3(error: unknown): unknown {
  if (!(error instanceof HTTPError)) return error;
  if (error.cause instanceof AppError) return error.cause;
  if (error.status === 404) return new AppError("not_found", "No such route. GET /openapi.json (or /docs) lists every endpoint.");
  if (error.status === 400) return new AppError("invalid_request", "The request URL is malformed (bad percent-encoding?); encode it with encodeURIComponent.");
  return error.cause ?? error;
}
