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
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

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

interface ProcSample {
  pid: number;
  ppid: number;
  comm: string;
  cmd: string;
  threads: number;
  rssKb: number;
  hwmKb: number;
  cpuMs: number;
  rollup: Record<string, number>;
}

function readProc(pid: number): ProcSample | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (n: string) => Number(new RegExp(`^${n}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? NaN);
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const rollup: Record<string, number> = {};
    for (const line of readFileSync(`/proc/${pid}/smaps_rollup`, "utf8").split("\n")) {
      const m = /^(\w+):\s+(\d+) kB/.exec(line);
      if (m) rollup[m[1]!] = Number(m[2]);
    }
    const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
    return {
      pid,
      ppid: Number(f[1]),
      comm: /^\S+ \((.*)\)/.exec(stat)?.[1] ?? "?",
      cmd: cmd.length > 160 ? cmd.slice(0, 160) + "…" : cmd,
      threads: field("Threads"),
      rssKb: field("VmRSS"),
      hwmKb: field("VmHWM"),
      cpuMs: (Number(f[11]) + Number(f[12])) * 10,
      rollup,
    };
  } catch {
    return undefined;
  }
}

/** The pid and all its descendants (from /proc/<pid>/stat). */
export function tree(root: number): number[] {
  const parent = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone
    }
  }
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const [pid, pp] of parent) if (pp === out[i]) out.push(pid);
  return out;
}

/** The largest mappings of a process by resident size, with a label. */
function topMappings(pid: number, n = 8) {
  const text = readFileSync(`/proc/${pid}/smaps`, "utf8");
  const maps: { range: string; name: string; sizeKb: number; rssKb: number; anonKb: number }[] = [];
  let cur: (typeof maps)[number] | undefined;
  for (const line of text.split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      cur = { range: `${head[1]}-${head[2]}`, name: head[3] || "[anon]", sizeKb: 0, rssKb: 0, anonKb: 0 };
      maps.push(cur);
      continue;
    }
    const m = /^(Size|Rss|Anonymous):\s+(\d+) kB/.exec(line);
    if (m && cur) cur[m[1] === "Size" ? "sizeKb" : m[1] === "Rss" ? "rssKb" : "anonKb"] = Number(m[2]);
  }
  // Group file mappings by file; keep anonymous regions separate (the WASM memory is one big region).
  const byName = new Map<string, { name: string; sizeKb: number; rssKb: number; anonKb: number; regions: number }>();
  let anonSmall = { name: "[anon <8MB regions]", sizeKb: 0, rssKb: 0, anonKb: 0, regions: 0 };
  for (const m of maps) {
    if (m.name === "[anon]" && m.rssKb < 8 * 1024) {
      anonSmall.sizeKb += m.sizeKb; anonSmall.rssKb += m.rssKb; anonSmall.anonKb += m.anonKb; anonSmall.regions++;
      continue;
    }
    const key = m.name === "[anon]" ? `[anon ${m.range}]` : m.name;
    const g = byName.get(key) ?? { name: key, sizeKb: 0, rssKb: 0, anonKb: 0, regions: 0 };
    g.sizeKb += m.sizeKb; g.rssKb += m.rssKb; g.anonKb += m.anonKb; g.regions++;
    byName.set(key, g);
  }
  return [...byName.values(), anonSmall].sort((a, b) => b.rssKb - a.rssKb).slice(0, n);
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

/** Waits (up to maxWaitMs) until the whole machine was less than `maxBusy` busy over one second; returns that share. */
export async function quiet(maxBusy = 0.25, maxWaitMs = 120_000): Promise<number> {
  const read = () => {
    const v = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = v[3]! + v[4]!;
    const total = v.reduce((a, b) => a + b, 0);
    return { idle, total };
  };
  const until = Date.now() + maxWaitMs;
  for (;;) {
    const a = read();
    await sleep(1000);
    const b = read();
    const busy = 1 - (b.idle - a.idle) / Math.max(1, b.total - a.total);
    if (busy <= maxBusy || Date.now() > until) return Math.round(busy * 100) / 100;
  }
}

export async function measure(o: Options) {
  mkdirSync(o.outDir, { recursive: true });
  const probeDir = join(o.outDir, `probe-${o.name}-${Date.now()}`);
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...o.env };
  if (o.probe) {
    mkdirSync(probeDir, { recursive: true });
    env.FOOTPRINT_PROBE_DIR = probeDir;
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} --import=${join(here, "probe.mjs")}`.trim();
    if (o.snapshot) env.FOOTPRINT_SNAPSHOT = "1";
  }
  const t0 = performance.now();
  const spawnEpoch = performance.timeOrigin + t0;
  const child = spawn(o.command[0]!, o.command.slice(1), { cwd: o.cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  let url: string | undefined;
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
        url = typeof rec.url === "string" ? rec.url : undefined;
      }
    } catch {
      // not JSON
    }
  };
  let buf = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
    buf += chunk;
    let i;
    while ((i = buf.indexOf("\n")) >= 0) {
      onLine(buf.slice(0, i));
      buf = buf.slice(i + 1);
    }
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));

  const deadline = Date.now() + 120_000;
  while (tLine === undefined) {
    if (exited !== undefined || Date.now() > deadline) throw new Error(`${o.name}: exited (${exited}) or timed out before ready:\n${output.slice(-3000)}`);
    await sleep(5);
  }
  let tFirst: number | undefined;
  if (url) {
    while (!(await poll(`${url}/healthz`))) {
      if (exited !== undefined || Date.now() > deadline) throw new Error(`${o.name}: no 200 from /healthz:\n${output.slice(-3000)}`);
      await sleep(20);
    }
    tFirst = performance.now() - t0;
  }
  const pidsAtReady = tree(child.pid!);
  const cpuAtReady = pidsAtReady.map(readProc).filter((p): p is ProcSample => !!p);
  // The service process: the deepest node process of the tree.
  const nodes = cpuAtReady.filter((p) => p.comm === "node" || p.comm === "MainThread");
  const service = nodes[nodes.length - 1]!;

  await sleep(o.restMs);
  const pids = tree(child.pid!);
  const procs = pids.map(readProc).filter((p): p is ProcSample => !!p);
  const svc = procs.find((p) => p.pid === service.pid)!;
  const mappings = topMappings(service.pid);
  let probe: unknown;
  if (o.probe) {
    process.kill(service.pid, "SIGUSR2");
    const file = join(probeDir, `${service.pid}.json`);
    for (let i = 0; i < 600 && !existsSync(file); i++) await sleep(50);
    await sleep(100);
    probe = JSON.parse(readFileSync(file, "utf8"));
  }

  // Stop: SIGTERM to the service process (the parents, npm and tsx's CLI, exit with it).
  const stopped = performance.now();
  process.kill(service.pid, "SIGTERM");
  const killAt = Date.now() + 20_000;
  while (exited === undefined && Date.now() < killAt) await sleep(20);
  if (exited === undefined) for (const pid of pids) try { process.kill(pid, "SIGKILL"); } catch { /* gone */ }
  while (exited === undefined) await sleep(20);

  const kb = (n: number | undefined) => Math.round(((n ?? 0) / 1024) * 10) / 10;
  const r = svc.rollup;
  return {
    name: o.name,
    at: new Date().toISOString(),
    loadavg: readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" "),
    msToLogLine: Math.round(tLine),
    msToFirstAnswer: tFirst === undefined ? undefined : Math.round(tFirst),
    startupMsLogged: logged?.startupMs,
    spawnEpochMs: spawnEpoch,
    logged,
    migrationsApplied: logged?.migrationsApplied,
    stopMs: Math.round(performance.now() - stopped),
    exitCode: exited,
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
      cpuMsAtReady: service.cpuMs,
    },
    tree: procs.map((p) => ({ pid: p.pid, comm: p.comm, cmd: p.cmd, rssMb: kb(p.rssKb), pssMb: kb(p.rollup.Pss), anonMb: kb(p.rollup.Anonymous), cpuMs: p.cpuMs })),
    treeRssMb: kb(procs.reduce((a, p) => a + p.rssKb, 0)),
    treePssMb: kb(procs.reduce((a, p) => a + (p.rollup.Pss ?? 0), 0)),
    treeCpuMsAtReady: cpuAtReady.reduce((a, p) => a + p.cpuMs, 0),
    mappings: mappings.map((m) => ({ name: m.name, regions: m.regions, sizeMb: kb(m.sizeKb), rssMb: kb(m.rssKb), anonMb: kb(m.anonKb) })),
    probe,
  };
}

function parseArgs(argv: string[]): Options {
  const o: Options = { name: "run", cwd: process.cwd(), env: {}, command: [], restMs: 10_000, probe: false, snapshot: false, ready: "listening", outDir: join(tmpdir(), "footprint-probes") };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") { o.command = argv.slice(i + 1); break; }
    else if (a === "--name") o.name = argv[++i]!;
    else if (a === "--cwd") o.cwd = argv[++i]!;
    else if (a === "--env") { const [k, ...v] = argv[++i]!.split("="); o.env[k!] = v.join("="); }
    else if (a === "--rest") o.restMs = Number(argv[++i]);
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
