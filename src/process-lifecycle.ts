import { ConfigError, loadConfig, type Config } from "./config.js";
import type { Logger } from "./infra/logger.js";

/**
 * Runs an entry point (`npm start`, `npm run worker`): parses the configuration, starts, and on a
 * start-up failure prints one line and exits 1. `start` returns its own stop procedure, which runs
 * once on SIGTERM or SIGINT before the process exits 0.
 */
export async function runProcess(
  name: string,
  start: (config: Config) => Promise<{ logger: Logger; stop: () => Promise<void> }>,
): Promise<void> {
  let started: Awaited<ReturnType<typeof start>>;
  try {
    started = await start(loadConfig());
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : `${name} start-up failed: ${error instanceof Error ? error.message : String(error)}`;
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
  const { logger, stop } = started;
  let stopping = false;
  const onSignal = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal });
    await stop();
    logger.info("stopped", { signal });
    process.exit(0);
  };
  process.on("SIGTERM", () => void onSignal("SIGTERM"));
  process.on("SIGINT", () => void onSignal("SIGINT"));
}
