import { H3, HTTPError } from "h3";
import { AppError } from "./domain/errors.js";
import { newId } from "./domain/ids.js";
import { createServices, type AppDeps, type Services } from "./services.js";
import { createGraphQLSseHandler } from "./transports/graphql/graphql-sse.js";
import { createGraphQLHandler } from "./transports/graphql/yoga.js";
import { requestState, setRequestState } from "./transports/http/request-state.js";
import { errorResponse, handleThrown } from "./transports/http/responses.js";
import { agentRoutes } from "./transports/rest/agents.js";
import { healthRoutes } from "./transports/rest/health.js";

export interface App {
  /** Answers one request; this is all a server (or a test) needs. */
  fetch(request: Request): Promise<Response>;
  services: Services;
}

/** Builds the whole HTTP surface over `deps`. Never listens: only main.ts does. */
export function createApp(deps: AppDeps): App {
  const services = createServices(deps);
  const graphql = createGraphQLHandler({ prisma: deps.db.prisma, services, logger: deps.logger });
  const graphqlSse = createGraphQLSseHandler({ prisma: deps.db.prisma, services, logger: deps.logger });

  const app = new H3({
    silent: true, // errors are logged by us, once, under the request id
    onError(error, event) {
      const state = requestState(event.req);
      return errorResponse(toEnvelopeError(error, state.logger), state.requestId);
    },
  });

  app.all("/graphql", (event) => graphql(event.req));
  app.all("/graphql/stream", (event) => graphqlSse(event.req));
  healthRoutes(app, deps.db);
  agentRoutes(app, services);
  app.all("/**", () => {
    throw new AppError("not_found", "No such route. See the README for the API.");
  });

  return {
    services,
    async fetch(request) {
      const requestId = newId("req");
      const startedAt = performance.now();
      const logger = deps.logger.child({ requestId });
      setRequestState(request, { requestId, logger, startedAt });
      let response: Response;
      try {
        response = await app.fetch(request);
      } catch (error) {
        response = errorResponse(handleThrown(error, logger), requestId);
      }
      response.headers.set("x-request-id", requestId);
      const url = new URL(request.url);
      logger.info("request", {
        method: request.method,
        path: url.pathname,
        status: response.status,
        ms: Math.round((performance.now() - startedAt) * 10) / 10,
      });
      return response;
    },
  };
}

function toEnvelopeError(error: unknown, logger: AppDeps["logger"]): AppError {
  const cause = error instanceof HTTPError && error.cause !== undefined ? error.cause : error;
  if (cause instanceof AppError) return cause;
  if (error instanceof HTTPError && error.status === 404) {
    return new AppError("not_found", "No such route. See the README for the API.");
  }
  if (error instanceof HTTPError && error.status === 405) {
    return new AppError("method_not_allowed", "This route does not accept that method.");
  }
  return handleThrown(cause, logger);
}
