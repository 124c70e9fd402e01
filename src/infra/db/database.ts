import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { Prisma, PrismaClient } from "../../generated/prisma/client.js";
import type { Logger } from "../logger.js";
import { applyMigrations, type MigrateResult, type MigrationDriver } from "./migrate.js";
import { pgliteAdapterFactory } from "./pglite-adapter.js";

export type { PrismaClient } from "../../generated/prisma/client.js";
export { Prisma } from "../../generated/prisma/client.js";

export type DatabaseKind = "pglite" | "postgres";

export interface Database {
  kind: DatabaseKind;
  prisma: PrismaClient;
  migrate(): Promise<MigrateResult>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgresql://… for PostgreSQL; absent for the embedded PGlite. */
  databaseUrl?: string;
  /** Folder for PGlite's files; `memory://` keeps them in memory (tests). */
  dataDir: string;
  logger: Logger;
  /** PostgreSQL pool size. */
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  pool.on("error", (error) => options.logger.error("postgres pool error", { error }));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const driver: MigrationDriver = {
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async execInTransaction(script) {
      // The simple query protocol runs a multi-statement string as one implicit transaction.
      const client = await pool.connect();
      try {
        await client.query(`BEGIN;\n${script}\n;COMMIT;`);
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async withLock(fn) {
      // Several processes may start at once; one migrates, the others wait and then find nothing to do.
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock(727073)");
        return await fn();
      } finally {
        await client.query("SELECT pg_advisory_unlock(727073)").catch(() => undefined);
        client.release();
      }
    },
  };
  return {
    kind: "postgres",
    prisma,
    migrate: () => applyMigrations(driver, options.logger),
    ping: () => ping(prisma),
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const inMemory = options.dataDir.startsWith("memory://");
  const dir = inMemory ? options.dataDir : resolve(options.dataDir, "pglite");
  const lockFile = inMemory ? undefined : resolve(options.dataDir, "pglite.lock");
  if (lockFile) {
    await mkdir(dir, { recursive: true });
    await takeLock(lockFile);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dir);
  } catch (error) {
    if (lockFile) await rm(lockFile, { force: true });
    throw error;
  }
  const prisma = new PrismaClient({ adapter: pgliteAdapterFactory(client) });
  const driver: MigrationDriver = {
    async query<T>(sql: string, params?: unknown[]) {
      return (await client.query<T>(sql, params)).rows;
    },
    async execInTransaction(script) {
      await client.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    // One process owns the folder (see takeLock), so there is nobody to wait for.
    withLock: (fn) => fn(),
  };
  return {
    kind: "pglite",
    prisma,
    migrate: () => applyMigrations(driver, options.logger),
    ping: () => ping(prisma),
    async close() {
      await prisma.$disconnect();
      await client.close();
      if (lockFile) await rm(lockFile, { force: true });
    },
  };
}

async function ping(prisma: PrismaClient): Promise<boolean> {
  try {
    await prisma.$queryRawUnsafe("SELECT 1");
    return true;
  } catch {
    return false;
  }
}

/**
 * PGlite is a single-process database: two processes on one folder corrupt it. The lock file holds
 * the owner's pid; a lock left by a dead process is taken over.
 */
async function takeLock(lockFile: string): Promise<void> {
  const existing = await readFile(lockFile, "utf8").catch(() => undefined);
  const pid = existing ? Number.parseInt(existing, 10) : Number.NaN;
  if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
    throw new Error(
      `The data folder ${join(lockFile, "..")} is in use by process ${pid}. The embedded database allows one process; set DATABASE_URL to run several.`,
    );
  }
  await writeFile(lockFile, String(process.pid));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * True for a unique-constraint violation, whichever adapter raised it (adapter-pg maps it to
 * P2002; the PGlite adapter passes PostgreSQL's SQLSTATE 23505 through in the cause).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return true;
  const cause = (error as { cause?: { code?: string; originalCode?: string; kind?: string } } | undefined)?.cause;
  return cause?.code === "23505" || cause?.originalCode === "23505" || cause?.kind === "UniqueConstraintViolation";
}
