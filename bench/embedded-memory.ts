/**
 * The embedded database alone (no HTTP, no Prisma): resident memory at rest and the speed of small
 * statements, before and after moving PGlite off the main thread with our settings. Not part of
 * `npm run bench`:
 *
 *   npx tsx bench/embedded-memory.ts [rounds=3] [modes=before,settings,after]
 *
 * - `before`: PGlite on the main thread with PostgreSQL's defaults (how the service ran it);
 * - `settings`: the same with our settings (`src/infra/db/pglite-settings.ts`) only;
 * - `after`: what the service does now: a new folder made outside the process (`pglite-folder.ts`),
 *   PGlite in a worker thread (`pglite-proxy.ts`, from the compiled `dist/` as `npm start` runs it,
 *   so the thread does not load tsx), our settings.
 *
 * Each measurement is a fresh child process (`node --import tsx bench/embedded-memory.ts child …`):
 * 1. open a NEW folder and apply the migrations (as the service's start does), rest 3 s, read VmRSS
 *    (and VmHWM, the peak); then the statements below;
 * 2. a second child opens that EXISTING folder, migrates (nothing to do), rests, reads VmRSS, runs the
 *    statements again.
 * Statements, one at a time, each awaited: 2,000 single-row INSERTs, 2,000 SELECTs by primary key,
 * 2,000 one-statement transactions (BEGIN, UPDATE, COMMIT, as `Database.transaction` runs them), one
 * INSERT of 500 rows (2,000 parameters), one SELECT of those 500 rows.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { applyMigrations, type MigrationDriver } from "../src/infra/db/migrate.js";
import type * as FolderModule from "../src/infra/db/pglite-folder.js";
import type * as ProxyModule from "../src/infra/db/pglite-proxy.js";
import { settingArgs } from "../src/infra/db/pglite-settings.js";
import { createLogger } from "../src/infra/logger.js";
import { root } from "./servers.js";

type Mode = "before" | "settings" | "after";
interface Client {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
  transaction<T>(fn: (tx: { query: Client["query"]; exec: Client["exec"] }) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const statusKb = async (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(await readFile("/proc/self/status", "utf8"))?.[1]);

async function child(mode: Mode, dir: string) {
  const started = performance.now();
  const startParams = [...PGlite.defaultStartParams, ...settingArgs()];
  let client: Client;
  if (mode === "before") client = (await PGlite.create(dir)) as unknown as Client;
  else if (mode === "settings") client = (await PGlite.create(dir, { startParams, initDbStartParams: settingArgs() })) as unknown as Client;
  else {
    const { ensureDataFolder } = (await import(join(root, "dist/infra/db/pglite-folder.js"))) as typeof FolderModule;
    const { PGliteProxy } = (await import(join(root, "dist/infra/db/pglite-proxy.js"))) as typeof ProxyModule;
    await ensureDataFolder(dir);
    client = await PGliteProxy.create({ dataDir: dir, startParams, initDbArgs: settingArgs() });
  }
  const driver: MigrationDriver = {
    query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
    execInTransaction: async (script) => void (await client.transaction((tx) => tx.exec(script))),
    withLock: (fn) => fn(),
  };
  const migrations = await applyMigrations(driver, createLogger("silent"));
  const readyMs = Math.round(performance.now() - started);
  await sleep(3_000);
  const rest = { rssMb: Math.round((await statusKb("VmRSS")) / 1024), hwmMb: Math.round((await statusKb("VmHWM")) / 1024) };
  const [settings] = (await client.query<{ sb: string }>("SELECT current_setting('shared_buffers') AS sb")).rows;

  const time = async (fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    return Math.round(performance.now() - t);
  };
  await client.exec(
    "DROP TABLE IF EXISTS bench_rt; CREATE TABLE bench_rt (id int PRIMARY KEY, name text NOT NULL, n int NOT NULL, at timestamptz NOT NULL DEFAULT now())",
  );
  const n = 2_000;
  const insert2000 = await time(async () => {
    for (let i = 0; i < n; i++) await client.query("INSERT INTO bench_rt (id, name, n) VALUES ($1, $2, $3)", [i, `row ${i}`, i * 7]);
  });
  const select2000 = await time(async () => {
    for (let i = 0; i < n; i++) await client.query("SELECT id, name, n, at FROM bench_rt WHERE id = $1", [(i * 7919) % n]);
  });
  const tx2000 = await time(async () => {
    for (let i = 0; i < n; i++) await client.transaction((tx) => tx.query("UPDATE bench_rt SET n = n + 1 WHERE id = $1", [(i * 104729) % n]));
  });
  const rows = Array.from({ length: 500 }, (_, i) => [n + i, `bulk ${i}`, i, new Date()]);
  const insert500 = await time(() =>
    client.query(
      `INSERT INTO bench_rt (id, name, n, at) VALUES ${rows.map((_, i) => `($${4 * i + 1}, $${4 * i + 2}, $${4 * i + 3}, $${4 * i + 4})`).join(", ")}`,
      rows.flat(),
    ),
  );
  const select500 = await time(() => client.query("SELECT * FROM bench_rt WHERE id >= $1 ORDER BY id", [n]));
  await client.exec("DROP TABLE bench_rt");
  const afterWork = Math.round((await statusKb("VmRSS")) / 1024);
  await client.close();
  return {
    mode,
    folder: migrations.applied.length > 0 ? "new" : "existing",
    readyMs,
    sharedBuffers: settings?.sb,
    rest,
    afterWorkMb: afterWork,
    ms: { insert2000, select2000, tx2000, insert500, select500 },
  };
}

if (process.argv[2] === "child") {
  const result = await child(process.argv[3] as Mode, process.argv[4]!);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

const rounds = Number(process.argv[2] ?? 3);
const modes = (process.argv[3] ?? "before,settings,after").split(",") as Mode[];
// `after` runs the compiled service code, as `npm start` does: build it when stale.
const build = (await import(join(root, "scripts/build.mjs"))) as { isStale(): boolean; buildService(): Promise<unknown> };
if (build.isStale()) await build.buildService();
const run = promisify(execFile);
const results: Record<string, unknown>[] = [];
for (let round = 0; round < rounds; round++) {
  for (const mode of modes) {
    const dir = await mkdtemp(join(tmpdir(), `embedded-memory-${mode}-`));
    try {
      for (const pass of ["new", "existing"]) {
        const { stdout } = await run(process.execPath, ["--import", "tsx", "bench/embedded-memory.ts", "child", mode, join(dir, "pglite")], {
          cwd: root,
          maxBuffer: 1 << 20,
        });
        const result = JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, unknown>;
        results.push({ round, pass, loadavg: (await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3).join(" "), ...result });
        process.stderr.write(`${JSON.stringify(results.at(-1))}\n`);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
console.log(
  "| mode | folder | ready ms | RSS at rest MB | peak MB | RSS after work | 2,000 INSERT ms | 2,000 SELECT ms | 2,000 tx ms | 500-row INSERT ms | 500-row SELECT ms |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|");
for (const mode of modes) {
  for (const folder of ["new", "existing"]) {
    const rs = results.filter((r) => r.mode === mode && r.folder === folder) as unknown as Awaited<ReturnType<typeof child>>[];
    if (rs.length === 0) continue;
    const m = (f: (r: (typeof rs)[number]) => number) => median(rs.map(f));
    console.log(
      `| ${mode} | ${folder} | ${m((r) => r.readyMs)} | ${m((r) => r.rest.rssMb)} | ${m((r) => r.rest.hwmMb)} | ${m((r) => r.afterWorkMb)} | ${m((r) => r.ms.insert2000)} | ${m((r) => r.ms.select2000)} | ${m((r) => r.ms.tx2000)} | ${m((r) => r.ms.insert500)} | ${m((r) => r.ms.select500)} |`,
    );
  }
}
