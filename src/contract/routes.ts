import type { ZodType } from "zod";
import type { AuthRule } from "./auth.js";
import type { ErrorCode } from "./errors.js";
import { sessionResponse, signInRequest, signUpRequest } from "./schemas/accounts.js";
import { agentsResponse } from "./schemas/agents.js";
import { balanceResponse } from "./schemas/credits.js";
import { generateRequest, generation, generationOrEstimate, recolorRequest } from "./schemas/generation.js";
import { discoveryResponse } from "./schemas/discovery.js";
import { kitEstimate, kitRequest, kitView } from "./schemas/kit.js";
import { openAiErrorResponses, openAiImageRequest, openAiImagesResponse, openAiModel, openAiModelList } from "./schemas/openai.js";
import { createdKeyResponse, createKeyRequest, keyListResponse } from "./schemas/keys.js";
import {
  createdWebhookResponse,
  createWebhookRequest,
  enableWebhookRequest,
  redeliverRequest,
  redeliveryResponse,
  webhookDeliveriesResponse,
  webhookListResponse,
  webhookResponse,
} from "./schemas/webhooks.js";
import { createLinkRequest, linkResponse } from "./schemas/links.js";
import { documentSchemas } from "./teaching.js";

/**
 * Every path the service serves, declared once: method, path, auth, rate policy, body and response
 * schemas, the errors it can answer. The REST transport registers its handlers from this table
 * (a handler cannot exist without a row), GraphQL's endpoints have rows too, and a test fails when
 * the app serves a path that is not here. The OpenAPI document is generated from it.
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Named quotas: `generate` is applied per account by the submit use-case on every transport; `read` by the REST transport. */
export type RatePolicyName = "generate" | "read";

export interface ResponseSpec {
  description: string;
  schema?: ZodType;
  /** Default `application/json`. */
  contentType?: "application/json" | "text/event-stream" | "image/png" | "text/html" | "text/markdown" | "text/plain" | "application/octet-stream";
}

export interface RouteSpec {
  method: Method;
  /** h3 syntax: `/api/v1/generations/:id`. */
  path: string;
  /** Which transport serves it. */
  transport: "rest" | "graphql" | "ops" | "mcp" | "docs" | "openai";
  auth: AuthRule;
  rate?: RatePolicyName;
  summary: string;
  tags: string[];
  body?: ZodType;
  /** An empty body counts as `{}` (every field of `body` is optional). */
  bodyOptional?: boolean;
  /** Request headers this route reads (documented). */
  headers?: ("Idempotency-Key" | "Prefer" | "Last-Event-ID" | "If-None-Match")[];
  responses: Record<number, ResponseSpec>;
  errors: ErrorCode[];
}

const authErrors: ErrorCode[] = ["unauthenticated", "forbidden"];
const bodyErrors: ErrorCode[] = ["invalid_json", "invalid_request", "payload_too_large", "unsupported_media_type", "request_timeout"];
const generateErrors: ErrorCode[] = [
  ...bodyErrors,
  ...authErrors,
  "unknown_agent",
  "unsupported_option",
  "insufficient_credits",
  "idempotency_in_progress",
  "idempotency_key_reused",
  "rate_limited",
  "content_rejected",
  "generator_unavailable",
  "service_unavailable",
];
const generationById: ErrorCode[] = [...authErrors, "not_found", "rate_limited", "service_unavailable"];

const json = (description: string, schema?: ZodType): ResponseSpec => ({ description, ...(schema ? { schema } : {}) });
const stream = (description: string): ResponseSpec => ({ description, contentType: "text/event-stream" });
const page = (description: string, contentType: ResponseSpec["contentType"]): Pick<RouteSpec, "headers" | "responses"> => ({
  headers: ["If-None-Match"],
  responses: { 200: { description, contentType }, 304: { description: "Not modified (the ETag matches)." } },
});

export const routes = {
  health: {
    method: "GET",
    path: "/healthz",
    transport: "ops",
    auth: { allow: "public" },
    tags: ["Operations"],
    summary: "Health of the service and each dependency (database, Redis, workers); 503 while one is down, status degraded while no worker takes jobs.",
    responses: { 200: json("Every dependency answers: status ok, or degraded (with reasons) while no process takes the queue's jobs.") },
    errors: ["service_unavailable"],
  },
  listAgents: {
    method: "GET",
    path: "/api/ai/agents",
    transport: "rest",
    auth: { allow: "public" },
    tags: ["Agents"],
    summary: "The agents available to generate with, their prices and sizes.",
    responses: { 200: json("The agents.", agentsResponse) },
    errors: ["service_unavailable"],
  },
  signUp: {
    method: "POST",
    path: "/api/auth/sign-up",
    transport: "rest",
    auth: { allow: "public" },
    tags: ["Accounts"],
    body: signUpRequest,
    summary: "Creates a user and an account holding the sign-up credits; sets the session cookie.",
    responses: { 201: json("Signed up and signed in.", sessionResponse) },
    errors: [...bodyErrors, "forbidden", "rate_limited", "service_unavailable"],
  },
  signIn: {
    method: "POST",
    path: "/api/auth/sign-in",
    transport: "rest",
    auth: { allow: "public" },
    tags: ["Accounts"],
    body: signInRequest,
    summary: "Signs in; sets the session cookie.",
    responses: { 200: json("Signed in.", sessionResponse) },
    errors: [...bodyErrors, "unauthenticated", "forbidden", "rate_limited", "service_unavailable"],
  },
  signOut: {
    method: "POST",
    path: "/api/auth/sign-out",
    transport: "rest",
    auth: { allow: "public" },
    tags: ["Accounts"],
    summary: "Ends the session and clears the cookie.",
    responses: { 204: { description: "Signed out." } },
    errors: ["forbidden", "service_unavailable"],
  },
  session: {
    method: "GET",
    path: "/api/auth/session",
    transport: "rest",
    auth: { allow: "session" },
    tags: ["Accounts"],
    summary: "The signed-in user and account.",
    responses: { 200: json("The session's user and account.", sessionResponse) },
    errors: ["unauthenticated", "service_unavailable"],
  },
  createKey: {
    method: "POST",
    path: "/api/keys",
    transport: "rest",
    auth: { allow: "session" },
    tags: ["API keys"],
    body: createKeyRequest,
    summary: "Issues an API key; the secret is in this response only.",
    responses: { 201: json("The key and its secret.", createdKeyResponse) },
    errors: [...bodyErrors, ...authErrors, "service_unavailable"],
  },
  listKeys: {
    method: "GET",
    path: "/api/keys",
    transport: "rest",
    auth: { allow: "session" },
    tags: ["API keys"],
    summary: "The account's live API keys (never a secret).",
    responses: { 200: json("The keys.", keyListResponse) },
    errors: [...authErrors, "service_unavailable"],
  },
  revokeKey: {
    method: "DELETE",
    path: "/api/keys/:id",
    transport: "rest",
    auth: { allow: "session" },
    tags: ["API keys"],
    summary: "Revokes a key: it answers 401 from then on.",
    responses: { 204: { description: "Revoked." } },
    errors: [...authErrors, "not_found", "service_unavailable"],
  },
  generate: {
    method: "POST",
    path: "/api/v1/generate",
    transport: "rest",
    auth: { allow: "api_key", scope: "generate" },
    rate: "generate",
    tags: ["Generation"],
    body: generateRequest,
    headers: ["Idempotency-Key", "Prefer"],
    summary:
      "Generates an asset: waits for it (up to 60 s, else 202), or answers 202 at once with Prefer: respond-async. With dryRun: true, answers the estimate and charges nothing.",
    responses: {
      200: { description: "The finished generation, with the asset inline (b64); or, for a dry run, the estimate.", schema: generationOrEstimate },
      202: json("Accepted; follow Location.", generation),
    },
    errors: generateErrors,
  },
  generateInApp: {
    method: "POST",
    path: "/api/ai/generate",
    transport: "rest",
    auth: { allow: "session" },
    rate: "generate",
    tags: ["In-app"],
    body: generateRequest,
    headers: ["Idempotency-Key"],
    summary: "The one-shot generation of the in-app client (session cookie).",
    responses: { 200: json("The finished generation.", generation), 202: json("Still running after 60 s.", generation) },
    errors: generateErrors,
  },
  streamInApp: {
    method: "POST",
    path: "/api/ai/stream",
    transport: "rest",
    auth: { allow: "session" },
    rate: "generate",
    tags: ["In-app"],
    body: generateRequest,
    headers: ["Idempotency-Key"],
    summary: "Starts a generation and answers with its event stream (server-sent events).",
    responses: { 200: stream("generation.queued … generation.completed | generation.failed") },
    errors: generateErrors,
  },
  getGeneration: {
    method: "GET",
    path: "/api/v1/generations/:id",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Generation"],
    summary: "A generation: queued → running → succeeded | failed | canceled.",
    responses: { 200: json("The generation.", generation) },
    errors: generationById,
  },
  generationEvents: {
    method: "GET",
    path: "/api/v1/generations/:id/events",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Generation"],
    headers: ["Last-Event-ID"],
    summary: "The generation's events as server-sent events, from the start or after Last-Event-ID.",
    responses: { 200: stream("The stored events, then live ones, ending with completed or failed.") },
    errors: generationById,
  },
  cancelGeneration: {
    method: "POST",
    path: "/api/v1/generations/:id/cancel",
    transport: "rest",
    auth: { allow: "any", scope: "generate" },
    rate: "read",
    tags: ["Generation"],
    summary: "Cancels a queued or running generation; its credits come back.",
    responses: { 200: json("The generation, canceled (or as it ended).", generation) },
    errors: generationById,
  },
  getAsset: {
    method: "GET",
    path: "/api/v1/assets/:id",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Generation"],
    headers: ["If-None-Match"],
    summary: "The asset's bytes (owner only; ETag = sha256, cached a year).",
    responses: { 200: { description: "The PNG.", contentType: "image/png" }, 304: { description: "Not modified." } },
    errors: generationById,
  },
  recolorAsset: {
    method: "POST",
    path: "/api/v1/assets/:id/recolor",
    transport: "rest",
    auth: { allow: "any", scope: "generate" },
    rate: "generate",
    tags: ["Generation"],
    body: recolorRequest,
    headers: ["Idempotency-Key", "Prefer"],
    summary:
      "A palette swap: a new generation whose asset is this asset mapped onto `palette` (size, layout and exports kept), for RECOLOR_CREDITS (default 1). Owner only (404 otherwise); waits like generate (or 202 with Prefer: respond-async); Idempotency-Key as for generate.",
    responses: {
      200: json("The finished generation, with the recoloured asset inline (b64).", generation),
      202: json("Accepted; follow Location.", generation),
    },
    errors: generateErrors,
  },
  getAssetExport: {
    method: "GET",
    path: "/api/v1/assets/:id/export/:format",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Generation"],
    headers: ["If-None-Match"],
    summary:
      "An engine file derived from the asset (owner only, no charge, the same bytes every call): aseprite (Aseprite JSON), texturepacker (JSON hash), godot (Godot 4 SpriteFrames .tres) and zip for a sheet; texturepacker and zip for an image. 404 lists the formats that apply.",
    responses: {
      200: { description: "The file (JSON, .tres text or zip), with Content-Disposition naming it.", contentType: "application/octet-stream" },
      304: { description: "Not modified." },
    },
    errors: generationById,
  },
  createKit: {
    method: "POST",
    path: "/api/v1/kits",
    transport: "rest",
    auth: { allow: "api_key", scope: "generate" },
    rate: "generate",
    tags: ["Kits"],
    body: kitRequest,
    headers: ["Idempotency-Key"],
    summary:
      "Makes 1–64 assets in one call at one pixel scale (`scale` 16|32|48|64), palette and transparency, and packs them into one atlas (Phaser, TexturePacker, Godot, libGDX exports). Priced as the sum of the items, reserved all or nothing; an item that fails is refunded and named in `failed`. dryRun: true answers the total and each item's price.",
    responses: { 200: json("The kit, with its items' generations and its atlas; or, for a dry run, the estimate.", kitView.or(kitEstimate)) },
    errors: generateErrors,
  },
  createKitInApp: {
    method: "POST",
    path: "/api/ai/kits",
    transport: "rest",
    auth: { allow: "session" },
    rate: "generate",
    tags: ["In-app"],
    body: kitRequest,
    headers: ["Idempotency-Key"],
    summary: "A kit for the in-app client (session cookie); the same body and answer as POST /api/v1/kits.",
    responses: { 200: json("The kit, or the estimate.", kitView.or(kitEstimate)) },
    errors: generateErrors,
  },
  getKit: {
    method: "GET",
    path: "/api/v1/kits/:id",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Kits"],
    summary: "A kit: its items' generations as they stand, the failed ones named, its atlas.",
    responses: { 200: json("The kit.", kitView) },
    errors: generationById,
  },
  getKitAtlasPage: {
    method: "GET",
    path: "/api/v1/kits/:id/atlas/:page",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Kits"],
    summary: "A page of the kit's atlas as PNG (pages numbered from 0): every frame's pixels exactly its asset's.",
    ...page("The page.", "image/png"),
    errors: generationById,
  },
  getKitExport: {
    method: "GET",
    path: "/api/v1/kits/:id/export/:format",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Kits"],
    headers: ["If-None-Match"],
    summary:
      "An engine file of the kit's atlas: phaser (Phaser 3 multi-atlas JSON with `anims` for anims.fromJSON; load it under the kit's slug), texturepacker (JSON hash; a zip when there are several pages), godot (zip of Godot 4 SpriteFrames and AtlasTextures referencing res://<godotDir>/<page>.png; `?godotDir=` default art), libgdx (.atlas), zip (all of them with the pages). Files are named by the kit's slug.",
    responses: {
      200: { description: "The file, with Content-Disposition naming it.", contentType: "application/octet-stream" },
      304: { description: "Not modified." },
    },
    errors: generationById,
  },
  createAssetLink: {
    method: "POST",
    path: "/api/v1/assets/:id/links",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Links"],
    body: createLinkRequest,
    bodyOptional: true,
    summary:
      "A public link to the asset (owner only): anyone holding the URL can GET its bytes, and `<url>/export/<format>` its exports, without a key, until it expires (expiresIn 60–604800 s, default 3600; the body may be empty).",
    responses: { 201: json("The link.", linkResponse) },
    errors: [...bodyErrors, ...generationById],
  },
  getLinkedAsset: {
    method: "GET",
    path: "/api/v1/links/:token",
    transport: "rest",
    auth: { allow: "public" },
    tags: ["Links"],
    headers: ["If-None-Match"],
    summary: "The bytes of a linked asset, for anyone holding the link, until it expires; cacheable (ETag = sha256). A changed or expired link: 404.",
    responses: { 200: { description: "The PNG.", contentType: "image/png" }, 304: { description: "Not modified." } },
    errors: ["not_found", "service_unavailable"],
  },
  getLinkedAssetExport: {
    method: "GET",
    path: "/api/v1/links/:token/export/:format",
    transport: "rest",
    auth: { allow: "public" },
    tags: ["Links"],
    headers: ["If-None-Match"],
    summary: "An engine file of a linked asset (as GET /api/v1/assets/{id}/export/{format}), for anyone holding the link, until it expires.",
    responses: {
      200: { description: "The file, with Content-Disposition naming it.", contentType: "application/octet-stream" },
      304: { description: "Not modified." },
    },
    errors: ["not_found", "service_unavailable"],
  },
  getCredits: {
    method: "GET",
    path: "/api/v1/credits",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Credits"],
    summary: "The account's balance.",
    responses: { 200: json("The balance.", balanceResponse) },
    errors: [...authErrors, "rate_limited", "service_unavailable"],
  },
  createWebhook: {
    method: "POST",
    path: "/api/v1/webhooks",
    transport: "rest",
    auth: { allow: "any", scope: "generate" },
    rate: "read",
    tags: ["Webhooks"],
    body: createWebhookRequest,
    summary:
      "Registers a URL for generation.completed, generation.failed and generation.canceled (Standard Webhooks); the whsec_ secret is in this response only. https and public addresses only; at most 10 per account.",
    responses: { 201: json("The webhook and its signing secret.", createdWebhookResponse) },
    errors: [...bodyErrors, ...authErrors, "rate_limited", "service_unavailable"],
  },
  listWebhooks: {
    method: "GET",
    path: "/api/v1/webhooks",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Webhooks"],
    summary: "The account's webhooks (never a secret), each with its health: disabledAt, lastError, failingSince.",
    responses: { 200: json("The webhooks.", webhookListResponse) },
    errors: [...authErrors, "rate_limited", "service_unavailable"],
  },
  enableWebhook: {
    method: "POST",
    path: "/api/v1/webhooks/:id/enable",
    transport: "rest",
    auth: { allow: "any", scope: "generate" },
    rate: "read",
    tags: ["Webhooks"],
    body: enableWebhookRequest,
    summary:
      "Enables a webhook the service disabled (after every attempt failed for WEBHOOKS_DISABLE_AFTER_HOURS): the next events are sent to it again, its failure count starts over. Idempotent. Send {} as the body.",
    responses: { 200: json("The webhook, enabled.", webhookResponse) },
    errors: [...bodyErrors, ...generationById],
  },
  deleteWebhook: {
    method: "DELETE",
    path: "/api/v1/webhooks/:id",
    transport: "rest",
    auth: { allow: "any", scope: "generate" },
    rate: "read",
    tags: ["Webhooks"],
    summary: "Deletes a webhook; its pending deliveries are not sent.",
    responses: { 204: { description: "Deleted." } },
    errors: generationById,
  },
  listWebhookDeliveries: {
    method: "GET",
    path: "/api/v1/webhooks/:id/deliveries",
    transport: "rest",
    auth: { allow: "any", scope: "read" },
    rate: "read",
    tags: ["Webhooks"],
    summary: "The webhook's 50 most recent deliveries, newest first, with their latest attempts (status, error, duration, a snippet of the answer).",
    responses: { 200: json("The deliveries.", webhookDeliveriesResponse) },
    errors: generationById,
  },
  redeliverWebhookDelivery: {
    method: "POST",
    path: "/api/v1/webhooks/:id/deliveries/:deliveryId/redeliver",
    transport: "rest",
    auth: { allow: "any", scope: "generate" },
    rate: "read",
    tags: ["Webhooks"],
    body: redeliverRequest,
    summary:
      "Sends a delivery again now, with the same webhook-id (one new attempt for a succeeded or failed one), even while the endpoint is backed off; not while the webhook is disabled (enable it first). Send {} as the body.",
    responses: { 202: json("Queued for sending.", redeliveryResponse) },
    errors: [...bodyErrors, ...generationById],
  },
  // The OpenAI-compatible layer (OpenAI Images protocol, base URL `<service>/v1`): errors in OpenAI's
  // shape and statuses (`responses`); insufficient_credits answers 429 insufficient_quota there.
  openaiImages: {
    method: "POST",
    path: "/v1/images/generations",
    transport: "openai",
    auth: { allow: "api_key", scope: "generate" },
    rate: "generate",
    tags: ["OpenAI compatibility"],
    body: openAiImageRequest,
    headers: ["Idempotency-Key"],
    summary:
      "OpenAI's images.generate: model = an agent id, n images (1–4, all reserved or none), b64_json or url, or stream: true for image_generation.* events. Any OpenAI client with base URL <service>/v1 and an ags_ key.",
    responses: {
      200: {
        description: "The images (data[].b64_json or data[].url, with the generation id in data[].id); with stream: true, server-sent events.",
        schema: openAiImagesResponse,
      },
      ...openAiErrorResponses(generateErrors),
    },
    errors: generateErrors.filter((c) => c !== "insufficient_credits"),
  },
  openaiModels: {
    method: "GET",
    path: "/v1/models",
    transport: "openai",
    auth: { allow: "api_key", scope: "read" },
    rate: "read",
    tags: ["OpenAI compatibility"],
    summary: "OpenAI's models.list: the enabled agents as models.",
    responses: { 200: json("The agents as OpenAI models.", openAiModelList), ...openAiErrorResponses([...authErrors, "rate_limited", "service_unavailable"]) },
    errors: [...authErrors, "rate_limited", "service_unavailable"],
  },
  openaiModel: {
    method: "GET",
    path: "/v1/models/:id",
    transport: "openai",
    auth: { allow: "api_key", scope: "read" },
    rate: "read",
    tags: ["OpenAI compatibility"],
    summary: "OpenAI's models.retrieve: one agent as a model (404 unknown_agent for any other id).",
    responses: {
      200: json("The agent as an OpenAI model.", openAiModel),
      ...openAiErrorResponses([...authErrors, "unknown_agent", "rate_limited", "service_unavailable"]),
    },
    errors: [...authErrors, "rate_limited", "service_unavailable"],
  },
  graphqlGet: {
    method: "GET",
    path: "/graphql",
    transport: "graphql",
    auth: { allow: "public" },
    tags: ["GraphQL"],
    summary: "GraphiQL for browsers; queries with an x-graphql-csrf header.",
    responses: { 200: json("A GraphQL result, or the GraphiQL page.") },
    errors: [],
  },
  graphqlPost: {
    method: "POST",
    path: "/graphql",
    transport: "graphql",
    auth: { allow: "public" },
    tags: ["GraphQL"],
    summary: "GraphQL over HTTP (cookie or API key; each field has its own rule).",
    responses: { 200: json("A GraphQL result.") },
    errors: [],
  },
  graphqlStreamGet: {
    method: "GET",
    path: "/graphql/stream",
    transport: "graphql",
    auth: { allow: "public" },
    tags: ["GraphQL"],
    summary: "graphql-sse: a reserved stream (single connection mode) or a subscription by query string.",
    responses: { 200: stream("graphql-sse events.") },
    errors: [],
  },
  graphqlStreamPost: {
    method: "POST",
    path: "/graphql/stream",
    transport: "graphql",
    auth: { allow: "public" },
    tags: ["GraphQL"],
    summary: "graphql-sse: an operation (distinct connections mode) or one for a reserved stream.",
    responses: { 200: stream("graphql-sse events.") },
    errors: [],
  },
  graphqlStreamPut: {
    method: "PUT",
    path: "/graphql/stream",
    transport: "graphql",
    auth: { allow: "any" },
    tags: ["GraphQL"],
    summary: "graphql-sse: reserves a stream (single connection mode).",
    responses: { 201: { description: "The stream token." } },
    errors: ["unauthenticated"],
  },
  graphqlStreamDelete: {
    method: "DELETE",
    path: "/graphql/stream",
    transport: "graphql",
    auth: { allow: "any" },
    tags: ["GraphQL"],
    summary: "graphql-sse: completes an operation of a reserved stream.",
    responses: { 200: { description: "Completed." } },
    errors: ["unauthenticated"],
  },
  mcp: {
    method: "POST",
    path: "/mcp",
    transport: "mcp",
    auth: { allow: "api_key" },
    tags: ["MCP"],
    summary:
      "Model Context Protocol over Streamable HTTP, stateless (tools: list_agents, estimate_cost, generate_asset, recolor_asset, get_generation, cancel_generation, get_balance; resources asset://{id}). GET and DELETE answer 405.",
    responses: {
      200: { description: "The JSON-RPC response; a text/event-stream of progress notifications then the response when a request carries a progressToken." },
      202: { description: "Notifications or responses only: accepted." },
    },
    errors: ["unauthenticated", "payload_too_large", "unsupported_media_type", "service_unavailable"],
  },
  root: {
    method: "GET",
    path: "/",
    transport: "docs",
    auth: { allow: "public" },
    tags: ["Discovery"],
    summary: "Name, version and links to everything else, as JSON for any client that does not ask for HTML (a browser gets the web app).",
    responses: { 200: json("What the service is and where its documents and endpoints are.", discoveryResponse) },
    errors: [],
  },
  openapi: {
    method: "GET",
    path: "/openapi.json",
    transport: "docs",
    auth: { allow: "public" },
    tags: ["Discovery"],
    summary: "This API as an OpenAPI 3.1 document, generated from the route table and the schemas that validate requests.",
    ...page("The OpenAPI document.", "application/json"),
    errors: [],
  },
  docs: {
    method: "GET",
    path: "/docs",
    transport: "docs",
    auth: { allow: "public" },
    tags: ["Discovery"],
    summary: "The API reference as a web page, rendered from the OpenAPI document (no script, nothing from another host).",
    ...page("The reference page.", "text/html"),
    errors: [],
  },
  gettingStarted: {
    method: "GET",
    path: "/docs/getting-started",
    transport: "docs",
    auth: { allow: "public" },
    tags: ["Discovery"],
    summary: "The guide: a key, a first call, async and streams, idempotent retries, errors, agents and prices.",
    ...page("The guide as a web page.", "text/html"),
    errors: [],
  },
  gettingStartedMarkdown: {
    method: "GET",
    path: "/docs/getting-started.md",
    transport: "docs",
    auth: { allow: "public" },
    tags: ["Discovery"],
    summary: "The guide as markdown.",
    ...page("The guide.", "text/markdown"),
    errors: [],
  },
  apiMarkdown: {
    method: "GET",
    path: "/docs/api.md",
    transport: "docs",
    auth: { allow: "public" },
    tags: ["Discovery"],
    summary: "The API reference as markdown, generated from the OpenAPI document.",
    ...page("The reference.", "text/markdown"),
    errors: [],
  },
  llmsTxt: {
    method: "GET",
    path: "/llms.txt",
    transport: "docs",
    auth: { allow: "public" },
    tags: ["Discovery"],
    summary: "The llms.txt index: what the service is, how to call it, links to the markdown pages.",
    ...page("The index.", "text/plain"),
    errors: [],
  },
  llmsFullTxt: {
    method: "GET",
    path: "/llms-full.txt",
    transport: "docs",
    auth: { allow: "public" },
    tags: ["Discovery"],
    summary: "The guide and the whole reference inline, as one markdown text for a language model's context.",
    ...page("The guide and the reference.", "text/plain"),
    errors: [],
  },
} as const satisfies Record<string, RouteSpec>;

export type RouteId = keyof typeof routes;
export const routeList: readonly (RouteSpec & { id: RouteId })[] = Object.entries(routes).map(([id, spec]) => ({ id: id as RouteId, ...(spec as RouteSpec) }));
documentSchemas(routeList); // a refused body's error links its operation in /docs

/** The methods served on `path` (a concrete request path), for 405 answers and their Allow header (HEAD with every GET). */
export function methodsFor(path: string): (Method | "HEAD")[] {
  const methods = new Set<Method | "HEAD">();
  for (const route of routeList) {
    if (!matchPath(route.path, path)) continue;
    methods.add(route.method);
    if (route.method === "GET") methods.add("HEAD");
  }
  return [...methods];
}

function matchPath(pattern: string, path: string): boolean {
  const a = pattern.split("/");
  const b = path.split("/");
  return a.length === b.length && a.every((segment, i) => (segment.startsWith(":") ? b[i] !== "" : segment === b[i]));
}
