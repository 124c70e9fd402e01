/**
 * PGlite alone, in this process: memory and speed for one settings preset.
 *
 *   npx tsx bench/footprint/pglite-settings.ts <dataDir> <preset> [rounds=2000] [blobKb=0]
 *
 * Prints one JSON line: create time, RSS (process, and the resident part of PGlite's WASM memory, from
 * /proc/self/smaps) after create / after a full GC / after the workload, PostgreSQL's shared memory total,
 * and the time of `rounds` INSERT and `rounds` SELECT round trips (one row each, by primary key).
 * With blobKb > 0 every row also carries that many KB of bytea (rounds × blobKb larger than shared_buffers
 * makes the SELECTs miss PostgreSQL's buffer cache and go through PGlite's file system).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { PGlite } from "@electric-sql/pglite";

export const presets: Record<string, string[]> = {
  default: [],
  sb16: ["shared_buffers=16MB"],
  sb8: ["shared_buffers=8MB"],
  // shared_buffers, plus the settings whose size follows max_connections or that allocate per backend
  small: ["shared_buffers=16MB", "max_connections=2", "superuser_reserved_connections=0", "temp_buffers=1MB", "maintenance_work_mem=16MB", "wal_buffers=512kB"],
  small8: ["shared_buffers=8MB", "max_connections=2", "superuser_reserved_connections=0", "temp_buffers=1MB", "maintenance_work_mem=16MB", "wal_buffers=256kB"],
};

v8.setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const mb = (n: number) => Math.round((n / 1048576) * 10) / 10;

/** Resident MB of the anonymous mapping whose size equals the WASM memory (PGlite's heap). */
function wasmResidentMb(bytes: number): number | undefined {
  const want = Math.round(bytes / 1024);
  let size = 0;
  for (const line of readFileSync("/proc/self/smaps", "utf8").split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
    if (head) size = Math.round((parseInt(head[2]!, 16) - parseInt(head[1]!, 16)) / 1024);
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && size === want) return mb(Number(rss[1]) * 1024);
  }
  return undefined;
}

async function fullGc() {
  gc();
  await new Promise((r) => setTimeout(r, 50));
  gc(); // a WASM memory released by the first GC is freed by the next
}

const [dataDir = "memory://", presetName = "default", roundsArg = "2000", blobKbArg = "0"] = process.argv.slice(2);
const blob = new Uint8Array(randomBytes(Number(blobKbArg) * 1024)); // incompressible: TOAST stores it whole
const settings = presets[presetName];
if (!settings) throw new Error(`unknown preset ${presetName}`);
const rounds = Number(roundsArg);
const rssStart = process.memoryUsage().rss;
const t0 = performance.now();
const db = await PGlite.create(dataDir, {
  startParams: [...PGlite.defaultStartParams, ...settings.flatMap((s) => ["-c", s])],
});
const createMs = performance.now() - t0;
const heap = () => (db.Module as unknown as { HEAPU8: Uint8Array }).HEAPU8.length;
const afterCreate = { rss: mb(process.memoryUsage().rss), wasmMb: mb(heap()), wasmResident: wasmResidentMb(heap()) };
await fullGc();
const afterGc = { rss: mb(process.memoryUsage().rss), wasmResident: wasmResidentMb(heap()) };
const shmem = Number((await db.query<{ t: string }>("select sum(allocated_size)::bigint::text as t from pg_shmem_allocations")).rows[0]!.t);
const shown = (
  await db.query<{ name: string; setting: string; unit: string | null }>(
    "select name, current_setting(name) as setting, null as unit from pg_settings where name in ('shared_buffers','wal_buffers','max_connections','temp_buffers','maintenance_work_mem','work_mem')",
  )
).rows.map((r) => `${r.name}=${r.setting}${r.unit ?? ""}`);

await db.exec("drop table if exists bench_rt; create table bench_rt (id int primary key, name text not null, n int not null, data bytea not null)");
let t = performance.now();
for (let i = 0; i < rounds; i++) await db.query("insert into bench_rt (id, name, n, data) values ($1, $2, $3, $4)", [i, `row ${i}`, i * 7, blob]);
const insertMs = performance.now() - t;
t = performance.now();
for (let i = 0; i < rounds; i++) await db.query("select name, n, data from bench_rt where id = $1", [(i * 7919) % rounds]);
const selectMs = performance.now() - t;
t = performance.now();
for (let i = 0; i < rounds; i++) await db.query("update bench_rt set n = n + 1 where id = $1", [(i * 104729) % rounds]);
const updateMs = performance.now() - t;
// one bigger statement: sort + aggregate over everything (work_mem, buffers)
t = performance.now();
for (let i = 0; i < 20; i++) await db.query("select name, sum(n) over (order by name desc) from bench_rt order by n desc limit 5");
const scanMs = performance.now() - t;
const tableMb = Number((await db.query<{ s: string }>("select pg_total_relation_size('bench_rt')::text as s")).rows[0]!.s) / 1048576;
await db.exec("drop table bench_rt");
await fullGc();
const afterWork = { rss: mb(process.memoryUsage().rss), wasmMb: mb(heap()), wasmResident: wasmResidentMb(heap()) };
await db.close();
console.log(
  JSON.stringify({
    dataDir,
    preset: presetName,
    blobKb: Number(blobKbArg),
    rssStartMb: mb(rssStart),
    createMs: Math.round(createMs),
    afterCreate,
    afterGc,
    shmemMb: mb(shmem),
    settings: shown,
    tableMb: Math.round(tableMb),
    rounds,
    insertMs: Math.round(insertMs),
    selectMs: Math.round(selectMs),
    updateMs: Math.round(updateMs),
    scan20Ms: Math.round(scanMs),
    afterWork,
  }),
);
