/**
 * The job queue that runs generations: in this process with a concurrency bound (default), or on
 * Redis with separate workers. A job is a generation id; the handler loads and runs it.
 */
export interface JobQueue {
  enqueue(generationId: string): Promise<void>;
  /** Starts taking jobs (a process that only accepts requests never calls it). */
  start(handler: (generationId: string) => Promise<void>): void;
  /** Jobs waiting or running in this process. */
  pending(): number;
  /** Stops taking new jobs and waits (at most `timeoutMs`) for running ones. */
  close(timeoutMs?: number): Promise<void>;
}

export function createInProcessQueue(options: { concurrency: number; onError?: (error: unknown, generationId: string) => void }): JobQueue {
  const waiting: string[] = [];
  const running = new Set<Promise<void>>();
  let handler: ((generationId: string) => Promise<void>) | undefined;
  let closed = false;

  const pump = () => {
    while (handler && !closed && running.size < options.concurrency && waiting.length > 0) {
      const id = waiting.shift()!;
      const job: Promise<void> = handler(id)
        .catch((error) => options.onError?.(error, id))
        .finally(() => {
          running.delete(job);
          pump();
        });
      running.add(job);
    }
  };

  return {
    async enqueue(generationId) {
      if (closed) throw new Error("queue closed");
      waiting.push(generationId);
      // Let the caller finish what it is doing (e.g. subscribing) before the job starts.
      setImmediate(pump);
    },
    start(h) {
      handler = h;
      pump();
    },
    pending: () => waiting.length + running.size,
    async close(timeoutMs = 10_000) {
      closed = true;
      waiting.length = 0; // queued generations stay queued in the database; the next start runs them
      await Promise.race([Promise.allSettled([...running]), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
    },
  };
}
