import { createServer, type RequestListener } from "node:http";
import { toNodeHandler } from "srvx/node";
import { createApp } from "./app.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { syncBuiltInAgents } from "./domain/agents/agents.js";
import { openDatabase } from "./infra/db/database.js";
import { createLogger } from "./infra/logger.js";

/** The entry point: the only place that reads the environment, listens and handles signals. */
async function main(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel);
  const started = performance.now();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  const migrations = await db.migrate();
  await syncBuiltInAgents(db.prisma);
  const app = createApp({ config, db, logger });

  const server = createServer(toNodeHandler(app.fetch) as RequestListener);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info("listening", {
    url: `http://${config.host}:${port}`,
    publicOrigin: config.publicOrigin,
    graphiql: `${config.publicOrigin}/graphql`,
    database: db.kind,
    migrationsApplied: migrations.applied.length,
    startupMs: Math.round(performance.now() - started),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal });
    const force = setTimeout(() => server.closeAllConnections(), 10_000).unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    clearTimeout(force);
    await db.close();
    logger.info("stopped", { signal });
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

try {
  await main(loadConfig());
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(1);
}
