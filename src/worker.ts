import { boot } from "./boot.js";
import { ConfigError, type Config } from "./config.js";
import { createLogger } from "./infra/logger.js";
import { memoryNow, runProcess } from "./process-lifecycle.js";
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
  const { infra, deps, close } = await boot(config, logger);
  const services = createServices(deps);
  infra.queue.start(services.runGeneration);
  services.webhooks.dispatcher.start(); // webhook deliveries, claimed in the database
  services.blobs.start(); // bytes still in rows move to the blob store; orphan blobs are swept
  const sweep = setInterval(() => {
    services.recover({ everything: false, requeue: true }).catch((error) => logger.error("sweep failed", { error }));
  }, 60_000).unref();
  logger.info("worker ready", { concurrency: config.workerConcurrency, pid: process.pid, readyMs: Math.round(performance.now()), ...memoryNow() });

  return {
    logger,
    async stop() {
      clearInterval(sweep);
      const deliveriesStopped = services.webhooks.dispatcher.stop(10_000); // attempts in flight end (bounded); the rest are sent later
      await infra.queue.close(10_000); // the running generations finish (bounded); the rest stay queued
      await deliveriesStopped;
      await services.blobs.stop();
      await close();
    },
  };
}

await runProcess("Worker", worker);
