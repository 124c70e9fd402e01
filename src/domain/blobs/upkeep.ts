import { moveRowBytesToStore, type MoveResult } from "./move.js";
import { sweepOrphanBlobs, type SweepDeps, type SweepOptions } from "./sweep.js";

/**
 * The blob store's upkeep in a process that runs jobs: at start, the bytes still in rows move to the store
 * (in the background: the service answers meanwhile), then orphans are swept, and again every `sweepEveryMs`.
 */
export function createBlobUpkeep(deps: SweepDeps & { sweepEveryMs: number }) {
  let timer: NodeJS.Timeout | undefined;
  let controller: AbortController | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = (options?: SweepOptions) => sweepOrphanBlobs(deps, options);
  return {
    /** Removes blobs no asset names (after deletions, or a crash between a blob and its row); see sweep.ts. */
    sweepOrphanBlobs: sweep,
    /** Moves the bytes still in rows to the store (move.ts); start() runs it. */
    moveRowBytes: (options?: { batch?: number; signal?: AbortSignal }): Promise<MoveResult> => moveRowBytesToStore(deps, options),
    start(): void {
      controller = new AbortController();
      const { signal } = controller;
      running = moveRowBytesToStore(deps, { signal })
        .then(() => sweep())
        .catch((error) => {
          if (!signal.aborted) deps.logger.error("blob upkeep failed; it runs again at the next sweep", { error });
        });
      if (deps.sweepEveryMs > 0) {
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
      controller?.abort();
      await running.catch(() => undefined);
    },
  };
}

export type BlobUpkeep = ReturnType<typeof createBlobUpkeep>;
