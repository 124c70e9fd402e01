import { createServer, type RequestListener } from "node:http";
import { toNodeHandler } from "srvx/node";
import { createApp } from "./app.js";
import type { Config } from "./config.js";
import { syncBuiltInAgents } from "./domain/agents/agents.js";
import { openInfrastructure } from "./infra/infrastructure.js";
import { createLogger } from "./infra/logger.js";
import { runProcess } from "./process-lifecycle.js";

/** The entry point: the only place that reads the environment, listens and handles signals. */
async function main(config: Config) {
  const logger = createLogger(config.logLevel);
  const started = performance.now();
  const infra = await openInfrastructure(config, logger);
  const migrations = await infra.db.migrate();
  await syncBuiltInAgents(infra.db.prisma);
  const app = createApp({ config, logger, ...infra });

  // Recover what a previous process left behind, then start taking jobs.
  // Alone (no Redis), everything left running is an orphan and everything queued is ours to run.
  // With Redis, workers own the jobs: the periodic sweep only refunds orphans past their lease and
  // re-queues stragglers (an enqueue of a generation whose job exists is a no-op).
  const recovered = await app.services.recover({ everything: infra.alone, requeue: infra.alone });
  if (recovered.failed + recovered.requeued + recovered.released > 0) logger.info("recovered", recovered);
  if (config.apiRunsJobs) infra.queue.start(app.services.runGeneration);
  const sweep = setInterval(() => {
    app.services.recover({ everything: false, requeue: !infra.alone }).catch((error) => logger.error("sweep failed", { error }));
    app.services.sessions.deleteExpired().catch((error) => logger.error("session sweep failed", { error }));
  }, 60_000).unref();

  const server = createServer(toNodeHandler(app.fetch) as RequestListener);
  server.keepAliveTimeout = 65_000;
  server.requestTimeout = 30_000; // a body that never arrives (Content-Length larger than what is sent)
  // Requests Node cannot even parse still get the contract's envelope.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const body = JSON.stringify({
      error: { code: "invalid_request", message: `The HTTP request is malformed (${error.code ?? "parse error"}).`, requestId: "req_unparsed", retryable: false },
    });
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nx-request-id: req_unparsed\r\nconnection: close\r\n\r\n${body}`);
  });
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
    database: infra.db.kind,
    migrationsApplied: migrations.applied.length,
    startupMs: Math.round(performance.now() - started),
  });

  return {
    logger,
    // 1. Stop accepting. 2. Let running generations finish (bounded); queued ones stay queued for
    // the next start. 3. End open streams with a final event. 4. Close the rest.
    async stop() {
      clearInterval(sweep);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await infra.queue.close(10_000);
      app.closeStreams();
      const force = setTimeout(() => server.closeAllConnections(), 5_000).unref();
      await closed;
      clearTimeout(force);
      await infra.close();
    },
  };
}

await runProcess("Service", main);
