import { randomBytes } from "node:crypto";
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { print } from "graphql";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { inject } from "vitest";
import { createApp, type App } from "../../src/app.js";
import { createNodeListener } from "../../src/transports/http/node-front.js";
import { boot } from "../../src/boot.js";
import { loadConfig, type Config } from "../../src/config.js";
import { openDatabase, type Database } from "../../src/infra/db/database.js";
import type { Infrastructure } from "../../src/infra/infrastructure.js";
import { createLogger, type Logger } from "../../src/infra/logger.js";
import { withDatabase } from "./postgres-global-setup.js";

export interface TestApp {
  app: App;
  db: Database;
  infra: Infrastructure;
  config: Config;
  logger: Logger;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  /** Calls the app in-process with a path relative to PUBLIC_ORIGIN. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export const origin = "http://localhost:3000";

/** A fresh database (PGlite in memory, or a PostgreSQL clone of the run's template) and an app over it. */
export async function openTestDatabase(
  logger: Logger = createLogger("silent"),
  options: { rewriteUrl?: (url: string) => string | Promise<string> } = {},
): Promise<{ db: Database; databaseUrl?: string }> {
  if (process.env.TEST_DB === "postgres") {
    const created = await createPostgresDatabase(inject("pgTemplate"));
    const databaseUrl = options.rewriteUrl ? await options.rewriteUrl(created) : created;
    return { db: await openDatabase({ databaseUrl, dataDir: "", logger }), databaseUrl };
  }
  const db = await openDatabase({ dataDir: "memory://", logger });
  await db.migrate();
  return { db };
}

export async function startTestApp(
  env: Record<string, string> = {},
  /** `rewriteDatabaseUrl`: PostgreSQL only, e.g. to reach the test database through a proxy a test can cut. */
  options: { worker?: boolean; rewriteDatabaseUrl?: (url: string) => string | Promise<string> } = {},
): Promise<TestApp> {
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger("debug", (line) => logs.push(JSON.parse(line) as Record<string, unknown>));
  const { db } = await openTestDatabase(logger, { rewriteUrl: options.rewriteDatabaseUrl });
  // In process, every request comes from the same (unknown) client address: the per-address
  // sign-up and sign-in throttles would count a whole test file as one client. Tests of the
  // throttles set them (and TRUST_PROXY with X-Forwarded-For) themselves.
  // The assets' bytes in this process's memory, unless the test names a place for them.
  const blobs = env.DATA_DIR || env.BLOB_DIR || env.BLOB_STORE ? {} : { BLOB_DIR: "memory://" };
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_ORIGIN: origin,
    SIGNUP_LIMIT_PER_HOUR: "1000000",
    SIGNIN_ATTEMPTS_PER_15_MINUTES: "1000000",
    ...blobs,
    ...env,
  });
  const { infra, deps, close } = await boot(config, logger, { db });
  const app = createApp(deps);
  if (options.worker !== false) infra.queue.start(app.services.runGeneration);
  return {
    app,
    db,
    infra,
    config,
    logger,
    logs,
    request: (path, init) => app.fetch(new Request(new URL(path, origin), init)),
    close,
  };
}

export interface GraphQLResult<T> {
  status: number;
  data?: T | null;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
}

/** POSTs a typed GraphQL document (from test/gql) as JSON and returns the parsed result. */
export async function graphql<T, V>(
  t: TestApp,
  document: TypedDocumentNode<T, V>,
  variables?: V,
  headers: Record<string, string> = {},
): Promise<GraphQLResult<T>> {
  const response = await t.request("/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", origin, ...headers },
    body: JSON.stringify({ query: print(document), variables }),
  });
  const body = (await response.json()) as Omit<GraphQLResult<T>, "status">;
  return { status: response.status, ...body };
}

/** An empty PostgreSQL database on the test server (dropped with the run), for start-up tests. */
export function createEmptyPostgresDatabase(): Promise<string> {
  return createPostgresDatabase();
}

/** A fresh database of this run on the test server, empty or cloned from `template`; returns its URL. */
async function createPostgresDatabase(template?: string): Promise<string> {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `${inject("pgRun")}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
  } finally {
    await admin.end();
  }
  return withDatabase(url, name);
}

/** The app of `t` on a real port (127.0.0.1, any free one), through the production Node listener: its base URL, and how to stop it. */
export async function listenOnPort(t: TestApp): Promise<{ base: string; close(): Promise<void> }> {
  const server = createServer(createNodeListener(t.app.edge, t.logger));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
