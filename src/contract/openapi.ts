import type { ZodType } from "zod";
import { errorCodes, type ErrorCode } from "./errors.js";
import { routeList, type Method, type ResponseSpec, type RouteSpec } from "./routes.js";
import { errorEnvelope } from "./schemas/common.js";
import { errorExample, idExamples } from "./openapi/error-examples.js";
import { requestExamples, responseExample, responseExamples } from "./openapi/example-picks.js";
import { exportFormatParameter, exportMedia, exportNotFoundExamples, exportRouteId } from "./openapi/exports.js";
import {
  authText,
  errorHeaders,
  headerParameterRef,
  headerParameters,
  responseHeaders,
  securityOf,
  securitySchemes,
  successHeaders,
} from "./openapi/headers.js";
import { info, tagsInReadingOrder } from "./openapi/info.js";
import { SchemaRegistry } from "./openapi/json-schema.js";
import { graphqlRequest, graphqlResult, jsonRpcRequest } from "./openapi/protocols.js";
import { generationStreamEventSchema, generationStreamMedia, generationStreams } from "./openapi/streams.js";
import type { JsonSchema, MediaTypeObject, OpenApiDocument, OperationObject, ParameterObject, Ref, ResponseObject } from "./openapi/types.js";

/**
 * The OpenAPI 3.1 document of every served path, generated (never written by hand) from the route
 * table (`routes.ts`: method, path, auth, rate, summary, tags, headers, body and response schemas,
 * errors) and the zod schemas that validate requests (`z.toJSONSchema`, draft 2020-12: request
 * bodies as the schema's input, responses as its output). Schemas carrying `.meta({ id })` become
 * `components.schemas`. Error statuses come from each row's `errors`, mapped to their status by
 * `errorCodes`, each with the one envelope and an example per code. Built once per process.
 *
 * What the table cannot say is added by rule, from the files of `openapi/`: the response headers
 * (request id, credits, rate limits, Retry-After, Location…: headers.ts), the examples
 * (examples.ts), the events of the generation streams (streams.ts), and the request and result of
 * GraphQL's and MCP's endpoints (protocols.ts).
 */

/** `/api/v1/generations/:id` → `/api/v1/generations/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}");
}

function pathParameters(path: string, routeId?: string): ParameterObject[] {
  const segments = path.split("/");
  return segments.flatMap((segment, i) => {
    if (!segment.startsWith(":")) return [];
    const name = segment.slice(1);
    if (routeId === exportRouteId && name === "format") return [exportFormatParameter];
    const owner = segments[i - 1] ?? "";
    const example = idExamples[owner];
    return [
      {
        name,
        in: "path" as const,
        required: true,
        description: example ? `The id (${example.slice(0, 4)}…).` : `The ${name}.`,
        schema: { type: "string" },
        ...(example ? { example } : {}),
      },
    ];
  });
}

const noContent = new Set([204, 304]);

function mediaSchema(spec: ResponseSpec, registry: SchemaRegistry, io: "output"): JsonSchema {
  if (spec.schema) return registry.toJson(spec.schema, io);
  switch (spec.contentType ?? "application/json") {
    case "application/json":
      return { type: "object" };
    case "image/png":
      return { type: "string", contentMediaType: "image/png", description: "The PNG bytes." };
    default:
      return { type: "string" };
  }
}

function successResponse(route: RouteSpec & { id: string }, status: number, spec: ResponseSpec, registry: SchemaRegistry): ResponseObject {
  const response: ResponseObject = { description: spec.description, headers: successHeaders(route, status, spec.schema) };
  if (noContent.has(status)) return response;
  const contentType = spec.contentType ?? "application/json";
  // A row without a schema or a content type says only that it answers: nothing more is claimed.
  if (!spec.schema && !spec.contentType) {
    if (route.transport !== "graphql" || status !== 200) return response;
  }
  if (route.id === exportRouteId && status === 200) {
    response.content = exportMedia();
    return response;
  }
  let media: MediaTypeObject;
  if (contentType === "text/event-stream" && generationStreams.has(route.id)) {
    media = generationStreamMedia(registry);
  } else if (route.transport === "graphql" && contentType === "application/json" && !spec.schema) {
    media = { schema: registry.toJson(graphqlResult, "output"), example: { data: { viewer: { account: { balance: 98 } } } } };
  } else {
    media = { schema: mediaSchema(spec, registry, "output") };
    const several = spec.schema ? responseExamples(spec.schema, status, route.id) : undefined;
    const example = spec.schema && !several ? responseExample(spec.schema, status) : undefined;
    if (several) media.examples = several;
    else if (example !== undefined) media.example = example;
  }
  response.content = { [contentType]: media };
  return response;
}

function errorResponses(route: RouteSpec & { id: string }, registry: SchemaRegistry): Record<string, ResponseObject> {
  const codes = [...new Set<ErrorCode>([...route.errors, "internal_error"])];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorCodes[code].status, [...(byStatus.get(errorCodes[code].status) ?? []), code]);
  const envelope = registry.toJson(errorEnvelope, "output");
  const out: Record<string, ResponseObject> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: list.map((c) => `\`${c}\``).join(", "),
      headers: errorHeaders(status),
      content: {
        "application/json": {
          schema: envelope,
          examples: {
            ...Object.fromEntries(list.map((code) => [code, { summary: code, value: errorExample(code) }])),
            ...(route.id === exportRouteId && status === 404 ? exportNotFoundExamples : {}),
          },
        },
      },
      "x-error-codes": list,
    };
  }
  return out;
}

function operationFor(route: RouteSpec & { id: string }, registry: SchemaRegistry): OperationObject {
  const notes: string[] = [`**Auth:** ${authText(route)}.`];
  if (route.rate) notes.push(`**Quota:** \`${route.rate}\` (per account; 429 with Retry-After past it).`);
  const extensions: Pick<OperationObject, "x-transport" | "x-rate-limit" | "x-graphql" | "x-compatibility-layer"> = { "x-transport": route.transport };
  if (route.rate) extensions["x-rate-limit"] = route.rate;
  if (route.transport === "graphql") {
    extensions["x-graphql"] = true;
    notes.push("**GraphQL endpoint**: documented here as HTTP; the operations are in the GraphQL schema (`schema.graphql`, or introspection).");
  }
  if (route.path.startsWith("/v1/")) {
    extensions["x-compatibility-layer"] = "openai-images";
    notes.push("**Compatibility layer** (OpenAI Images protocol) over the same use-cases; `/api/v1/` stays the reference API.");
  }

  const parameters: (ParameterObject | Ref)[] = [
    ...pathParameters(route.path, route.id),
    ...queryParameters(route, registry),
    ...(route.headers ?? []).map(headerParameterRef),
  ];
  const protocolBody = route.transport === "graphql" ? graphqlRequest : route.transport === "mcp" ? jsonRpcRequest : undefined;
  const body = route.body ?? (route.method === "POST" ? protocolBody : undefined);
  let requestBody: OperationObject["requestBody"];
  if (body) {
    const media: MediaTypeObject = { schema: registry.toJson(body, "input") };
    const bodyExamples = requestExamples(body);
    if (bodyExamples) media.examples = bodyExamples;
    if (body === graphqlRequest) media.example = { query: "{ viewer { account { balance } } }" };
    if (body === jsonRpcRequest) media.example = { jsonrpc: "2.0", id: 1, method: "tools/list" };
    requestBody = { required: true, content: { [route.bodyContentType ?? "application/json"]: media } };
  }
  const responses: Record<string, ResponseObject> = {};
  for (const [status, spec] of Object.entries(route.responses) as [string, ResponseSpec][]) {
    responses[status] = successResponse(route, Number(status), spec, registry);
  }
  for (const [status, response] of Object.entries(errorResponses(route, registry))) responses[status] ??= response;

  return {
    operationId: route.id,
    summary: route.summary,
    description: notes.join("\n\n"),
    tags: route.tags,
    security: securityOf(route),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    ...extensions,
  };
}

/** The route's query parameters, from its `query` schema (each optional unless the schema requires it). */
function queryParameters(route: RouteSpec, registry: SchemaRegistry): ParameterObject[] {
  return Object.entries(route.query?.shape ?? {}).map(([name, field]) => {
    const schema = registry.toJson(field as ZodType, "input");
    const description = typeof schema.description === "string" ? schema.description : undefined;
    return { name, in: "query", required: !(field as ZodType).safeParse(undefined).success, schema, ...(description ? { description } : {}) };
  });
}

/** Builds the document from `routes` (default: the route table). Pure: the same rows give the same document. */
export function buildOpenApiDocument(routes: readonly (RouteSpec & { id: string })[] = routeList): OpenApiDocument {
  const registry = new SchemaRegistry();
  registry.toJson(errorEnvelope, "output");
  const paths: OpenApiDocument["paths"] = {};
  const tags: string[] = [];
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase() as Lowercase<Method>] = operationFor(route, registry);
    for (const tag of route.tags) if (!tags.includes(tag)) tags.push(tag);
  }
  registry.components.GenerationStreamEvent = generationStreamEventSchema(registry);

  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info,
    servers: [{ url: "/", description: "This service (paths are relative to its base URL)." }],
    tags: tagsInReadingOrder(tags),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(registry.components).sort(([a], [b]) => a.localeCompare(b))),
      parameters: headerParameters,
      headers: responseHeaders,
      securitySchemes,
    },
  };
}

let cached: OpenApiDocument | undefined;

/** The document of the route table, built on first use and kept (the table is fixed at start-up). */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument();
  return cached;
}
