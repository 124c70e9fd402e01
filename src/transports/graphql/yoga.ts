import { useCSRFPrevention } from "@graphql-yoga/plugin-csrf-prevention";
import { getOperationAST } from "graphql";
import { blockFieldSuggestionsPlugin } from "@escape.tech/graphql-armor-block-field-suggestions";
import { createYoga, type GraphiQLOptions, type Plugin } from "graphql-yoga";
import { errorResponse, libraryRefusal } from "../../contract/render.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { Logger } from "../../infra/logger.js";
import type { Services } from "../../services.js";
import { requestState } from "../http/request-state.js";
import type { GraphQLContext } from "./context.js";
import { guardDocument, guardVariables, parseGuarded, type ResponseLimits } from "./guard.js";
import { maskGraphQLError } from "./errors.js";
import { schema } from "./schema/index.js";

export interface GraphQLDeps {
  prisma: PrismaClient;
  services: Services;
  logger: Logger;
  /** Hides field suggestions (and keeps error masking strict). */
  production: boolean;
  /** graphql-sse: how long a reserved (PUT) stream waits to be connected. */
  streamReservationMs: number;
  /** What an answer may weigh (guard.ts). */
  response: ResponseLimits;
}

export function contextFor(request: Request, deps: GraphQLDeps): GraphQLContext {
  const state = requestState(request);
  return {
    requestId: state.requestId,
    logger: state.logger,
    prisma: deps.prisma,
    services: deps.services,
    viewer: state.viewer,
    responseHeaders: state.headers,
  };
}

/** Parses with the token limit, then refuses what the guard refuses, before validation (cached per document text by Yoga). */
const guardPlugin = (response: ResponseLimits): Plugin<GraphQLContext> => ({
  onExecute({ args, setResultAndStopExecution }) {
    const refused = guardVariables(args.variableValues);
    if (refused) setResultAndStopExecution({ errors: [refused] });
  },
  onParse({ setParseFn }) {
    setParseFn((source) => {
      const document = parseGuarded(typeof source === "string" ? source : source.body);
      const refused = guardDocument(document, response);
      if (refused.length > 0) throw refused[0];
      return document;
    });
  },
});

/** What kind of operation runs decides whether a session needs a trusted Origin (a mutation is a write). */
const operationPlugin: Plugin<GraphQLContext> = {
  onExecute({ args }) {
    (args.contextValue as GraphQLContext).operation = getOperationAST(args.document, args.operationName)?.operation;
  },
  onSubscribe({ args }) {
    (args.contextValue as GraphQLContext).operation = "subscription";
  },
};

/**
 * The GraphiQL page's renderer is a 9 MB module (≈ 35 MB of heap, 0.2 s to load): loaded on the
 * first GraphiQL page, not at start (Yoga awaits the Promise).
 */
const renderGraphiQLLazily = async (options: GraphiQLOptions): Promise<string> => (await import("@graphql-yoga/render-graphiql")).renderGraphiQL(options);

/**
 * The armour's parts: the guard (guard.ts: token, depth, alias, cost limits, one `generate` per
 * document), the field-suggestions block (production), our error masking, CSRF prevention.
 */
export const armourParts = ["guard", "suggestions", "masking", "csrf"] as const;
export type ArmourPart = (typeof armourParts)[number];

/**
 * GraphQL Yoga at /graphql, GraphiQL (inlined, works offline) on GET, on Yoga's own fetch classes
 * (whatwg-node's, much cheaper than Node's): the edge (transports/http/edge.ts) makes every
 * request of that class and hands /graphql straight here, ahead of h3. `armour` lists the parts
 * served (all of them unless told): fewer only to measure what each costs
 * (bench/graphql-armour.ts), never to serve.
 */
function createYogaServer(deps: GraphQLDeps, armour: readonly ArmourPart[] = armourParts) {
  const on = new Set(armour);
  const masking: Plugin<GraphQLContext> = {
    // Every error (parse and validation ones too, which skip maskError) leaves with a code of
    // our closed set and the request id.
    onResultProcess({ request, result, setResult }) {
      if (Array.isArray(result) || !("errors" in result) || !result.errors?.length) return;
      const requestId = requestState(request).requestId;
      setResult({ ...result, errors: result.errors.map((error) => maskGraphQLError(error, deps.logger, requestId)) });
    },
  };
  return createYoga<Record<string, unknown>, GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    renderGraphiQL: renderGraphiQLLazily,
    graphiql: { title: "AssetForge GraphQL", defaultQuery: "{\n  agents {\n    id\n    name\n    credits\n  }\n}\n" },
    landingPage: false,
    logging: false,
    context: ({ request }) => contextFor(request, deps),
    // One operation per request (no batching); every document passes the guard (guard.ts).
    batching: false,
    // The edge already capped the body (BODY_LIMIT_BYTES, counted while reading) and holds it in
    // memory: Yoga's own cap would only re-stream it through a TransformStream on every request.
    maxRequestBodySize: false,
    plugins: [
      ...(on.has("guard") ? [guardPlugin(deps.response)] : []),
      ...(deps.production && on.has("suggestions") ? [blockFieldSuggestionsPlugin()] : []),
      operationPlugin,
      ...(on.has("masking") ? [masking] : []),
      // A non-JSON request (GET with a query, forms, multipart uploads) must carry a header no simple cross-site request
      // can send: ours, or Authorization (an API key's request is preflighted in any browser; cookies are not).
      ...(on.has("csrf") ? [useCSRFPrevention({ requestHeaders: ["x-graphql-csrf", "graphql-require-preflight", "authorization"] })] : []),
    ],
    maskedErrors: on.has("masking") ? { maskError: (error) => maskGraphQLError(error, deps.logger) } : true,
  });
}

/**
 * Yoga's answer as the contract wants it: a request refused before execution is answered in the
 * media type it accepted; when that is text/event-stream, give the contract's envelope instead (the
 * errors' codes are ours already).
 */
async function contractAnswer(response: Response, request: Request): Promise<Response> {
  if (response.status >= 400 && response.headers.get("content-type")?.startsWith("text/event-stream")) {
    return errorResponse(libraryRefusal(response.status, await response.text(), "GraphQL refused the request"), requestState(request).requestId);
  }
  return response;
}

/** /graphql: answers a request that passed the edge (its context is set: `requestState(request)`). */
export function createGraphQLHandler(deps: GraphQLDeps, options: { armour?: readonly ArmourPart[] } = {}): (request: Request) => Promise<Response> {
  const yoga = createYogaServer(deps, options.armour);
  // Read once (the adapter binds on every property read); no server context: the state is the request's.
  const handle = yoga.handleRequest as (request: Request) => Promise<Response> | Response;
  return async (request) => contractAnswer(await handle(request), request);
}
