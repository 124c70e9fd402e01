// Part of `npm install` (the "prepare" script, after the build): makes the embedded database's
// template, initdb plus every migration, so that a new DATA_DIR is a copy (~0.1 s) instead of initdb
// and five migrations (~3–5 s) at the first `npm start`. Best effort: without it, the first new
// folder makes it (src/infra/db/pglite-folder.ts). Skipped when it exists.

const dist = new URL("../dist/", import.meta.url);
try {
  const started = performance.now();
  const { createTemplate } = await import(new URL("infra/db/pglite-folder.js", dist).href);
  const { migrationSetup } = await import(new URL("infra/db/migrate.js", dist).href);
  const template = await createTemplate(undefined, await migrationSetup());
  process.stdout.write(`pglite-template: ${template} ready in ${Math.round(performance.now() - started)} ms\n`);
} catch (error) {
  process.stderr.write(`pglite-template: not made (the first new data folder will make it): ${error instanceof Error ? error.message : String(error)}\n`);
}
