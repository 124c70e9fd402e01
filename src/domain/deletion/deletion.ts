import { AppError } from "../../contract/errors.js";
import { deleteAccountRequest } from "../../contract/schemas/accounts.js";
import { parseInput } from "../../contract/validation.js";
import { Prisma, type SqlRunner } from "../../infra/db/database.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import { verifyPassword } from "../accounts/passwords.js";

export interface DeletionDeps {
  sql: SqlRunner;
  transaction<T>(fn: (sql: SqlRunner) => Promise<T>): Promise<T>;
  /**
   * Told the sha256 of every asset row deleted, once its statement committed: the blob store's
   * hook (its sweep removes the bytes no remaining row references). Rows are this module's; bytes are the store's.
   */
  releaseBytes?: (sha256s: string[]) => void | Promise<void>;
}

const active = () =>
  new AppError(
    "generation_active",
    "This generation is still queued or running: cancel it (POST /api/v1/generations/{id}/cancel) or wait for it to end, then delete it.",
  );

/**
 * Deletion (contract section 15): an asset; a generation with its assets; and a whole account's
 * personal data (erasure). A deleted asset or generation leaves a tombstone (`deleted_objects`), so
 * its owner is told 410 gone from then on (a repeated DELETE too: nothing changes); anyone else
 * gets 404, as for an id that never existed. Ledger entries stay, with their account id.
 */
export function createDeletion(deps: DeletionDeps) {
  const { sql } = deps;

  const release = async (sha256s: string[]) => {
    if (sha256s.length > 0) await deps.releaseBytes?.(sha256s);
  };

  /** After a delete matched nothing: 410 for the owner's tombstone, else 404 (unknown, or another account's). */
  const goneOrNotFound = async (accountId: string, id: string, what: string): Promise<never> => {
    const [tomb] = await sql(Prisma.sql`SELECT 1 AS "x" FROM "deleted_objects" WHERE "id" = ${id} AND "account_id" = ${accountId}`);
    throw tomb ? new AppError("gone", `This ${what} was deleted.`) : new AppError("not_found", `No such ${what}.`);
  };

  return {
    goneOrNotFound,

    /**
     * Deletes one of the viewer's assets (one statement: the row, its tombstone). Its generation and
     * ledger entries stay; the stored first answer of the generation's Idempotency-Key goes (it
     * holds the bytes), so a retry with that key is a new request.
     */
    async deleteAsset(viewer: AuthenticatedViewer, id: string): Promise<void> {
      const accountId = viewer.user.accountId;
      const rows = await sql<{ sha256: string }>(Prisma.sql`
        WITH gone AS (DELETE FROM "assets" WHERE "id" = ${id} AND "account_id" = ${accountId} RETURNING "id", "account_id", "sha256", "generation_id"),
        idem AS (DELETE FROM "idempotency_records" WHERE "id" IN (
          SELECT g."idempotency_record_id" FROM "generations" g JOIN gone ON g."id" = gone."generation_id")),
        tomb AS (INSERT INTO "deleted_objects" ("id", "account_id") SELECT "id", "account_id" FROM gone)
        SELECT "sha256" FROM gone`);
      if (rows.length === 0) return goneOrNotFound(accountId, id, "asset");
      await release(rows.map((r) => r.sha256));
    },

    /**
     * Deletes one of the viewer's finished generations with its assets, events and webhook
     * deliveries (one statement); 409 generation_active while it is queued or running.
     */
    async deleteGeneration(viewer: AuthenticatedViewer, id: string): Promise<void> {
      const accountId = viewer.user.accountId;
      const rows = await sql<{ id: string; sha256: string | null }>(Prisma.sql`
        WITH gone AS (
          DELETE FROM "generations" WHERE "id" = ${id} AND "account_id" = ${accountId} AND "status"::text IN ('succeeded', 'failed', 'canceled')
          RETURNING "id", "account_id", "idempotency_record_id"),
        assets AS (SELECT a."id", a."account_id", a."sha256" FROM "assets" a JOIN gone ON a."generation_id" = gone."id"),
        idem AS (DELETE FROM "idempotency_records" WHERE "id" IN (SELECT "idempotency_record_id" FROM gone)),
        tomb AS (INSERT INTO "deleted_objects" ("id", "account_id") SELECT "id", "account_id" FROM gone UNION ALL SELECT "id", "account_id" FROM assets)
        SELECT "id", NULL AS "sha256" FROM gone UNION ALL SELECT "id", "sha256" FROM assets`);
      if (rows.length === 0) {
        const [row] = await sql(Prisma.sql`SELECT 1 AS "x" FROM "generations" WHERE "id" = ${id} AND "account_id" = ${accountId}`);
        if (row) throw active();
        return goneOrNotFound(accountId, id, "generation");
      }
      await release(rows.flatMap((r) => (r.sha256 ? [r.sha256] : [])));
    },

    /**
     * Erasure: after the password is checked, in one transaction holding the account's row (so no
     * reservation interleaves): the user, its sessions and keys, webhooks, projects, generations (events,
     * assets, deliveries), idempotency records and tombstones go. The account row (id, balance)
     * and its ledger entries stay, with no user behind them. 409 while a generation is active.
     */
    async deleteAccount(viewer: AuthenticatedViewer, input: unknown): Promise<void> {
      const { password } = parseInput(deleteAccountRequest, input);
      const { accountId, id: userId } = viewer.user;
      const [user] = await sql<{ password_hash: string }>(Prisma.sql`SELECT "password_hash" FROM "users" WHERE "id" = ${userId}`);
      if (!user || !(await verifyPassword(user.password_hash, password))) {
        throw new AppError("forbidden", "The password is wrong; nothing was deleted.", { param: "password" });
      }
      const sha256s = await deps.transaction(async (tx) => {
        const [account] = await tx<{ active: number }>(
          Prisma.sql`SELECT "active_generations" AS "active" FROM "accounts" WHERE "id" = ${accountId} FOR UPDATE`,
        );
        if (!account) throw new AppError("not_found", "No such account.");
        if (Number(account.active) > 0) {
          throw new AppError(
            "generation_active",
            "A generation of this account is still queued or running: cancel it or wait for it to end, then delete the account.",
          );
        }
        const assets = await tx<{ sha256: string }>(Prisma.sql`SELECT DISTINCT "sha256" FROM "assets" WHERE "account_id" = ${accountId}`);
        await tx(Prisma.sql`DELETE FROM "kits" WHERE "account_id" = ${accountId}`); // kit names and items name prompts
        await tx(Prisma.sql`DELETE FROM "generations" WHERE "account_id" = ${accountId}`);
        await tx(Prisma.sql`DELETE FROM "projects" WHERE "account_id" = ${accountId}`); // project names are personal too
        await tx(Prisma.sql`DELETE FROM "webhooks" WHERE "account_id" = ${accountId}`);
        await tx(Prisma.sql`DELETE FROM "idempotency_records" WHERE "account_id" = ${accountId}`);
        await tx(Prisma.sql`DELETE FROM "deleted_objects" WHERE "account_id" = ${accountId}`);
        await tx(Prisma.sql`DELETE FROM "api_keys" WHERE "account_id" = ${accountId}`);
        await tx(Prisma.sql`UPDATE "ledger_entries" SET "actor_user_id" = NULL WHERE "actor_user_id" = ${userId}`);
        await tx(Prisma.sql`DELETE FROM "users" WHERE "account_id" = ${accountId}`); // sessions go with it (cascade)
        return assets.map((r) => r.sha256);
      });
      await release(sha256s);
    },
  };
}

export type Deletion = ReturnType<typeof createDeletion>;
