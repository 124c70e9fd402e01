import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * PGlite is a single-process database: two processes on one folder corrupt it. The lock file
 * (`<DATA_DIR>/pglite.lock`) holds the owner's pid; a lock left by a dead process is taken over.
 */
export const lockFileOf = (dataDir: string) => join(dataDir, "pglite.lock");

/** The pid of another live process holding `lockFile`, else undefined. */
export async function lockHolder(lockFile: string): Promise<number | undefined> {
  const existing = await readFile(lockFile, "utf8").catch(() => undefined);
  const pid = existing ? Number.parseInt(existing, 10) : Number.NaN;
  return Number.isInteger(pid) && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

export async function takeLock(lockFile: string): Promise<void> {
  const pid = await lockHolder(lockFile);
  if (pid !== undefined) {
    throw new Error(
      `The data folder ${join(lockFile, "..")} is in use by process ${pid}. The embedded database allows one process; set DATABASE_URL to run several.`,
    );
  }
  await writeFile(lockFile, String(process.pid));
}

/** Whether process `pid` exists (EPERM: it does, as another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
