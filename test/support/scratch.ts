import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import type { ServerProcess } from "./process.js";

/**
 * What one test file makes and must not leave behind: temporary folders (removed after the file)
 * and server processes (pushed on `servers`: stopped with SIGTERM after the file, before the folders go).
 */
export function scratch(): { tempDir(name: string): Promise<string>; servers: ServerProcess[] } {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });
  return {
    async tempDir(name) {
      const dir = await mkdtemp(join(tmpdir(), `ags-${name}-`));
      dirs.push(dir);
      return dir;
    },
    servers,
  };
}
