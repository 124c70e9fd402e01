import type { ErrorCode } from "../errors.js";
import type { Method } from "../routes.js";

/** The parts of an OpenAPI 3.1 document that this service writes (openapi.ts builds it). */

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
