import { spawn } from "node:child_process";
import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { settingArgs } from "./pglite-settings.js";

/**
 * A NEW data folder is made outside the process that will hold it open. PGlite's `create` on an
 * empty folder runs initdb: a second PGlite instance plus initdb's own WASM module, a copy of that
 * instance's whole heap, and a tarball of the result — 400–700 MB that are garbage afterwards but
 * stay resident, because a database thread idle between queries never runs the major GC that would
 * free them (measured in `bench/footprint/FINDINGS.md`, §3: a long-lived worker that ran initdb
 * held ~700 MB; one that opened a folder made elsewhere, ~165 MB). So:
 *
 * 1. a template folder made by the installed PGlite and holding every current migration
 *    (`templateDir`, made by `npm install`: scripts/pglite-template.mjs) is copied: no initdb and
 *    no migration at start, the fastest first start (a copy of ~40 MB);
 * 2. else a short-lived child process runs initdb (its memory ends with it), and the result is
 *    also kept as the template for the next new folder (best effort: a read-only install just runs
 *    initdb each time). `createTemplate` makes it ahead of time (a build step may call it).
 *
 * Copies share initdb's system identifier, which only matters to replication. Either way the folder
 * is assembled beside its final place and renamed into it, so a crash midway never leaves a half
 * folder that looks initialised.
 */

/**
 * Where templates live: `<repository>/node_modules/.cache/asset-generation-service/pglite-template/`
 * (the same path from `src/` and `dist/`), one folder per PGlite version and set of migrations
 * (`0.5.16-<key>/`; `0.5.16/` without migrations), which only ever appears complete (renamed into
 * place) and is never changed after. A new migration file gives a new key: the next new folder runs
 * initdb and the migrations in a child once, and keeps the result as the new template.
 */
export const templateDir = fileURLToPath(new URL("../../../node_modules/.cache/asset-generation-service/pglite-template/", import.meta.url));

const require = createRequire(import.meta.url);
const pgliteUrl = () => pathToFileURL(require.resolve("@electric-sql/pglite")).href;
/** The installed PGlite's version (its package.json is not exported: found from its entry point upwards). */
export async function pgliteVersion(): Promise<string> {
  for (let dir = dirname(require.resolve("@electric-sql/pglite")); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = await readFile(join(dir, "package.json"), "utf8").catch(() => undefined);
    const parsed = manifest ? (JSON.parse(manifest) as { name?: string; version?: string }) : undefined;
    if (parsed?.name === "@electric-sql/pglite" && parsed.version) return parsed.version;
  }
  throw new Error("@electric-sql/pglite's package.json was not found");
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** What `ensureDataFolder` did. */
export type FolderOrigin = "existing" | "template" | "initdb";

/** What a new folder holds besides initdb's database: scripts run in order, each in a transaction, named by `key` (migrate.ts's `migrationSetup`). */
export interface FolderSetup {
  key: string;
  scripts: string[];
}

const templateName = async (setup?: FolderSetup) => `${await pgliteVersion()}${setup ? `-${setup.key}` : ""}`;

/** Makes sure `dir` holds a PGlite data folder (PG_VERSION), made outside this process if it is new (with `setup` applied). */
export async function ensureDataFolder(dir: string, templates = templateDir, setup?: FolderSetup): Promise<FolderOrigin> {
  if (await exists(join(dir, "PG_VERSION"))) return "existing";
  const leftovers = await readdir(dir).catch(() => [] as string[]);
  if (leftovers.length > 0) {
    throw new Error(`The data folder ${dir} holds files but no database (no PG_VERSION): move it away, or point DATA_DIR elsewhere.`);
  }
  // Under the folder's lock: a `.new-<pid>` beside it is what an interrupted first start left.
  for (const name of await readdir(dirname(dir)).catch(() => [] as string[])) {
    if (name.startsWith(`${basename(dir)}.new-`)) await rm(join(dirname(dir), name), { recursive: true, force: true });
  }
  const template = join(templates, await templateName(setup));
  const temp = `${dir}.new-${process.pid}`;
  try {
    let origin: FolderOrigin = "initdb";
    if (await exists(join(template, "PG_VERSION"))) {
      await copyTree(template, temp);
      origin = "template";
    } else {
      await initdbInChild(temp, undefined, setup?.scripts);
      await publish(template, (staging) => copyTree(temp, staging)).catch(() => undefined);
    }
    await rm(dir, { recursive: true, force: true }); // empty (checked above)
    await rename(temp, dir);
    return origin;
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
}

/**
 * initdb (PGlite's `create` then `close`) on `dir`, in a child process, with our settings, then
 * `scripts` (read by the child from its stdin), each in its own transaction. With `tarball`, the new
 * database is also written there as PGlite's own dump (`dumpDataDir`), which `memory://` databases
 * load instead of running initdb (`templateTarball`).
 */
export async function initdbInChild(dir: string, tarball?: string, scripts: string[] = []): Promise<void> {
  await mkdir(dirname(dir), { recursive: true }); // PGlite makes the folder itself, not its parents
  const settings = settingArgs();
  const code = `
    let input = "";
    for await (const chunk of process.stdin) input += chunk;
    const scripts = JSON.parse(input);
    const { PGlite } = await import(${JSON.stringify(pgliteUrl())});
    const db = await PGlite.create(${JSON.stringify(dir)}, {
      startParams: [...PGlite.defaultStartParams, ...${JSON.stringify(settings)}],
      initDbStartParams: ${JSON.stringify(settings)},
    });
    for (const script of scripts) await db.transaction((tx) => tx.exec(script));
    ${
      tarball
        ? `const { writeFile } = await import("node:fs/promises");
    await writeFile(${JSON.stringify(tarball)}, new Uint8Array(await (await db.dumpDataDir("none")).arrayBuffer()));`
        : ""
    }
    await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", code], { stdio: ["pipe", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    child.on("error", reject);
    child.on("exit", (status, signal) =>
      status === 0 ? resolve() : reject(new Error(`initdb in a child process failed (${signal ?? `exit ${status}`}): ${stderr.trim()}`)),
    );
    child.stdin.end(JSON.stringify(scripts));
  });
  if (!(await exists(join(dir, "PG_VERSION")))) throw new Error(`initdb did not create a database in ${dir}`);
}

/**
 * A database as a tarball for `memory://` (tests): initdb plus `setup`, made once per PGlite version
 * and setup (beside the template folders, `<version>[-<key>].tar`), then loaded by every in-memory
 * database instead of running initdb and the migrations in its thread (~2–3 s of CPU each, and
 * their garbage). Undefined when it cannot be made.
 */
export async function templateTarball(templates = templateDir, setup?: FolderSetup): Promise<string | undefined> {
  const tarball = join(templates, `${await templateName(setup)}.tar`);
  if (await exists(tarball)) return tarball;
  try {
    await mkdir(templates, { recursive: true });
    const staging = `${tarball}.new-${process.pid}`;
    const scratch = await mkdtemp(join(tmpdir(), "pglite-tarball-"));
    try {
      await initdbInChild(join(scratch, "data"), staging, setup?.scripts);
      await rename(staging, tarball); // a concurrent maker's is the same: either wins
    } finally {
      await rm(staging, { force: true });
      await rm(scratch, { recursive: true, force: true });
    }
    return tarball;
  } catch {
    return undefined;
  }
}

/**
 * Makes the template for the installed PGlite (and `setup`) ahead of time (`npm install` does, via
 * scripts/pglite-template.mjs), so that even the first new folder is a copy. Nothing to do when it
 * exists.
 */
export async function createTemplate(templates = templateDir, setup?: FolderSetup): Promise<string> {
  const template = join(templates, await templateName(setup));
  if (!(await exists(join(template, "PG_VERSION")))) await publish(template, (staging) => initdbInChild(staging, undefined, setup?.scripts));
  return template;
}

/** Fills a staging folder with `fill` and renames it to `target`; if another process published it first, theirs stays. */
async function publish(target: string, fill: (staging: string) => Promise<void>): Promise<void> {
  const staging = `${target}.new-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    await mkdir(dirname(target), { recursive: true });
    await fill(staging);
    await rename(staging, target).catch(async (error: NodeJS.ErrnoException) => {
      if (!(await exists(join(target, "PG_VERSION")))) throw error;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Copies a data folder (~1,000 files, ~40 MB): the folders first, then the files 16 at a time.
 * `fs.cp` copies one file after the other with several calls each: 0.35–0.7 s here on a quiet
 * machine and up to 2.5 s on a busy one, against 0.1–0.13 s this way.
 */
export async function copyTree(from: string, to: string): Promise<void> {
  const files: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    const source = join(from, relative);
    await mkdir(join(to, relative), { recursive: true });
    await chmod(join(to, relative), (await stat(source)).mode & 0o7777);
    for (const entry of await readdir(source, { withFileTypes: true })) {
      const path = join(relative, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) files.push(path);
      else throw new Error(`${join(from, path)}: not a file or a folder`);
    }
  };
  await walk("");
  let next = 0;
  const copyNext = async (): Promise<void> => {
    while (next < files.length) {
      const path = files[next++]!;
      await copyFile(join(from, path), join(to, path)); // keeps the file's mode
    }
  };
  await Promise.all(Array.from({ length: 16 }, copyNext));
}
