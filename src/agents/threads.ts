import { Piscina } from "piscina";

/**
 * A pool of worker threads running the module `name` beside `importMetaUrl` (the caller's
 * `import.meta.url`): its `.ts` source under tsx (development and tests), its compiled `.js`
 * otherwise. Threads start on demand (none at rest) and stop after `idleTimeoutMs` idle.
 */
export function threadPool(importMetaUrl: string, name: string, maxThreads: number, idleTimeoutMs: number): Piscina {
  const source = importMetaUrl.endsWith(".ts");
  return new Piscina({
    filename: new URL(`./${name}${source ? ".ts" : ".js"}`, importMetaUrl).href,
    minThreads: 0,
    maxThreads,
    idleTimeout: idleTimeoutMs,
    execArgv: source ? ["--import", "tsx"] : [],
  });
}
