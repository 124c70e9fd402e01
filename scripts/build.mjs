// `npm run build` (also run by `npm install` and, when dist/ is missing or older than src/, by
// `npm start`): the service's TypeScript transpiled to JavaScript in dist/, one file per source
// (esbuild: no bundling, no type check — `npm run typecheck` does that). About a second.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "src");
export const dist = join(root, "dist");
export const stamp = join(dist, ".built");

function sources(dir = src, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (path.endsWith(".ts") && !path.endsWith(".test.ts") && !path.endsWith(".contract.ts")) out.push(path);
  }
  return out;
}

/** True when dist/ is missing or a source changed after the last build. */
export function isStale() {
  let built;
  try {
    built = statSync(stamp).mtimeMs;
  } catch {
    return true;
  }
  return sources().some((file) => statSync(file).mtimeMs > built);
}

/** Builds into a fresh folder, then swaps it in, so a concurrent start never sees half a build. */
export async function buildService() {
  const { build } = await import("esbuild");
  const started = performance.now();
  const temp = `${dist}.${process.pid}.tmp`;
  rmSync(temp, { recursive: true, force: true });
  const entryPoints = sources();
  await build({ entryPoints, outdir: temp, outbase: src, format: "esm", platform: "node", target: "node20", sourcemap: true, logLevel: "warning" });
  mkdirSync(temp, { recursive: true });
  writeFileSync(join(temp, ".built"), new Date().toISOString());
  const old = `${dist}.${process.pid}.old`;
  try {
    renameSync(dist, old);
  } catch {
    // no previous build
  }
  try {
    renameSync(temp, dist);
  } catch {
    rmSync(temp, { recursive: true, force: true }); // another process swapped its build in first
  }
  rmSync(old, { recursive: true, force: true });
  return { files: entryPoints.length, ms: Math.round(performance.now() - started) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, ms } = await buildService();
  process.stdout.write(`built ${files} files into dist/ in ${ms} ms\n`);
}
