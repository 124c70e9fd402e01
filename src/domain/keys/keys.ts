import type { Scope } from "../../contract/auth.js";
import { AppError } from "../../contract/errors.js";
import { createKeyRequest, type ApiKeyView } from "../../contract/schemas/keys.js";
import { docsPages } from "../../contract/teaching.js";
import { parseInput } from "../../contract/validation.js";
import { Prisma, type PrismaClient, type SqlRunner } from "../../infra/db/database.js";
import { normalizeScopes, type Viewer, type ViewerUser } from "../auth/viewer.js";
import { newId } from "../ids.js";
import type { KeyCache } from "./key-cache.js";
import { generateKey, hashKey, keyFormatProblem } from "./key-format.js";

export type { ApiKeyView } from "../../contract/schemas/keys.js";

const viewSelect = { id: true, name: true, start: true, scopes: true, createdAt: true, expiresAt: true, lastUsedAt: true } as const;
type KeyRow = { id: string; name: string; start: string; scopes: string[]; createdAt: Date; expiresAt: Date | null; lastUsedAt: Date | null };
const toView = (row: KeyRow): ApiKeyView => ({
  id: row.id,
  name: row.name,
  start: row.start,
  scopes: row.scopes as Scope[],
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

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
      const row = await prisma.apiKey.create({
        data: {
          id: newId("key"),
          accountId: owner.accountId,
          userId: owner.id,
          name: input.name,
          hash: key.hash,
          start: key.start,
          scopes: normalizeScopes(input.scopes ?? ["generate", "read"]),
          expiresAt: input.expiresAt ?? null,
        },
        select: viewSelect,
      });
      return { apiKey: toView(row), secret: key.plaintext };
    },

    /** The account's keys, newest first, revoked ones left out. Never a secret or a hash. */
    async list(accountId: string): Promise<ApiKeyView[]> {
      const rows = await prisma.apiKey.findMany({
        where: { accountId, revokedAt: null },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select: viewSelect,
      });
      return rows.map(toView);
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
