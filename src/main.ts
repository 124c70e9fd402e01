import { createServer, type RequestListener } from "node:http";
import type { App } from "./app.js";
import { boot } from "./boot.js";
import type { Config } from "./config.js";
import { createLogger } from "./infra/logger.js";
import { memoryNow, runProcess } from "./process-lifecycle.js";
import { warmDrivers } from "./agents/index.js";

/** The HTTP surface: REST, GraphQL, MCP, docs, the web client (about a second of module loading). */
const loadSurface = () => Promise.all([import("./app.js"), import("./transports/http/node-front.js")]);

/** The entry point: the only place that reads the environment, listens and handles signals. */
async function main(config: Config) {
  const logger = createLogger(config.logLevel);
  const started = performance.now();
  // The HTTP surface loads while the database opens (PGlite in its own thread, PostgreSQL over the
  // network): the two overlap instead of adding up. A failure to load is thrown below, after boot.
  const surface = loadSurface();
  surface.catch(() => undefined);
  const { infra, migrations, deps, catalog, close } = await boot(config, logger);
  let app: App;
  let listener: RequestListener;
  try {
    const [{ createApp }, { createNodeListener }] = await surface;
    app = createApp(deps);
    // Every request: from Node's request through the app's one edge, its answer straight to Node's response.
    listener = createNodeListener(app.edge, logger);
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }

  // Recover what a previous process left behind, then start taking jobs.
  // Alone (no Redis), everything left running is an orphan and everything queued is ours to run.
  // With Redis, workers own the jobs: the periodic sweep only refunds orphans past their lease and
  // re-queues stragglers (an enqueue of a generation whose job exists is a no-op).
  const recovered = await app.services.recover({ everything: infra.alone, requeue: infra.alone });
  if (recovered.failed + recovered.requeued + recovered.released > 0) logger.info("recovered", recovered);
  if (config.apiRunsJobs) infra.queue.start(app.services.runGeneration);
  // Webhook deliveries are sent by the processes that run jobs (claimed in the database: any number of them).
  if (config.apiRunsJobs) app.services.webhooks.dispatcher.start();
  // Bytes still in rows move to the blob store (in the background), then orphan blobs are swept, on a timer.
  if (config.apiRunsJobs) app.services.blobs.start();
  const sweep = setInterval(() => {
    app.services.recover({ everything: false, requeue: !infra.alone }).catch((error) => logger.error("sweep failed", { error }));
    app.services.sessions.deleteExpired().catch((error) => logger.error("session sweep failed", { error }));
  }, 60_000).unref();

  // A request (headers and body) must arrive within REQUEST_TIMEOUT_MS, else 408: checked twice as often.
  const server = createServer({ connectionsCheckingInterval: Math.min(30_000, Math.max(250, config.requestTimeoutMs / 4)) }, listener);
  server.keepAliveTimeout = 65_000;
  server.requestTimeout = config.requestTimeoutMs;
  server.headersTimeout = Math.min(60_000, config.requestTimeoutMs);
  // Requests Node cannot even parse still get the contract's envelope.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const timedOut = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
    const body = JSON.stringify({
      error: timedOut
        ? { code: "request_timeout", message: "The request was not received in time; send it again.", requestId: "req_unparsed", retryable: true }
        : { code: "invalid_request", message: `The HTTP request is malformed (${error.code ?? "parse error"}).`, requestId: "req_unparsed", retryable: false },
    });
    socket.end(
      `HTTP/1.1 ${timedOut ? "408 Request Timeout" : "400 Bad Request"}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nx-request-id: req_unparsed\r\nconnection: close\r\n\r\n${body}`,
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info("listening", {
    url: `http://${config.host}:${port}`,
    pid: process.pid,
    publicOrigin: config.publicOrigin,
    // Cookie-authenticated writes are accepted from these origins only.
    acceptedOrigins: config.allowedOrigins,
    graphiql: `${config.publicOrigin}/graphql`,
    database: infra.db.kind,
    agents: catalog.entries.map((e) => e.id),
    migrationsApplied: migrations.applied.length,
    startupMs: Math.round(performance.now() - started),
    // From the process's start (node's own boot and module loading included), and what it holds now.
    readyMs: Math.round(performance.now()),
    ...memoryNow(),
  });
  // What the agents know (GET /api/ai/agents `knows`) is worked out now, in a thread of its own,
  // instead of on the event loop by the first listing.
  void warmDrivers().catch((error) => logger.warn("what the agents know was not worked out ahead; the first listing does it", { error: String(error) }));

  return {
    logger,
    // 1. Stop accepting. 2. Let running generations finish (bounded); queued ones stay queued for
    // the next start. 3. End open streams with a final event. 4. Close the rest.
    async stop() {
      clearInterval(sweep);
      const blobsStopped = app.services.blobs.stop();
      const deliveriesStopped = app.services.webhooks.dispatcher.stop(10_000); // attempts in flight end (bounded); the rest are sent later
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await infra.queue.close(10_000);
      app.closeStreams();
      const force = setTimeout(() => server.closeAllConnections(), 5_000).unref();
      await closed;
      clearTimeout(force);
      await deliveriesStopped;
      await blobsStopped;
      await close();
    },
  };
}

await runProcess("Service", main);
