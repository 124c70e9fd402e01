import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { describeOn } from "../support/needs.js";

/**
 * `npm start` as a person runs it: a signal sent to npm (Ctrl-C in a terminal, SIGTERM from a
 * process manager) reaches the service, which stops gracefully, frees its port and the embedded
 * database's lock, and exits.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describeOn("pglite", "npm start and signals", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "%s sent to npm stops the service: port and data folder freed",
    async (signal) => {
      const dataDir = await mkdtemp(join(tmpdir(), "ags-signal-"));
      dirs.push(dataDir);
      const npm = spawn("npm", ["start", "--silent"], {
        cwd: root,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "info" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
      let out = "";
      npm.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
      const deadline = Date.now() + 60_000;
      let listening: { url: string; pid: number } | undefined;
      while (!listening && Date.now() < deadline) {
        const line = out.split("\n").find((l) => l.includes('"msg":"listening"'));
        if (line) listening = JSON.parse(line) as { url: string; pid: number };
        else await new Promise((r) => setTimeout(r, 50));
      }
      if (!listening) throw new Error(`npm start did not listen: ${out}`);
      expect(listening.pid).not.toBe(npm.pid); // npm runs the service as its child
      expect((await fetch(`${listening.url}/healthz`)).status).toBe(200);

      npm.kill(signal);
      await exited;
      for (let i = 0; i < 100 && alive(listening.pid); i++) await new Promise((r) => setTimeout(r, 50));
      expect(alive(listening.pid)).toBe(false);
      expect(out).toContain('"msg":"stopped"');
      await expect(fetch(`${listening.url}/healthz`)).rejects.toThrow();
    },
    90_000,
  );
});
