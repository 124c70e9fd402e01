import { createHash } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import { resolve } from "node:path";
import type { Pool, PoolClient } from "pg";
import { Prisma, PrismaClient } from "../../generated/prisma/client.js";
import type { Logger } from "../logger.js";
import type { Database, SqlRunner } from "./database-types.js";
import { listenTo, type Listener } from "./listen.js";
import { applyMigrations, migrationSetup, readMigrations, type Migration, type MigrationDriver } from "./migrate.js";
import { lockFileOf, takeLock } from "./pglite-lock.js";
import type { PGliteProxy } from "./pglite-proxy.js";

export type { PrismaClient } from "../../generated/prisma/client.js";
export { Prisma } from "../../generated/prisma/client.js";
export type { Database, DatabaseKind, SqlRunner } from "./database-types.js";

export interface DatabaseOptions {
  /** postgresql://… for PostgreSQL; absent for the embedded PGlite. */
  databaseUrl?: string;
  /** Folder for PGlite's files; `memory://` keeps them in memory (tests). */
  dataDir: string;
  logger: Logger;
  /** PostgreSQL pool size. */
  poolSize?: number;
}

/**
 * Each mode loads only its own driver, on open: `pg` and `@prisma/adapter-pg` for PostgreSQL,
 * PGlite (its JS, the worker-thread proxy, `pglite-prisma-adapter`) for the embedded database.
 * A process never pays for the other one's modules (bench/footprint/FINDINGS.md, §5.3).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  // A server that is down fails a connection at once (refused); one that does not answer fails it
  // after 5 s, so callers answer 503 instead of hanging. TCP keep-alive notices dead peers.
  const [{ default: pg }, { PrismaPg }] = await Promise.all([import("pg"), import("@prisma/adapter-pg")]);
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, connectionTimeoutMillis: 5_000, keepAlive: true });
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
  const listeners = new Set<Listener>();
  const run =
    (client: Pool | PoolClient): SqlRunner =>
    async <T>(statement: Prisma.Sql) =>
      (await client.query({ name: preparedName(statement.text), text: statement.text, values: statement.values })).rows as T[];
  return {
    kind: "postgres",
    prisma,
    sql: run(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn(run(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    migrate: () => applyMigrations(driver, options.logger),
    ping: () => ping(prisma),
    listen(channel, handlers) {
      const listener = listenTo(pg.Client, url, channel, handlers, options.logger);
      listeners.add(listener);
      return {
        async close() {
          listeners.delete(listener);
          await listener.close();
        },
      };
    },
    async close() {
      await Promise.all([...listeners].map((l) => l.close()));
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

/**
 * The embedded database: PGlite in a worker thread (`pglite-proxy.ts`), so its statements, which
 * are synchronous WASM calls, never stall the event loop; with our memory settings
 * (`pglite-settings.ts`) on every open.
 */
async function openPglite(options: DatabaseOptions): Promise<Database> {
  const inMemory = options.dataDir.startsWith("memory://");
  const dir = inMemory ? options.dataDir : resolve(options.dataDir, "pglite");
  const lockFile = inMemory ? undefined : lockFileOf(resolve(options.dataDir));
  if (lockFile) {
    await mkdir(dir, { recursive: true });
    await takeLock(lockFile);
  }
  const [{ PGlite }, { PGliteProxy }, { pgliteAdapterFactory }, { ensureDataFolder, templateTarball }, { settingArgs }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("./pglite-proxy.js"),
    import("./pglite-adapter.js"),
    import("./pglite-folder.js"),
    import("./pglite-settings.js"),
  ]);
  let client: PGliteProxy;
  // Read once: a new folder or a memory:// database is made with them, and `migrate` checks them.
  let migrations: Migration[];
  try {
    migrations = await readMigrations();
    const setup = await migrationSetup(migrations);
    // A new folder is made outside this process (template copy or initdb in a child): initdb's garbage must not stay in the database thread.
    if (!inMemory) {
      const started = performance.now();
      const origin = await ensureDataFolder(dir, undefined, setup);
      if (origin !== "existing") options.logger.info("new data folder", { dir, from: origin, ms: Math.round(performance.now() - started) });
    }
    // memory:// (tests): a migrated dump, loaded instead of initdb and the migrations.
    const loadTarball = inMemory ? await templateTarball(undefined, setup) : undefined;
    client = await PGliteProxy.create({
      dataDir: dir,
      ...(loadTarball ? { loadTarball } : {}),
      startParams: [...PGlite.defaultStartParams, ...settingArgs()],
      initDbArgs: settingArgs(),
      onCrash: (error) => options.logger.error("embedded database stopped", { error }),
    });
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
  let backups: { close(): Promise<void> } | undefined;
  const db: Database = {
    kind: "pglite",
    prisma,
    sql: async <T>(statement: Prisma.Sql) => (await client.query<T>(statement.text, statement.values)).rows,
    transaction: (fn) => client.transaction((tx) => fn(async <T>(statement: Prisma.Sql) => (await tx.query<T>(statement.text, statement.values)).rows)),
    migrate: () => applyMigrations(driver, options.logger, migrations),
    ping: () => ping(prisma),
    snapshot: (to, queries) => client.snapshot(to, queries),
    async close() {
      try {
        await backups?.close();
        await prisma.$disconnect();
        await client.close();
      } finally {
        if (lockFile) await rm(lockFile, { force: true });
      }
    },
  };
  // The process that holds the folder answers `npm run cli -- backup` on a socket only its user can reach.
  if (!inMemory) {
    const { serveBackups } = await import("./backup-socket.js");
    backups = await serveBackups(db, resolve(options.dataDir), options.logger);
  }
  return db;
}

/** A prepared statement's name: one per distinct text (a handful, from the hot paths' call sites). */
const preparedNames = new Map<string, string>();
function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (!name) {
    name = `s${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    if (preparedNames.size < 1000) preparedNames.set(text, name);
  }
  return name;
}

/** True when the database answers `SELECT 1` within 2 s. */
async function ping(prisma: PrismaClient): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      prisma.$queryRawUnsafe("SELECT 1").then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 2_000))),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * True for a unique-constraint violation, whichever adapter raised it (adapter-pg maps it to
 * P2002; the PGlite adapter passes PostgreSQL's SQLSTATE 23505 through in the cause; `Database.sql`
 * rejects with the driver's own error, whose `code` is the SQLSTATE).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return true;
  if ((error as { code?: unknown } | undefined)?.code === "23505") return true;
  const cause = (error as { cause?: { code?: string; originalCode?: string; kind?: string } } | undefined)?.cause;
  return cause?.code === "23505" || cause?.originalCode === "23505" || cause?.kind === "UniqueConstraintViolation";
}
