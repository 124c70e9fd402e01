import type { Scope } from "../../contract/auth.js";
import { AppError } from "../../contract/errors.js";
import { createKeyRequest, updateKeyRequest, type ApiKeyView, type BudgetPeriod } from "../../contract/schemas/keys.js";
import { docsPages } from "../../contract/teaching.js";
import { parseInput } from "../../contract/validation.js";
import { Prisma, type PrismaClient, type SqlRunner } from "../../infra/db/database.js";
import { normalizeScopes, type Viewer, type ViewerUser } from "../auth/viewer.js";
import { newId } from "../ids.js";
import { currentSpentSql, periodStartSql, resetsAt, spentFromLedgerSql } from "./budget.js";
import type { KeyCache } from "./key-cache.js";
import { generateKey, hashKey, keyFormatProblem } from "./key-format.js";

export type { ApiKeyView } from "../../contract/schemas/keys.js";

interface KeyRow {
  id: string;
  name: string;
  start: string;
  scopes: string[];
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  budget_credits: number | null;
  budget_period: BudgetPeriod | null;
  spent: number;
  now: Date;
}
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const toView = (row: KeyRow): ApiKeyView => ({
  id: row.id,
  name: row.name,
  start: row.start,
  scopes: row.scopes as Scope[],
  createdAt: new Date(row.created_at).toISOString(),
  expiresAt: iso(row.expires_at),
  lastUsedAt: iso(row.last_used_at),
  budget: row.budget_credits !== null && row.budget_period ? { credits: Number(row.budget_credits), period: row.budget_period } : null,
  spent: Number(row.spent),
  resetsAt: row.budget_period ? iso(resetsAt(row.budget_period, new Date(row.now))) : null,
});

/** The view's columns of key `k`: what it spent in its budget's period (its counter), or in total by the ledger. */
const viewColumns = Prisma.sql`k."id", k."name", k."start", k."scopes", k."created_at", k."expires_at", k."last_used_at", k."budget_credits", k."budget_period",
  CASE WHEN k."budget_credits" IS NULL THEN ${spentFromLedgerSql(Prisma.sql`k."id"`, Prisma.sql`'epoch'::timestamptz`)} ELSE ${currentSpentSql(Prisma.sql`k`)} END AS "spent",
  now() AS "now"`;

/** `lastUsedAt` is written at most once a minute per key. */
const touchIntervalMs = 60_000;

export interface KeyViewerRow {
  id: string;
  scopes: string[];
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  user_id: string;
  email: string;
  name: string | null;
  role: "user" | "admin";
  account_id: string;
}

/**
 * `cache` (PostgreSQL, see key-cache.ts) spares a call with a known key its lookup; this process's
 * own revocations clear it at once, before they answer, the others' through the database's notification.
 */
export function createKeyService(prisma: PrismaClient, sql: SqlRunner, cache?: KeyCache<KeyViewerRow>) {
  const lookup = async (hash: string): Promise<KeyViewerRow | undefined> => {
    const cached = cache?.get(hash);
    if (cached) return cached;
    const token = cache?.begin() ?? 0;
    const [row] = await sql<KeyViewerRow>(Prisma.sql`
      SELECT k."id", k."scopes", k."expires_at", k."revoked_at", k."last_used_at",
             u."id" AS "user_id", u."email", u."name", u."role", u."account_id"
      FROM "api_keys" k JOIN "users" u ON u."id" = k."user_id"
      WHERE k."hash" = ${hash}`);
    if (row) cache?.put(hash, row, token);
    return row;
  };
  return {
    /** Issues a key for the user's account. The plaintext is in this result only, never again. */
    async create(owner: ViewerUser, raw: unknown): Promise<{ apiKey: ApiKeyView; secret: string }> {
      const input = parseInput(createKeyRequest, raw);
      const key = generateKey();
      const budget = input.budget ?? null;
      const [row] = await sql<KeyRow>(Prisma.sql`
        WITH k AS (
          INSERT INTO "api_keys" ("id", "account_id", "user_id", "name", "hash", "start", "scopes", "expires_at", "budget_credits", "budget_period", "budget_period_start")
          VALUES (${newId("key")}, ${owner.accountId}, ${owner.id}, ${input.name}, ${key.hash}, ${key.start}, ${normalizeScopes(input.scopes ?? ["generate", "read"])}::text[],
            ${input.expiresAt ?? null}::timestamptz, ${budget?.credits ?? null}::int, ${budget?.period ?? null}::text,
            ${budget ? periodStartSql(Prisma.sql`${budget.period}::text`) : null})
          RETURNING *
        )
        SELECT k."id", k."name", k."start", k."scopes", k."created_at", k."expires_at", k."last_used_at", k."budget_credits", k."budget_period", 0 AS "spent", now() AS "now" FROM k`);
      return { apiKey: toView(row!), secret: key.plaintext };
    },

    /** The account's keys, newest first, revoked ones left out. Never a secret or a hash. */
    async list(accountId: string): Promise<ApiKeyView[]> {
      const rows = await sql<KeyRow>(Prisma.sql`
        SELECT ${viewColumns} FROM "api_keys" k
        WHERE k."account_id" = ${accountId} AND k."revoked_at" IS NULL ORDER BY k."created_at" DESC, k."id" DESC`);
      return rows.map(toView);
    },

    /**
     * Renames a live key of the account or sets its budget (null: none); 404 for any other id. A
     * new budget starts from what the key spent in the period by the ledger, read under the
     * account's row lock, which every reservation by a key takes first: no charge falls between.
     */
    async update(accountId: string, id: string, raw: unknown): Promise<ApiKeyView> {
      const input = parseInput(updateKeyRequest, raw);
      const row = await prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT "id" FROM "accounts" WHERE "id" = ${accountId} FOR UPDATE`;
        const budget = input.budget;
        const period = budget ? Prisma.sql`${budget.period}::text` : Prisma.sql`k."budget_period"`;
        const sets = [
          ...(input.name !== undefined ? [Prisma.sql`"name" = ${input.name}`] : []),
          ...(budget !== undefined
            ? [
                Prisma.sql`"budget_credits" = ${budget?.credits ?? null}::int, "budget_period" = ${budget?.period ?? null}::text`,
                budget
                  ? Prisma.sql`"budget_period_start" = ${periodStartSql(period)}, "budget_spent" = ${spentFromLedgerSql(Prisma.sql`k."id"`, periodStartSql(period))}`
                  : Prisma.sql`"budget_period_start" = NULL, "budget_spent" = 0`,
              ]
            : []),
        ];
        const [updated] = await tx.$queryRaw<KeyRow[]>(Prisma.sql`
          WITH u AS (
            UPDATE "api_keys" k SET ${Prisma.join(sets, ", ")}
            WHERE k."id" = ${id} AND k."account_id" = ${accountId} AND k."revoked_at" IS NULL
            RETURNING k.*
          )
          SELECT ${viewColumns} FROM u k`);
        return updated;
      });
      if (!row) throw new AppError("not_found", "No such API key.", { param: "id" });
      return toView(row);
    },

    /** Revokes one of the account's keys; 404 for any other id (never says whose it is). */
    async revoke(accountId: string, id: string): Promise<void> {
      const { count } = await prisma.apiKey.updateMany({ where: { id, accountId, revokedAt: null }, data: { revokedAt: new Date() } });
      cache?.clear();
      if (count === 0) throw new AppError("not_found", "No such API key.");
    },

    /** The viewer behind a bearer key, or 401. Malformed keys are refused before any query. */
    async authenticate(plaintext: string): Promise<Extract<Viewer, { kind: "api_key" }>> {
      const problem = keyFormatProblem(plaintext);
      if (problem) throw new AppError("unauthenticated", problem, { details: { docs: docsPages.keys } });
      // Every API call runs this: the cache, or one statement straight to the driver.
      const row = await lookup(hashKey(plaintext));
      const now = Date.now();
      if (!row || row.revoked_at) throw new AppError("unauthenticated", "The API key is unknown or revoked.");
      if (row.expires_at && new Date(row.expires_at).getTime() <= now) throw new AppError("unauthenticated", "The API key has expired.");
      if (now - (row.last_used_at ? new Date(row.last_used_at).getTime() : 0) >= touchIntervalMs) {
        // Conditional, so concurrent requests and several processes still write at most once a minute.
        await prisma.apiKey.updateMany({
          where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now - touchIntervalMs) } }] },
          data: { lastUsedAt: new Date(now) },
        });
        row.last_used_at = new Date(now); // a cached row: no second touch within the minute
      }
      const user = { id: row.user_id, email: row.email, name: row.name, role: row.role, accountId: row.account_id };
      return { kind: "api_key", user, apiKeyId: row.id, scopes: row.scopes as Scope[] };
    },

    /** Revokes a key by id whatever its account (operators, command line). */
    async revokeAny(id: string): Promise<boolean> {
      const { count } = await prisma.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
      cache?.clear();
      return count > 0;
    },
  };
}

export type KeyService = ReturnType<typeof createKeyService>;
