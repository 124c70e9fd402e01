import { CatalogError } from "./agents/index.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { reduceMemoryWhenIdle } from "./infra/idle-memory.js";
import type { Logger } from "./infra/logger.js";

/**
 * Runs an entry point (`npm start`, `npm run worker`): parses the configuration, starts, and on a
 * start-up failure prints one line and exits 1. `start` returns its own stop procedure, which runs
 * once on SIGTERM or SIGINT before the process exits 0. While it runs, memory a busy spell grew is
 * given back once the process goes quiet (infra/idle-memory.ts).
 */
export async function runProcess(name: string, start: (config: Config) => Promise<{ logger: Logger; stop: () => Promise<void> }>): Promise<void> {
  let started: Awaited<ReturnType<typeof start>>;
  try {
    started = await start(loadConfig());
  } catch (error) {
    const message =
      error instanceof ConfigError || error instanceof CatalogError
        ? error.message
        : `${name} start-up failed: ${error instanceof Error ? error.message : String(error)}`;
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
  const { logger, stop } = started;
  const stopReducing = reduceMemoryWhenIdle({ onCollect: (ms) => logger.debug("idle: memory given back", { ms: Math.round(ms), ...memoryNow() }) });
  let stopping = false;
  const onSignal = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal });
    stopReducing();
    await stop();
    logger.info("stopped", { signal });
    process.exit(0);
  };
  process.on("SIGTERM", () => void onSignal("SIGTERM"));
  process.on("SIGINT", () => void onSignal("SIGINT"));
}

/** Resident memory and V8 heap now, in MB (logged once a process is ready). */
export function memoryNow(): { rssMb: number; heapMb: number } {
  const { rss, heapUsed } = process.memoryUsage();
  return { rssMb: Math.round(rss / 1048576), heapMb: Math.round(heapUsed / 1048576) };
}
