import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Logger } from "../logger.js";

/**
 * Applies `prisma/migrations/*\/migration.sql` in name order, recording them in Prisma's own
 * `_prisma_migrations` table with Prisma's checksum (SHA-256 of the file), so `prisma migrate status`
 * agrees with us. We apply them ourselves because the Prisma CLI's `migrate deploy` does not exit
 * on PGlite and needs a schema-engine binary on PostgreSQL that cannot be downloaded here.
 */
export interface MigrationDriver {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a multi-statement script inside one transaction. */
  execInTransaction(script: string): Promise<void>;
  /** Holds a cross-process lock while `fn` runs (advisory lock on PostgreSQL). */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
}

export const migrationsDir = fileURLToPath(new URL("../../../prisma/migrations", import.meta.url));

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir = migrationsDir): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(`${dir}/${name}/migration.sql`, "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

const createTable = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

export interface MigrateResult {
  applied: string[];
  alreadyApplied: number;
}

export async function applyMigrations(driver: MigrationDriver, logger: Logger, migrations?: Migration[]): Promise<MigrateResult> {
  const all = migrations ?? (await readMigrations());
  return driver.withLock(async () => {
    await driver.query(createTable);
    const rows = await driver.query<AppliedRow>(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`);
    const done = new Map<string, AppliedRow>();
    for (const row of rows) {
      if (row.rolled_back_at) continue;
      if (!row.finished_at) {
        throw new Error(`Migration ${row.migration_name} started but never finished; fix the database by hand, then delete its row from _prisma_migrations.`);
      }
      done.set(row.migration_name, row);
    }
    const applied: string[] = [];
    for (const migration of all) {
      const previous = done.get(migration.name);
      if (previous) {
        if (previous.checksum !== migration.checksum) {
          logger.warn("migration file changed after it was applied", { migration: migration.name });
        }
        continue;
      }
      const started = Date.now();
      await driver.execInTransaction(migrationScript(migration));
      applied.push(migration.name);
      logger.info("migration applied", { migration: migration.name, ms: Date.now() - started });
    }
    return { applied, alreadyApplied: done.size };
  });
}

/** One migration as the script that applies it and records it (run in one transaction). */
export function migrationScript(migration: Migration): string {
  const record = `INSERT INTO "_prisma_migrations" ("id", "checksum", "finished_at", "migration_name", "applied_steps_count")
        VALUES ('${randomUUID()}', '${migration.checksum}', now(), '${migration.name.replace(/'/g, "''")}', 1);`;
  return `${migration.sql}\n;\n${record}`;
}

/**
 * Every migration as scripts for a database made elsewhere (the embedded template, pglite-folder.ts),
 * each run in its own transaction, and a key that names this set (it changes with any migration file).
 */
export async function migrationSetup(migrations?: Migration[]): Promise<{ key: string; scripts: string[] }> {
  const all = migrations ?? (await readMigrations());
  const key = createHash("sha256")
    .update(all.map((m) => `${m.name}:${m.checksum}`).join("\n"))
    .digest("hex")
    .slice(0, 12);
  return { key, scripts: [createTable, ...all.map(migrationScript)] };
}
