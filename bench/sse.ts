/**
 * (e) N concurrent SSE streams in ONE service process (PostgreSQL), on the in-process event bus or
 * on Redis (REDIS_URL with RUN_JOBS=true: the same process runs the jobs through BullMQ and hears
 * their events through Redis pub/sub). See bench/README.md.
 *
 * To let every stream see its generation's whole life live, the two workers are held at a gate
 * first: two "gate" generations are queued behind slow ones and their rows locked (SELECT … FOR
 * UPDATE from our own connection), so each worker blocks in `store.start` on one of them. Then the N
 * generations are created (they wait in the in-process queue), the N streams are opened (each gets
 * `generation.queued`, seq 1, from the database, then waits), the RSS is read, and the gate opens.
 */
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import pg from "pg";
import { databaseStats, statsSettleMs } from "./pg.js";
import { memoryOf, root, sleep, stopChild } from "./servers.js";
import { generateBody, generateHeaders, startService, type Service } from "./service.js";
import type { StreamRecord } from "./sse-client.js";
import { lagStats, type LagStats } from "./stats.js";

export type StreamsBus = "memory" | "redis";

export interface StreamsResult {
  n: number;
  /** The event bus: in process, or Redis pub/sub (with BullMQ as the queue). */
  bus: StreamsBus;
  opened: number;
  openFailed: number;
  openSeconds: number;
  createSeconds: number;
  rssBeforeKb: number;
  rssOpenKb: number;
  perStreamKb: number;
  rssPeakKb: number;
  rssAfterKb: number;
  /**
   * Redis only: transactions per second the service's database committed while the N streams sat
   * open and idle (21 s, pg_stat_database). On Redis, idle streams check the database for missed publishes: one
   * shared read per 10 s for all of them (src/domain/generation/heal.ts), not one per stream.
   */
  idleStatementsPerSecond?: number;
  /** With BENCH_MONITOR_FILE only: V8 heap used after a forced GC, before and with the streams open, and after they all closed. */
  heapAfterGc?: { beforeMb: number; openMb: number; perStreamKb: number; closedMb?: number };
  /** Live events: created (DB `created_at`) after the stream's first event arrived. */
  lag: LagStats;
  /** generation.completed only: arrival − `completedAt` of the event's data. */
  completedLag: LagStats;
  lost: number;
  gaps: number;
  duplicates: number;
  missingTerminal: number;
  unfinished: number;
  processSeconds: number;
  generationsPerSecond: number;
  errors: string[];
}

async function submit(service: Service, body: string): Promise<string> {
  const response = await fetch(`${service.url}/api/v1/generate`, {
    method: "POST",
    headers: generateHeaders(service.key, { prefer: "respond-async" }),
    body,
  });
  const json = (await response.json()) as { id?: string };
  if (response.status !== 202 || !json.id) throw new Error(`async generate answered ${response.status}: ${JSON.stringify(json).slice(0, 300)}`);
  return json.id;
}

/** Blocks both workers on two locked, still-queued generations. Returns the release function. */
export async function closeGate(service: Service, dbUrl: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const slow = JSON.stringify({ prompt: "stone brick lava", agentId: "texture", width: 512, height: 512 });
  for (let attempt = 1; attempt <= 3; attempt++) {
    await Promise.all([0, 1, 2, 3].map(() => submit(service, slow)));
    const gates = [await submit(service, generateBody), await submit(service, generateBody)];
    await client.query("BEGIN");
    const { rows } = await client.query<{ status: string }>(`SELECT status FROM generations WHERE id = ANY($1) FOR UPDATE`, [gates]);
    if (rows.length === 2 && rows.every((r) => r.status === "queued")) {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const waiting = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if ((waiting.rows[0]?.n ?? 0) >= 2) break;
        if (Date.now() > deadline) throw new Error("the workers did not reach the gate within 30 s");
        await sleep(50);
      }
      return async () => {
        await client.query("COMMIT").catch(() => undefined);
        await client.end().catch(() => undefined);
      };
    }
    await client.query("ROLLBACK");
    await sleep(3_000);
  }
  await client.end();
  throw new Error("could not hold the workers at the gate (the gate generations started too early)");
}

export async function createMany(service: Service, n: number, concurrency: number): Promise<string[]> {
  const ids: string[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        ids[i] = await submit(service, generateBody);
      }
    }),
  );
  return ids;
}

interface ClientHandle {
  opened: Promise<{ ok: number; failed: number; ms: number }>;
  done: Promise<StreamRecord[]>;
  finish(): void;
  kill(): void;
}

export function startClient(input: { url: string; key: string; ids: string[]; openConcurrency: number }): ClientHandle {
  const child = spawn(
    "bash",
    ["-c", 'ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"', process.execPath, "--import", "tsx", "bench/sse-client.ts"],
    {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  child.stdin.write(`${JSON.stringify(input)}\n`);
  const messages = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<never>((_, reject) => child.on("exit", (code) => reject(new Error(`SSE client exited with ${code}`))));
  exited.catch(() => undefined);
  const nextMessage = async <T>(type: string): Promise<T> => {
    const line = await Promise.race([messages.next(), exited]);
    if (line.done) throw new Error("SSE client closed its output");
    const message = JSON.parse(String(line.value)) as { type: string } & T;
    if (message.type !== type) throw new Error(`SSE client said ${message.type}, expected ${type}`);
    return message;
  };
  const opened = nextMessage<{ ok: number; failed: number; ms: number }>("opened");
  const done = opened.then(() => nextMessage<{ records: StreamRecord[] }>("done")).then((m) => m.records);
  done.catch(() => undefined);
  return {
    opened,
    done,
    finish: () => child.stdin.write("finish\n"),
    kill: () => child.kill("SIGKILL"),
  };
}

export async function runStreams(options: {
  n: number;
  dbUrl: string;
  timeoutS: number;
  log: (line: string) => void;
  /** Default `memory`. With `redis`, its REDIS_PREFIX (the caller deletes its keys after). */
  bus?: { kind: "memory" } | { kind: "redis"; url: string; prefix: string };
}): Promise<StreamsResult> {
  const { n, log } = options;
  const bus = options.bus ?? { kind: "memory" };
  const errors: string[] = [];
  // BENCH_MONITOR_FILE: preload bench/loop-monitor.ts into the server (event-loop delay and heap, once a second).
  const monitorFile = process.env.BENCH_MONITOR_FILE;
  const monitor = monitorFile ? ["--expose-gc", "--import", "tsx", "--import", "./bench/loop-monitor.ts"] : [];
  const service = await startService({
    name: `service-sse-${bus.kind}-${n}`,
    db: { kind: "postgres", url: options.dbUrl },
    nofile: 65536,
    ...(monitor.length ? { nodeArgs: monitor } : {}),
    env: {
      ...(monitorFile ? { BENCH_MONITOR_FILE: monitorFile } : {}),
      ...(bus.kind === "redis" ? { REDIS_URL: bus.url, REDIS_PREFIX: bus.prefix, RUN_JOBS: "true" } : {}),
    },
  });
  let release: (() => Promise<void>) | undefined;
  let client: ClientHandle | undefined;
  try {
    release = await closeGate(service, options.dbUrl);
    let t = performance.now();
    const ids = await createMany(service, n, 32);
    const createSeconds = (performance.now() - t) / 1000;
    log(`  ${n} generations queued behind the gate in ${createSeconds.toFixed(1)} s`);
    await sleep(1_000);
    const before = await memoryOf(service.child.pid);
    const heapBefore = monitor.length ? await heapAfterGc(service, process.env.BENCH_MONITOR_FILE!) : undefined;
    client = startClient({ url: service.url, key: service.key, ids, openConcurrency: 256 });
    const opened = await client.opened;
    log(`  ${opened.ok} streams open (${opened.failed} failed) in ${(opened.ms / 1000).toFixed(1)} s`);
    await sleep(1_000);
    const open = await memoryOf(service.child.pid);
    // On Redis, idle streams check the database for missed publishes: count the transactions of a
    // quiet spell, once the opening's statistics are in (else they land in the window).
    let idleStatementsPerSecond: number | undefined;
    if (bus.kind === "redis") {
      const idleS = 21;
      await sleep(statsSettleMs);
      const before = (await databaseStats(options.dbUrl)).xact_commit;
      await sleep(idleS * 1000);
      idleStatementsPerSecond = ((await databaseStats(options.dbUrl)).xact_commit - before - 1) / idleS;
      log(`  idle streams: ${idleStatementsPerSecond.toFixed(1)} database transactions per second`);
    }
    const heapOpen = monitor.length ? await heapAfterGc(service, process.env.BENCH_MONITOR_FILE!) : undefined;
    t = performance.now();
    await release();
    release = undefined;
    const timer = setTimeout(() => {
      errors.push(`streams still open after ${options.timeoutS} s: closed by the benchmark`);
      client?.finish();
    }, options.timeoutS * 1000);
    const records = await client.done;
    clearTimeout(timer);
    const processSeconds = (performance.now() - t) / 1000;
    await sleep(2_000);
    // A service that died during the run ends its streams without their terminal events: say why.
    const exit = await Promise.race([service.child.exited, sleep(0).then(() => "running" as const)]);
    if (exit !== "running") errors.push(`the service exited (code ${exit}) during the run; its last output: ${service.child.output().slice(-1500)}`);
    const after = await memoryOf(service.child.pid);
    const heapClosed = monitor.length && exit === "running" ? await heapAfterGc(service, monitorFile!) : undefined;
    const stored = await storedEvents(options.dbUrl, ids);
    const summary = summarize(records, stored);
    const failedStatuses = records
      .filter((r) => r.end === "error")
      .slice(0, 3)
      .map((r) => `${r.id}: ${r.error}`);
    errors.push(...failedStatuses);
    return {
      n,
      bus: bus.kind,
      opened: opened.ok,
      openFailed: opened.failed,
      openSeconds: opened.ms / 1000,
      createSeconds,
      rssBeforeKb: before.rssKb,
      rssOpenKb: open.rssKb,
      perStreamKb: (open.rssKb - before.rssKb) / n,
      rssPeakKb: after.hwmKb,
      rssAfterKb: after.rssKb,
      ...(idleStatementsPerSecond === undefined ? {} : { idleStatementsPerSecond }),
      ...(heapBefore !== undefined && heapOpen !== undefined
        ? {
            heapAfterGc: {
              beforeMb: heapBefore,
              openMb: heapOpen,
              perStreamKb: ((heapOpen - heapBefore) * 1024) / n,
              ...(heapClosed === undefined ? {} : { closedMb: heapClosed }),
            },
          }
        : {}),
      ...summary,
      processSeconds,
      generationsPerSecond: n / processSeconds,
      errors,
    };
  } catch (error) {
    const code = await Promise.race([service.child.exited, sleep(500).then(() => undefined)]);
    if (code === undefined) throw error;
    throw new Error(`the service process exited (code ${code}) during the run; its last output:\n${service.child.output().slice(-3000)}`);
  } finally {
    if (release) await release();
    client?.kill();
    await stopChild(service.child);
    await service.cleanup();
  }
}

/** Asks the preloaded bench/loop-monitor.ts to collect garbage; returns the heap used after (MB). */
async function heapAfterGc(service: Service, file: string): Promise<number> {
  const since = Date.now();
  service.child.child.kill("SIGUSR2");
  for (let i = 0; i < 100; i++) {
    await sleep(200);
    const lines = (await readFile(file, "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { gc?: boolean; heapUsed: number; t: number });
    const done = lines.filter((m) => m.gc && m.t >= since).at(-1);
    if (done) return done.heapUsed;
  }
  throw new Error("the monitor did not report after SIGUSR2");
}

/** Every stored event of the generations, with its DB time (`created_at`, ms precision). */
async function storedEvents(dbUrl: string, ids: string[]): Promise<Map<string, Map<number, number>>> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ g: string; seq: number; t: string }>(
      `SELECT generation_id AS g, seq, (extract(epoch FROM created_at) * 1000)::float8 AS t FROM generation_events WHERE generation_id = ANY($1)`,
      [ids],
    );
    const byGeneration = new Map<string, Map<number, number>>();
    for (const row of rows) {
      let events = byGeneration.get(row.g);
      if (!events) byGeneration.set(row.g, (events = new Map()));
      events.set(row.seq, Number(row.t));
    }
    return byGeneration;
  } finally {
    await client.end();
  }
}

function summarize(records: StreamRecord[], stored: Map<string, Map<number, number>>) {
  const lags: number[] = [];
  const completedLags: number[] = [];
  let lost = 0;
  let gaps = 0;
  let duplicates = 0;
  let missingTerminal = 0;
  let unfinished = 0;
  for (const r of records) {
    const events = stored.get(r.id) ?? new Map<number, number>();
    const seen = new Set<number>();
    let previous = 0;
    for (const [seq, at] of r.events) {
      if (seen.has(seq)) duplicates++;
      seen.add(seq);
      if (seq !== previous + 1) gaps++;
      previous = seq;
      const createdAt = events.get(seq);
      if (createdAt !== undefined && r.firstEventAt !== null && createdAt >= r.firstEventAt) lags.push(at - createdAt);
    }
    const terminal = r.events.some(([, , type]) => type === "generation.completed" || type === "generation.failed");
    if (r.end === "forced" || r.end === "error") {
      unfinished++;
      continue; // closed by us (timeout) or never opened: what it missed is not "lost"
    }
    if (!terminal) missingTerminal++;
    for (const seq of events.keys()) if (!seen.has(seq)) lost++;
    const done = r.events.find(([, , type]) => type === "generation.completed");
    if (done && r.completedAt !== null) completedLags.push(done[1] - r.completedAt);
  }
  return { lag: lagStats(lags), completedLag: lagStats(completedLags), lost, gaps, duplicates, missingTerminal, unfinished };
}
