import { z, type ZodType } from "zod";
import { errorEnvelope } from "../schemas/common.js";
import { generation } from "../schemas/generation.js";
import type { SchemaRegistry } from "./json-schema.js";
import type { JsonSchema, MediaTypeObject } from "./types.js";

/** Streams (contract section 5): the event payloads, described with zod like everything else, and an example stream. */

const eventError = errorEnvelope.shape.error.omit({ requestId: true }).extend({ code: z.string().describe("An error code of the closed set, or canceled.") });

export const generationStreamEvents: { event: string; description: string; data: ZodType }[] = [
  {
    event: "generation.queued",
    description: "Accepted and waiting for a worker; the price is reserved.",
    data: z.object({ id: z.string(), agentId: z.string(), position: z.number().int().optional() }),
  },
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
export const generationStreams = new Set(["streamInApp", "generationEvents"]);

const streamExample = [
  ": stream open",
  "",
  'event: generation.queued\nid: 1\ndata: {"id":"gen_4fTq8ZkR2mWc7NvXbL1pDa","agentId":"icon"}',
  "",
  'event: generation.started\nid: 2\ndata: {"id":"gen_4fTq8ZkR2mWc7NvXbL1pDa"}',
  "",
  'event: generation.progress\nid: 3\ndata: {"id":"gen_4fTq8ZkR2mWc7NvXbL1pDa","stage":"drawing","percent":40}',
  "",
  'event: generation.completed\nid: 5\ndata: {"id":"gen_4fTq8ZkR2mWc7NvXbL1pDa","status":"succeeded",…}',
  "",
].join("\n");

/** The `text/event-stream` answer of a generation's stream: its framing, an example, and each event's `data` (x-events). */
export function generationStreamMedia(registry: SchemaRegistry): MediaTypeObject {
  return {
    schema: {
      type: "string",
      description:
        "Server-sent events: `event:` (the name), `id:` (the sequence number, for Last-Event-ID) and `data:` (one JSON object), with a `: keep-alive` comment every 15 s. The events are listed in x-events (and in GenerationStreamEvent).",
    },
    example: streamExample,
    "x-events": generationStreamEvents.map((e) => ({ event: e.event, description: e.description, data: registry.toJson(e.data, "output") })),
  };
}

/** Every event of a generation stream, as one schema (the same payloads as each stream's x-events). */
export function generationStreamEventSchema(registry: SchemaRegistry): JsonSchema {
  const eventSchemas = generationStreamEvents.map((e) => ({
    type: "object",
    description: e.description,
    properties: {
      event: { const: e.event },
      id: { type: "integer", description: "The sequence number (resume with Last-Event-ID)." },
      data: registry.toJson(e.data, "output"),
    },
    required: ["event", "data"],
  }));
  return {
    description: "One server-sent event of a generation's stream (contract section 5); `data` is the JSON of the `data:` line.",
    oneOf: eventSchemas,
  };
}
