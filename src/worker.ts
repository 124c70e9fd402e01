import { ConfigError, type Config } from "./config.js";
import { syncBuiltInAgents } from "./domain/agents/agents.js";
import { openInfrastructure } from "./infra/infrastructure.js";
import { createLogger } from "./infra/logger.js";
import { runProcess } from "./process-lifecycle.js";
import { createServices } from "./services.js";

/**
 * `npm run worker`: a process that only runs generations (no HTTP), taking jobs from the queue
 * that API processes fill. Needs REDIS_URL and DATABASE_URL (several processes share them).
 */
async function worker(config: Config) {
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

  return {
    logger,
    async stop() {
      clearInterval(sweep);
      await infra.queue.close(10_000); // the running generations finish (bounded); the rest stay queued
      await infra.close();
    },
  };
}

await runProcess("Worker", worker);
