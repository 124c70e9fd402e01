/**
 * Slots: at most `limit` holders of a key at once (open event streams per account). A holder that
 * vanishes without releasing (its process died) frees its slot when its lease lapses; live
 * holders refresh their lease. In this process (default) or on Redis (shared by every process).
 */
export interface Slots {
  /** Takes a slot of `key` for `holder` for `leaseMs`; false when `limit` holders have one. */
  acquire(key: string, holder: string, limit: number, leaseMs: number): Promise<boolean>;
  /** Extends a held slot's lease. */
  refresh(key: string, holder: string, leaseMs: number): Promise<void>;
  release(key: string, holder: string): Promise<void>;
  /** Holders of `key` now (tests, metrics). */
  count(key: string): Promise<number>;
  close(): Promise<void>;
}

export function createInProcessSlots(now: () => number = Date.now): Slots {
  const keys = new Map<string, Map<string, number>>();
  const live = (key: string) => {
    const holders = keys.get(key);
    if (!holders) return undefined;
    const t = now();
    for (const [holder, until] of holders) if (until <= t) holders.delete(holder);
    if (holders.size === 0) keys.delete(key);
    return holders.size === 0 ? undefined : holders;
  };
  return {
    async acquire(key, holder, limit, leaseMs) {
      const holders = live(key) ?? new Map<string, number>();
      if (!holders.has(holder) && holders.size >= limit) return false;
      holders.set(holder, now() + leaseMs);
      keys.set(key, holders);
      return true;
    },
    async refresh(key, holder, leaseMs) {
      const holders = live(key);
      if (holders?.has(holder)) holders.set(holder, now() + leaseMs);
    },
    async release(key, holder) {
      const holders = keys.get(key);
      holders?.delete(holder);
      if (holders?.size === 0) keys.delete(key);
    },
    async count(key) {
      return live(key)?.size ?? 0;
    },
    async close() {
      keys.clear();
    },
  };
}
