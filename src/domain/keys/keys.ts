import { z } from "zod";
import type { PrismaClient } from "../../infra/db/database.js";
import { normalizeScopes, scopes, type Scope, type Viewer, type ViewerUser } from "../auth/viewer.js";
import { AppError } from "../errors.js";
import { newId } from "../ids.js";
import { parseInput, trimmed } from "../validation.js";
import { generateKey, hashKey, isWellFormedKey } from "./key-format.js";

export const createKeyInput = z.strictObject({
  name: trimmed(1, 100),
  scopes: z.array(z.enum(scopes)).min(1, "Give at least one scope.").max(scopes.length).optional(),
  expiresAt: z.coerce
    .date({ error: "Must be an ISO-8601 date-time." })
    .refine((d) => d.getTime() > Date.now(), "Must be in the future.")
    .nullish(),
});

export interface ApiKeyView {
  id: string;
  name: string;
  start: string;
  scopes: Scope[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

const viewSelect = { id: true, name: true, start: true, scopes: true, createdAt: true, expiresAt: true, lastUsedAt: true } as const;
const toView = (row: { scopes: string[] } & Omit<ApiKeyView, "scopes">): ApiKeyView => ({ ...row, scopes: row.scopes as Scope[] });

/** `lastUsedAt` is written at most once a minute per key. */
const touchIntervalMs = 60_000;

export function createKeyService(prisma: PrismaClient) {
  return {
    /** Issues a key for the user's account. The plaintext is in this result only, never again. */
    async create(owner: ViewerUser, raw: unknown): Promise<{ apiKey: ApiKeyView; secret: string }> {
      const input = parseInput(createKeyInput, raw);
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
      if (count === 0) throw new AppError("not_found", "No such API key.");
    },

    /** The viewer behind a bearer key, or 401. Malformed keys are refused before any query. */
    async authenticate(plaintext: string): Promise<Extract<Viewer, { kind: "api_key" }>> {
      if (!isWellFormedKey(plaintext)) {
        throw new AppError("unauthenticated", "The API key is malformed (expected ags_ followed by 38 letters and digits).");
      }
      const row = await prisma.apiKey.findUnique({
        where: { hash: hashKey(plaintext) },
        select: {
          id: true,
          scopes: true,
          expiresAt: true,
          revokedAt: true,
          lastUsedAt: true,
          user: { select: { id: true, email: true, name: true, role: true, accountId: true } },
        },
      });
      const now = Date.now();
      if (!row || row.revokedAt) throw new AppError("unauthenticated", "The API key is unknown or revoked.");
      if (row.expiresAt && row.expiresAt.getTime() <= now) throw new AppError("unauthenticated", "The API key has expired.");
      if (now - (row.lastUsedAt?.getTime() ?? 0) >= touchIntervalMs) {
        // Conditional, so concurrent requests and several processes still write at most once a minute.
        await prisma.apiKey.updateMany({
          where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now - touchIntervalMs) } }] },
          data: { lastUsedAt: new Date(now) },
        });
      }
      return { kind: "api_key", user: row.user, apiKeyId: row.id, scopes: row.scopes as Scope[] };
    },

    /** Revokes a key by id whatever its account (operators, command line). */
    async revokeAny(id: string): Promise<boolean> {
      const { count } = await prisma.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
      return count > 0;
    },
  };
}

export type KeyService = ReturnType<typeof createKeyService>;
