import { usageQuery, type UsageView } from "../../contract/schemas/usage.js";
import { parseInput } from "../../contract/validation.js";
import { Prisma, type SqlRunner } from "../../infra/db/database.js";

/**
 * Usage (contract section 16): the ledger's charges and refunds in [from, to), grouped by UTC day,
 * key or agent (days optionally split by key or agent), read straight from the ledger entries (each names its key and agent), so it always
 * equals the ledger. `accountId` undefined: every account (admins).
 */
export function createUsageService(sql: SqlRunner) {
  return async function usage(accountId: string | undefined, raw: unknown): Promise<UsageView> {
    const q = parseInput(usageQuery, raw);
    const group =
      q.groupBy === "day"
        ? Prisma.sql`to_char(date_trunc('day', l."created_at" AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`
        : q.groupBy === "key"
          ? Prisma.sql`l."api_key_id"`
          : Prisma.sql`l."agent_id"`;
    const split = q.splitBy === "key" ? Prisma.sql`l."api_key_id"` : q.splitBy === "agent" ? Prisma.sql`l."agent_id"` : Prisma.sql`NULL::text`;
    const rows = await sql<{ g: string | null; s: string | null; generations: number; credits: number }>(Prisma.sql`
      SELECT ${group} AS "g", ${split} AS "s", count(*) FILTER (WHERE l."kind" = 'charge')::int AS "generations", (-COALESCE(SUM(l."amount"), 0))::int AS "credits"
      FROM "ledger_entries" l
      WHERE l."kind" IN ('charge', 'refund') AND l."created_at" >= ${q.from} AND l."created_at" < ${q.to}
        ${accountId === undefined ? Prisma.empty : Prisma.sql`AND l."account_id" = ${accountId}`}
      GROUP BY 1, 2 ORDER BY 1 NULLS FIRST, 2 NULLS FIRST`);
    const name = q.groupBy === "day" ? "day" : q.groupBy === "key" ? "keyId" : "agentId";
    const splitName = q.splitBy === "key" ? "keyId" : "agentId";
    const out = rows.map((r) => ({
      [name]: r.g,
      ...(q.splitBy ? { [splitName]: r.s } : {}),
      generations: Number(r.generations),
      credits: Number(r.credits),
    }));
    return {
      from: q.from.toISOString(),
      to: q.to.toISOString(),
      groupBy: q.groupBy,
      ...(q.splitBy ? { splitBy: q.splitBy } : {}),
      rows: out,
      total: { generations: out.reduce((s, r) => s + r.generations, 0), credits: out.reduce((s, r) => s + r.credits, 0) },
    };
  };
}
