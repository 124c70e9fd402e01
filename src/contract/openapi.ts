import { readFileSync } from "node:fs";
import { z, type ZodType } from "zod";
import { errorCodes, type ErrorCode } from "./errors.js";
import { routeList, type Method, type ResponseSpec, type RouteSpec } from "./routes.js";
import { sessionResponse, signInRequest, signUpRequest } from "./schemas/accounts.js";
import { agentsResponse } from "./schemas/agents.js";
import { errorEnvelope } from "./schemas/common.js";
import { balanceResponse } from "./schemas/credits.js";
import { discoveryResponse } from "./schemas/discovery.js";
import { generateRequest, generation, generationOrEstimate } from "./schemas/generation.js";
import { createdKeyResponse, createKeyRequest, keyListResponse } from "./schemas/keys.js";

/**
 * The OpenAPI 3.1 document of every served path, generated (never written by hand) from the route
 * table (`routes.ts`: method, path, auth, rate, summary, tags, headers, body and response schemas,
 * errors) and the zod schemas that validate requests (`z.toJSONSchema`, draft 2020-12: request
 * bodies as the schema's input, responses as its output). Schemas carrying `.meta({ id })` become
 * `components.schemas`. Error statuses come from each row's `errors`, mapped to their status by
 * `errorCodes`, each with the one envelope and an example per code. Built once per process.
 *
 * What the table cannot say is added here, by rule: the response headers (request id, credits,
 * rate limits, Retry-After, Location…), the examples, the events of the generation streams, and
 * the request and result of GraphQL's endpoints.
 */

export type JsonSchema = { [key: string]: unknown };
export interface Ref {
  $ref: string;
}

export interface ParameterObject {
  name: string;
  in: "path" | "header" | "query" | "cookie";
  required?: boolean;
  description?: string;
  schema: JsonSchema;
  example?: unknown;
}

export interface MediaTypeObject {
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, { summary?: string; description?: string; value: unknown }>;
  /** Generation streams: the `data` schema of each event name. */
  "x-events"?: { event: string; description: string; data: JsonSchema }[];
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, Ref>;
  content?: Record<string, MediaTypeObject>;
  /** Error statuses: the codes of the closed set this operation can answer with this status. */
  "x-error-codes"?: ErrorCode[];
}

export interface OperationObject {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: (ParameterObject | Ref)[];
  requestBody?: { required: boolean; description?: string; content: Record<string, MediaTypeObject> };
  responses: Record<string, ResponseObject>;
  "x-transport": string;
  "x-rate-limit"?: string;
  "x-graphql"?: true;
  "x-compatibility-layer"?: string;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  jsonSchemaDialect: string;
  info: { title: string; version: string; summary: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Partial<Record<Lowercase<Method>, OperationObject>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, ParameterObject>;
    headers: Record<string, { description: string; schema: JsonSchema; required?: boolean }>;
    securitySchemes: Record<string, Record<string, string>>;
  };
}

const packageJson = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

export const serviceName = "AssetForge";
export const serviceVersion = packageJson.version;
export const serviceSummary = "Game assets (pixel sprites, icons, seamless textures) generated from a text prompt, paid for with credits.";

const description = `${serviceSummary}

Coding agents call \`POST /api/v1/generate\` with an API key (\`Authorization: Bearer ags_…\`) and get the PNG back in
the answer (\`assets[0].b64\`, and \`assets[0].url\` to download it again with the same key). The web app and the
in-app endpoints (\`/api/ai/*\`, GraphQL) use a session cookie. Start with the guide: [/docs/getting-started](/docs/getting-started).

- **Errors** are always \`{"error": {"code", "message", "requestId", "param"?, "retryable"?, "details"?}}\`; the
  message says what to do next and \`details.docs\` links the relevant page. \`retryable: true\` means the same
  request may succeed later (honour \`Retry-After\`).
- **Retries** are safe with \`Idempotency-Key\`: the same key and body replay the first answer and charge nothing.
- **Long generations**: \`Prefer: respond-async\` answers 202 at once; follow \`Location\`, or stream
  \`GET /api/v1/generations/{id}/events\` (server-sent events).
- **Machine-readable**: this document at \`/openapi.json\`, \`/llms.txt\`, \`/llms-full.txt\`, \`/docs/api.md\`, and an MCP
  server at \`/mcp\`. \`/api/v1/\` changes only by addition.`;

/** The reading order of the reference: what an agent needs first; tags not listed come after, in table order. */
const tagOrder = ["Generation", "Agents", "Credits", "API keys", "Accounts", "In-app", "GraphQL", "MCP", "Discovery", "Operations"];
const tagRank = (tag: string) => (tagOrder.includes(tag) ? tagOrder.indexOf(tag) : tagOrder.indexOf("Discovery") - 0.5);

const tagDescriptions: Record<string, string> = {
  Discovery: "Where everything is: this document, the reference, the guide and llms.txt. No credentials.",
  Generation: "Generate an asset with an API key, follow it, stream its events, cancel it, download it.",
  Agents: "The agents that draw assets, their prices and sizes.",
  Credits: "The balance of the key's account.",
  Accounts: "Sign up, sign in and out (session cookie), for the web app and scripts.",
  "API keys": "Create, list and revoke API keys (session cookie). A key's secret is shown once.",
  "In-app": "The web app's own generation endpoints (session cookie).",
  GraphQL: "The in-app GraphQL API (cookie or API key): the schema is printed in schema.graphql; GraphiQL at GET /graphql.",
  MCP: "A Model Context Protocol server for agents (API key as bearer).",
  Operations: "Health of the service, for operators and load balancers.",
};

// ---------------------------------------------------------------------------------------------
// Examples (checked against their schemas by the tests)
// ---------------------------------------------------------------------------------------------

const at = "2026-11-23T10:00:00.000Z";
/** What the example generation (queued, then succeeded) asked for, and what the icon agent understood. */
const potion = { agentId: "icon", prompt: "red health potion", transparent: true, seed: 1234, width: 128, height: 128, createdAt: at };
const potionInterpretation = { subject: "potion", modifiers: ["red"], ignored: ["health"], fallback: false };
export const examples = {
  generateRequest: { prompt: "red health potion", agentId: "icon", transparent: true, width: 128, height: 128, seed: 1234 },
  generateMessages: {
    messages: [
      { role: "user", content: "a potion" },
      { role: "user", content: "make it blue, with a cork" },
    ],
    agentId: "pixel-sprite",
    transparent: true,
  },
  succeeded: {
    id: "gen_4fTq8ZkR2mWc7NvXbL1pDa",
    status: "succeeded",
    ...potion,
    startedAt: "2026-11-23T10:00:00.031Z",
    completedAt: "2026-11-23T10:00:00.212Z",
    assets: [
      {
        id: "ast_9sKw2LmQx7Pz4RtVb8NcHe",
        url: "/api/v1/assets/ast_9sKw2LmQx7Pz4RtVb8NcHe",
        mimeType: "image/png",
        width: 128,
        height: 128,
        bytes: 2345,
        sha256: "5d41402abc4b2a76b9719d911017c592ae4e4b1b5d4f6e8a2c7e9f0b1a3c5d7e",
        b64: "iVBORw0KGgoAAAANSUhEUgAAAIAAAACACAYAAADDPmHLAAAA…",
      },
    ],
    credits: { charged: 2, refunded: 0, balance: 98 },
    interpretation: potionInterpretation,
  },
  estimate: {
    dryRun: true,
    agentId: "icon",
    width: 128,
    height: 128,
    transparent: true,
    credits: { price: 2, balance: 98, sufficient: true },
    interpretation: potionInterpretation,
  },
  queued: {
    id: "gen_4fTq8ZkR2mWc7NvXbL1pDa",
    status: "queued",
    ...potion,
    startedAt: null,
    completedAt: null,
    assets: [],
    credits: { charged: 2, refunded: 0, balance: 98 },
    interpretation: potionInterpretation,
  },
  agents: {
    agents: [
      {
        id: "icon",
        name: "Flat icon",
        description: "Flat game-UI icons (sword, shield, potion, coin, heart, gem, key, star…).",
        credits: 2,
        supportsTransparent: true,
        sizes: [64, 128, 256, 512].map((edge) => ({ width: edge, height: edge })),
        defaultSize: { width: 256, height: 256 },
        formats: ["image/png"],
      },
    ],
    defaultAgentId: "pixel-sprite",
  },
  session: {
    user: { id: "usr_2bXc9LmQw4RtZp7KsV1nHf", email: "ada@example.com", name: null, role: "user", createdAt: at },
    account: { id: "acc_7PqL2wX9mZk4TcRb1VnS8d", balance: 100 },
  },
  createdKey: {
    apiKey: {
      id: "key_3KdT8mWq2XzL9pRc4VbN7s",
      name: "my agent",
      start: "ags_AbCd",
      scopes: ["generate", "read"],
      createdAt: at,
      expiresAt: null,
      lastUsedAt: null,
    },
    secret: "ags_AbCd…(42 characters; shown once)",
  },
  balance: { balance: 98 },
  discovery: {
    name: serviceName,
    version: serviceVersion,
    description: serviceSummary,
    links: {
      openapi: "http://localhost:3000/openapi.json",
      docs: "http://localhost:3000/docs",
      gettingStarted: "http://localhost:3000/docs/getting-started",
      llmsTxt: "http://localhost:3000/llms.txt",
      llmsFullTxt: "http://localhost:3000/llms-full.txt",
      mcp: "http://localhost:3000/mcp",
      agents: "http://localhost:3000/api/ai/agents",
      generate: "http://localhost:3000/api/v1/generate",
      webApp: "http://localhost:3000/",
    },
  },
};

/** The example of a response body, by schema (and status where one schema answers several ways). */
function responseExample(schema: ZodType, status: number): unknown {
  if (schema === generation) return status === 202 ? examples.queued : examples.succeeded;
  if (schema === generationOrEstimate) return examples.succeeded;
  if (schema === agentsResponse) return examples.agents;
  if (schema === sessionResponse) return examples.session;
  if (schema === createdKeyResponse) return examples.createdKey;
  if (schema === keyListResponse) return { apiKeys: [examples.createdKey.apiKey] };
  if (schema === balanceResponse) return examples.balance;
  if (schema === discoveryResponse) return examples.discovery;
  return undefined;
}

function requestExamples(schema: ZodType): MediaTypeObject["examples"] | undefined {
  if (schema === createKeyRequest) return { key: { summary: "A key that may generate", value: { name: "my agent", scopes: ["generate"] } } };
  if (schema === signUpRequest || schema === signInRequest) {
    return { account: { summary: "Email and password", value: { email: "ada@example.com", password: "correct horse battery" } } };
  }
  if (schema === generateRequest) {
    return {
      prompt: { summary: "A prompt", value: examples.generateRequest },
      messages: { summary: "A conversation (the last user message weighs most)", value: examples.generateMessages },
    };
  }
  return undefined;
}

/** One example error per code: what a caller sees (messages as the service writes them). */
const errorExamples: Partial<Record<ErrorCode, { message: string; param?: string; details?: Record<string, unknown> }>> = {
  invalid_json: { message: "The request body is not valid JSON: Expected property name or '}' in JSON at position 1." },
  invalid_request: {
    message: 'size: Unknown field "size": use width and height (e.g. "width": 64, "height": 64); GET /api/ai/agents lists each agent\'s sizes.',
    param: "size",
    details: { docs: "/docs#generate" },
  },
  unknown_agent: { message: 'No agent is called "dalle". Use one of: pixel-sprite, icon, texture (GET /api/ai/agents lists them).', param: "agentId" },
  unsupported_option: { message: "The agent texture cannot make transparent assets; leave transparent out or pick another agent.", param: "transparent" },
  unauthenticated: {
    message: "The API key looks mistyped (its checksum does not match): copy it again from where you saved it.",
    details: { docs: "/docs/getting-started#create-a-key" },
  },
  insufficient_credits: { message: "This call costs 2 credits; the balance is 1.", param: "agentId", details: { required: 2, balance: 1 } },
  forbidden: { message: 'This API key lacks the "generate" scope.', details: { requiredScope: "generate" } },
  not_found: { message: "No such generation." },
  method_not_allowed: { message: "/api/v1/generate takes POST, not GET." },
  request_timeout: { message: "The request body did not arrive in full; send the request again." },
  idempotency_in_progress: { message: "A request with this Idempotency-Key is still running; retry in 1 s." },
  payload_too_large: { message: "The request body exceeds 65536 bytes.", details: { limitBytes: 65536 } },
  unsupported_media_type: { message: "Send the body as JSON with Content-Type: application/json." },
  idempotency_key_reused: { message: "This Idempotency-Key was used with another body; use a new key for a new request." },
  content_rejected: { message: "The model refused this prompt: it violates the content policy. The credits were refunded; change the prompt.", details: { reason: "rejected" } },
  rate_limited: { message: "Too many requests: 60 per 60 s. Retry in 12 s.", details: { limit: 60, windowSeconds: 60, retryAfterSeconds: 12 } },
  internal_error: { message: "Something went wrong on our side. Retry later, quoting the request id." },
  generator_unavailable: { message: "The agent's model did not answer in time; the credits were refunded. Retry later.", details: { reason: "timeout" } },
  service_unavailable: { message: "The database does not answer; nothing was charged. Retry in a few seconds.", details: { dependency: "database" } },
};

/** The envelope of an example error with `code`, as this service writes it. */
export function errorExample(code: ErrorCode) {
  const example = errorExamples[code] ?? { message: `A ${code} error.` };
  return {
    error: {
      code,
      message: example.message,
      requestId: "req_7Hc2mQx9LwZ4pKt1VbR8sN",
      ...(example.param ? { param: example.param } : {}),
      retryable: errorCodes[code].retryable,
      ...(example.details ? { details: example.details } : {}),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Streams (contract section 5): the event payloads, described with zod like everything else
// ---------------------------------------------------------------------------------------------

const eventError = errorEnvelope.shape.error.omit({ requestId: true }).extend({ code: z.string().describe("An error code of the closed set, or canceled.") });

export const generationStreamEvents: { event: string; description: string; data: ZodType }[] = [
  { event: "generation.queued", description: "Accepted and waiting for a worker; the price is reserved.", data: z.object({ id: z.string(), agentId: z.string(), position: z.number().int().optional() }) },
  { event: "generation.started", description: "A worker took it.", data: z.object({ id: z.string() }) },
  {
    event: "generation.progress",
    description: "How far it is; percent never decreases.",
    data: z.object({ id: z.string(), percent: z.number().min(0).max(100), stage: z.string().describe("What the agent is doing, in words.") }),
  },
  {
    event: "generation.preview",
    description: "A low-resolution look at the asset (optional).",
    data: z.object({ id: z.string(), b64: z.string().describe("A PNG, base64."), width: z.number().int(), height: z.number().int() }),
  },
  { event: "generation.completed", description: "The whole generation with its asset; the last event.", data: generation },
  {
    event: "generation.failed",
    description: "It failed or was canceled (error.code canceled); its credits came back. The last event.",
    data: z.object({ id: z.string(), error: eventError, credits: z.object({ refunded: z.number().int(), balance: z.number().int() }) }),
  },
  {
    event: "stream.closed",
    description: "The server is shutting down (or reading the events failed): reconnect with Last-Event-ID; the generation goes on.",
    data: z.object({ reason: z.enum(["shutdown", "error"]), lastEventId: z.number().int().nullable(), retryable: z.boolean(), error: eventError.optional() }),
  },
];

/** Rows whose event stream is a generation's (the others, e.g. graphql-sse, are described by their row only). */
const generationStreams = new Set(["streamInApp", "generationEvents"]);

const streamExample = [
  ": stream open",
  "",
  "event: generation.queued\nid: 1\ndata: {\"id\":\"gen_4fTq8ZkR2mWc7NvXbL1pDa\",\"agentId\":\"icon\"}",
  "",
  "event: generation.started\nid: 2\ndata: {\"id\":\"gen_4fTq8ZkR2mWc7NvXbL1pDa\"}",
  "",
  "event: generation.progress\nid: 3\ndata: {\"id\":\"gen_4fTq8ZkR2mWc7NvXbL1pDa\",\"stage\":\"drawing\",\"percent\":40}",
  "",
  "event: generation.completed\nid: 5\ndata: {\"id\":\"gen_4fTq8ZkR2mWc7NvXbL1pDa\",\"status\":\"succeeded\",…}",
  "",
].join("\n");

// ---------------------------------------------------------------------------------------------
// GraphQL over HTTP (its rows have no zod body: the protocol's own shapes)
// ---------------------------------------------------------------------------------------------

const graphqlRequest = z
  .object({
    query: z.string().describe("The GraphQL document."),
    variables: z.record(z.string(), z.unknown()).optional(),
    operationName: z.string().optional(),
  })
  .meta({ id: "GraphQLRequest" });
const graphqlResult = z
  .object({
    data: z.record(z.string(), z.unknown()).nullable().optional(),
    errors: z
      .array(z.object({ message: z.string(), path: z.array(z.union([z.string(), z.number()])).optional(), extensions: z.object({ code: z.string() }).optional() }))
      .optional()
      .describe("extensions.code is one of the closed set of error codes."),
  })
  .meta({ id: "GraphQLResult" });

/** MCP over Streamable HTTP: JSON-RPC 2.0 messages (the protocol's own shape; the tools are listed by tools/list). */
const jsonRpcRequest = z
  .object({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string(), z.number().int()]).optional().describe("Absent on notifications."),
    method: z.string().describe("initialize, tools/list, tools/call, resources/read…"),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: "JsonRpcRequest" });

// ---------------------------------------------------------------------------------------------
// Headers and security
// ---------------------------------------------------------------------------------------------

const requestHeaders: Record<NonNullable<RouteSpec["headers"]>[number], ParameterObject> = {
  "Idempotency-Key": {
    name: "Idempotency-Key",
    in: "header",
    description:
      "1–255 visible ASCII characters. The same key and body replay the first answer (Idempotent-Replayed: true) and charge nothing; the same key with another body is 422; while the first still runs, 409. Kept 24 h.",
    schema: { type: "string", minLength: 1, maxLength: 255 },
    example: "7b1c2f0e-3d4a-4b8e-9c51-2a6f1e0d9b44",
  },
  Prefer: {
    name: "Prefer",
    in: "header",
    description: "respond-async: answer 202 at once (status queued) with Location, instead of waiting up to 60 s.",
    schema: { type: "string", enum: ["respond-async"] },
  },
  "Last-Event-ID": {
    name: "Last-Event-ID",
    in: "header",
    description: "Resume a stream after this event id (sequence number); the events after it are sent first.",
    schema: { type: "string", pattern: "^\\d{1,9}$" },
  },
  "If-None-Match": {
    name: "If-None-Match",
    in: "header",
    description: "The ETag of the copy you have: 304 Not Modified when it is current.",
    schema: { type: "string" },
  },
};
const parameterName = (header: string) => header.replace(/-/g, "");

const responseHeaders = {
  XRequestId: { description: "The request's id, also in every error body as requestId; quote it when asking for help.", schema: { type: "string" } },
  XCreditsCharged: { description: "Credits this call charged (reserved, then charged): 0 on an idempotent replay, whose body keeps the first answer's credits.charged.", schema: { type: "integer", minimum: 0 } },
  XCreditsBalance: { description: "The account's balance after this call.", schema: { type: "integer" } },
  RateLimitPolicy: { description: 'The quota (IETF draft syntax): "generate";q=60;w=60.', schema: { type: "string" } },
  RateLimit: { description: 'What is left of it: "generate";r=59;t=60 (remaining, seconds to reset).', schema: { type: "string" } },
  RetryAfter: { description: "Seconds to wait before retrying: what the service will honour, 1–300 whatever an upstream provider asked.", schema: { type: "integer", minimum: 1, maximum: 300 } },
  Location: { description: "Where to follow the generation: /api/v1/generations/{id}.", schema: { type: "string" } },
  IdempotentReplayed: { description: "true when this answer is the replay of an earlier request with the same Idempotency-Key.", schema: { type: "string", enum: ["true"] } },
  ETag: { description: "The version of this content; send it back as If-None-Match.", schema: { type: "string" } },
  CacheControl: { description: "How long the content may be cached.", schema: { type: "string" } },
  WWWAuthenticate: { description: 'Bearer realm="assets": how to authenticate.', schema: { type: "string" } },
  Allow: { description: "The methods this path takes.", schema: { type: "string" } },
} satisfies OpenApiDocument["components"]["headers"];
type HeaderName = keyof typeof responseHeaders;
const headerRef = (name: HeaderName): Ref => ({ $ref: `#/components/headers/${name}` });
const wireName: Record<HeaderName, string> = {
  XRequestId: "X-Request-Id",
  XCreditsCharged: "X-Credits-Charged",
  XCreditsBalance: "X-Credits-Balance",
  RateLimitPolicy: "RateLimit-Policy",
  RateLimit: "RateLimit",
  RetryAfter: "Retry-After",
  Location: "Location",
  IdempotentReplayed: "Idempotent-Replayed",
  ETag: "ETag",
  CacheControl: "Cache-Control",
  WWWAuthenticate: "WWW-Authenticate",
  Allow: "Allow",
};
const headers = (...names: HeaderName[]): Record<string, Ref> => Object.fromEntries(names.map((n) => [wireName[n], headerRef(n)]));

const securitySchemes = {
  apiKey: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "ags_ + 38 letters and digits",
    description: "Send `Authorization: Bearer ags_…`. Create a key in the web app (API keys) or with `POST /api/keys`; its secret is shown once.",
  },
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: "ags_session",
    description: "The cookie `ags_session` that `POST /api/auth/sign-in` and `sign-up` set (the web app's session). A write by cookie must carry the service's `Origin`.",
  },
};

function securityOf(route: RouteSpec): Record<string, string[]>[] {
  const { auth } = route;
  if (auth.allow === "public") return [];
  const scopes = "scope" in auth && auth.scope ? [auth.scope] : [];
  const key = { apiKey: scopes };
  const cookie = { sessionCookie: [] };
  return auth.allow === "api_key" ? [key] : auth.allow === "session" ? [cookie] : [key, cookie];
}

/** The credentials a row takes, in words (also used by the reference page). */
export function authText(route: Pick<RouteSpec, "auth">): string {
  const { auth } = route;
  if (auth.allow === "public") return "None (public)";
  const scope = "scope" in auth && auth.scope ? ` with scope ${auth.scope}` : "";
  const admin = "admin" in auth && auth.admin ? ", admin only" : "";
  const who = { api_key: `API key${scope}`, session: "Session cookie", any: `API key${scope} or session cookie` }[auth.allow];
  return `${who}${admin}`;
}

// ---------------------------------------------------------------------------------------------
// Schemas: zod → JSON Schema → components
// ---------------------------------------------------------------------------------------------

const SAFE = Number.MAX_SAFE_INTEGER;
/** Keywords whose values are data, not schemas: copied as they are. */
const literalKeys = new Set(["example", "examples", "const", "default", "enum", "required"]);

/** Tidies zod's JSON Schema for readers: no safe-integer bounds, no datetime regex, responses open to additions. */
function tidy(node: unknown, io: "input" | "output"): unknown {
  if (Array.isArray(node)) return node.map((n) => tidy(n, io));
  if (node === null || typeof node !== "object") return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$schema" || key === "id") continue;
    if (literalKeys.has(key)) {
      out[key] = value;
      continue;
    }
    out[key] = key === "properties" || key === "$defs" ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, tidy(v, io)])) : tidy(value, io);
  }
  if (out.minimum === -SAFE) delete out.minimum;
  if (out.maximum === SAFE) delete out.maximum;
  if (typeof out.format === "string" && ["date-time", "email"].includes(out.format)) delete out.pattern;
  if ("example" in out) {
    out.examples = [out.example];
    delete out.example;
  }
  // A response may gain fields within v1 (contract section 11): never promise there are no others.
  if (io === "output" && out.additionalProperties === false) delete out.additionalProperties;
  if (Array.isArray(out.anyOf)) {
    const branches: unknown[] = [];
    const seen = new Set<string>();
    for (const branch of (out.anyOf as JsonSchema[]).flatMap((b) => (Object.keys(b).length === 1 && Array.isArray(b.anyOf) ? (b.anyOf as JsonSchema[]) : [b]))) {
      const key = JSON.stringify(branch);
      if (!seen.has(key)) branches.push(branch);
      seen.add(key);
    }
    if (branches.length === 1) {
      delete out.anyOf;
      Object.assign(out, branches[0]);
    } else out.anyOf = branches;
  }
  return out;
}

function rewriteRefs(node: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, names));
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/$defs/")) {
        const id = value.slice("#/$defs/".length);
        return [key, `#/components/schemas/${names.get(id) ?? id}`];
      }
      return [key, rewriteRefs(value, names)];
    }),
  );
}

class SchemaRegistry {
  readonly components: Record<string, JsonSchema> = {};
  /** The JSON of each registered component, to tell when an id means two shapes (input and output). */
  private readonly seen = new Map<string, string>();

  toJson(schema: ZodType, io: "input" | "output"): JsonSchema {
    const raw = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
      override: (ctx) => {
        const type = (ctx.zodSchema as unknown as { _zod: { def: { type: string } } })._zod.def.type;
        if (type === "date") Object.assign(ctx.jsonSchema, { type: "string", format: "date-time" });
      },
    }) as JsonSchema;
    const json = tidy(raw, io) as JsonSchema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    const names = new Map<string, string>();
    for (const [id, def] of Object.entries(defs)) {
      const text = JSON.stringify(def);
      const previous = this.seen.get(id);
      names.set(id, previous === undefined || previous === text ? id : `${id}${io === "input" ? "Input" : "Output"}`);
      if (previous === undefined) this.seen.set(id, text);
    }
    for (const [id, def] of Object.entries(defs)) this.components[names.get(id)!] ??= rewriteRefs(def, names) as JsonSchema;
    return rewriteRefs(json, names) as JsonSchema;
  }
}

// ---------------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------------

/** `/api/v1/generations/:id` → `/api/v1/generations/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}");
}

const idExamples: Record<string, string> = {
  generations: "gen_4fTq8ZkR2mWc7NvXbL1pDa",
  assets: "ast_9sKw2LmQx7Pz4RtVb8NcHe",
  keys: "key_3KdT8mWq2XzL9pRc4VbN7s",
};

function pathParameters(path: string): ParameterObject[] {
  const segments = path.split("/");
  return segments.flatMap((segment, i) => {
    if (!segment.startsWith(":")) return [];
    const name = segment.slice(1);
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
  const names: HeaderName[] = ["XRequestId"];
  if (route.rate) names.push("RateLimitPolicy", "RateLimit");
  const generationAnswer = spec.schema === generation && route.method === "POST";
  if (route.rate === "generate" || generationAnswer) names.push("XCreditsCharged", "XCreditsBalance");
  if (status === 202 && spec.schema === generation) names.push("Location");
  if (route.headers?.includes("Idempotency-Key")) names.push("IdempotentReplayed");
  if (route.headers?.includes("If-None-Match")) names.push("ETag", "CacheControl");
  const response: ResponseObject = { description: spec.description, headers: headers(...names) };
  if (noContent.has(status)) return response;
  const contentType = spec.contentType ?? "application/json";
  // A row without a schema or a content type says only that it answers: nothing more is claimed.
  if (!spec.schema && !spec.contentType) {
    if (route.transport !== "graphql" || status !== 200) return response;
  }
  let media: MediaTypeObject;
  if (contentType === "text/event-stream" && generationStreams.has(route.id)) {
    media = {
      schema: {
        type: "string",
        description:
          "Server-sent events: `event:` (the name), `id:` (the sequence number, for Last-Event-ID) and `data:` (one JSON object), with a `: keep-alive` comment every 15 s. The events are listed in x-events (and in GenerationStreamEvent).",
      },
      example: streamExample,
      "x-events": generationStreamEvents.map((e) => ({ event: e.event, description: e.description, data: registry.toJson(e.data, "output") })),
    };
  } else if (route.transport === "graphql" && contentType === "application/json" && !spec.schema) {
    media = { schema: registry.toJson(graphqlResult, "output"), example: { data: { viewer: { account: { balance: 98 } } } } };
  } else {
    media = { schema: mediaSchema(spec, registry, "output") };
    const example = spec.schema ? responseExample(spec.schema, status) : undefined;
    if (example !== undefined) media.example = example;
  }
  response.content = { [contentType]: media };
  return response;
}

function errorResponses(route: RouteSpec, registry: SchemaRegistry): Record<string, ResponseObject> {
  const codes = [...new Set<ErrorCode>([...route.errors, "internal_error"])];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorCodes[code].status, [...(byStatus.get(errorCodes[code].status) ?? []), code]);
  const envelope = registry.toJson(errorEnvelope, "output");
  const out: Record<string, ResponseObject> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const names: HeaderName[] = ["XRequestId"];
    if (status === 401) names.push("WWWAuthenticate");
    if (status === 405) names.push("Allow");
    if (status === 429) names.push("RetryAfter", "RateLimitPolicy", "RateLimit");
    if (status === 409 || status === 503) names.push("RetryAfter");
    out[String(status)] = {
      description: list.map((c) => `\`${c}\``).join(", "),
      headers: headers(...names),
      content: {
        "application/json": {
          schema: envelope,
          examples: Object.fromEntries(list.map((code) => [code, { summary: code, value: errorExample(code) }])),
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
    ...pathParameters(route.path),
    ...(route.headers ?? []).map((h) => ({ $ref: `#/components/parameters/${parameterName(h)}` })),
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
    requestBody = { required: true, content: { "application/json": media } };
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
  // Every event of a generation stream, as one schema (the same payloads as each stream's x-events).
  const eventSchemas = generationStreamEvents.map((e) => ({
    type: "object",
    description: e.description,
    properties: { event: { const: e.event }, id: { type: "integer", description: "The sequence number (resume with Last-Event-ID)." }, data: registry.toJson(e.data, "output") },
    required: ["event", "data"],
  }));
  registry.components.GenerationStreamEvent = {
    description: "One server-sent event of a generation's stream (contract section 5); `data` is the JSON of the `data:` line.",
    oneOf: eventSchemas,
  };

  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: { title: serviceName, version: serviceVersion, summary: serviceSummary, description },
    servers: [{ url: "/", description: "This service (paths are relative to its base URL)." }],
    tags: tags.sort((a, b) => tagRank(a) - tagRank(b)).map((name) => ({ name, ...(tagDescriptions[name] ? { description: tagDescriptions[name] } : {}) })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(registry.components).sort(([a], [b]) => a.localeCompare(b))),
      parameters: Object.fromEntries(Object.values(requestHeaders).map((p) => [parameterName(p.name), p])),
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
