import type { ZodObject, ZodType } from "zod";
import type { AuthRule } from "../auth.js";
import type { ErrorCode } from "../errors.js";

/** What a row of the route table (routes.ts) says, and what the rows share: the usual errors and responses. */
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
  /** The body's media type in the OpenAPI document (default `application/json`). */
  bodyContentType?: "multipart/form-data";
  /** An empty body counts as `{}` (every field of `body` is optional). */
  bodyOptional?: boolean;
  /** Query parameters this route reads (documented; the transport validates them with it). */
  query?: ZodObject;
  /** Request headers this route reads (documented). */
  headers?: ("Idempotency-Key" | "Prefer" | "Last-Event-ID" | "If-None-Match")[];
  responses: Record<number, ResponseSpec>;
  errors: ErrorCode[];
}

export const authErrors: ErrorCode[] = ["unauthenticated", "forbidden"];
export const bodyErrors: ErrorCode[] = ["invalid_json", "invalid_request", "payload_too_large", "unsupported_media_type", "request_timeout"];
export const generateErrors: ErrorCode[] = [
  ...bodyErrors,
  ...authErrors,
  "unknown_agent",
  "unsupported_option",
  "insufficient_credits",
  "key_budget_exceeded",
  "idempotency_in_progress",
  "idempotency_key_reused",
  "rate_limited",
  "content_rejected",
  "generator_unavailable",
  "service_unavailable",
];
export const generationById: ErrorCode[] = [...authErrors, "not_found", "rate_limited", "service_unavailable"];

export const json = (description: string, schema?: ZodType): ResponseSpec => ({ description, ...(schema ? { schema } : {}) });
export const stream = (description: string): ResponseSpec => ({ description, contentType: "text/event-stream" });
export const page = (description: string, contentType: ResponseSpec["contentType"]): Pick<RouteSpec, "headers" | "responses"> => ({
  headers: ["If-None-Match"],
  responses: { 200: { description, contentType }, 304: { description: "Not modified (the ETag matches)." } },
});
