import { z } from "zod";

export const usageGroups = ["day", "key", "agent"] as const;
export type UsageGroup = (typeof usageGroups)[number];

/** The longest range one usage call reads. */
export const maxUsageDays = 366;

/** A day (`2026-11-01`, midnight UTC) or an instant. */
const bound = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: "Must be a date (2026-11-01) or an ISO-8601 date-time." })
  .transform((value) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value));

/**
 * GET /api/v1/usage and GraphQL `usage`: charges minus refunds in [from, to) (defaults: the last 30
 * days up to now), grouped by UTC day, key or agent.
 */
export const usageQuery = z
  .strictObject({
    from: bound.optional(),
    to: bound.optional(),
    groupBy: z.enum(usageGroups, { error: 'Must be "day", "key" or "agent".' }).default("day"),
    splitBy: z
      .enum(["key", "agent"], { error: 'Must be "key" or "agent".' })
      .optional()
      .describe("With groupBy=day: one row per day and key (or agent), for a chart of credits per day split by key or agent."),
  })
  .refine((q) => q.splitBy === undefined || q.groupBy === "day", { message: "Only with groupBy=day.", path: ["splitBy"] })
  .transform((q) => {
    const to = q.to ?? new Date();
    return { groupBy: q.groupBy, splitBy: q.splitBy, to, from: q.from ?? new Date(to.getTime() - 30 * 86_400_000) };
  })
  .refine((q) => q.from.getTime() < q.to.getTime(), { message: "Must be before to.", path: ["from"] })
  .refine((q) => q.to.getTime() - q.from.getTime() <= maxUsageDays * 86_400_000, {
    message: `The range may span at most ${maxUsageDays} days.`,
    path: ["from"],
  });
export type UsageQuery = z.output<typeof usageQuery>;

export const usageRow = z
  .object({
    day: z.iso.date().optional().describe("groupBy=day: the UTC day."),
    keyId: z.string().nullable().optional().describe("groupBy=key (or splitBy=key): the API key (null: the web app)."),
    agentId: z.string().nullable().optional().describe("groupBy=agent (or splitBy=agent)."),
    generations: z.number().int().describe("Generations charged in the range."),
    credits: z.number().int().describe("Charges minus refunds in the range."),
  })
  .meta({ id: "UsageRow" });
export const usageResponse = z
  .object({
    from: z.string(),
    to: z.string(),
    groupBy: z.enum(usageGroups),
    splitBy: z.enum(["key", "agent"]).optional(),
    rows: z.array(usageRow),
    total: z.object({ generations: z.number().int(), credits: z.number().int() }),
  })
  .meta({ id: "Usage" });
export type UsageView = z.output<typeof usageResponse>;
