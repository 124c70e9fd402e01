// Builds the in-app web client (web/) into web/dist with Vite's build API, after type-checking it
// (web/ has its own tsconfig: JSX for Preact, DOM types). Run by `npm run build:web`, and by
// `prepare`, so `npm install` / `npm ci` leave a bundle behind for `npm start` to serve.
//
//   npm run build:web                      type-check, then build
//   npm run build:web -- --no-typecheck    build only
//   npm run build:web -- --quiet           warnings and errors only
//
// Without Vite (an install that omitted dev dependencies) it says so and exits 0: the API works
// without the bundle; the web client is simply not served.
import { execFile } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const root = fileURLToPath(new URL("../web/", import.meta.url));
const require = createRequire(import.meta.url);

/** Type-checks web/ with its own tsconfig; throws with the compiler's output on errors. */
async function typecheck(): Promise<void> {
  let tsc: string;
  try {
    tsc = require.resolve("typescript/bin/tsc");
  } catch {
    return; // no TypeScript installed: nothing to check with
  }
  try {
    await promisify(execFile)(process.execPath, [tsc, "-p", `${root}tsconfig.json`], { timeout: 120_000 });
  } catch (error) {
    const output = (error as { stdout?: string }).stdout ?? String(error);
    throw new Error(`build-web: web/ does not type-check:\n${output}`);
  }
}

/** Newest modification time under `dir` (ms), skipping `skip`. */
function newest(dir: string, skip: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (path === skip || entry.name === "node_modules") continue;
    latest = Math.max(latest, entry.isDirectory() ? newest(path, skip) : statSync(path).mtimeMs);
  }
  return latest;
}

/** True when web/dist is missing or older than anything else under web/ (a pull, a merge, an edit). */
/** The service's files the web app imports at run time (one copy of the palettes and the map painter). */
const sharedSources = ["src/agents/palette/named.ts", "src/agents/tileset-map.ts", "src/agents/tileset-layout.ts"].map((file) =>
  fileURLToPath(new URL(`../${file}`, import.meta.url)),
);

export function webIsStale(): boolean {
  const built = `${root}dist/index.html`;
  if (!existsSync(built)) return true;
  const shared = Math.max(...sharedSources.map((file) => statSync(file).mtimeMs));
  return Math.max(newest(root, `${root}dist`), shared) > statSync(built).mtimeMs;
}

/** Builds web/ into web/dist; returns the elapsed milliseconds. */
export async function buildWeb(options: { quiet?: boolean; typecheck?: boolean } = {}): Promise<number> {
  const started = performance.now();
  const { build } = await import("vite");
  await Promise.all([
    options.typecheck === false ? undefined : typecheck(),
    build({ configFile: `${root}vite.config.ts`, root, mode: "production", logLevel: options.quiet ? "warn" : "info" }),
  ]);
  if (!existsSync(`${root}dist/index.html`)) throw new Error("build-web: web/dist/index.html was not written");
  return performance.now() - started;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  try {
    await import("vite");
  } catch {
    process.stderr.write("build-web: vite is not installed (dev dependencies omitted?); the web client will not be served.\n");
    process.exit(0);
  }
  try {
    const ms = await buildWeb({ quiet: process.argv.includes("--quiet"), typecheck: !process.argv.includes("--no-typecheck") });
    process.stdout.write(`build-web: web/dist built in ${(ms / 1000).toFixed(1)} s\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
