import type { ZodType } from "zod";
import type { RouteSpec } from "../routes.js";
import { generation } from "../schemas/generation.js";
import type { OpenApiDocument, ParameterObject, Ref } from "./types.js";

/**
 * Headers and security: the request headers a row may take (as parameters), the response headers
 * (request id, credits, rate limits, Retry-After, Location…) and which answers carry them, and how
 * a caller authenticates.
 */

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

/** `components.parameters`: the request headers, by name without dashes. */
export const headerParameters: Record<string, ParameterObject> = Object.fromEntries(Object.values(requestHeaders).map((p) => [parameterName(p.name), p]));

/** A row's request header, as a reference to its parameter. */
export const headerParameterRef = (header: string): Ref => ({ $ref: `#/components/parameters/${parameterName(header)}` });

export const responseHeaders = {
  XRequestId: { description: "The request's id, also in every error body as requestId; quote it when asking for help.", schema: { type: "string" } },
  XCreditsCharged: {
    description: "Credits this call charged (reserved, then charged): 0 on an idempotent replay, whose body keeps the first answer's credits.charged.",
    schema: { type: "integer", minimum: 0 },
  },
  XCreditsBalance: { description: "The account's balance after this call.", schema: { type: "integer" } },
  RateLimitPolicy: { description: 'The quota (IETF draft syntax): "generate";q=60;w=60.', schema: { type: "string" } },
  RateLimit: { description: 'What is left of it: "generate";r=59;t=60 (remaining, seconds to reset).', schema: { type: "string" } },
  RetryAfter: {
    description: "Seconds to wait before retrying: what the service will honour, 1–300 whatever an upstream provider asked.",
    schema: { type: "integer", minimum: 1, maximum: 300 },
  },
  Location: { description: "Where to follow the generation: /api/v1/generations/{id}.", schema: { type: "string" } },
  IdempotentReplayed: {
    description: "true when this answer is the replay of an earlier request with the same Idempotency-Key.",
    schema: { type: "string", enum: ["true"] },
  },
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

/** The headers of a success answer of `route` with `status` and body `schema`. */
export function successHeaders(route: RouteSpec, status: number, schema: ZodType | undefined): Record<string, Ref> {
  const names: HeaderName[] = ["XRequestId"];
  if (route.rate) names.push("RateLimitPolicy", "RateLimit");
  const generationAnswer = schema === generation && route.method === "POST";
  if (route.rate === "generate" || generationAnswer) names.push("XCreditsCharged", "XCreditsBalance");
  if (status === 202 && schema === generation) names.push("Location");
  if (route.headers?.includes("Idempotency-Key")) names.push("IdempotentReplayed");
  if (route.headers?.includes("If-None-Match")) names.push("ETag", "CacheControl");
  return headers(...names);
}

/** The headers of an error answer with `status`. */
export function errorHeaders(status: number): Record<string, Ref> {
  const names: HeaderName[] = ["XRequestId"];
  if (status === 401) names.push("WWWAuthenticate");
  if (status === 405) names.push("Allow");
  if (status === 429) names.push("RetryAfter", "RateLimitPolicy", "RateLimit");
  if (status === 409 || status === 503) names.push("RetryAfter");
  return headers(...names);
}

export const securitySchemes = {
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
    description:
      "The cookie `ags_session` that `POST /api/auth/sign-in` and `sign-up` set (the web app's session). A write by cookie must carry the service's `Origin`.",
  },
};

/** The security requirement of a row: its API key scope, the session cookie, or none (public). */
export function securityOf(route: RouteSpec): Record<string, string[]>[] {
  const { auth } = route;
  if (auth.allow === "public") return [];
  const scopes = "scope" in auth && auth.scope ? [auth.scope] : [];
  const key = { apiKey: scopes };
  const cookie = { sessionCookie: [] };
  return auth.allow === "api_key" ? [key] : auth.allow === "session" ? [cookie] : [key, cookie];
}

/** The credentials a row takes, in words (the first line of each operation's description). */
export function authText(route: Pick<RouteSpec, "auth">): string {
  const { auth } = route;
  if (auth.allow === "public") return "None (public)";
  const scope = "scope" in auth && auth.scope ? ` with scope ${auth.scope}` : "";
  const admin = "admin" in auth && auth.admin ? ", admin only" : "";
  const who = { api_key: `API key${scope}`, session: "Session cookie", any: `API key${scope} or session cookie` }[auth.allow];
  return `${who}${admin}`;
}
