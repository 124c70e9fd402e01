import { loadCatalog, type Catalog } from "./catalog.js";
import type { DriverEnvironment, DriverKind } from "./driver.js";
import { falQueueDriver } from "./fal-queue/driver.js";
import { openAiImagesDriver } from "./openai-images/driver.js";
import { closeFinishPool, configureFinishPool } from "./pipeline/finish-pool.js";
import { closeDrawPool, configureDrawPool } from "./procedural/draw-pool.js";
import { proceduralDrivers, warmKnowledge } from "./procedural/driver.js";

/** Every kind of driver a catalog entry may name. A new kind of model is one driver file and one line here. */
// biome-ignore lint/suspicious/noExplicitAny: each kind has its own options type
export const driverKinds: readonly DriverKind<any>[] = [...proceduralDrivers, openAiImagesDriver, falQueueDriver];

/** Loads the catalog the configuration names (AGENTS_FILE) or the built-in one, with every driver kind. */
export function openCatalog(
  options: { file: string | undefined; drawThreads: number; drawThreadIdleMs?: number },
  secret: (name: string) => string | undefined,
  log: DriverEnvironment["log"],
): Promise<Catalog> {
  configureDrawPool(options.drawThreads, options.drawThreadIdleMs);
  configureFinishPool(options.drawThreads, options.drawThreadIdleMs);
  return loadCatalog({ file: options.file, kinds: driverKinds, env: { secret, fetch: globalThis.fetch, log } });
}

/**
 * What the drivers may work out ahead of the first call, off the event loop: what each procedural
 * agent knows (GET /api/ai/agents `knows`). Called once the service listens; never delays readiness.
 */
export function warmDrivers(): Promise<void> {
  return warmKnowledge();
}

/** Releases what the drivers hold (the drawing and post-processing threads): on shutdown. */
export async function closeDrivers(): Promise<void> {
  await Promise.all([closeDrawPool(), closeFinishPool()]);
}
