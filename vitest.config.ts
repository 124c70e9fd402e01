import { fileURLToPath } from "node:url";
// @ts-expect-error -- a plain JavaScript script (it runs before any TypeScript tooling)
import { buildService, isStale } from "./scripts/build.mjs";

// Process tests run the compiled service as `npm start` does: build it once, here, before any test
// process starts (a build per test process could swap dist/ under another one's feet).
if (isStale()) await buildService();
// The browser tests serve web/dist: rebuilt here when web/ changed since (a merge, an edit).
// @ts-expect-error -- a .ts script path (vitest's config loader compiles it; tsc wants .js)
const { buildWeb, webIsStale } = (await import("./scripts/build-web.ts")) as typeof import("./scripts/build-web.js");
if (webIsStale()) await buildWeb({ quiet: true, typecheck: false });
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

// One copy of graphql for the app and the libraries (else: "Cannot use GraphQLSchema from another realm").
const graphql = fileURLToPath(new URL("./node_modules/graphql/index.js", import.meta.url));

// The HTTP suite runs on the embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set
// (each test file gets a fresh database cloned from a migrated template on that server).
// Two files at a time (the machine has 2 cores and most files wait on I/O), except the files that
// measure time or the machine (event-loop delay, fairness deadlines, SIGKILL and lock expiry, a real
// browser, process starts): they run afterwards, one at a time, alone (`sequence.groupOrder`).
const serial = [
  "test/load.test.ts",
  "test/picture-load.test.ts",
  "test/fairness-load.test.ts",
  "test/outage.test.ts",
  "test/limits.test.ts",
  "test/crash.test.ts",
  "test/distributed.test.ts",
  "test/shutdown.test.ts",
  "test/signals.test.ts",
  "test/startup.test.ts",
  "test/webhooks-isolation.test.ts",
  "test/web/**/*.test.ts",
];
const httpSuite = (name: string, env: Record<string, string>, globalSetup?: string): TestProjectInlineConfiguration[] => {
  const common = { env, ...(globalSetup ? { globalSetup } : {}) };
  return [
    { extends: true, test: { name, include: ["test/**/*.test.ts"], exclude: serial, ...common } },
    { extends: true, test: { name: `${name}-serial`, include: serial, fileParallelism: false, sequence: { groupOrder: 1 }, ...common } },
  ];
};

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphql }] },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    server: { deps: { inline: [/graphql-yoga/, /@pothos/, /graphql-sse/] } },
    projects: [
      { extends: true, test: { name: "unit", include: ["src/**/*.test.ts"] } },
      ...httpSuite("pglite", { TEST_DB: "pglite" }),
      ...(process.env.TEST_DATABASE_URL ? httpSuite("postgres", { TEST_DB: "postgres" }, "test/support/postgres-global-setup.ts") : []),
    ],
  },
});
