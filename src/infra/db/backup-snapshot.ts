import { readFile, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Prisma } from "../../generated/prisma/client.js";
import { folderEntries, tarSize, writeTar, type TarSource } from "./backup-archive.js";
import type { Database } from "./database-types.js";
import { pgliteVersion } from "./pglite-folder.js";
import { isAlive } from "./pglite-lock.js";

/**
 * The copy a backup streams (backup.ts describes the file): a consistent snapshot of the open
 * database's folder, taken by the process that holds it, with the manifest that a restore checks.
 */

export const backupFormat = "asset-generation-service backup";
export const backupFormatVersion = 1;

/** Rows per table at the instant of the copy (the tables the database has), and `credits`: the sum of the balances. */
export type BackupCounts = Record<string, number>;

/** What the counts count: name in the manifest → table. */
const countedTables: Record<string, string> = {
  users: "users",
  accounts: "accounts",
  apiKeys: "api_keys",
  generations: "generations",
  assets: "assets",
  ledgerEntries: "ledger_entries",
  webhooks: "webhooks",
};

/** The public tables of the database. */
export async function tablesOf(db: Database): Promise<Set<string>> {
  const rows = await db.sql<{ name: string }>(
    Prisma.raw(`SELECT relname::text AS name FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace`),
  );
  return new Set(rows.map((row) => row.name));
}

/** One statement counting the rows of the counted tables among `tables` (a folder of an older version may lack some). */
export function countsQuery(tables: Set<string>): string {
  const columns = Object.entries(countedTables)
    .filter(([, table]) => tables.has(table))
    .map(([name, table]) => `(SELECT count(*) FROM "${table}")::int AS "${name}"`);
  return `SELECT ${[...columns, `(SELECT coalesce(sum("balance"), 0) FROM "accounts")::int AS "credits"`].join(", ")}`;
}

export interface BackupManifest {
  format: typeof backupFormat;
  version: number;
  createdAt: string;
  /** The PGlite that made the copy; a restore needs the same major version (0.x: the same minor). */
  pglite: string;
  /** PostgreSQL's major version of the files (their PG_VERSION). */
  postgres: string;
  /** The migrations the database holds; the service applies newer ones when it starts on it. */
  migrations: string[];
  counts: BackupCounts;
}

/** A backup being read: its manifest, its size as a tar, its chunks; `dispose` (always) removes what it left. */
export interface BackupStream {
  manifest: BackupManifest;
  bytes: number;
  tar: AsyncGenerator<Buffer>;
  dispose(): Promise<void>;
}

/** Refused or failed: the message says what to do. */
export class BackupError extends Error {
  override name = "BackupError";
}

const migrationsQuery = `SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL ORDER BY 1`;

const snapshotPrefix = "pglite.snapshot-";
let snapshots = 0;

/** 0.5.16 → 0.5 (0.x: the minor is the major), 1.2.3 → 1. */
export const pgliteMajor = (version: string) => (version.startsWith("0.") ? version.split(".").slice(0, 2).join(".") : version.split(".")[0]!);

/** Snapshots a process that has died left beside the folder (called by the folder's holder). */
export async function removeLeftoverSnapshots(dataDir: string): Promise<void> {
  for (const name of await readdir(dataDir).catch(() => [] as string[])) {
    const pid = Number.parseInt(name.slice(snapshotPrefix.length), 10);
    if (name.startsWith(snapshotPrefix) && !isAlive(pid)) await rm(join(dataDir, name), { recursive: true, force: true });
  }
}

/** Takes the snapshot (the caller holds the folder: `db` is its open database) and returns it as a tar stream. */
export async function openBackup(db: Database, dataDir: string): Promise<BackupStream> {
  if (!db.snapshot) throw new BackupError("This database is PostgreSQL: back it up with pg_dump (README, Operations).");
  const staging = join(dataDir, `${snapshotPrefix}${process.pid}-${++snapshots}`);
  const dispose = () => rm(staging, { recursive: true, force: true });
  try {
    const [countRows, migrationRows] = await db.snapshot(staging, [countsQuery(await tablesOf(db)), migrationsQuery]);
    const manifest: BackupManifest = {
      format: backupFormat,
      version: backupFormatVersion,
      createdAt: new Date().toISOString(),
      pglite: await pgliteVersion(),
      postgres: (await readFile(join(staging, "PG_VERSION"), "utf8")).trim(),
      migrations: migrationRows!.map((row) => String(row.migration_name)),
      counts: countRows![0] as BackupCounts,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    // The asset bytes (BLOB_STORE=fs at its default place, DATA_DIR/blobs), after the database's copy: content-addressed
    // files written before the rows that name them, so every asset of the copy finds its bytes (half-written `.tmp` left out).
    const blobs = join(dataDir, "blobs");
    const blobEntries = (await stat(blobs).catch(() => undefined))?.isDirectory()
      ? (await folderEntries(blobs, "blobs")).filter((e) => e.name !== "blobs/.tmp" && !e.name.startsWith("blobs/.tmp/"))
      : [];
    const entries: TarSource[] = [
      { name: "backup.json", type: "file", mode: 0o600, content: manifestBytes, size: manifestBytes.length },
      ...(await folderEntries(staging, "pglite")),
      ...blobEntries,
    ];
    return { manifest, bytes: tarSize(entries), tar: writeTar(entries), dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
