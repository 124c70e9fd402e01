import { z } from "zod";
import { scopes } from "../auth.js";
import { trimmed } from "../validation.js";
import { instant } from "./common.js";

/** Latest expiry accepted: ten years ahead (beyond that, a date is a typo). */
const maxExpiryMs = 10 * 366 * 24 * 3600_000;

export const createKeyRequest = z.strictObject({
  name: trimmed(1, 100),
  scopes: z
    .array(z.enum(scopes, { error: 'Must be "generate" or "read".' }))
    .min(1, "Give at least one scope.")
    .max(scopes.length)
    .optional(),
  expiresAt: z
    .union([z.iso.datetime({ offset: true, error: "Must be an ISO-8601 date-time, e.g. 2027-01-31T00:00:00Z." }), z.date()])
    .transform((value) => new Date(value))
    .refine((d) => d.getTime() > Date.now(), "Must be in the future.")
    .refine((d) => d.getTime() < Date.now() + maxExpiryMs, "Must be within ten years.")
    .nullish(),
});

export const apiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    start: z.string().describe("The key's first characters, to recognise it (e.g. ags_AbCd)."),
    scopes: z.array(z.enum(scopes)),
    createdAt: instant,
    expiresAt: instant.nullable(),
    lastUsedAt: instant.nullable().describe("Updated at most once a minute."),
  })
  .meta({ id: "ApiKey" });
export const createdKeyResponse = z
  .object({ apiKey, secret: z.string().describe("The whole key. Save it now: it is never shown again.") })
  .meta({ id: "CreatedApiKey" });
export const keyListResponse = z.object({ apiKeys: z.array(apiKey) });

export type ApiKeyView = z.output<typeof apiKey>;
