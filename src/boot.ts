import { type Catalog, closeDrivers, openCatalog } from "./agents/index.js";
import type { Config } from "./config.js";
import { syncAgents } from "./domain/agents/agents.js";
import type { Database } from "./infra/db/database.js";
import type { MigrateResult } from "./infra/db/migrate.js";
import { openInfrastructure, type InfraSettings, type Infrastructure } from "./infra/infrastructure.js";
import type { Logger } from "./infra/logger.js";
import type { AppDeps } from "./services.js";

export interface Booted {
  catalog: Catalog;
  infra: Infrastructure;
  migrations: MigrateResult;
  /** What createApp / createServices take. */
  deps: AppDeps;
  /** Closes everything boot opened: connections, the database, the drawing threads. */
  close(): Promise<void>;
}

/**
 * What every process does first (the service, a worker, the command line, the tests): check the
 * agents catalog (a bad one stops here, before any connection), open the database, Redis and
 * the rest, apply pending migrations, and write the catalog into the database.
 */
export async function boot(config: Config, logger: Logger, given: { db?: Database } = {}): Promise<Booted> {
  const catalog = await openCatalog(
    { file: config.agentsFile, drawThreads: config.drawThreads, drawThreadIdleMs: config.drawThreadIdleMs },
    config.secret,
    logger,
  );
  const infra = await openInfrastructure(infraSettings(config), logger, given);
  try {
    const migrations = await infra.db.migrate();
    await syncAgents(infra.db.prisma, catalog);
    const { db, blobs, bus, queue, limiter, slots, health } = infra;
    const close = async () => {
      await infra.close();
      await closeDrivers();
    };
    return { catalog, infra, migrations, deps: { config, logger, catalog, db, blobs, bus, queue, limiter, slots, health }, close };
  } catch (error) {
    await infra.close().catch(() => undefined);
    throw error;
  }
}

/** What the infrastructure takes from the configuration. */
function infraSettings(config: Config): InfraSettings {
  return {
    database: { databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize },
    ...(config.redisUrl ? { redis: { url: config.redisUrl, prefix: config.redisPrefix } } : {}),
    workerConcurrency: config.workerConcurrency,
    blobs: config.blobs,
  };
}
