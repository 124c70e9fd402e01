import { AppError } from "../../contract/errors.js";
import { Prisma, type SqlRunner } from "../../infra/db/database.js";

export interface StorageUsage {
  usedBytes: number;
  quotaBytes: number;
}

/** What a generation could add to its account's storage: its pixels as RGBA (a PNG of them is smaller, except for noise). */
export const boundBytes = (rows: readonly { width: number; height: number }[]) => rows.reduce((sum, r) => sum + r.width * r.height * 4, 0);

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1).replace(/\.0$/, "")} MB`;

/**
 * The per-account storage quota (STORAGE_QUOTA_MB, contract section 15): the bytes of the
 * account's assets. A generation that could pass it is refused before any charge (403
 * storage_quota_exceeded). An account far below its quota is not counted on every call: its last
 * count is trusted for a few seconds while it plus the call's bound stays under half the quota.
 */
export function createStorageQuota(deps: { sql: SqlRunner; quotaBytes: number; trustMs?: number; now?: () => number }) {
  const { quotaBytes } = deps;
  const trustMs = deps.trustMs ?? 10_000;
  const now = deps.now ?? Date.now;
  const recent = new Map<string, { usedBytes: number; at: number }>();

  const usage = async (accountId: string): Promise<StorageUsage> => {
    const [row] = await deps.sql<{ used: string | number | null }>(
      Prisma.sql`SELECT COALESCE(SUM("byte_length"), 0)::int8 AS "used" FROM "assets" WHERE "account_id" = ${accountId}`,
    );
    const usedBytes = Number(row?.used ?? 0);
    if (recent.size > 10_000) recent.clear();
    recent.set(accountId, { usedBytes, at: now() });
    return { usedBytes, quotaBytes };
  };

  return {
    /** The account's stored bytes and its quota (REST GET /api/v1/storage, GraphQL `storage`, the Credits page). */
    usage,

    /** Throws storage_quota_exceeded when `requiredBytes` more could take the account past its quota. */
    async assertRoom(accountId: string, requiredBytes: number): Promise<void> {
      const cached = recent.get(accountId);
      if (cached && now() - cached.at < trustMs && cached.usedBytes + requiredBytes <= quotaBytes / 2) {
        cached.usedBytes += requiredBytes; // counted as if it were stored, until the next count
        return;
      }
      const { usedBytes } = await usage(accountId);
      if (usedBytes + requiredBytes <= quotaBytes) return;
      throw exceeded(usedBytes, requiredBytes, "generation");
    },

    /**
     * In `tx`, a transaction that then writes the asset: locks the account's row (its other writes of stored
     * bytes wait behind it), counts the account's bytes anew and throws storage_quota_exceeded when
     * `requiredBytes` more would pass the quota. Calls at once cannot pass it together (an upload's insert).
     */
    async assertRoomLocked(tx: SqlRunner, accountId: string, requiredBytes: number, what = "upload"): Promise<void> {
      await tx(Prisma.sql`SELECT 1 FROM "accounts" WHERE "id" = ${accountId} FOR UPDATE`);
      const [row] = await tx<{ used: string | number | null }>(
        Prisma.sql`SELECT COALESCE(SUM("byte_length"), 0)::int8 AS "used" FROM "assets" WHERE "account_id" = ${accountId}`,
      );
      const usedBytes = Number(row?.used ?? 0);
      recent.delete(accountId);
      if (usedBytes + requiredBytes > quotaBytes) throw exceeded(usedBytes, requiredBytes, what);
    },
  };

  function exceeded(usedBytes: number, requiredBytes: number, what: string): AppError {
    return new AppError(
      "storage_quota_exceeded",
      `This account stores ${mb(usedBytes)} of its ${mb(quotaBytes)} (STORAGE_QUOTA_MB); this ${what} could take ${mb(requiredBytes)} more. Delete assets you no longer need (History in the web app, or DELETE /api/v1/assets/{id}); nothing was charged.`,
      { details: { quotaBytes, usedBytes, requiredBytes } },
    );
  }
}

export type StorageQuota = ReturnType<typeof createStorageQuota>;
