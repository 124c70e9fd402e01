/**
 * Calls `fn` once when `signal` aborts; returns a function that forgets it. Many waits share one
 * signal (the server's shutdown signal, held by every one-shot call and stream): they share ONE
 * listener on it, so a thousand concurrent waits add one listener, not a thousand, and a wait that
 * ends leaves nothing behind.
 */
const waiting = new WeakMap<AbortSignal, Set<() => void>>();

export function onAbort(signal: AbortSignal | undefined, fn: () => void): () => void {
  if (!signal) return () => undefined;
  if (signal.aborted) {
    queueMicrotask(fn);
    return () => undefined;
  }
  let set = waiting.get(signal);
  if (!set) {
    const callbacks = new Set<() => void>();
    set = callbacks;
    waiting.set(signal, callbacks);
    signal.addEventListener(
      "abort",
      () => {
        waiting.delete(signal);
        for (const callback of [...callbacks]) callback();
        callbacks.clear();
      },
      { once: true },
    );
  }
  const entry = () => fn();
  set.add(entry);
  return () => void set.delete(entry);
}

/** How many callbacks wait on `signal` (tests). */
export function waitingOn(signal: AbortSignal): number {
  return waiting.get(signal)?.size ?? 0;
}
