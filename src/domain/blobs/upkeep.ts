import { moveRowBytesToStore, type MoveResult } from "./move.js";
import { releaseBlobs, sweepOrphanBlobs, type SweepDeps, type SweepOptions } from "./sweep.js";

/**
 * The blob store's upkeep in a process that runs jobs: at start, the bytes still in rows move to the store
 * (in the background: the service answers meanwhile); orphans are swept `firstSweepAfterMs` later (or after
 * `sweepEveryMs` when shorter), and again every `sweepEveryMs`.
 */
export const firstSweepAfterMs = 5 * 60_000;

export function createBlobUpkeep(deps: SweepDeps & { sweepEveryMs: number }) {
  let timer: NodeJS.Timeout | undefined;
  let firstSweep: NodeJS.Timeout | undefined;
  let controller: AbortController | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = (options?: SweepOptions) => sweepOrphanBlobs(deps, options);
  return {
    /** Removes blobs no asset names (after deletions, or a crash between a blob and its row); see sweep.ts. */
    sweepOrphanBlobs: sweep,
    /** After deletions: the bytes (and exports) of these sha256s go when no asset names them (see sweep.ts). */
    releaseBlobs: (sha256s: string[]) => releaseBlobs(deps, sha256s),
    /** Moves the bytes still in rows to the store (move.ts); start() runs it. */
    moveRowBytes: (options?: { batch?: number; signal?: AbortSignal }): Promise<MoveResult> => moveRowBytesToStore(deps, options),
    start(): void {
      controller = new AbortController();
      const { signal } = controller;
      running = moveRowBytesToStore(deps, { signal }).catch((error) => {
        if (!signal.aborted) deps.logger.error("blob upkeep failed; it runs again at the next sweep", { error });
      });
      if (deps.sweepEveryMs > 0) {
        // The first sweep a few minutes after start, not at once: it lists every blob (a stat each), which a
        // service just started under load would pay for in its first answers; orphans only take disk meanwhile.
        firstSweep = setTimeout(
          () => {
            running = running
              .then(() => sweep())
              .catch((error) => {
                if (!signal.aborted) deps.logger.error("blob sweep failed", { error });
              });
          },
          Math.min(deps.sweepEveryMs, firstSweepAfterMs),
        ).unref();
        timer = setInterval(() => {
          running = running
            .then(() => moveRowBytesToStore(deps, { signal }).then(() => sweep()))
            .catch((error) => {
              if (!signal.aborted) deps.logger.error("blob sweep failed", { error });
            });
        }, deps.sweepEveryMs).unref();
      }
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      clearTimeout(firstSweep);
      controller?.abort();
      await running.catch(() => undefined);
    },
  };
}

export type BlobUpkeep = ReturnType<typeof createBlobUpkeep>;
