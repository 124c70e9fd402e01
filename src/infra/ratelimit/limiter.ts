/**
 * Fixed-window rate limiting: `limit` requests per `windowSeconds` per key. In this process by
 * default; on Redis (atomic INCR + EXPIRE) when several processes share the quota.
 */
export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (≥ 1). */
  resetSeconds: number;
}

export interface RateLimiter {
  consume(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  close(): Promise<void>;
}

export function createInProcessRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let sweeps = 0;
  return {
    async consume(key, limit, windowSeconds) {
      const t = now();
      const windowMs = windowSeconds * 1000;
      const start = Math.floor(t / windowMs) * windowMs;
      let w = windows.get(key);
      if (!w || w.start !== start) {
        w = { start, count: 0 };
        windows.set(key, w);
        if (++sweeps % 1000 === 0) for (const [k, v] of windows) if (v.start < start) windows.delete(k);
      }
      const allowed = w.count < limit;
      if (allowed) w.count++;
      return { allowed, limit, remaining: limit - w.count, resetSeconds: Math.max(1, Math.ceil((start + windowMs - t) / 1000)) };
    },
    async close() {
      windows.clear();
    },
  };
}
