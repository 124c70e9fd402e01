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
import { guardDocument, guardVariables, parseGuarded } from "./guard.js";
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
const guardPlugin: Plugin<GraphQLContext> = {
  onExecute({ args, setResultAndStopExecution }) {
    const refused = guardVariables(args.variableValues);
    if (refused) setResultAndStopExecution({ errors: [refused] });
  },
  onParse({ setParseFn }) {
    setParseFn((source) => {
      const document = parseGuarded(typeof source === "string" ? source : source.body);
      const refused = guardDocument(document);
      if (refused.length > 0) throw refused[0];
      return document;
    });
  },
};

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
const renderGraphiQLLazily = async (options: GraphiQLOptions): Promise<string> =>
  (await import("@graphql-yoga/render-graphiql")).renderGraphiQL(options);

/** Node's own fetch classes: the Responses h3 recognises (the app's path). */
const nodeFetchAPI = { Request, Response, Headers, ReadableStream, TextEncoder, TextDecoder, URL, URLSearchParams, fetch };

/**
 * The armour's parts: the guard (guard.ts: token, depth, alias, cost limits, one `generate` per
 * document), the field-suggestions block (production), our error masking, CSRF prevention.
 */
export const armourParts = ["guard", "suggestions", "masking", "csrf"] as const;
export type ArmourPart = (typeof armourParts)[number];

/**
 * GraphQL Yoga at /graphql, GraphiQL (inlined, works offline) on GET. One configuration, two
 * instances: the app's (on Node's fetch classes, for h3 and in-process calls) and the Node front's
 * (on Yoga's default whatwg-node classes, much cheaper), which answer alike. `armour` lists the
 * parts served (all of them unless told): fewer only to measure what each costs
 * (bench/graphql-armour.ts), never to serve.
 */
function createYogaServer(deps: GraphQLDeps, fetchAPI?: typeof nodeFetchAPI, armour: readonly ArmourPart[] = armourParts) {
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
    ...(fetchAPI ? { fetchAPI } : {}),
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
      ...(on.has("guard") ? [guardPlugin] : []),
      ...(deps.production && on.has("suggestions") ? [blockFieldSuggestionsPlugin()] : []),
      operationPlugin,
      ...(on.has("masking") ? [masking] : []),
      // A non-JSON request (GET with a query, forms) must carry a header no simple cross-site request can send.
      ...(on.has("csrf") ? [useCSRFPrevention({ requestHeaders: ["x-graphql-csrf", "graphql-require-preflight"] })] : []),
    ],
    maskedErrors: on.has("masking") ? { maskError: (error) => maskGraphQLError(error, deps.logger) } : true,
  });
}

/**
 * Yoga's answer as the contract wants it, on both paths: a request refused before execution is
 * answered in the media type it accepted; when that is text/event-stream, give the contract's
 * envelope instead (the errors' codes are ours already).
 */
async function contractAnswer(response: Response, request: Request): Promise<Response> {
  if (response.status >= 400 && response.headers.get("content-type")?.startsWith("text/event-stream")) {
    return errorResponse(libraryRefusal(response.status, await response.text(), "GraphQL refused the request"), requestState(request).requestId);
  }
  return response;
}

/** The app's /graphql handler (mounted in h3: in-process calls, and any server without the Node front). */
export function createGraphQLHandler(deps: GraphQLDeps) {
  const yoga = createYogaServer(deps, nodeFetchAPI);
  return async (request: Request) => contractAnswer(await yoga.fetch(request), request);
}

/**
 * /graphql for the Node front (transports/http/node-front.ts): the same Yoga on its default fetch
 * classes. `Request` is the class to build requests with; `fetch` answers one that passed the edge.
 */
export function createGraphQLFrontRoute(
  deps: GraphQLDeps,
  options: { armour?: readonly ArmourPart[] } = {},
): { Request: new (url: string, init: RequestInit) => Request; fetch(request: Request): Promise<Response> } {
  const yoga = createYogaServer(deps, undefined, options.armour);
  // Read once (the adapter binds on every property read); no server context: the state is the request's.
  const handle = yoga.handleRequest as (request: Request) => Promise<Response> | Response;
  return {
    Request: yoga.fetchAPI.Request,
    fetch: async (request) => contractAnswer(await handle(request), request),
  };
}
