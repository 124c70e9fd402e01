// `tsx bench/costs.ts [N]`: what one generation costs where the bytes live (docs/scaling.md): bytes written to
// the blob store, rows added per table, and PostgreSQL WAL bytes, over N synchronous generations (64×64
// pixel-sprite, as bench row (c)). WAL is counted on a private PostgreSQL cluster made for the run (initdb on a
// free port, as the postgres user), so no other database's traffic is counted; set COSTS_DATABASE_URL to use
// another (then WAL includes whatever else that cluster does).
import { execFileSync } from "node:child_process";
import { chownSync, existsSync } from "node:fs";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort, stopChild } from "./servers.js";
import { generateHeaders, startService } from "./service.js";

const n = Number(process.argv[2] ?? 100);
const bin = ["17", "16", "15"].map((v) => `/usr/lib/postgresql/${v}/bin`).find((d) => existsSync(join(d, "initdb")));

async function privateCluster(): Promise<{ url: string; stop(): Promise<void> }> {
  if (!bin) throw new Error("no initdb found under /usr/lib/postgresql/*/bin");
  const dir = await mkdtemp(join(tmpdir(), "costs-pg-"));
  chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), Number(execFileSync("id", ["-g", "postgres"]).toString()));
  const port = await freePort();
  const as = (cmd: string, args: string[]) => execFileSync("runuser", ["-u", "postgres", "--", join(bin, cmd), ...args], { stdio: "pipe" });
  as("initdb", ["-D", join(dir, "data"), "-A", "trust", "-U", "postgres"]);
  as("pg_ctl", ["-D", join(dir, "data"), "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "-l", join(dir, "log"), "-w", "start"]);
  const admin = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query("CREATE DATABASE costs");
  await admin.end();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/costs`,
    async stop() {
      as("pg_ctl", ["-D", join(dir, "data"), "-m", "fast", "-w", "stop"]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function folderBytes(dir: string): Promise<{ files: number; bytes: number }> {
  const out = { files: 0, bytes: 0 };
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name === ".tmp") continue;
      const inner = await folderBytes(path);
      out.files += inner.files;
      out.bytes += inner.bytes;
    } else if (e.isFile()) {
      out.files++;
      out.bytes += (await stat(path)).size;
    }
  }
  return out;
}

const given = process.env.COSTS_DATABASE_URL;
const cluster = given ? undefined : await privateCluster();
const url = given ?? cluster!.url;
const dataDir = await mkdtemp(join(tmpdir(), "costs-data-"));
const service = await startService({ name: "costs", db: { kind: "postgres", url }, env: { DATA_DIR: dataDir, LOG_LEVEL: "warn" } });
const db = new pg.Client({ connectionString: url });
await db.connect();
try {
  const generate = async (i: number) => {
    const response = await fetch(`${service.url}/api/v1/generate`, {
      method: "POST",
      headers: generateHeaders(service.key),
      body: JSON.stringify({ prompt: "red slime", agentId: "pixel-sprite", width: 64, height: 64, seed: 1000 + i }),
    });
    if (response.status !== 200) throw new Error(`generate answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  };
  const run = async (from: number, count: number) => {
    let next = from;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < from + count) await generate(next++);
      }),
    );
  };
  const tables = (await db.query<{ t: string }>("SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")).rows.map((r) => r.t);
  const rows = async () => {
    const out: Record<string, number> = {};
    for (const t of tables) out[t] = Number((await db.query<{ c: string }>(`SELECT count(*) AS c FROM "${t}"`)).rows[0]!.c);
    return out;
  };
  const lsn = async () => (await db.query<{ l: string }>("SELECT pg_current_wal_insert_lsn()::text AS l")).rows[0]!.l;
  const walBytes = async (from: string, to: string) =>
    Number((await db.query<{ d: string }>("SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn) AS d", [to, from])).rows[0]!.d);

  await run(0, 20); // warm-up: caches, plans, the account's first rows
  const [rows0, blobs0, lsn0] = [await rows(), await folderBytes(join(dataDir, "blobs")), await lsn()];
  const started = performance.now();
  await run(100_000, n);
  const seconds = (performance.now() - started) / 1000;
  const lsn1 = await lsn();
  const [rows1, blobs1] = [await rows(), await folderBytes(join(dataDir, "blobs"))];
  const wal = await walBytes(lsn0, lsn1);
  const added = Object.fromEntries(tables.map((t) => [t, (rows1[t]! - rows0[t]!) / n] as const).filter(([, v]) => v !== 0));
  const assetsTable = Number((await db.query<{ s: string }>(`SELECT pg_total_relation_size('assets') AS s`)).rows[0]!.s);
  const result = {
    generations: n,
    seconds: Number(seconds.toFixed(1)),
    walBytesPerGeneration: Math.round(wal / n),
    blobBytesPerGeneration: Math.round((blobs1.bytes - blobs0.bytes) / n),
    blobFilesPerGeneration: (blobs1.files - blobs0.files) / n,
    rowsPerGeneration: added,
    rowsTotalPerGeneration: Object.values(added).reduce((a, b) => a + b, 0),
    assetsTableBytes: assetsTable,
    assetsTableBytesPerAsset: Math.round(assetsTable / Math.max(1, rows1.assets ?? 1)),
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} finally {
  await db.end();
  await stopChild(service.child);
  await service.cleanup();
  await rm(dataDir, { recursive: true, force: true });
  await cluster?.stop();
}
