/** The processes of a deployment: API processes (bench/servers.ts children) and workers, and the sockets they hold. */
import { spawn, type ChildProcess } from "node:child_process";
import { readFile, readdir, readlink } from "node:fs/promises";
import { join } from "node:path";
import { root, stopChild, type Child } from "../servers.js";
import { fromSources, service } from "./settings.js";

export type Kind = "api" | "worker";
export interface Proc {
  kind: Kind;
  name: string;
  pid: number;
  /** API processes: their port and URL. */
  port?: number;
  url?: string;
  stop(): Promise<void>;
  output(): string;
}

export const workers = new Set<{ child: ChildProcess; exited: Promise<unknown> }>();

/** `src/worker.ts` as a child; ready when it logs "worker ready" (it has no HTTP port). */
export async function startWorker(name: string, env: Record<string, string>): Promise<Proc> {
  const args = fromSources ? ["--import", "tsx", "src/worker.ts"] : [join(service.dir, "scripts", "start.mjs"), "worker"];
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

export function apiProc(c: Child): Proc {
  return { kind: "api", name: c.name, pid: c.pid, port: c.port, url: c.url, stop: () => stopChild(c), output: c.output };
}

export async function stopWorkersNow(): Promise<void> {
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

// Sockets of our processes: local port → process (to attribute pg_stat_activity rows, MONITOR lines)

export interface SocketInfo {
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

export async function socketsOf(procs: Proc[]): Promise<Map<number, SocketInfo>> {
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
export function connectionsPerProcess(procs: Proc[], sockets: Map<number, SocketInfo>) {
  return procs.map((p) => {
    const mine = [...sockets.values()].filter((s) => s.pid === p.pid);
    return { name: p.name, kind: p.kind, postgres: mine.filter((s) => s.remotePort === 5432).length, redis: mine.filter((s) => s.remotePort === 6379).length };
  });
}
