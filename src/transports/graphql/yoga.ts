import { useCSRFPrevention } from "@graphql-yoga/plugin-csrf-prevention";
import { renderGraphiQL } from "@graphql-yoga/render-graphiql";
import { createYoga } from "graphql-yoga";
import type { PrismaClient } from "../../infra/db/database.js";
import type { Logger } from "../../infra/logger.js";
import type { Services } from "../../services.js";
import { requestState } from "../http/request-state.js";
import type { GraphQLContext } from "./context.js";
import { armourPlugins } from "./armour.js";
import { maskGraphQLError } from "./errors.js";
import { schema } from "./schema/index.js";

export interface GraphQLDeps {
  prisma: PrismaClient;
  services: Services;
  logger: Logger;
  /** Hides field suggestions (and keeps error masking strict). */
  production: boolean;
}

export function contextFor(request: Request, deps: GraphQLDeps): GraphQLContext {
  const state = requestState(request);
  return { requestId: state.requestId, logger: state.logger, prisma: deps.prisma, services: deps.services, viewer: state.viewer };
}

/** GraphQL Yoga at /graphql, GraphiQL (inlined, works offline) on GET. */
export function createGraphQLHandler(deps: GraphQLDeps) {
  const yoga = createYoga<Record<string, unknown>, GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    // Node's own fetch primitives; without them Yoga's Response is not one h3 recognises.
    fetchAPI: { Request, Response, Headers, ReadableStream, TextEncoder, TextDecoder, URL, URLSearchParams, fetch },
    renderGraphiQL,
    graphiql: { title: "Asset generation service", defaultQuery: "{\n  agents {\n    id\n    name\n    credits\n  }\n}\n" },
    landingPage: false,
    logging: false,
    context: ({ request }) => contextFor(request, deps),
    // One operation per request (no batching), with depth, alias, token and cost limits.
    batching: false,
    plugins: [
      ...armourPlugins(deps.production),
      // A non-JSON request (GET with a query, forms) must carry a header no simple cross-site request can send.
      useCSRFPrevention({ requestHeaders: ["x-graphql-csrf", "graphql-require-preflight"] }),
    ],
    maskedErrors: {
      maskError: (error) => maskGraphQLError(error, deps.logger),
    },
  });
  return (request: Request) => yoga.fetch(request);
}
