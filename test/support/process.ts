import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** Base URL once it listens. */
  url: string;
  logs: Record<string, unknown>[];
  stderr: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/**
 * Runs the service (`src/main.ts`) or a worker (`src/worker.ts`) in a child process the way
 * `npm start` / `npm run worker` do (the compiled dist/, which vitest.config.ts builds before the
 * run), with `env` on top of a clean environment.
 */
export function runMain(
  env: Record<string, string>,
  entry = "src/main.ts",
): { child: ChildProcess; logs: Record<string, unknown>[]; stderr: () => string; exited: Promise<number | null> } {
  const launcher = { "src/main.ts": "service", "src/worker.ts": "worker", "src/cli.ts": "cli", "src/mcp.ts": "mcp" }[entry];
  if (!launcher) throw new Error(`no launcher for ${entry}`);
  const child = spawn(process.execPath, ["scripts/start.mjs", launcher], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", HOST: "127.0.0.1", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: Record<string, unknown>[] = [];
  let err = "";
  let buffer = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ raw: line });
      }
    }
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, logs, stderr: () => err, exited };
}

/** Starts the server (or a worker: entry src/worker.ts, ready line "worker ready") and waits until it is ready. */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000, entry = "src/main.ts"): Promise<ServerProcess> {
  const run = runMain(env, entry);
  const ready = entry === "src/main.ts" ? "listening" : "worker ready";
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void run.exited.then((code) => (exitCode = code ?? -1));
  while (Date.now() < deadline) {
    const line = run.logs.find((l) => l.msg === ready);
    if (line) return { ...run, url: String(line.url ?? "") };
    if (exitCode !== undefined) throw new Error(`server exited with ${exitCode}: ${run.stderr()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  run.child.kill("SIGKILL");
  throw new Error(`server did not listen within ${timeoutMs} ms: ${run.stderr()}`);
}
