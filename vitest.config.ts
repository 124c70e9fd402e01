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

// The tests by kind: unit tests beside the code (src/**), in-process HTTP tests (test/http/), tests
// that start the service or the command line as processes (test/process/), tests in a real browser
// (test/browser/), and tests that measure time or the machine (event-loop delay, fairness
// deadlines, SIGKILL and lock expiry, process starts and signals: test/machine/).
// The suites under test/ run on the embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL
// is set (each test file gets a fresh database cloned from a migrated template on that server).
// Two files at a time (the machine has 2 cores and most files wait on I/O), except the browser and
// machine folders: they run afterwards, one file at a time, alone (`sequence.groupOrder`).
const serial = ["test/machine/**/*.test.ts", "test/browser/**/*.test.ts"];
// What the database decides: the files that run again on PostgreSQL. PGlite runs every file; PostgreSQL runs
// the files whose outcome the database can change (money and its races, idempotency, the ledger, ownership and
// paging queries, text the database refuses, keys and sessions, the webhook outbox, migrations and processes
// pointed at a DATABASE_URL) and the machine tests (each picks its databases with describeOn). Files that test
// translation, drawing or formats (MCP and OpenAI shapes, validation, sheets, tilesets, Tiled, the layer rule,
// the browser) behave the same on both and run once, on PGlite.
const databaseDecides = [
  "test/http/{access-matrix,admin,assets,auth,credits,event-streams-front,generation,generation-plans,hardening}.test.ts",
  "test/http/{hostile,idempotency,key-cache,keys,ledger-model,maps,recolor,secrets,webhooks,webhooks-endpoint-health}.test.ts",
  "test/http/{alerts,billing,blobs,deletion,key-budgets,kit-events,kits,links,one-reading,projects,storage-quota,usage}.test.ts",
  "test/process/{backup,cli,rest-front}.test.ts",
];
const machineOnBoth = ["test/machine/**/*.test.ts"];
const onceOnPglite = ["test/machine/{tiled,picture-load,idle-memory,large-assets}.test.ts"];
const httpSuite = (name: string, env: Record<string, string>, globalSetup?: string): TestProjectInlineConfiguration[] => {
  const common = { env, ...(globalSetup ? { globalSetup } : {}) };
  const all = name === "pglite";
  return [
    // Not isolated: a worker keeps the modules it imported for its next file (each file still starts its own app and
    // database), which saves most of a file's 4–6 s of transform and import; a file that fakes timers restores them.
    { extends: true, test: { name, include: all ? ["test/**/*.test.ts"] : databaseDecides, exclude: serial, isolate: false, ...common } },
    {
      extends: true,
      test: {
        name: `${name}-serial`,
        include: all ? serial : machineOnBoth,
        exclude: all ? [] : onceOnPglite,
        fileParallelism: false,
        sequence: { groupOrder: 1 },
        ...common,
      },
    },
  ];
};

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphql }] },
  test: {
    // A left-over .only (or a focused test) fails the run instead of silently skipping the rest.
    allowOnly: false,
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
