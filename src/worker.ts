import { ConfigError, loadConfig, type Config } from "./config.js";
import { syncBuiltInAgents } from "./domain/agents/agents.js";
import { openInfrastructure } from "./infra/infrastructure.js";
import { createLogger } from "./infra/logger.js";
import { createServices } from "./services.js";

/**
 * `npm run worker`: a process that only runs generations (no HTTP), taking jobs from the queue
 * that API processes fill. Needs REDIS_URL and DATABASE_URL (several processes share them).
 */
async function worker(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel).child({ role: "worker" });
  if (!config.redisUrl || !config.databaseUrl) {
    throw new ConfigError("Invalid configuration: REDIS_URL and DATABASE_URL are required by a worker (without them, `npm start` runs jobs itself)");
  }
  const infra = await openInfrastructure(config, logger);
  await infra.db.migrate();
  await syncBuiltInAgents(infra.db.prisma);
  const services = createServices({ config, logger, ...infra });
  infra.queue.start(services.runGeneration);
  const sweep = setInterval(() => {
    services.recover({ everything: false, requeue: true }).catch((error) => logger.error("sweep failed", { error }));
  }, 60_000).unref();
  logger.info("worker ready", { concurrency: config.workerConcurrency });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(sweep);
    logger.info("shutting down", { signal });
    await infra.queue.close(10_000); // the running generations finish (bounded); the rest stay queued
    await infra.close();
    logger.info("stopped", { signal });
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

try {
  await worker(loadConfig());
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : `Worker start-up failed: ${error instanceof Error ? error.message : String(error)}`}\n`);
  process.exit(1);
}
