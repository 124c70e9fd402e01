/**
 * One start-up + at-rest measurement of a service process (and its whole process tree).
 *
 *   tsx measure.ts --name a-fresh --cwd DIR [--env K=V]... [--rest 10000] [--probe] [--snapshot]
 *                  [--ready listening|worker] [--keep] -- <command> [args...]
 *
 * Starts the command, reads its JSON log lines until `"msg":"listening"` (or `"worker ready"`), polls
 * `GET <url>/healthz` every 20 ms until the first 200, waits `--rest` ms, then samples every process of
 * the tree (VmRSS, /proc/<pid>/smaps_rollup, the largest mappings of the service process) and, with
 * --probe, the service's own V8 numbers (probe.mjs, through NODE_OPTIONS). Stops the tree (SIGTERM to the
 * service process, SIGKILL after 20 s) and prints one JSON object.
 *
 * As a module: `measure()` is that one run; `launch()` / `sample()` / `Launched.stop()` are its steps,
 * for callers that do more between start and stop (`npm run bench`'s footprint section, bench/footprint.ts).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readProc, topMappings, tree, type ProcSample } from "./proc.js";

export { quiet, tree } from "./proc.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface Options {
  name: string;
  cwd: string;
  env: Record<string, string>;
  command: string[];
  restMs: number;
  probe: boolean;
  snapshot: boolean;
  ready: "listening" | "worker";
  outDir: string;
}

async function poll(url: string): Promise<boolean> {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await r.arrayBuffer();
    return r.status === 200;
  } catch {
    return false;
  }
}

/** A started command, ready (its log line seen, `/healthz` answered when it logged a URL). */
export interface Launched {
  /** The process spawned (npm, or node itself). */
  rootPid: number;
  /** The service's own Node process: the pid it logged, else the deepest node process of the tree. */
  servicePid: number;
  /** `url` from its ready line, when it logged one. */
  url?: string;
  logged: Record<string, unknown>;
  msToLogLine: number;
  msToFirstAnswer?: number;
  spawnEpochMs: number;
  /** CPU ms of the service process (all threads) and of the whole tree when it was ready. */
  cpuMsAtReady: number;
  treeCpuMsAtReady: number;
  /** Last ~64 KB of its stdout and stderr. */
  output(): string;
  /** True once the root process exited. */
  exited(): boolean;
  /** SIGKILL to every process of the tree now (a last resort, synchronous). */
  kill(): void;
  /** SIGTERM to the service process (its parents exit with it), SIGKILL to the tree after `graceMs`. */
  stop(graceMs?: number): Promise<{ stopMs: number; exitCode: number | null | undefined }>;
}

const kb = (n: number | undefined) => Math.round(((n ?? 0) / 1024) * 10) / 10;

/** Starts `o.command` and resolves once it is ready (see the file's comment); throws if it exits or takes over 120 s. */
export async function launch(o: Omit<Options, "restMs" | "snapshot">): Promise<Launched> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...o.env };
  if (o.probe) {
    env.FOOTPRINT_PROBE_DIR = probeDir(o);
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} --import=${join(here, "probe.mjs")}`.trim();
  }
  const t0 = performance.now();
  const spawnEpochMs = performance.timeOrigin + t0;
  const child = spawn(o.command[0]!, o.command.slice(1), { cwd: o.cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  let tLine: number | undefined;
  let logged: Record<string, unknown> | undefined;
  let exited: number | null | undefined;
  child.on("exit", (c) => (exited = c ?? -1));
  const onLine = (line: string) => {
    if (tLine !== undefined) return;
    try {
      const rec = JSON.parse(line) as Record<string, unknown>;
      if ((o.ready === "listening" && rec.msg === "listening") || (o.ready === "worker" && rec.msg === "worker ready")) {
        tLine = performance.now() - t0;
        logged = rec;
      }
    } catch {
      // not JSON
    }
  };
  const keep = (chunk: string) => {
    output += chunk;
    if (output.length > 128_000) output = output.slice(-64_000);
  };
  let buf = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    keep(chunk);
    buf += chunk;
    let i: number;
    while ((i = buf.indexOf("\n")) >= 0) {
      onLine(buf.slice(0, i));
      buf = buf.slice(i + 1);
    }
  });
  child.stderr.setEncoding("utf8").on("data", keep);
  const kill = () => {
    for (const pid of tree(child.pid!))
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        /* gone */
      }
  };

  const deadline = Date.now() + 120_000;
  while (tLine === undefined) {
    if (exited !== undefined || Date.now() > deadline) {
      kill();
      throw new Error(`${o.name}: exited (${exited}) or timed out before ready:\n${output.slice(-3000)}`);
    }
    await sleep(5);
  }
  const url = typeof logged!.url === "string" ? logged!.url : undefined;
  let tFirst: number | undefined;
  if (url) {
    while (!(await poll(`${url}/healthz`))) {
      if (exited !== undefined || Date.now() > deadline) {
        kill();
        throw new Error(`${o.name}: no 200 from /healthz:\n${output.slice(-3000)}`);
      }
      await sleep(20);
    }
    tFirst = performance.now() - t0;
  }
  const atReady = tree(child.pid!)
    .map(readProc)
    .filter((p): p is ProcSample => !!p);
  const nodes = atReady.filter((p) => p.comm === "node" || p.comm === "MainThread");
  const loggedPid = typeof logged!.pid === "number" ? logged!.pid : undefined;
  const service = atReady.find((p) => p.pid === loggedPid) ?? nodes[nodes.length - 1]!;
  return {
    rootPid: child.pid!,
    servicePid: service.pid,
    ...(url ? { url } : {}),
    logged: logged!,
    msToLogLine: Math.round(tLine),
    ...(tFirst === undefined ? {} : { msToFirstAnswer: Math.round(tFirst) }),
    spawnEpochMs,
    cpuMsAtReady: service.cpuMs,
    treeCpuMsAtReady: atReady.reduce((a, p) => a + p.cpuMs, 0),
    output: () => output,
    exited: () => exited !== undefined,
    kill,
    async stop(graceMs = 20_000) {
      const stopped = performance.now();
      const pids = tree(child.pid!);
      try {
        process.kill(service.pid, "SIGTERM");
      } catch {
        /* gone */
      }
      const killAt = Date.now() + graceMs;
      while (exited === undefined && Date.now() < killAt) await sleep(20);
      if (exited === undefined)
        for (const pid of pids)
          try {
            process.kill(pid, "SIGKILL");
          } catch {
            /* gone */
          }
      while (exited === undefined) await sleep(20);
      return { stopMs: Math.round(performance.now() - stopped), exitCode: exited };
    },
  };
}

/** Memory of the service process and of every process of the tree now (`/proc`), in MB. */
export function sample(l: Pick<Launched, "rootPid" | "servicePid">) {
  const procs = tree(l.rootPid)
    .map(readProc)
    .filter((p): p is ProcSample => !!p);
  const svc = procs.find((p) => p.pid === l.servicePid);
  if (!svc) throw new Error(`the service process ${l.servicePid} is gone`);
  const r = svc.rollup;
  return {
    service: {
      pid: svc.pid,
      rssMb: kb(svc.rssKb),
      hwmMb: kb(svc.hwmKb),
      anonMb: kb(r.Anonymous),
      fileMb: kb((r.Rss ?? 0) - (r.Anonymous ?? 0) - (r.Shmem ?? 0)),
      pssMb: kb(r.Pss),
      pssAnonMb: kb(r.Pss_Anon),
      pssFileMb: kb(r.Pss_File),
      threads: svc.threads,
      cpuMs: svc.cpuMs,
    },
    tree: procs.map((p) => ({
      pid: p.pid,
      comm: p.comm,
      cmd: p.cmd,
      rssMb: kb(p.rssKb),
      pssMb: kb(p.rollup.Pss),
      anonMb: kb(p.rollup.Anonymous),
      cpuMs: p.cpuMs,
    })),
    treeRssMb: kb(procs.reduce((a, p) => a + p.rssKb, 0)),
    treePssMb: kb(procs.reduce((a, p) => a + (p.rollup.Pss ?? 0), 0)),
  };
}

/** The largest mappings of the service process now, in MB. */
export function mappingsOf(pid: number) {
  return topMappings(pid).map((m) => ({ name: m.name, regions: m.regions, sizeMb: kb(m.sizeKb), rssMb: kb(m.rssKb), anonMb: kb(m.anonKb) }));
}

/** Asks probe.mjs in the service (launched with `probe`) for V8's numbers (SIGUSR2), and returns them. */
export async function askProbe(o: Pick<Options, "name" | "outDir">, pid: number): Promise<unknown> {
  const file = join(probeDir(o), `${pid}.json`);
  rmSync(file, { force: true }); // an earlier answer
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 600 && !existsSync(file); i++) await sleep(50);
  await sleep(100);
  return JSON.parse(readFileSync(file, "utf8"));
}

const probeDirs = new Map<string, string>();
function probeDir(o: Pick<Options, "name" | "outDir">): string {
  let dir = probeDirs.get(o.name);
  if (!dir) {
    dir = join(o.outDir, `probe-${o.name}-${Date.now()}`);
    mkdirSync(dir, { recursive: true });
    probeDirs.set(o.name, dir);
  }
  return dir;
}

/** One run: launch, rest `o.restMs`, sample (and probe), stop. */
export async function measure(o: Options) {
  const l = await launch({ ...o, env: o.snapshot ? { ...o.env, FOOTPRINT_SNAPSHOT: "1" } : o.env });
  await sleep(o.restMs);
  const at = sample(l);
  const mappings = mappingsOf(l.servicePid);
  const probe = o.probe ? await askProbe(o, l.servicePid) : undefined;
  const { stopMs, exitCode } = await l.stop();
  const { cpuMs: _cpuMs, ...service } = at.service;
  return {
    name: o.name,
    at: new Date().toISOString(),
    loadavg: readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" "),
    msToLogLine: l.msToLogLine,
    msToFirstAnswer: l.msToFirstAnswer,
    startupMsLogged: l.logged.startupMs,
    spawnEpochMs: l.spawnEpochMs,
    logged: l.logged,
    migrationsApplied: l.logged.migrationsApplied,
    stopMs,
    exitCode,
    service: { ...service, cpuMsAtReady: l.cpuMsAtReady },
    tree: at.tree,
    treeRssMb: at.treeRssMb,
    treePssMb: at.treePssMb,
    treeCpuMsAtReady: l.treeCpuMsAtReady,
    mappings,
    probe,
  };
}

function parseArgs(argv: string[]): Options {
  const o: Options = {
    name: "run",
    cwd: process.cwd(),
    env: {},
    command: [],
    restMs: 10_000,
    probe: false,
    snapshot: false,
    ready: "listening",
    outDir: join(tmpdir(), "footprint-probes"),
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") {
      o.command = argv.slice(i + 1);
      break;
    } else if (a === "--name") o.name = argv[++i]!;
    else if (a === "--cwd") o.cwd = argv[++i]!;
    else if (a === "--env") {
      const [k, ...v] = argv[++i]!.split("=");
      o.env[k!] = v.join("=");
    } else if (a === "--rest") o.restMs = Number(argv[++i]);
    else if (a === "--probe") o.probe = true;
    else if (a === "--snapshot") o.snapshot = true;
    else if (a === "--ready") o.ready = argv[++i] as Options["ready"];
    else if (a === "--out") o.outDir = argv[++i]!;
    else throw new Error(`unknown argument ${a}`);
  }
  if (o.command.length === 0) throw new Error("no command after --");
  return o;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await measure(parseArgs(process.argv.slice(2)));
  console.log(JSON.stringify(result));
}
