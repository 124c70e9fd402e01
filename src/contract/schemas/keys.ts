import { z } from "zod";
import { scopes } from "../auth.js";
import { trimmed } from "../validation.js";
import { instant } from "./common.js";

/** Latest expiry accepted: ten years ahead (beyond that, a date is a typo). */
const maxExpiryMs = 10 * 366 * 24 * 3600_000;

export const budgetPeriods = ["day", "month", "total"] as const;
export type BudgetPeriod = (typeof budgetPeriods)[number];

/** A key's spending limit: credits per UTC day, per UTC month, or in total. */
export const keyBudget = z
  .strictObject({
    credits: z
      .number({ error: "Must be a whole number of credits from 1 to 1,000,000,000." })
      .int("Must be a whole number of credits.")
      .min(1, "Must be at least 1 (revoke the key, or set budget to null for no limit).")
      .max(1_000_000_000, "Must be at most 1,000,000,000."),
    period: z.enum(budgetPeriods, { error: 'Must be "day", "month" or "total".' }),
  })
  .meta({ id: "KeyBudget" });

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
  budget: keyBudget.nullish().describe("A spending limit; none by default."),
});

/** PATCH /api/keys/:id: what may change after creation (the name and the budget; null removes it). */
export const updateKeyRequest = z
  .strictObject({
    name: trimmed(1, 100).optional(),
    budget: keyBudget.nullable().optional(),
  })
  .refine((v) => v.name !== undefined || v.budget !== undefined, { message: "Give name or budget.", path: ["budget"] });

export const apiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    start: z.string().describe("The key's first characters, to recognise it (e.g. ags_AbCd)."),
    scopes: z.array(z.enum(scopes)),
    createdAt: instant,
    expiresAt: instant.nullable(),
    lastUsedAt: instant.nullable().describe("Updated at most once a minute."),
    budget: keyBudget.nullable(),
    spent: z.number().int().describe("Credits spent (charges minus refunds) in the budget's current period; in total when there is no budget."),
    resetsAt: instant.nullable().describe("When the budget's period ends (UTC); null for none or a budget in total."),
  })
  .meta({ id: "ApiKey" });
export const createdKeyResponse = z
  .object({ apiKey, secret: z.string().describe("The whole key. Save it now: it is never shown again.") })
  .meta({ id: "CreatedApiKey" });
export const keyListResponse = z.object({ apiKeys: z.array(apiKey) });

export type ApiKeyView = z.output<typeof apiKey>;
