import { z } from "zod";
import { trimmed } from "../validation.js";
import { instant } from "./common.js";

export const ledgerKinds = ["signup_grant", "grant", "charge", "refund", "adjustment", "purchase"] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

export const grantRequest = z.strictObject({
  accountId: z.string().min(1, "Must not be empty.").max(64, "Must be at most 64 characters."),
  amount: z
    .number()
    .int("Must be an integer.")
    .refine((n) => n !== 0, "Must not be zero.")
    .refine((n) => Math.abs(n) <= 1_000_000_000, "Must be at most 1,000,000,000 in size."),
  reason: trimmed(1, 500),
});

export const ledgerEntry = z
  .object({
    id: z.string(),
    kind: z.enum(ledgerKinds),
    amount: z.number().int().describe("Signed: negative takes credits."),
    balanceAfter: z.number().int(),
    reason: z.string().nullable(),
    generationId: z.string().nullable(),
    agentId: z.string().nullable().describe("What a charge or refund paid for: the agent."),
    apiKeyId: z.string().nullable().describe("The key that made the call (null: the web app, or not a generation)."),
    generationKind: z.enum(["image", "sheet", "tileset", "recolor"]).nullable().describe("What the generation made."),
    promptExcerpt: z.string().nullable().describe("The generation's prompt, its first 80 characters."),
    createdAt: instant,
  })
  .meta({ id: "LedgerEntry" });
export type LedgerEntryView = z.output<typeof ledgerEntry>;

export const balanceResponse = z.object({ balance: z.number().int() }).meta({ id: "Balance" });
