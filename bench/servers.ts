/** Child processes of the benchmark: free ports, spawning, health waits, RSS, and stopping (always). */
import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));

export interface Child {
  name: string;
  child: ChildProcess;
  pid: number;
  port: number;
  url: string;
  /** Last ~64 KB of stdout and stderr, for error messages. */
  output(): string;
  exited: Promise<number | null>;
  exitCode(): number | null | undefined;
}

export interface StartOptions {
  name: string;
  /** Script path relative to the repository root, run as `node --import tsx <nodeArgs> <script>`. */
  script: string;
  env: Record<string, string>;
  port: number;
  nodeArgs?: string[];
  /** Raise the open-files limit of the child (through `bash -c "ulimit -n …; exec node …"`). */
  nofile?: number;
  healthPath?: string;
  timeoutMs?: number;
}

const running = new Set<Child>();

/** An unused TCP port on 127.0.0.1 (bound and released; fine on a machine we own). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Spawns a Node child and waits until `GET healthPath` answers 200. */
export async function startChild(options: StartOptions): Promise<Child> {
  // TypeScript scripts run through tsx; plain JavaScript (the service's launcher) as it is.
  const script = options.script.split(" ");
  const args = [...(script[0]!.endsWith(".ts") ? ["--import", "tsx"] : []), ...(options.nodeArgs ?? []), ...script];
  const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...options.env };
  const spawnOptions = { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] as ["ignore", "pipe", "pipe"] };
  // `exec` keeps the pid: the pid we hold is the Node process itself (for RSS and signals).
  const child = options.nofile
    ? spawn("bash", ["-c", `ulimit -n ${options.nofile} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"`, process.execPath, ...args], spawnOptions)
    : spawn(process.execPath, args, spawnOptions);
  let output = "";
  const keep = (chunk: string) => {
    output += chunk;
    if (output.length > 128_000) output = output.slice(-64_000);
  };
  child.stdout.setEncoding("utf8").on("data", keep);
  child.stderr.setEncoding("utf8").on("data", keep);
  let code: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (c, signal) => {
      code = c ?? (signal ? -1 : null);
      if (signal) keep(`\n[killed by ${signal}]\n`);
      running.delete(handle);
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${options.port}`;
  const handle: Child = {
    name: options.name,
    child,
    pid: child.pid ?? -1,
    port: options.port,
    url,
    output: () => output,
    exited,
    exitCode: () => code,
  };
  running.add(handle);
  try {
    await waitHealthy(handle, options.healthPath ?? "/healthz", options.timeoutMs ?? 90_000);
  } catch (error) {
    await stopChild(handle);
    throw error;
  }
  return handle;
}

async function waitHealthy(c: Child, path: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (c.exitCode() !== undefined) throw new Error(`${c.name} exited with ${c.exitCode()} before answering:\n${c.output().slice(-4000)}`);
    try {
      const response = await fetch(c.url + path, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${c.name} did not answer ${path} with 200 within ${timeoutMs} ms:\n${c.output().slice(-4000)}`);
}

/** SIGTERM, then SIGKILL after `graceMs`. Resolves once the child has exited. */
export async function stopChild(c: Child, graceMs = 20_000): Promise<void> {
  if (c.exitCode() !== undefined) return;
  c.child.kill("SIGTERM");
  const timer = setTimeout(() => c.child.kill("SIGKILL"), graceMs);
  await c.exited;
  clearTimeout(timer);
}

/** Stops every child still running (used by `finally` and the SIGINT handler). */
export async function stopAllChildren(graceMs = 10_000): Promise<void> {
  await Promise.all([...running].map((c) => stopChild(c, graceMs)));
}

/** Synchronous last resort (process "exit"): SIGKILL whatever is left. */
export function killAllChildrenNow(): void {
  for (const c of running) c.child.kill("SIGKILL");
}

/** VmRSS and VmHWM of a process, in KB, from /proc/<pid>/status. */
export async function memoryOf(pid: number): Promise<{ rssKb: number; hwmKb: number }> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rssKb: field("VmRSS"), hwmKb: field("VmHWM") };
}

/** CPU time (user + system) of a process so far, in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
export async function cpuTimeMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14 and 15)
}

/**
 * CPU time of a child still running, in ms: a child that exited (a crash, the OOM killer) is reported
 * as such with the end of its output, not as the ENOENT of its vanished /proc entry.
 */
export async function childCpuTimeMs(c: Child): Promise<number> {
  const exited = () => new Error(`${c.name} (pid ${c.pid}) exited with ${String(c.exitCode())} during the measurement:\n${c.output().slice(-2000)}`);
  if (c.exitCode() !== undefined) throw exited();
  try {
    return await cpuTimeMs(c.pid);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await Promise.race([c.exited, sleep(500)]); // the exit event may trail the /proc entry
    throw exited();
  }
}

/** Busy and total jiffies of the whole machine, from /proc/stat. */
export async function machineCpu(): Promise<{ busy: number; total: number }> {
  const line = (await readFile("/proc/stat", "utf8")).split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (line[3] ?? 0) + (line[4] ?? 0);
  const total = line.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}
