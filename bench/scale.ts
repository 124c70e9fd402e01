/**
 * Scale-out (issue 16, item 5): `POST /api/v1/generate` (one-shot, pixel-sprite 64×64) against N API
 * processes (`src/main.ts`, RUN_JOBS=false) and W worker processes (`src/worker.ts`) on ONE PostgreSQL
 * database and ONE Redis, for N = 1, 2, 4 (W = N by default). See bench/README.md, "Scale-out".
 *
 *   npx tsx bench/scale.ts                 (or BENCH_ONLY=scale npm run bench)
 *   SCALE_CONFIGS=1x1,2x2,4x4              configurations N×W; suffixes aS set the accounts, cK the workers'
 *                                          WORKER_CONCURRENCY (4x4a1, 1x1c8)
 *   SCALE_ACCOUNTS=8                       accounts the load is spread over (round-robin per request)
 *   SCALE_ROUNDS=2                         every configuration this many times (order reversed each round)
 *   SCALE_WORKER_CONCURRENCY=2             WORKER_CONCURRENCY of the workers (bench/service.ts' value)
 *   SCALE_CONNECTIONS=32                   autocannon connections in all, split round-robin over the API ports
 *   BENCH_DURATION_S=10, SCALE_WARMUP_S=5  measurement and warm-up (after a pre-warm: 3 × 2·W·concurrency calls)
 *   SCALE_TRACE=1, SCALE_TRACE_GENERATIONS=100   the per-generation trace (statements, Redis commands, bytes)
 *   BENCH_QUICK=1                          3 s, 1 s warm-up, one round, 30 traced generations
 *   SCALE_OUT=extra                        written as scale-<date>.extra.json / .png instead
 *   SCALE_TSX=1                            src/*.ts through tsx instead of dist/ (what npm start / npm run worker run)
 *   SCALE_SOURCE=HEAD                      the service of a commit (git archive to a temporary folder), not the working tree
 *
 * Output: bench/results/scale-<date>.json (quick: scale-<date>.quick.json) and scale-<date>.png (W = N runs).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { execSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { mkdir, readFile, readdir, readlink, writeFile } from "node:fs/promises";
import { createServer, connect, type Server, type Socket } from "node:net";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { Redis } from "ioredis";
import pg from "pg";
import sharp from "sharp";
import { createDatabase, dropDatabases, postgresAvailable } from "./pg.js";
import { deleteRedisKeys, redisUrl } from "./redis.js";
import { cpuTimeMs, freePort, killAllChildrenNow, machineCpu, memoryOf, root, sleep, startChild, stopAllChildren, stopChild, type Child } from "./servers.js";
import { generateBody, serviceEnv, signUpWithKey } from "./service.js";

const quick = process.env.BENCH_QUICK === "1";
const durationS = Number(process.env.BENCH_DURATION_S ?? (quick ? 3 : 10));
const warmupS = Number(process.env.SCALE_WARMUP_S ?? (quick ? 1 : 5));
const connections = Number(process.env.SCALE_CONNECTIONS ?? process.env.BENCH_CONNECTIONS ?? 32);
const defaultAccounts = Number(process.env.SCALE_ACCOUNTS ?? 8);
const rounds = Number(process.env.SCALE_ROUNDS ?? (quick ? 1 : 2));
const workerConcurrency = process.env.SCALE_WORKER_CONCURRENCY ?? "2";
const traceOn = process.env.SCALE_TRACE !== "0";
const traceGenerations = Number(process.env.SCALE_TRACE_GENERATIONS ?? (quick ? 30 : 100));
const pgServer = process.env.BENCH_PG_URL ?? "postgresql://postgres@127.0.0.1:5432";
/** SCALE_TSX=1: run src/main.ts and src/worker.ts through tsx instead of the compiled dist/ that `npm start` and `npm run worker` run. */
const fromSources = process.env.SCALE_TSX === "1";

interface Config {
  n: number;
  w: number;
  accounts: number;
  /** WORKER_CONCURRENCY of the workers. */
  concurrency: number;
  label: string;
}

function parseConfigs(): Config[] {
  const text = process.env.SCALE_CONFIGS ?? "1x1,2x2,4x4";
  return text.split(",").map((raw) => {
    const m = /^(\d+)x(\d+)(?:a(\d+))?(?:c(\d+))?$/.exec(raw.trim());
    if (!m) throw new Error(`SCALE_CONFIGS: "${raw}" is not NxW[aS][cK]`);
    const accounts = m[3] ? Number(m[3]) : defaultAccounts;
    if (accounts < 1 || accounts > 20) throw new Error("accounts: 1–20 (sign-ups are limited to 20 per hour per address)");
    return { n: Number(m[1]), w: Number(m[2]), accounts, concurrency: m[4] ? Number(m[4]) : Number(workerConcurrency), label: raw.trim() };
  });
}

type Log = (line: string) => void;
const defaultLog: Log = (line) => process.stdout.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------
// Processes

type Kind = "api" | "worker";
interface Proc {
  kind: Kind;
  name: string;
  pid: number;
  /** API processes: their port and URL. */
  port?: number;
  url?: string;
  stop(): Promise<void>;
  output(): string;
}

const workers = new Set<{ child: ChildProcess; exited: Promise<unknown> }>();

/** `src/worker.ts` as a child; ready when it logs "worker ready" (it has no HTTP port). */
async function startWorker(name: string, env: Record<string, string>): Promise<Proc> {
  const args = fromSources ? ["--import", "tsx", "src/worker.ts"] : [join(serviceDir, "scripts", "start.mjs"), "worker"];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let ready!: () => void;
  const readyP = new Promise<void>((resolve) => (ready = resolve));
  const keep = (chunk: string) => {
    output += chunk;
    if (output.includes("worker ready")) ready();
    if (output.length > 128_000) output = output.slice(-64_000);
  };
  child.stdout.setEncoding("utf8").on("data", keep);
  child.stderr.setEncoding("utf8").on("data", keep);
  let code: number | null | undefined;
  const exited = new Promise<void>((resolve) => child.on("exit", (c, s) => ((code = c ?? (s ? -1 : null)), resolve())));
  const entry = { child, exited };
  workers.add(entry);
  const stop = async () => {
    if (code === undefined) {
      child.kill("SIGTERM");
      const t = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(t);
    }
    workers.delete(entry);
  };
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    readyP.then(() => "ready"),
    exited.then(() => "exited"),
    new Promise<string>((resolve) => (timer = setTimeout(() => resolve("timeout"), 90_000))),
  ]);
  clearTimeout(timer);
  if (outcome !== "ready") {
    await stop();
    throw new Error(`${name}: ${outcome} before "worker ready":\n${output.slice(-4000)}`);
  }
  return { kind: "worker", name, pid: child.pid ?? -1, stop, output: () => output };
}

function apiProc(c: Child): Proc {
  return { kind: "api", name: c.name, pid: c.pid, port: c.port, url: c.url, stop: () => stopChild(c), output: c.output };
}

async function stopWorkersNow(): Promise<void> {
  await Promise.all(
    [...workers].map(async (w) => {
      w.child.kill("SIGTERM");
      const t = setTimeout(() => w.child.kill("SIGKILL"), 10_000);
      await w.exited;
      clearTimeout(t);
      workers.delete(w);
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Sockets of our processes: local port → process (to attribute pg_stat_activity rows, MONITOR lines)

interface SocketInfo {
  pid: number;
  kind: Kind;
  remotePort: number;
}

async function tcpTable(): Promise<Map<string, { localPort: number; remotePort: number }>> {
  const byInode = new Map<string, { localPort: number; remotePort: number }>();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    const text = await readFile(file, "utf8").catch(() => "");
    for (const line of text.split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10) continue;
      const localPort = Number.parseInt(f[1]!.split(":").pop()!, 16);
      const remotePort = Number.parseInt(f[2]!.split(":").pop()!, 16);
      byInode.set(f[9]!, { localPort, remotePort });
    }
  }
  return byInode;
}

async function socketsOf(procs: Proc[]): Promise<Map<number, SocketInfo>> {
  const table = await tcpTable();
  const map = new Map<number, SocketInfo>();
  for (const p of procs) {
    const fds = await readdir(`/proc/${p.pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const link = await readlink(`/proc/${p.pid}/fd/${fd}`).catch(() => "");
      const m = /^socket:\[(\d+)\]$/.exec(link);
      const t = m ? table.get(m[1]!) : undefined;
      if (t) map.set(t.localPort, { pid: p.pid, kind: p.kind, remotePort: t.remotePort });
    }
  }
  return map;
}

/** Connections to PostgreSQL (5432) and Redis (6379) held by each of our processes. */
function connectionsPerProcess(procs: Proc[], sockets: Map<number, SocketInfo>) {
  return procs.map((p) => {
    const mine = [...sockets.values()].filter((s) => s.pid === p.pid);
    return { name: p.name, kind: p.kind, postgres: mine.filter((s) => s.remotePort === 5432).length, redis: mine.filter((s) => s.remotePort === 6379).length };
  });
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL and Redis probes

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${pgServer}/postgres` });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function withDb<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const dbName = (url: string) => url.slice(url.lastIndexOf("/") + 1);

function parseInfo(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split("\r\n")) {
    const i = line.indexOf(":");
    if (i > 0 && !line.startsWith("#")) out[line.slice(0, i)] = line.slice(i + 1);
  }
  return out;
}

interface RedisSnap {
  commands: number;
  cpuMs: number;
  usedMemory: number;
  netIn: number;
  netOut: number;
  pubsubChannels: number;
  clients: number;
}
async function redisSnap(redis: Redis): Promise<RedisSnap> {
  const info = parseInfo(await redis.info());
  return {
    commands: Number(info.total_commands_processed),
    cpuMs: 1000 * (Number(info.used_cpu_sys) + Number(info.used_cpu_user)),
    usedMemory: Number(info.used_memory),
    netIn: Number(info.total_net_input_bytes),
    netOut: Number(info.total_net_output_bytes),
    pubsubChannels: Number(info.pubsub_channels),
    clients: Number(info.connected_clients),
  };
}

interface PgSnap {
  xactCommit: number;
  xactRollback: number;
  tupInserted: number;
  tupUpdated: number;
  tupDeleted: number;
  tupReturned: number;
  walLsn: string;
  /** CPU ms of each backend of our database. */
  backends: Map<number, number>;
}
async function pgSnap(admin: pg.Client, db: string): Promise<PgSnap> {
  const s = (await admin.query("SELECT xact_commit, xact_rollback, tup_inserted, tup_updated, tup_deleted, tup_returned, pg_current_wal_lsn()::text AS lsn FROM pg_stat_database WHERE datname = $1", [db])).rows[0];
  const pids = (await admin.query("SELECT pid FROM pg_stat_activity WHERE datname = $1", [db])).rows.map((r) => Number(r.pid));
  const backends = new Map<number, number>();
  for (const pid of pids) {
    const cpu = await cpuTimeMs(pid).catch(() => undefined);
    if (cpu !== undefined) backends.set(pid, cpu);
  }
  return {
    xactCommit: Number(s.xact_commit),
    xactRollback: Number(s.xact_rollback),
    tupInserted: Number(s.tup_inserted),
    tupUpdated: Number(s.tup_updated),
    tupDeleted: Number(s.tup_deleted),
    tupReturned: Number(s.tup_returned),
    walLsn: s.lsn,
    backends,
  };
}

async function walDiff(admin: pg.Client, a: string, b: string): Promise<number> {
  return Number((await admin.query("SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn) AS d", [b, a])).rows[0].d);
}

// ---------------------------------------------------------------------------------------------
// The ledger check

interface LedgerCheck {
  ok: boolean;
  problems: string[];
  accounts: number;
  generations: number;
  succeeded: number;
  failed: number;
  unfinished: number;
  charges: number;
  refunds: number;
  assets: number;
  creditsCharged: number;
}

async function checkLedger(url: string, accountIds: string[], answered2xx: number, inFlightMax: number): Promise<LedgerCheck> {
  return withDb(url, async (c) => {
    const rows = (
      await c.query(
        `SELECT a.id, a.balance, a.active_generations,
           (SELECT coalesce(sum(amount), 0) FROM ledger_entries l WHERE l.account_id = a.id)::bigint AS ledger_sum,
           (SELECT count(*) FROM ledger_entries l WHERE l.account_id = a.id AND l.kind = 'charge')::int AS charges,
           (SELECT count(*) FROM ledger_entries l WHERE l.account_id = a.id AND l.kind = 'refund')::int AS refunds,
           (SELECT coalesce(-sum(amount), 0) FROM ledger_entries l WHERE l.account_id = a.id AND l.kind = 'charge')::bigint AS charged,
           (SELECT coalesce(sum(amount), 0) FROM ledger_entries l WHERE l.account_id = a.id AND l.kind IN ('signup_grant', 'grant', 'adjustment'))::bigint AS granted,
           (SELECT count(*) FROM generations g WHERE g.account_id = a.id)::int AS generations,
           (SELECT count(*) FROM generations g WHERE g.account_id = a.id AND g.status = 'succeeded')::int AS succeeded,
           (SELECT coalesce(sum(cost), 0) FROM generations g WHERE g.account_id = a.id AND g.status = 'succeeded')::bigint AS succeeded_cost,
           (SELECT count(*) FROM generations g WHERE g.account_id = a.id AND g.status IN ('failed', 'canceled'))::int AS failed,
           (SELECT count(*) FROM generations g WHERE g.account_id = a.id AND g.status IN ('queued', 'running'))::int AS unfinished,
           (SELECT count(*) FROM assets s WHERE s.account_id = a.id)::int AS assets
         FROM accounts a WHERE a.id = ANY($1)`,
        [accountIds],
      )
    ).rows;
    const problems: string[] = [];
    const sum = (k: string) => rows.reduce((s, r) => s + Number(r[k]), 0);
    if (rows.length !== accountIds.length) problems.push(`found ${rows.length} of ${accountIds.length} accounts`);
    for (const r of rows) {
      const id = String(r.id);
      const n = (k: string) => Number(r[k]);
      if (n("ledger_sum") !== n("balance")) problems.push(`${id}: ledger sum ${n("ledger_sum")} ≠ balance ${n("balance")}`);
      if (n("granted") - n("succeeded_cost") !== n("balance")) problems.push(`${id}: grants ${n("granted")} − succeeded cost ${n("succeeded_cost")} ≠ balance ${n("balance")}`);
      if (n("charges") !== n("generations")) problems.push(`${id}: ${n("charges")} charges for ${n("generations")} generations`);
      if (n("refunds") !== n("failed")) problems.push(`${id}: ${n("refunds")} refunds for ${n("failed")} failed/canceled`);
      if (n("charges") - n("refunds") !== n("succeeded")) problems.push(`${id}: charges − refunds ${n("charges") - n("refunds")} ≠ succeeded ${n("succeeded")}`);
      if (n("assets") !== n("succeeded")) problems.push(`${id}: ${n("assets")} assets for ${n("succeeded")} succeeded`);
      if (n("unfinished") !== 0 || n("active_generations") !== 0) problems.push(`${id}: ${n("unfinished")} unfinished, active_generations ${n("active_generations")}`);
    }
    const succeeded = sum("succeeded");
    // Every 2xx answer is a succeeded generation; requests cut off at the end of a run still finish.
    if (succeeded < answered2xx) problems.push(`${succeeded} succeeded < ${answered2xx} answered 200`);
    if (succeeded > answered2xx + inFlightMax) problems.push(`${succeeded} succeeded > ${answered2xx} answered + ${inFlightMax} in flight`);
    return {
      ok: problems.length === 0,
      problems,
      accounts: rows.length,
      generations: sum("generations"),
      succeeded,
      failed: sum("failed"),
      unfinished: sum("unfinished"),
      charges: sum("charges"),
      refunds: sum("refunds"),
      assets: sum("assets"),
      creditsCharged: sum("charged"),
    };
  });
}

async function drain(url: string, timeoutMs = 60_000): Promise<number> {
  return withDb(url, async (c) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const left = Number((await c.query("SELECT count(*)::int AS n FROM generations WHERE status IN ('queued', 'running')")).rows[0].n);
      if (left === 0 || Date.now() > deadline) return left;
      await sleep(200);
    }
  });
}

/** What a generation that never finished looks like: its row, its events, its BullMQ job and the job's state. */
async function stuckGenerations(d: Deployment, redis: Redis): Promise<Record<string, unknown>[]> {
  const rows = await withDb(d.dbUrl, async (c) => {
    const gens = (await c.query(
      "SELECT id, status, attempt, credit_state, created_at, started_at, updated_at, last_event_seq FROM generations WHERE status IN ('queued', 'running') ORDER BY created_at LIMIT 10",
    )).rows;
    for (const g of gens) {
      g.events = (await c.query("SELECT seq, type, created_at FROM generation_events WHERE generation_id = $1 ORDER BY seq", [g.id])).rows;
    }
    return gens as Record<string, unknown>[];
  });
  const q = `${d.prefix}-bull:generations`;
  for (const g of rows) {
    const id = String(g.id);
    const job = await redis.hgetall(`${q}:${id}`);
    const state: string[] = [];
    for (const set of ["prioritized", "delayed", "completed", "failed"]) if ((await redis.zscore(`${q}:${set}`, id)) !== null) state.push(set);
    for (const list of ["wait", "active", "paused"]) if ((await redis.lpos(`${q}:${list}`, id)) !== null) state.push(list);
    const { data: _data, ...fields } = job;
    g.job = { state, ...fields, lock: await redis.get(`${q}:${id}:lock`) };
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Load

interface Load {
  rps: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  durationS: number;
}

async function load(urls: string[], keys: string[], seconds: number): Promise<Load> {
  // Connection i goes to urls[i % urls.length] (autocannon's round-robin over several URLs); every
  // request, whatever its connection, takes the next account, so each account has about
  // connections / accounts calls in flight (a per-connection list would start every connection on
  // the first account: a burst the queue's fairness rightly puts last).
  let next = 0;
  const requests = [
    {
      method: "POST",
      path: "/api/v1/generate",
      body: generateBody,
      setupRequest: (req: Record<string, unknown>) => ({
        ...req,
        headers: { authorization: `Bearer ${keys[next++ % keys.length]}`, "content-type": "application/json" },
      }),
    },
  ];
  const options = { url: urls.map((u) => `${u}/api/v1/generate`), method: "POST", connections, duration: seconds, pipelining: 1, timeout: 30, requests };
  const run = autocannon as unknown as (o: typeof options) => Promise<{
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats?: Record<string, { count: number }>;
    latency: { p50: number; p90: number; p99: number; max: number; mean: number };
  }>;
  const r = await run(options);
  const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
  // Only 200 is a finished generation; a 202 (the one-shot wait expired) is counted with the failures.
  const ok = statusCodes["200"] ?? 0;
  return {
    rps: ok / r.duration,
    ok,
    non2xx: r.non2xx + (r["2xx"] - ok),
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    mean: r.latency.mean,
    durationS: r.duration,
  };
}

// ---------------------------------------------------------------------------------------------
// Starting a deployment

/**
 * SCALE_SOURCE=<commit>: the service of that commit instead of the working tree, which other
 * sessions may be editing while the benchmark runs (a half-done change would be measured, or break
 * a run). Read-only for the repository: `git archive` into a temporary folder, with this tree's
 * generated Prisma client, web build and node_modules, built there once.
 */
let serviceDir = root;
let serviceCommit: string | undefined;
async function prepareSource(log: Log): Promise<void> {
  const spec = process.env.SCALE_SOURCE;
  if (!spec) return;
  if (fromSources) throw new Error("SCALE_SOURCE and SCALE_TSX do not go together");
  const sha = execSync(`git rev-parse --verify ${JSON.stringify(`${spec}^{commit}`)}`, { cwd: root, encoding: "utf8" }).trim();
  const dir = join(tmpdir(), `scale-src-${sha.slice(0, 12)}`);
  if (!existsSync(join(dir, ".ready"))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${sha} | tar -x -C ${JSON.stringify(dir)}`, { cwd: root, shell: "/bin/bash" });
    cpSync(join(root, "src", "generated"), join(dir, "src", "generated"), { recursive: true });
    if (existsSync(join(root, "web", "dist"))) cpSync(join(root, "web", "dist"), join(dir, "web", "dist"), { recursive: true });
    symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
    execSync("node scripts/build.mjs", { cwd: dir, stdio: "ignore" });
    writeFileSync(join(dir, ".ready"), sha);
  }
  try {
    execSync(`git diff --quiet ${sha} -- prisma/schema.prisma`, { cwd: root });
  } catch {
    log(`  note: prisma/schema.prisma differs from ${sha.slice(0, 8)}: the generated client of the working tree may not fit`);
  }
  serviceDir = dir;
  serviceCommit = sha;
  log(`Service from commit ${sha.slice(0, 10)} (${dir}), not the working tree.`);
}

/** What `npm start` / `npm run worker` run: dist/, built here once (not by N processes at once) when src/ changed. */
async function buildIfStale(log: Log): Promise<void> {
  const build = (await import(pathToFileURL(join(root, "scripts", "build.mjs")).href)) as { isStale(): boolean; buildService(): Promise<{ files: number; ms: number }> };
  if (build.isStale()) {
    const { files, ms } = await build.buildService();
    log(`  built ${files} files into dist/ in ${Math.round(ms)} ms (src/ changed)`);
  }
}

interface Deployment {
  dbUrl: string;
  prefix: string;
  procs: Proc[];
  apis: Proc[];
  keys: string[];
  accountIds: string[];
  stop(): Promise<void>;
}

async function deploy(cfg: { n: number; w: number; accounts: number; concurrency: number; tag: string; apiDbUrl?: (db: string) => string; workerDbUrl?: (db: string) => string }, log: Log): Promise<Deployment> {
  if (!fromSources && serviceDir === root) await buildIfStale(log);
  const dbUrl = await createDatabase(cfg.tag);
  const prefix = `bs${Date.now().toString(36)}${cfg.tag.replace(/[^a-z0-9]/gi, "")}`.slice(0, 32);
  const procs: Proc[] = [];
  const stop = async () => {
    await Promise.all(procs.map((p) => p.stop().catch(() => undefined)));
  };
  try {
    const envFor = (port: number, url: string) => ({
      ...serviceEnv(port),
      DATABASE_URL: url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      RUN_JOBS: "false",
      WORKER_CONCURRENCY: String(cfg.concurrency),
    });
    const apiUrl = cfg.apiDbUrl ? cfg.apiDbUrl(dbName(dbUrl)) : dbUrl;
    const workerUrl = cfg.workerDbUrl ? cfg.workerDbUrl(dbName(dbUrl)) : dbUrl;
    const startApi = async (i: number) => {
      const port = await freePort();
      return apiProc(await startChild({ name: `api-${i + 1}`, script: fromSources ? "src/main.ts" : `${join(serviceDir, "scripts", "start.mjs")} service`, port, env: envFor(port, apiUrl) }));
    };
    // The first process applies the migrations; the others start together.
    procs.push(await startApi(0));
    const rest = await Promise.allSettled([
      ...Array.from({ length: cfg.n - 1 }, (_, i) => startApi(i + 1)),
      ...Array.from({ length: cfg.w }, (_, i) => startWorker(`worker-${i + 1}`, envFor(0, workerUrl))),
    ]);
    for (const r of rest) if (r.status === "fulfilled") procs.push(r.value);
    const failed = rest.find((r) => r.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    procs.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name, "en", { numeric: true }) : a.kind === "api" ? -1 : 1));
    const apis = procs.filter((p) => p.kind === "api");
    const first = apis[0]!;
    const keys: string[] = [];
    const accountIds: string[] = [];
    for (let i = 0; i < cfg.accounts; i++) {
      const { key, accountId } = await signUpWithKey(first.url!, `http://localhost:${first.port}`);
      keys.push(key);
      accountIds.push(accountId);
    }
    log(`  started ${apis.length} API + ${procs.length - apis.length} worker processes, ${cfg.accounts} accounts, database ${dbName(dbUrl)}, REDIS_PREFIX ${prefix}`);
    return { dbUrl, prefix, procs, apis, keys, accountIds, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Rounds of concurrent one-shot calls: 2 × W × WORKER_CONCURRENCY at once, over every API process and account. Returns the 200s and 202s. */
async function prewarmAll(d: Deployment, cfg: Config): Promise<{ ok: number; accepted: number }> {
  const width = Math.max(4, 2 * cfg.w * cfg.concurrency);
  let ok = 0;
  let accepted = 0;
  for (let r = 0; r < 3; r++) {
    const answers = await Promise.all(
      Array.from({ length: width }, async (_, i) => {
        const api = d.apis[i % d.apis.length]!;
        const response = await fetch(`${api.url}/api/v1/generate`, {
          method: "POST",
          headers: { authorization: `Bearer ${d.keys[i % d.keys.length]}`, "content-type": "application/json" },
          body: generateBody,
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    ok += answers.filter((s) => s === 200).length;
    accepted += answers.filter((s) => s === 202).length;
    // 202: the one-shot wait ended before the generation did (it finishes anyway).
    if (answers.some((s) => s !== 200 && s !== 202)) throw new Error(`pre-warm: answers ${answers.join(", ")}`);
  }
  return { ok, accepted };
}

// ---------------------------------------------------------------------------------------------
// One measured configuration

interface Sample {
  t: number;
  pgOurs: number;
  pgOursActive: number;
  pgOursIdleInTx: number;
  pgOursLockWait: number;
  pgByKind: Record<Kind | "other", number>;
  pgServerTotal: number;
  redisOps: number;
  redisMemory: number;
}

const loadavg = async () => (await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3).join(" ");
const stats = (xs: number[]) => (xs.length ? { mean: xs.reduce((a, b) => a + b, 0) / xs.length, max: Math.max(...xs), min: Math.min(...xs) } : { mean: 0, max: 0, min: 0 });
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

async function measureConfig(cfg: Config, roundNo: number, log: Log, admin: pg.Client, redis: Redis) {
  const tag = `scale_${cfg.n}x${cfg.w}a${cfg.accounts}c${cfg.concurrency}_r${roundNo}`;
  log(`- ${cfg.n} API × ${cfg.w} worker${cfg.w === 1 ? "" : "s"} (WORKER_CONCURRENCY ${cfg.concurrency}), ${cfg.accounts} account${cfg.accounts === 1 ? "" : "s"} (round ${roundNo})`);
  const d = await deploy({ ...cfg, tag }, log);
  try {
    const urls = d.apis.map((a) => a.url!);
    const db = dbName(d.dbUrl);
    // Pre-warm: every worker runs jobs (its drawing thread starts, loading the generators) and
    // every API process answers some, before anything is timed.
    const prewarm = await prewarmAll(d, cfg);
    // Idle: what the deployment costs with no load (BullMQ's polling, timers), and what else runs.
    const idleCpu0 = await Promise.all(d.procs.map((p) => cpuTimeMs(p.pid)));
    const idle0 = await redisSnap(redis);
    const idleT0 = performance.now();
    await sleep(3_000);
    const idle1 = await redisSnap(redis);
    const idleCpu1 = await Promise.all(d.procs.map((p) => cpuTimeMs(p.pid)));
    const idleMs = performance.now() - idleT0;
    const redisIdleOps = (idle1.commands - idle0.commands - 2) / (idleMs / 1000); // minus our 2 INFO
    const idleCores = (k: Kind) => round(d.procs.reduce((sum, p, i) => sum + (p.kind === k ? idleCpu1[i]! - idleCpu0[i]! : 0), 0) / idleMs, 3);

    const warm = await load(urls, d.keys, warmupS);
    // The warm-up's cut-off calls leave their generations queued: let them finish first, or the
    // measurement would start with a backlog it does not count.
    await drain(d.dbUrl);

    let sockets = await socketsOf(d.procs);
    const samples: Sample[] = [];
    let sampling = true;
    const sampler = (async () => {
      let remapped = 0;
      while (sampling) {
        const t = performance.now();
        const rows = (await admin.query("SELECT datname, state, client_port, wait_event_type FROM pg_stat_activity WHERE backend_type = 'client backend'")).rows as {
          datname: string;
          state: string | null;
          client_port: number | null;
          wait_event_type: string | null;
        }[];
        const ours = rows.filter((r) => r.datname === db);
        if (ours.some((r) => r.client_port !== null && !sockets.has(r.client_port)) && t - remapped > 2_000) {
          sockets = await socketsOf(d.procs);
          remapped = t;
        }
        const byKind: Record<Kind | "other", number> = { api: 0, worker: 0, other: 0 };
        for (const r of ours) byKind[(r.client_port !== null && sockets.get(r.client_port)?.kind) || "other"]++;
        const info = parseInfo(await redis.info("all"));
        samples.push({
          t,
          pgOurs: ours.length,
          pgOursActive: ours.filter((r) => r.state === "active").length,
          pgOursIdleInTx: ours.filter((r) => r.state?.startsWith("idle in transaction")).length,
          pgOursLockWait: ours.filter((r) => r.state === "active" && r.wait_event_type === "Lock").length,
          pgByKind: byKind,
          pgServerTotal: rows.length - 1, // minus this sampler's own connection
          redisOps: Number(info.instantaneous_ops_per_sec),
          redisMemory: Number(info.used_memory),
        });
        await sleep(Math.max(0, 500 - (performance.now() - t)));
      }
    })();

    const la0 = await loadavg();
    const cpu0 = new Map<number, number>();
    for (const p of d.procs) cpu0.set(p.pid, await cpuTimeMs(p.pid));
    const [pg0, r0, m0, b0, t0, wall0] = [await pgSnap(admin, db), await redisSnap(redis), await machineCpu(), process.cpuUsage(), performance.now(), new Date()];
    const result = await load(urls, d.keys, durationS);
    const [t1, wall1, b1, m1, r1, pg1] = [performance.now(), new Date(), process.cpuUsage(b0), await machineCpu(), await redisSnap(redis), await pgSnap(admin, db)];
    const cpu1 = new Map<number, number>();
    for (const p of d.procs) cpu1.set(p.pid, await cpuTimeMs(p.pid));
    const la1 = await loadavg();
    sampling = false;
    await sampler;
    const finalSockets = await socketsOf(d.procs);
    const rss = await Promise.all(d.procs.map(async (p) => ({ name: p.name, ...(await memoryOf(p.pid).catch(() => ({ rssKb: NaN, hwmKb: NaN }))) })));

    const seconds = (t1 - t0) / 1000;
    const ok = Math.max(1, result.ok);
    const perProc = d.procs.map((p) => {
      const ms = cpu1.get(p.pid)! - cpu0.get(p.pid)!;
      return { name: p.name, kind: p.kind, cpuMs: ms, cores: round(ms / (t1 - t0), 3) };
    });
    const kindMs = (k: Kind) => perProc.filter((p) => p.kind === k).reduce((s, p) => s + p.cpuMs, 0);
    let pgBackendMs = 0;
    for (const [pid, after] of pg1.backends) pgBackendMs += after - (pg0.backends.get(pid) ?? 0);
    const redisMs = r1.cpuMs - r0.cpuMs;
    const benchMs = (b1.user + b1.system) / 1000;
    const machineBusyCores = ((m1.busy - m0.busy) / Math.max(1, m1.total - m0.total)) * cpus().length;
    const oursCores = (kindMs("api") + kindMs("worker") + pgBackendMs + redisMs + benchMs) / (t1 - t0);
    const wal = await walDiff(admin, pg0.walLsn, pg1.walLsn);

    const drainedLeft = await drain(d.dbUrl);
    const ledger = await checkLedger(d.dbUrl, d.accountIds, prewarm.ok + warm.ok + result.ok, 2 * connections + prewarm.accepted + warm.non2xx + result.non2xx);
    if (drainedLeft) ledger.problems.push(`${drainedLeft} generations still queued or running 60 s after the load`);
    const stuck = drainedLeft ? await stuckGenerations(d, redis) : [];
    if (stuck.length) log(`  unfinished: ${JSON.stringify(stuck).slice(0, 3000)}`);
    // Where a generation's time goes (database timestamps of the generations completed during the
    // measurement): created → started is the queue (BullMQ, and the worker's retry when the job was
    // fetched before the reservation committed); started → completed is the run (drawing, statements).
    const phases = await withDb(d.dbUrl, async (c) => {
      const q = (await c.query(
        `SELECT count(*)::int AS n,
           percentile_cont(ARRAY[0.5, 0.9, 0.99]) WITHIN GROUP (ORDER BY extract(epoch FROM started_at - created_at) * 1000) AS queued,
           percentile_cont(ARRAY[0.5, 0.9, 0.99]) WITHIN GROUP (ORDER BY extract(epoch FROM completed_at - started_at) * 1000) AS running,
           avg(CASE WHEN started_at - created_at > interval '190 milliseconds' THEN 1 ELSE 0 END)::float AS over190
         FROM generations WHERE status = 'succeeded' AND completed_at BETWEEN $1 AND $2`,
        [wall0, wall1],
      )).rows[0];
      const pct = (a: number[] | null) => ({ p50: round(a?.[0] ?? NaN, 1), p90: round(a?.[1] ?? NaN, 1), p99: round(a?.[2] ?? NaN, 1) });
      // The account's active generations at submission (the queue's priority before fair turns),
      // rebuilt from the timestamps, against the time spent queued.
      const byPriority = (await c.query(
        `WITH p AS (
           SELECT g.id, extract(epoch FROM g.started_at - g.created_at) * 1000 AS queued,
             (SELECT count(*) FROM generations o WHERE o.account_id = g.account_id AND o.created_at <= g.created_at
                AND (o.completed_at IS NULL OR o.completed_at > g.created_at))::int AS priority
           FROM generations g WHERE g.status = 'succeeded' AND g.completed_at BETWEEN $1 AND $2
         )
         SELECT priority, count(*)::int AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY queued) AS p50, max(queued) AS max
         FROM p GROUP BY priority ORDER BY priority`,
        [wall0, wall1],
      )).rows.map((r) => ({ priority: Number(r.priority), n: Number(r.n), queuedP50Ms: round(Number(r.p50), 1), queuedMaxMs: round(Number(r.max), 1) }));
      return { completed: Number(q.n), queuedMs: pct(q.queued), runningMs: pct(q.running), shareQueuedOver190ms: round(Number(q.over190), 3), queuedByPriority: byPriority };
    });

    const s = (f: (x: Sample) => number) => stats(samples.map(f));
    const out = {
      config: { ...cfg, round: roundNo, connections, durationS, warmupS },
      warmup: { prewarmRequests: prewarm, ok: warm.ok, rps: round(warm.rps, 1), seconds: warmupS },
      /** Cores our processes use with no load (timers, BullMQ's polling): a fixed cost, included in the CPU per request. */
      idleCores: { api: idleCores("api"), worker: idleCores("worker") },
      rps: round(result.rps, 1),
      p50: result.p50,
      p90: result.p90,
      p99: result.p99,
      max: result.max,
      ok: result.ok,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      statusCodes: result.statusCodes,
      cpuMsPerRequest: {
        api: round(kindMs("api") / ok),
        worker: round(kindMs("worker") / ok),
        postgresBackends: round(pgBackendMs / ok),
        redis: round(redisMs / ok),
        loadGenerator: round(benchMs / ok),
        total: round((kindMs("api") + kindMs("worker") + pgBackendMs + redisMs + benchMs) / ok),
      },
      processes: perProc.map((p) => ({ ...p, cpuMsPerRequestOfAll: round(p.cpuMs / ok), ...rss.find((r) => r.name === p.name), ...connectionsPerProcess(d.procs, finalSockets).find((c) => c.name === p.name) })),
      cores: {
        api: round(kindMs("api") / (t1 - t0)),
        worker: round(kindMs("worker") / (t1 - t0)),
        postgresBackends: round(pgBackendMs / (t1 - t0)),
        redis: round(redisMs / (t1 - t0)),
        loadGenerator: round(benchMs / (t1 - t0)),
        machineBusy: round(machineBusyCores),
        /** Busy cores not accounted for by our processes, PostgreSQL backends of our database, Redis and the load generator: other sessions' work (and PostgreSQL's shared background processes). */
        others: round(Math.max(0, machineBusyCores - oursCores)),
      },
      loadavg: { before: la0, after: la1 },
      postgres: {
        connectionsOurs: { mean: round(s((x) => x.pgOurs).mean, 1), max: s((x) => x.pgOurs).max },
        activeOurs: { mean: round(s((x) => x.pgOursActive).mean, 1), max: s((x) => x.pgOursActive).max },
        idleInTransactionOurs: { mean: round(s((x) => x.pgOursIdleInTx).mean, 1), max: s((x) => x.pgOursIdleInTx).max },
        /** Statements waiting for a row lock (the account's row: every reserve and completion of an account updates it). */
        waitingOnLockOurs: { mean: round(s((x) => x.pgOursLockWait).mean, 1), max: s((x) => x.pgOursLockWait).max },
        connectionsByKind: {
          api: s((x) => x.pgByKind.api).max,
          worker: s((x) => x.pgByKind.worker).max,
          unattributed: s((x) => x.pgByKind.other).max,
        },
        serverConnections: { mean: round(s((x) => x.pgServerTotal).mean, 1), max: s((x) => x.pgServerTotal).max },
        transactionsPerRequest: round((pg1.xactCommit - pg0.xactCommit) / ok),
        rollbacks: pg1.xactRollback - pg0.xactRollback,
        rowsInsertedPerRequest: round((pg1.tupInserted - pg0.tupInserted) / ok),
        rowsUpdatedPerRequest: round((pg1.tupUpdated - pg0.tupUpdated) / ok),
        /** Cluster-wide (other sessions' databases too): an upper bound. */
        walBytesPerRequestClusterWide: Math.round(wal / ok),
      },
      redis: {
        /** total_commands_processed over the run: Redis-wide (other sessions share this Redis). */
        opsPerSecond: Math.round((r1.commands - r0.commands) / seconds),
        opsPerRequest: round((r1.commands - r0.commands) / ok, 1),
        idleOpsPerSecondBefore: Math.round(redisIdleOps),
        instantaneousOps: { mean: Math.round(s((x) => x.redisOps).mean), max: s((x) => x.redisOps).max },
        usedMemoryMb: { before: round(r0.usedMemory / 2 ** 20, 1), after: round(r1.usedMemory / 2 ** 20, 1), max: round(s((x) => x.redisMemory).max / 2 ** 20, 1) },
        netInBytesPerRequest: Math.round((r1.netIn - r0.netIn) / ok),
        netOutBytesPerRequest: Math.round((r1.netOut - r0.netOut) / ok),
      },
      phases,
      /** Generations still queued or running after the drain, with their events and BullMQ job (a lost or stuck job). */
      stuck,
      ledger,
    };
    log(
      `  ${out.rps} req/s, p50 ${out.p50} ms, p99 ${out.p99} ms${result.non2xx + result.errors + result.timeouts ? `, ${result.non2xx} non-2xx ${JSON.stringify(result.statusCodes)}, ${result.errors} errors, ${result.timeouts} timeouts` : ""}; ` +
        `CPU ms/req api ${out.cpuMsPerRequest.api}, worker ${out.cpuMsPerRequest.worker}, pg ${out.cpuMsPerRequest.postgresBackends}, redis ${out.cpuMsPerRequest.redis}, load gen ${out.cpuMsPerRequest.loadGenerator}; ` +
        `machine ${out.cores.machineBusy} of ${cpus().length} cores busy (others ${out.cores.others}), load ${la0} → ${la1}; ` +
        `PG conns ours max ${out.postgres.connectionsOurs.max} (api ${out.postgres.connectionsByKind.api}, workers ${out.postgres.connectionsByKind.worker}; server ${out.postgres.serverConnections.max}); ` +
        `Redis ${out.redis.opsPerSecond} ops/s (${out.redis.opsPerRequest}/req); queued p50/p99 ${phases.queuedMs.p50}/${phases.queuedMs.p99} ms (${Math.round(100 * phases.shareQueuedOver190ms)}% > 190 ms), running p50/p99 ${phases.runningMs.p50}/${phases.runningMs.p99} ms; ledger ${ledger.ok ? "exact" : `WRONG: ${ledger.problems.join("; ")}`} (${ledger.succeeded} succeeded, ${ledger.refunds} refunds)`,
    );
    return out;
  } finally {
    await d.stop();
    await dropDatabases().catch((error) => log(`  dropping databases failed: ${String(error)}`));
    const deleted = await deleteRedisKeys(redis, d.prefix).catch(() => 0);
    log(`  stopped; database dropped; ${deleted} Redis keys of ${d.prefix} deleted`);
  }
}

// ---------------------------------------------------------------------------------------------
// The trace: one API process and one worker, generations one at a time, every PostgreSQL message
// counted by a proxy in front of each process kind and every Redis command seen by MONITOR.

interface ProxyStats {
  connections: number;
  bytesToServer: number;
  bytesToClient: number;
  messages: Record<string, number>;
  /** Executed statements (extended protocol Execute, or simple Query) by their first 70 characters. */
  statements: Record<string, number>;
}

function newProxyStats(): ProxyStats {
  return { connections: 0, bytesToServer: 0, bytesToClient: 0, messages: {}, statements: {} };
}

const shortSql = (sql: string) => sql.replace(/\s+/g, " ").trim().slice(0, 70);

/** A TCP proxy to PostgreSQL that parses the frontend's messages (startup, then type + length). */
async function pgProxy(): Promise<{ port: number; stats: ProxyStats; reset(): ProxyStats; close(): Promise<void> }> {
  let stats = newProxyStats();
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    stats.connections++;
    const upstream = connect(5432, "127.0.0.1");
    sockets.add(client).add(upstream);
    const named = new Map<string, string>(); // prepared statement name → text
    const portals = new Map<string, string>(); // portal → text
    let buf: Buffer = Buffer.alloc(0);
    let started = false;
    const cstring = (b: Buffer, at: number): [string, number] => {
      const end = b.indexOf(0, at);
      return [b.toString("utf8", at, end), end + 1];
    };
    client.on("data", (chunk: Buffer) => {
      stats.bytesToServer += chunk.length;
      upstream.write(chunk);
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      for (;;) {
        if (!started) {
          if (buf.length < 8) break;
          const len = buf.readInt32BE(0);
          if (buf.length < len) break;
          const code = buf.readInt32BE(4);
          if (code !== 80877103 && code !== 80877104) started = true; // not SSLRequest / GSSENCRequest
          buf = buf.subarray(len);
          continue;
        }
        if (buf.length < 5) break;
        const len = buf.readInt32BE(1);
        if (buf.length < 1 + len) break;
        const type = String.fromCharCode(buf[0]!);
        const body = buf.subarray(5, 1 + len);
        stats.messages[type] = (stats.messages[type] ?? 0) + 1;
        if (type === "Q") {
          const text = shortSql(cstring(body, 0)[0]);
          stats.statements[text] = (stats.statements[text] ?? 0) + 1;
        } else if (type === "P") {
          const [name, next] = cstring(body, 0);
          named.set(name, shortSql(cstring(body, next)[0]));
        } else if (type === "B") {
          const [portal, next] = cstring(body, 0);
          portals.set(portal, named.get(cstring(body, next)[0]) ?? "?");
        } else if (type === "E") {
          const text = portals.get(cstring(body, 0)[0]) ?? "?";
          stats.statements[text] = (stats.statements[text] ?? 0) + 1;
        }
        buf = buf.subarray(1 + len);
      }
    });
    upstream.on("data", (chunk: Buffer) => {
      stats.bytesToClient += chunk.length;
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    get stats() {
      return stats;
    },
    reset() {
      const old = stats;
      stats = newProxyStats();
      stats.connections = old.connections;
      return old;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface RedisTally {
  /** Commands sent by each process kind (round trips; MULTI/EXEC blocks count each command), by name. */
  byKind: Record<Kind, Record<string, number>>;
  /** Commands run inside Lua scripts (EVALSHA of BullMQ, the rate limiter) touching this run's keys. */
  lua: Record<string, number>;
  publishBytes: number;
  publishes: number;
}

async function runTrace(log: Log, admin: pg.Client): Promise<Record<string, unknown>> {
  log(`- trace: 1 API × 1 worker, ${traceGenerations} generations one at a time (PostgreSQL messages through a counting proxy, Redis MONITOR)`);
  const apiProxy = await pgProxy();
  const workerProxy = await pgProxy();
  const d = await deploy(
    {
      n: 1,
      w: 1,
      accounts: 1,
      concurrency: Number(workerConcurrency),
      tag: "scale_trace",
      apiDbUrl: (db) => `postgresql://postgres@127.0.0.1:${apiProxy.port}/${db}`,
      workerDbUrl: (db) => `postgresql://postgres@127.0.0.1:${workerProxy.port}/${db}`,
    },
    log,
  );
  const monitorClient = new Redis(redisUrl, { lazyConnect: true });
  const statsRedis = new Redis(redisUrl);
  try {
    const api = d.apis[0]!;
    const one = async () => {
      const r = await fetch(`${api.url}/api/v1/generate`, { method: "POST", headers: { authorization: `Bearer ${d.keys[0]}`, "content-type": "application/json" }, body: generateBody });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`generate answered ${r.status}`);
      return r;
    };
    for (let i = 0; i < 20; i++) await one(); // warm-up: connections opened, statements prepared
    await drain(d.dbUrl);

    // MONITOR; our processes' sockets identify their commands.
    let sockets = await socketsOf(d.procs);
    const tally: RedisTally = { byKind: { api: {}, worker: {} }, lua: {}, publishBytes: 0, publishes: 0 };
    let counting = false;
    let windowTally: RedisTally | undefined;
    const monitor = await monitorClient.monitor();
    monitor.on("monitor", (_time: string, args: string[], source: string) => {
      if (!counting) return;
      const name = String(args[0] ?? "").toUpperCase();
      if (source === "lua") {
        if (args.some((a) => String(a).includes(d.prefix))) tally.lua[name] = (tally.lua[name] ?? 0) + 1;
        return;
      }
      const port = Number(source.split(":").pop());
      const kind = sockets.get(port)?.kind;
      if (!kind) return;
      tally.byKind[kind][name] = (tally.byKind[kind][name] ?? 0) + 1;
      if (name === "PUBLISH") {
        tally.publishes++;
        tally.publishBytes += Buffer.byteLength(String(args[2] ?? ""));
      }
    });
    const resetTally = () => {
      const old = JSON.parse(JSON.stringify(tally)) as RedisTally;
      tally.byKind = { api: {}, worker: {} };
      tally.lua = {};
      tally.publishBytes = 0;
      tally.publishes = 0;
      return old;
    };

    // 1. Idle: background traffic per second (BullMQ's blocking fetch and stalled checks, …).
    sockets = await socketsOf(d.procs);
    apiProxy.reset();
    workerProxy.reset();
    counting = true;
    const idleS = 5;
    await sleep(idleS * 1000);
    const idleRedis = resetTally();
    const idleApi = apiProxy.reset();
    const idleWorker = workerProxy.reset();

    // 2. The traced generations.
    const sizes0 = await tableSizes(d.dbUrl);
    const pg0 = await pgSnap(admin, dbName(d.dbUrl));
    const cmd0 = await commandStats(statsRedis);
    const cpu0 = await Promise.all(d.procs.map((p) => cpuTimeMs(p.pid)));
    const la0 = await loadavg();
    const m0 = await machineCpu();
    const t0 = performance.now();
    for (let i = 0; i < traceGenerations; i++) await one();
    await drain(d.dbUrl);
    await sleep(300); // the worker's last statements after the answer (job completion in Redis)
    const seconds = (performance.now() - t0) / 1000;
    counting = false;
    windowTally = resetTally();
    const apiStats = apiProxy.reset();
    const workerStats = workerProxy.reset();
    const cpu1 = await Promise.all(d.procs.map((p) => cpuTimeMs(p.pid)));
    const m1 = await machineCpu();
    const cmd1 = await commandStats(statsRedis);
    const pg1 = await pgSnap(admin, dbName(d.dbUrl));
    let pgBackendMs = 0;
    for (const [pid, after] of pg1.backends) pgBackendMs += after - (pg0.backends.get(pid) ?? 0);
    const sizes1 = await tableSizes(d.dbUrl);
    const wal = await walDiff(admin, pg0.walLsn, pg1.walLsn);
    const content = await withDb(d.dbUrl, async (c) => ({
      asset: (await c.query("SELECT avg(byte_length)::float AS png, avg(pg_column_size(bytes))::float AS stored FROM assets")).rows[0],
      events: (await c.query("SELECT type, count(*)::int AS n, avg(pg_column_size(data))::float AS stored, avg(length(data::text))::float AS text FROM generation_events GROUP BY type ORDER BY type")).rows,
    }));

    const G = traceGenerations;
    const net = (window: Record<string, number>, idle: Record<string, number>) => {
      const out: Record<string, number> = {};
      for (const k of new Set([...Object.keys(window), ...Object.keys(idle)])) {
        const v = ((window[k] ?? 0) - ((idle[k] ?? 0) * seconds) / idleS) / G;
        if (Math.abs(v) >= 0.005) out[k] = round(v);
      }
      return out;
    };
    const perGen = (r: Record<string, number>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, round(v / G)]).sort((a, b) => Number(b[1]) - Number(a[1])));
    const pgSide = (s: ProxyStats, idle: ProxyStats) => ({
      executed: round(((s.messages.E ?? 0) + (s.messages.Q ?? 0)) / G),
      roundTrips: round(((s.messages.S ?? 0) + (s.messages.Q ?? 0)) / G),
      parses: round((s.messages.P ?? 0) / G),
      bytesToServer: Math.round(s.bytesToServer / G),
      bytesToClient: Math.round(s.bytesToClient / G),
      idleMessagesPerSecond: round(Object.values(idle.messages).reduce((a, b) => a + b, 0) / idleS),
      statements: perGen(s.statements),
    });
    const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
    const kindCpu = (k: Kind) => d.procs.reduce((sum, p, i) => sum + (p.kind === k ? cpu1[i]! - cpu0[i]! : 0), 0);
    // Redis time per generation: our command counts (MONITOR) × Redis' own microseconds per call of
    // that command (INFO commandstats over the window; Redis-wide, so other sessions' calls of the
    // same command blend in). EVALSHA's microseconds include the script's inner commands.
    const ourCalls: Record<string, number> = {};
    for (const k of ["api", "worker"] as const) for (const [name, v] of Object.entries(windowTally.byKind[k])) ourCalls[name.toLowerCase()] = (ourCalls[name.toLowerCase()] ?? 0) + v;
    let redisUsec = 0;
    const redisUsecByCommand: Record<string, number> = {};
    for (const [name, calls] of Object.entries(ourCalls)) {
      const a = cmd0[name] ?? { calls: 0, usec: 0 };
      const b = cmd1[name] ?? { calls: 0, usec: 0 };
      const per = b.calls > a.calls ? (b.usec - a.usec) / (b.calls - a.calls) : 0;
      redisUsecByCommand[name] = round(per, 1);
      if (name !== "bzpopmin") redisUsec += calls * per; // a blocking pop's time is mostly waiting
    }
    const trace = {
      generations: G,
      secondsSequential: round(seconds, 2),
      loadavgBefore: la0,
      machineBusyCores: round(((m1.busy - m0.busy) / Math.max(1, m1.total - m0.total)) * cpus().length),
      /** CPU per generation at one request at a time (no queueing; the least contended number here). */
      cpuMsPerGeneration: {
        api: round(kindCpu("api") / G),
        worker: round(kindCpu("worker") / G),
        postgresBackends: round(pgBackendMs / G),
        redisEstimate: round(redisUsec / 1000 / G, 3),
      },
      redisUsecPerCall: redisUsecByCommand,
      postgres: {
        api: pgSide(apiStats, idleApi),
        worker: pgSide(workerStats, idleWorker),
        transactionsPerGeneration: round((pg1.xactCommit - pg0.xactCommit) / G),
        rowsInsertedPerGeneration: round((pg1.tupInserted - pg0.tupInserted) / G),
        rowsUpdatedPerGeneration: round((pg1.tupUpdated - pg0.tupUpdated) / G),
        /** Cluster-wide WAL (other sessions write too): an upper bound, and noisy. */
        walBytesPerGenerationClusterWide: Math.round(wal / G),
        tableGrowthBytesPerGeneration: Object.fromEntries(Object.keys(sizes1).map((k) => [k, Math.round(((sizes1[k] ?? 0) - (sizes0[k] ?? 0)) / G)])),
        assetPngBytes: Math.round(content.asset.png),
        assetStoredBytes: Math.round(content.asset.stored),
        events: content.events.map((e: { type: string; n: number; stored: number; text: number }) => ({ type: e.type, perGeneration: round(e.n / (G + 20)), storedBytes: Math.round(e.stored), jsonBytes: Math.round(e.text) })),
      },
      redis: {
        api: { commandsPerGeneration: net(windowTally.byKind.api, idleRedis.byKind.api), total: round(sum(net(windowTally.byKind.api, idleRedis.byKind.api))) },
        worker: { commandsPerGeneration: net(windowTally.byKind.worker, idleRedis.byKind.worker), total: round(sum(net(windowTally.byKind.worker, idleRedis.byKind.worker))) },
        insideLuaPerGeneration: net(windowTally.lua, idleRedis.lua),
        idleCommandsPerSecond: {
          api: round(sum(idleRedis.byKind.api) / idleS, 1),
          worker: round(sum(idleRedis.byKind.worker) / idleS, 1),
          byName: { api: perSecond(idleRedis.byKind.api, idleS), worker: perSecond(idleRedis.byKind.worker, idleS) },
        },
        publishesPerGeneration: round(windowTally.publishes / G),
        publishBytesPerGeneration: Math.round(windowTally.publishBytes / G),
      },
      connections: connectionsPerProcess(d.procs, await socketsOf(d.procs)),
    };
    log(
      `  per generation: PostgreSQL ${trace.postgres.api.executed} statements from the API (${trace.postgres.api.roundTrips} round trips), ` +
        `${trace.postgres.worker.executed} from the worker (${trace.postgres.worker.roundTrips}); ${trace.postgres.transactionsPerGeneration} transactions; ` +
        `Redis ${trace.redis.api.total} commands from the API, ${trace.redis.worker.total} from the worker, ${trace.redis.publishesPerGeneration} publishes ` +
        `(${trace.redis.publishBytesPerGeneration} bytes); asset ${trace.postgres.assetPngBytes} B PNG; WAL ≤ ${trace.postgres.walBytesPerGenerationClusterWide} B; ` +
        `CPU ms/generation api ${trace.cpuMsPerGeneration.api}, worker ${trace.cpuMsPerGeneration.worker}, pg ${trace.cpuMsPerGeneration.postgresBackends}, redis ≈ ${trace.cpuMsPerGeneration.redisEstimate} ` +
        `(machine ${trace.machineBusyCores} cores busy, load ${trace.loadavgBefore})`,
    );
    return trace;
  } finally {
    monitorClient.disconnect();
    statsRedis.disconnect();
    await d.stop();
    await apiProxy.close();
    await workerProxy.close();
    await dropDatabases().catch(() => undefined);
    const redis = new Redis(redisUrl);
    await deleteRedisKeys(redis, d.prefix).catch(() => 0);
    redis.disconnect();
  }
}

async function commandStats(redis: Redis): Promise<Record<string, { calls: number; usec: number }>> {
  const out: Record<string, { calls: number; usec: number }> = {};
  for (const line of (await redis.info("commandstats")).split("\r\n")) {
    const m = /^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/.exec(line);
    if (m) out[m[1]!.replace("|", " ")] = { calls: Number(m[2]), usec: Number(m[3]) };
  }
  return out;
}

function median(xs: number[]): number {
  const v = [...xs].sort((a, b) => a - b);
  const m = Math.floor(v.length / 2);
  return v.length === 0 ? NaN : v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
}

const perSecond = (r: Record<string, number>, s: number) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, round(v / s, 1)]));

async function tableSizes(url: string): Promise<Record<string, number>> {
  return withDb(url, async (c) => {
    const rows = (
      await c.query(
        "SELECT relname, pg_total_relation_size(oid)::bigint AS size FROM pg_class WHERE relname IN ('generations', 'generation_events', 'assets', 'ledger_entries', 'accounts') AND relkind = 'r'",
      )
    ).rows;
    return Object.fromEntries(rows.map((r) => [String(r.relname), Number(r.size)]));
  });
}

// ---------------------------------------------------------------------------------------------
// The plot

type Run = Awaited<ReturnType<typeof measureConfig>>;

const plotTitle = "Scale-out: POST /api/v1/generate (pixel-sprite 64×64, one-shot), N API processes + N workers, one PostgreSQL, one Redis";
const plotSubtitle = (date: string, conns: number, seconds: number) =>
  `${date} · ${cpus().length} cores shared by everything (API, workers, PostgreSQL, Redis, autocannon, other sessions' tests) · ${conns} connections · ${defaultAccounts} accounts · WORKER_CONCURRENCY ${workerConcurrency} · ${seconds} s per run`;

/** The plotted series: W = N, the default accounts and concurrency. */
const isMain = (r: Run) => r.config.w === r.config.n && r.config.accounts === defaultAccounts && r.config.concurrency === Number(workerConcurrency);

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function plotSvg(runs: Run[], title: string, subtitle: string): string {
  const W = 1560;
  const H = 600;
  const font = "DejaVu Sans, sans-serif";
  const main = runs.filter(isMain);
  const ns = [...new Set(main.map((r) => r.config.n))].sort((a, b) => a - b);
  const byN = ns.map((n) => ({ n, runs: main.filter((r) => r.config.n === n) }));
  const parts: string[] = [];
  const text = (x: number, y: number, t: string, o: { size?: number; anchor?: string; fill?: string; weight?: string } = {}) =>
    parts.push(`<text x="${x}" y="${y}" font-family="${font}" font-size="${o.size ?? 12}" text-anchor="${o.anchor ?? "start"}" fill="${o.fill ?? "#000"}"${o.weight ? ` font-weight="${o.weight}"` : ""}>${escapeXml(t)}</text>`);
  parts.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  text(W / 2, 30, title, { size: 20, anchor: "middle", weight: "bold" });
  text(W / 2, 54, subtitle, { size: 13, anchor: "middle", fill: "#444" });

  const y0 = 100;
  const h = 330;
  const w = 400;
  const axes = (x0: number, yMax: number, yLabel: string, panelTitle: string) => {
    const ys = (v: number) => y0 + h - (v / yMax) * h;
    const tick = niceStep(yMax / 5);
    for (let v = 0; v <= yMax + 1e-9; v += tick) {
      parts.push(`<line x1="${x0}" y1="${ys(v)}" x2="${x0 + w}" y2="${ys(v)}" stroke="#e4e4e4"/>`);
      text(x0 - 8, ys(v) + 4, String(Math.round(v)), { anchor: "end" });
    }
    parts.push(`<line x1="${x0}" y1="${y0 + h}" x2="${x0 + w}" y2="${y0 + h}" stroke="#333"/><line x1="${x0}" y1="${y0}" x2="${x0}" y2="${y0 + h}" stroke="#333"/>`);
    text(x0 + w / 2, y0 - 14, panelTitle, { size: 14, anchor: "middle", weight: "bold" });
    parts.push(`<text transform="translate(${x0 - 46} ${y0 + h / 2}) rotate(-90)" font-family="${font}" font-size="13" text-anchor="middle">${escapeXml(yLabel)}</text>`);
    const xs = (n: number) => x0 + ((ns.indexOf(n) + 0.5) / ns.length) * w;
    for (const n of ns) {
      text(xs(n), y0 + h + 20, `N = ${n}`, { size: 13, anchor: "middle" });
      text(xs(n), y0 + h + 36, `${n} API + ${n} worker${n > 1 ? "s" : ""}`, { size: 11, anchor: "middle", fill: "#555" });
    }
    return { xs, ys };
  };
  const legend = (x0: number, items: { name: string; color: string; dash?: string; box?: boolean }[]) => {
    let ly = y0 + 10;
    for (const it of items) {
      if (it.box) parts.push(`<rect x="${x0 + 12}" y="${ly - 7}" width="22" height="12" fill="${it.color}"/>`);
      else parts.push(`<line x1="${x0 + 10}" y1="${ly}" x2="${x0 + 36}" y2="${ly}" stroke="${it.color}" stroke-width="2.5"${it.dash ? ` stroke-dasharray="${it.dash}"` : ""}/>`);
      text(x0 + 42, ly + 4, it.name);
      ly += 17;
    }
  };
  const line = (pts: { x: number; y: number }[], color: string, dash?: string) =>
    parts.push(`<path d="${pts.map((p, i) => `${i ? "L" : "M"}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ")}" fill="none" stroke="${color}" stroke-width="2.5"${dash ? ` stroke-dasharray="${dash}"` : ""}/>`);

  // 1. Throughput.
  {
    const x0 = 90;
    const rps = byN.map((b) => ({ n: b.n, y: median(b.runs.map((r) => r.rps)) }));
    const base = rps[0]?.y ?? 0;
    const yMax = niceCeil(Math.max(...main.map((r) => r.rps), base * 2) * 1.25);
    const { xs, ys } = axes(x0, yMax, "generations per second (2xx answers)", "Throughput");
    line(ns.map((n) => ({ x: xs(n), y: ys(Math.min(yMax, (base * n) / (ns[0] ?? 1))) })), "#999", "6 5");
    line(rps.map((p) => ({ x: xs(p.n), y: ys(p.y) })), "#1f6fb4");
    for (const r of main) parts.push(`<circle cx="${xs(r.config.n)}" cy="${ys(r.rps)}" r="3.5" fill="none" stroke="#1f6fb4" stroke-width="1.3"/>`);
    for (const p of rps) {
      parts.push(`<circle cx="${xs(p.n)}" cy="${ys(p.y)}" r="5" fill="#1f6fb4"/>`);
      text(xs(p.n) + 9, ys(p.y) - 8, p.y.toFixed(1), { weight: "bold", fill: "#1f6fb4" });
    }
    legend(x0, [
      { name: "median of rounds (rings: each round)", color: "#1f6fb4" },
      { name: "N × median at N = 1 (linear scaling)", color: "#999", dash: "6 5" },
    ]);
    for (const b of byN) {
      const ours = median(b.runs.map((r) => r.cores.api + r.cores.worker + r.cores.postgresBackends + r.cores.redis + r.cores.loadGenerator));
      const others = median(b.runs.map((r) => r.cores.others));
      text(xs(b.n), y0 + h + 56, `ours ${ours.toFixed(2)} · others ${others.toFixed(2)}`, { size: 11, anchor: "middle", fill: "#8a4b00" });
    }
    text(x0 + w / 2, y0 + h + 74, "cores used (of 2) during the run: this stack vs other sessions", { size: 11, anchor: "middle", fill: "#8a4b00" });
  }
  // 2. Latency.
  {
    const x0 = 600;
    const yMax = niceCeil(Math.max(...main.map((r) => r.p99)) * 1.12);
    const { xs, ys } = axes(x0, yMax, "latency, ms (32 connections, closed loop)", "Latency");
    for (const [key, color] of [["p99", "#c0392b"], ["p50", "#27864a"]] as const) {
      const pts = byN.map((b) => ({ n: b.n, y: median(b.runs.map((r) => r[key])) }));
      line(pts.map((p) => ({ x: xs(p.n), y: ys(p.y) })), color);
      for (const r of main) parts.push(`<circle cx="${xs(r.config.n)}" cy="${ys(r[key])}" r="3.5" fill="none" stroke="${color}" stroke-width="1.3"/>`);
      for (const p of pts) {
        parts.push(`<circle cx="${xs(p.n)}" cy="${ys(p.y)}" r="5" fill="${color}"/>`);
        text(xs(p.n) + 9, ys(p.y) - 8, String(Math.round(p.y)), { weight: "bold", fill: color });
      }
    }
    legend(x0, [
      { name: "p99 (median of rounds; rings: each round)", color: "#c0392b" },
      { name: "p50", color: "#27864a" },
    ]);
    text(x0 + w / 2, y0 + h + 56, "p99 ≈ time queued in BullMQ (fairness priority, 200 ms", { size: 11, anchor: "middle", fill: "#555" });
    text(x0 + w / 2, y0 + h + 70, "retry of jobs fetched before their reservation committed)", { size: 11, anchor: "middle", fill: "#555" });
  }
  // 3. CPU per generation by component.
  {
    const x0 = 1110;
    const comps = [
      { key: "api", name: "API processes", color: "#1f6fb4" },
      { key: "worker", name: "workers (incl. drawing thread)", color: "#e08a1e" },
      { key: "postgresBackends", name: "PostgreSQL backends", color: "#5a9e4b" },
      { key: "redis", name: "Redis", color: "#c0392b" },
      { key: "loadGenerator", name: "autocannon", color: "#999" },
    ] as const;
    const per = byN.map((b) => ({ n: b.n, v: Object.fromEntries(comps.map((c) => [c.key, median(b.runs.map((r) => r.cpuMsPerRequest[c.key]))])) as Record<string, number> }));
    const totals = per.map((p) => comps.reduce((s, c) => s + p.v[c.key]!, 0));
    const yMax = niceCeil(Math.max(...totals) * 1.3);
    const { xs, ys } = axes(x0, yMax, "CPU ms per generation", "CPU per generation");
    const bw = 56;
    per.forEach((p, i) => {
      let acc = 0;
      for (const c of comps) {
        const v = p.v[c.key]!;
        parts.push(`<rect x="${xs(p.n) - bw / 2}" y="${ys(acc + v)}" width="${bw}" height="${Math.max(0, ys(acc) - ys(acc + v))}" fill="${c.color}"/>`);
        acc += v;
      }
      text(xs(p.n), ys(acc) - 6, `${totals[i]!.toFixed(1)} ms`, { anchor: "middle", weight: "bold" });
    });
    legend(x0, comps.map((c) => ({ name: c.name, color: c.color, box: true })));
    text(x0 + w / 2, y0 + h + 56, "medians of rounds; CPU time from /proc (Redis: INFO cpu)", { size: 11, anchor: "middle", fill: "#555" });
  }
  text(W / 2, H - 20, "2 cores: beyond 2 busy processes the added processes share the same cores (contention), so the curve shows the machine, not the design's ceiling.", { size: 12, anchor: "middle", fill: "#333" });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join("")}</svg>`;
}

function niceStep(x: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(x, 1e-9)));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= x) return m * p;
  return 10 * p;
}
function niceCeil(x: number): number {
  const step = niceStep(x / 5);
  return Math.ceil(x / step) * step;
}

// ---------------------------------------------------------------------------------------------

function gitState(): { commit: string; dirty: string[] } {
  try {
    return {
      commit: execSync("git rev-parse --short HEAD", { cwd: root, encoding: "utf8" }).trim(),
      dirty: execSync("git status --porcelain", { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean),
    };
  } catch {
    return { commit: "unknown", dirty: [] };
  }
}

export async function cleanupScale(): Promise<void> {
  await stopWorkersNow().catch(() => undefined);
  await stopAllChildren().catch(() => undefined);
  await dropDatabases().catch(() => undefined);
}

/** The whole scale-out benchmark; returns the paths written. */
export async function runScale(log: Log = defaultLog): Promise<{ json: string; png?: string }> {
  const configs = parseConfigs();
  if (!(await postgresAvailable())) throw new Error(`PostgreSQL at ${pgServer} does not answer`);
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  await redis.ping();
  const admin = new pg.Client({ connectionString: `${pgServer}/postgres` });
  await admin.connect();
  const startedAt = new Date();
  const gitAtStart = gitState();
  await prepareSource(log);
  const maxConnections = Number((await admin.query("SHOW max_connections")).rows[0].max_connections);
  const pgVersion = String((await admin.query("SHOW server_version")).rows[0].server_version);
  const redisVersion = parseInfo(await redis.info("server")).redis_version;
  log(`Scale-out on ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), Node ${process.version}, PostgreSQL ${pgVersion} (max_connections ${maxConnections}), Redis ${redisVersion}.`);
  log(`${connections} connections round-robin over the API ports, ${durationS} s after a ${warmupS} s warm-up; WORKER_CONCURRENCY=${workerConcurrency}; configurations ${configs.map((c) => c.label).join(", ")}, ${rounds} round(s).`);
  log(`With ${cpus().length} cores, more than ${cpus().length} busy processes measure contention for the same cores, not added capacity.\n`);
  const runs: Run[] = [];
  const failures: { config: string; round: number; error: string }[] = [];
  let trace: Record<string, unknown> | { error: string } | undefined;
  try {
    for (let r = 1; r <= rounds; r++) {
      const order = r % 2 === 1 ? configs : [...configs].reverse(); // drift of the machine's load hits every N alike
      for (const cfg of order) {
        try {
          runs.push(await measureConfig(cfg, r, log, admin, redis));
        } catch (error) {
          failures.push({ config: cfg.label, round: r, error: String(error).slice(0, 4000) });
          log(`  failed: ${String(error).slice(0, 2000)}`);
          await cleanupScale();
        }
      }
    }
    if (traceOn) {
      try {
        trace = await runTrace(log, admin);
      } catch (error) {
        trace = { error: String(error).slice(0, 4000) };
        log(`  trace failed: ${String(error).slice(0, 2000)}`);
        await cleanupScale();
      }
    }
  } finally {
    await cleanupScale();
    await admin.end().catch(() => undefined);
    redis.disconnect();
  }

  const date = startedAt.toISOString().slice(0, 10);
  const dir = join(root, "bench", "results");
  await mkdir(dir, { recursive: true });
  const summary = configs.map((cfg) => {
    const these = runs.filter((x) => x.config.label === cfg.label);
    const avg = (f: (x: Run) => number) => round(these.reduce((s, x) => s + f(x), 0) / Math.max(1, these.length), 2);
    return {
      config: cfg.label,
      n: cfg.n,
      w: cfg.w,
      accounts: cfg.accounts,
      rounds: these.length,
      rps: avg((x) => x.rps),
      rpsMedian: round(median(these.map((x) => x.rps)), 1),
      rpsEach: these.map((x) => x.rps),
      p50: avg((x) => x.p50),
      p99: avg((x) => x.p99),
      p50Median: median(these.map((x) => x.p50)),
      p99Median: median(these.map((x) => x.p99)),
      cpuMsPerRequest: { api: avg((x) => x.cpuMsPerRequest.api), worker: avg((x) => x.cpuMsPerRequest.worker), postgres: avg((x) => x.cpuMsPerRequest.postgresBackends), redis: avg((x) => x.cpuMsPerRequest.redis), loadGenerator: avg((x) => x.cpuMsPerRequest.loadGenerator) },
      pgConnectionsMax: Math.max(0, ...these.map((x) => x.postgres.connectionsOurs.max)),
      redisOpsPerSecond: avg((x) => x.redis.opsPerSecond),
      othersCores: avg((x) => x.cores.others),
      ledgerExact: these.every((x) => x.ledger.ok),
      failedRequests: these.reduce((s, x) => s + x.non2xx + x.errors + x.timeouts, 0),
    };
  });
  const gitAtEnd = gitState();
  const result = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    quick,
    machine: { cpus: cpus().length, model: cpus()[0]?.model, totalMemMb: Math.round(totalmem() / 2 ** 20), node: process.version, postgres: pgVersion, maxConnections, redis: redisVersion },
    git: { atStart: gitAtStart, atEnd: gitAtEnd, serviceFrom: serviceCommit ?? (fromSources ? "working tree, src/*.ts through tsx" : "working tree, dist/ built from it") },
    settings: {
      connections,
      durationS,
      warmupS,
      rounds,
      workerConcurrency: Number(workerConcurrency),
      request: { path: "/api/v1/generate", body: JSON.parse(generateBody) as unknown },
      serviceEnv: { ...serviceEnv(0), PORT: undefined, RUN_JOBS: "false", REDIS_PREFIX: "unique per configuration", WORKER_CONCURRENCY: workerConcurrency },
      loadGenerator: "autocannon 8 in this process (shares the cores), connection i to API port i mod N, each connection cycling through the accounts",
    },
    summary,
    runs,
    failures,
    trace,
  };
  const suffix = `${process.env.SCALE_OUT ? `.${process.env.SCALE_OUT.replace(/[^A-Za-z0-9_-]/g, "")}` : ""}${quick ? ".quick" : ""}`;
  const json = join(dir, `scale-${date}${suffix}.json`);
  await writeFile(json, `${JSON.stringify(result, null, 2)}\n`);
  log("");
  log("| N × W | req/s median (each round) | p50 / p99 ms (means) | CPU ms/req api · worker · pg · redis (means) | PG conns max | Redis ops/s | others' cores | ledger |");
  log("|---|---|---|---|---|---|---|---|");
  for (const s of summary) {
    log(`| ${s.config} | ${s.rpsMedian} (${s.rpsEach.join(", ")}) | ${s.p50} / ${s.p99} | ${s.cpuMsPerRequest.api} · ${s.cpuMsPerRequest.worker} · ${s.cpuMsPerRequest.postgres} · ${s.cpuMsPerRequest.redis} | ${s.pgConnectionsMax} | ${s.redisOpsPerSecond} | ${s.othersCores} | ${s.rounds ? (s.ledgerExact ? "exact" : "WRONG") : "—"} |`);
  }
  let png: string | undefined;
  if (runs.some(isMain)) {
    png = join(dir, `scale-${date}${suffix}.png`);
    const svg = plotSvg(runs, plotTitle, plotSubtitle(date, connections, durationS));
    await sharp(Buffer.from(svg)).png().toFile(png);
  }
  if (gitAtEnd.commit !== gitAtStart.commit || gitAtEnd.dirty.join() !== gitAtStart.dirty.join()) log("note: the working tree changed during the run; see \"git\" in the JSON.");
  log(`results: ${json}${png ? `, ${png}` : ""}`);
  return { json, ...(png ? { png } : {}) };
}

/** Renders the PNG of a written JSON again (SCALE_REPLOT=bench/results/scale-<date>.json). */
async function replot(path: string): Promise<string> {
  const data = JSON.parse(await readFile(path, "utf8")) as { runs: Run[]; startedAt: string; settings: { connections: number; durationS: number } };
  const png = path.replace(/\.json$/, ".png");
  await sharp(Buffer.from(plotSvg(data.runs, plotTitle, plotSubtitle(data.startedAt.slice(0, 10), data.settings.connections, data.settings.durationS)))).png().toFile(png);
  return png;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && process.env.SCALE_REPLOT) {
  defaultLog(`plot: ${await replot(process.env.SCALE_REPLOT)}`);
  process.exit(0);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.on("SIGINT", () => {
    defaultLog("\ninterrupted: stopping children and dropping databases");
    void cleanupScale().finally(() => process.exit(130));
  });
  process.on("exit", () => {
    killAllChildrenNow();
    for (const w of workers) w.child.kill("SIGKILL");
  });
  try {
    await runScale();
    process.exit(0);
  } catch (error) {
    defaultLog(`scale benchmark failed: ${String(error)}`);
    await cleanupScale();
    process.exit(1);
  }
}
