import { H3, HTTPError } from "h3";
import { AppError } from "./contract/errors.js";
import { errorResponse } from "./contract/render.js";
import { methodsFor, routes } from "./contract/routes.js";
import { createServices, type AppDeps, type Services } from "./services.js";
import { createGraphQLSseHandler } from "./transports/graphql/graphql-sse.js";
import { createGraphQLHandler } from "./transports/graphql/yoga.js";
import { createAuthenticator } from "./transports/http/auth.js";
import { answerFetch, createEdge, methodNotAllowed, type Edge } from "./transports/http/edge.js";
import { docsHandlers } from "./transports/docs/handlers.js";
import { requestState, type RequestState } from "./transports/http/request-state.js";
import { createMcpHttpHandler } from "./transports/mcp/http.js";
import { isOpenAiPath, openAiErrorResponse } from "./transports/openai/errors.js";
import { openAiHandlers } from "./transports/openai/handlers.js";
import { agentHandlers } from "./transports/rest/agents.js";
import { authHandlers } from "./transports/rest/auth.js";
import { generationHandlers } from "./transports/rest/generation.js";
import { kitHandlers } from "./transports/rest/kits.js";
import { healthHandlers } from "./transports/rest/health.js";
import { deletionHandlers } from "./transports/rest/deletion.js";
import { billingHandlers } from "./transports/rest/billing.js";
import { keyHandlers } from "./transports/rest/keys.js";
import { linkHandlers } from "./transports/rest/links.js";
import { projectHandlers } from "./transports/rest/projects.js";
import { mountRestRoutes, mountRoute } from "./transports/rest/route.js";
import { uploadHandlers } from "./transports/rest/uploads.js";
import { webhookHandlers } from "./transports/rest/webhooks.js";
import { tooLarge } from "./domain/uploads/index.js";
import { createWebHandler } from "./transports/web/static.js";

export interface App {
  /**
   * The one edge every request passes (transports/http/edge.ts): what the real server's Node entry
   * serves (transports/http/node-front.ts, main.ts).
   */
  readonly edge: Edge;
  /** The same edge for a fetch Request (in-process callers, tests): the production path. */
  fetch(request: Request): Promise<Response>;
  services: Services;
  /** Ends every open event stream with a final `stream.closed` event, and every one-shot wait (shutdown). */
  closeStreams(): void;
  /** The method and path of every route served (the router's, its catch-all `/**` included, and the edge's own). */
  servedRoutes(): { method: string; path: string }[];
}

/** Builds the whole HTTP surface over `deps`. Never listens: only main.ts does. */
export function createApp(deps: AppDeps): App {
  const { config, db, logger } = deps;
  const services = createServices(deps);
  const authenticate = createAuthenticator({ keys: services.keys, sessions: services.sessions, allowedOrigins: config.allowedOrigins });
  const graphqlDeps = {
    prisma: db.prisma,
    services,
    logger,
    production: config.production,
    streamReservationMs: config.streamReservationMs,
    response: { maxResponseBytes: config.graphqlMaxResponseBytes, inlineB64MaxBytes: config.inlineB64MaxBytes },
  };
  const graphqlSse = createGraphQLSseHandler(graphqlDeps);
  const closing = new AbortController();
  const web = createWebHandler({ distDir: new URL("../web/dist", import.meta.url).pathname });

  const app = new H3({
    silent: true, // errors are logged by us, once, under the request id
    onError: (error, event) => renderError(event.url.pathname, fromH3(error), requestState(event.req)),
  });

  // Every path below has its row in the route table (contract/routes.ts).
  for (const id of ["graphqlStreamGet", "graphqlStreamPost", "graphqlStreamPut", "graphqlStreamDelete"] as const) {
    mountRoute(app, id, (event) => graphqlSse(event.req, requestState(event.req).requestId));
  }
  mountRoute(
    app,
    "mcp",
    createMcpHttpHandler({ services, limiter: deps.limiter, readPerMinute: config.rateLimitGeneratePerMinute * 10, closing: closing.signal }),
  );
  // The OpenAI-compatible layer (/v1/): its own auth step and error shape, like MCP.
  const openai = openAiHandlers({
    services,
    limiter: deps.limiter,
    readPerMinute: config.rateLimitGeneratePerMinute * 10,
    publicOrigin: config.publicOrigin,
    closing: closing.signal,
  });
  for (const id of Object.keys(openai) as (keyof typeof openai)[]) mountRoute(app, id, openai[id]);
  // GET / is the docs' row: JSON for machine clients, the web client's page for browsers (it asks the web handler first).
  const agentsKnow = () =>
    services.agents.catalog.entries.flatMap((entry) => {
      const knows = services.agents.knows(entry.id);
      return knows ? [{ id: entry.id, knows }] : [];
    });
  const docs = docsHandlers({ publicOrigin: config.publicOrigin, web, agentsKnow });
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
      ...kitHandlers({ services, closing: closing.signal }),
      ...linkHandlers(services),
      ...uploadHandlers(services),
      ...projectHandlers(services),
      ...deletionHandlers(services),
      ...billingHandlers(services),
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

  // /graphql is answered by the edge itself, on Yoga's own request and response classes (faster;
  // h3 answers only with Node's): every other path goes through the router.
  const graphql = createGraphQLHandler(graphqlDeps);
  const edgeRoutes = [routes.graphqlGet, routes.graphqlPost];
  const edge = createEdge({
    logger,
    authenticate,
    trustProxy: config.trustProxy,
    bodyLimitBytes: config.bodyLimitBytes,
    uploadMaxBytes: config.uploads.maxBytes,
    multipartPaths: ["/v1/images/edits"],
    direct: { [routes.graphqlPost.path]: graphql },
    router: app.fetch,
    renderError,
    // Uploads (contract section 14) come as bytes: the image itself, or multipart with it (a little more for the parts).
    binaryBody: (method, path, contentType) =>
      method === "POST" && (path === routes.uploadImage.path || (path === routes.graphqlPost.path && /^multipart\/form-data\b/i.test(contentType ?? "")))
        ? {
            limitBytes: config.uploads.maxBytes + (/^multipart\//i.test(contentType ?? "") ? 64 * 1024 : 0),
            tooLarge: (bytes) => tooLarge(bytes, config.uploads, "file"),
          }
        : undefined,
  });

  return {
    edge,
    fetch: (request) => answerFetch(edge, request),
    services,
    closeStreams: () => closing.abort(),
    servedRoutes: () => [
      ...edgeRoutes.map((r) => ({ method: r.method, path: r.path })),
      ...app["~routes"].map((r) => ({ method: r.method || "*", path: r.route ?? "" })),
    ],
  };
}

/** The one error renderer for a path: OpenAI's shape on the compatibility layer (/v1/), else the contract's envelope. */
function renderError(path: string, error: unknown, state: RequestState): Response {
  return (isOpenAiPath(path) ? openAiErrorResponse : errorResponse)(error, state.requestId, state.logger);
}

/** What h3 itself throws: our errors it wrapped, and its own refusals, by what they mean. */
function fromH3(error: unknown): unknown {
  if (!(error instanceof HTTPError)) return error;
  if (error.cause instanceof AppError) return error.cause;
  if (error.status === 404) return new AppError("not_found", "No such route. GET /openapi.json (or /docs) lists every endpoint.");
  if (error.status === 400) return new AppError("invalid_request", "The request URL is malformed (bad percent-encoding?); encode it with encodeURIComponent.");
  return error.cause ?? error;
}
