import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** `npm run cli -- …` as an operator runs it: its own process (the compiled dist/, as `npm run cli`), `env` on a clean environment. */
export function runCli(args: string[], env: Record<string, string>, stdin = ""): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/start.mjs", "cli", ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.stdin.end(stdin);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
