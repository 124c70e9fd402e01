import { fileURLToPath } from "node:url";
// @ts-expect-error -- a plain JavaScript script (it runs before any TypeScript tooling)
import { buildService, isStale } from "./scripts/build.mjs";

// Process tests run the compiled service as `npm start` does: build it once, here, before any test
// process starts (a build per test process could swap dist/ under another one's feet).
if (isStale()) await buildService();
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

// One copy of graphql for the app and the libraries (else: "Cannot use GraphQLSchema from another realm").
const graphql = fileURLToPath(new URL("./node_modules/graphql/index.js", import.meta.url));

// The HTTP suite runs on the embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set
// (each test file gets a fresh database cloned from a migrated template on that server).
const httpSuite = (name: string, env: Record<string, string>, globalSetup?: string): TestProjectInlineConfiguration => ({
  extends: true,
  test: { name, include: ["test/**/*.test.ts"], env, ...(globalSetup ? { globalSetup } : {}) },
});

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphql }] },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    server: { deps: { inline: [/graphql-yoga/, /@pothos/, /graphql-sse/] } },
    projects: [
      { extends: true, test: { name: "unit", include: ["src/**/*.test.ts"] } },
      httpSuite("pglite", { TEST_DB: "pglite" }),
      ...(process.env.TEST_DATABASE_URL
        ? [httpSuite("postgres", { TEST_DB: "postgres" }, "test/support/postgres-global-setup.ts")]
        : []),
    ],
  },
});
