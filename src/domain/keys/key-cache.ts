/**
 * What a key's lookup found (its row and its user's), kept per process so that a call with an API
 * key does not have to ask the database who it is (one round trip of three on the generate path).
 *
 * It is correct only while something tells it of every change: `live` is true only while this
 * process listens to the database's `auth_changed` notifications (migration `auth_notify`: a
 * revocation, an expiry, a role change or a deleted user, from this process, another one or the
 * command line). Losing the listening connection clears it and turns it off until it listens again;
 * each notification clears it. So a revoked key is refused once the notification has arrived:
 * within a round trip of the revoking commit, as a call that started a moment earlier would have
 * passed anyway. Entries also expire after `ttlMs`, and unknown keys are never kept (a caller
 * trying random keys cannot fill it).
 *
 * A lookup that raced with a change must not put back what it read before the change: `begin()`
 * gives the lookup a token, and `put` keeps its row only if nothing cleared the cache since.
 */
export interface KeyCache<Row> {
  /** The cached row of this key hash, or undefined (not cached, expired, or not live). */
  get(hash: string): Row | undefined;
  /** A token for a lookup about to be made (see `put`). */
  begin(): number;
  /** Keeps what a lookup started at `token` found, unless the cache was cleared since. */
  put(hash: string, row: Row, token: number): void;
  /** Forgets everything (a change was notified, or made in this process). */
  clear(): void;
  /** Listening (true) or not (false: cleared, and nothing is kept until it is true again). */
  setLive(live: boolean): void;
  readonly size: number;
}

export interface KeyCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
  /** Called on the first `get`: starts listening (a process that never sees a key, a worker or the command line, never opens that connection). */
  onFirstUse?: () => void;
}

export function createKeyCache<Row>(options: KeyCacheOptions): KeyCache<Row> {
  const { ttlMs, maxEntries = 10_000, now = Date.now } = options;
  let firstUse = options.onFirstUse;
  const entries = new Map<string, { row: Row; until: number }>();
  let epoch = 0;
  let live = false;
  const clear = () => {
    epoch++;
    entries.clear();
  };
  return {
    get(hash) {
      if (firstUse) {
        const start = firstUse;
        firstUse = undefined;
        start();
      }
      if (!live) return undefined;
      const entry = entries.get(hash);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(hash);
        return undefined;
      }
      return entry.row;
    },
    begin: () => epoch,
    put(hash, row, token) {
      if (!live || token !== epoch || ttlMs <= 0) return;
      // The oldest entry goes first (Map keeps insertion order); a re-put moves a key to the end.
      entries.delete(hash);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(hash, { row, until: now() + ttlMs });
    },
    clear,
    setLive(next) {
      clear();
      live = next;
    },
    get size() {
      return entries.size;
    },
  };
}
