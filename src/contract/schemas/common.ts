import { z } from "zod";
import { errorCodeList } from "../errors.js";

/** An ISO-8601 instant as the API writes it (`2026-11-23T10:00:00.000Z`). */
export const instant = z.iso.datetime({ offset: true }).meta({ example: "2026-11-23T10:00:00.000Z" });

export const errorEnvelope = z
  .object({
    error: z.object({
      code: z.enum(errorCodeList as [string, ...string[]]).describe("One of the closed set of error codes (contract section 1)."),
      message: z.string().describe("What went wrong and what to do next."),
      requestId: z.string().describe("Also in the X-Request-Id header; quote it when asking for help."),
      param: z.string().optional().describe("The request field (dotted path) or header at fault."),
      retryable: z.boolean().optional().describe("Whether the same request may succeed later."),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: "Error" });

/** An id as the API answers it (`gen_…`, `ast_…`): what a path's `{id}` holds (REST answers 404 for anything else). */
export const resourceId = z
  .string()
  .min(1, "Must not be empty.")
  .max(64, "Must be at most 64 characters.")
  .regex(/^[A-Za-z0-9_-]+$/, "Must be an id as the API answered it (letters, digits, _ and - only).");

export const size = z.object({ width: z.number().int(), height: z.number().int() }).meta({ id: "Size" });

/** `projectId` on a generation or a kit (section 13): the project whose defaults apply and under which the result is filed. */
export const projectIdField = resourceId
  .optional()
  .describe("File the result under this project (yours) and apply its defaults (palette, scale, transparent); a field of the request wins.");
