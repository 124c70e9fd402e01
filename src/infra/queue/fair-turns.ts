/**
 * Fair turns between accounts: the order in which queued jobs start (start-time fair queueing by
 * account, every job costing one turn).
 *
 * Each queued job gets a turn number: its account's next turn, which is one after the turn of the
 * account's previous job, and never earlier than the turn after the one being served (the turn of
 * the job started last). Jobs start in the order of their turns, and within a turn in the order
 * they were queued. Hence:
 * - A job whose account had k jobs waiting when it was queued is overtaken by at most k jobs of
 *   each other account queued after it (none when k = 0): its turn is at most k + 1 after the one
 *   being served, and any other account's later jobs take distinct turns after that one.
 * - A turn holds at most one job of each account, and takes in new jobs only until it starts being
 *   served (a new account joins the next turn, never the current one): a steady stream of new
 *   accounts cannot hold back a waiting job forever.
 *
 * The same rule runs on Redis for BullMQ (bullmq-turns.ts); this is the in-process one.
 */
export class FairTurns<T> {
  /** The turn being served: the turn of the job started last (0 before any). */
  #serving = 0;
  /** Each account's next turn; an account absent (or at most `#serving + 1`) takes `#serving + 1`. */
  readonly #next = new Map<string, number>();
  /** Waiting jobs in start order: by turn, then by arrival (`seq`). */
  readonly #waiting: Entry<T>[] = [];
  #seq = 0;
  /** `#next` is swept of entries that mean nothing (≤ serving + 1) when it grows past this. */
  #sweepAt = 1024;

  /** Jobs waiting. */
  get size(): number {
    return this.#waiting.length;
  }

  /** The turn being served (the turn of the job started last). */
  get serving(): number {
    return this.#serving;
  }

  /** Accounts whose next turn is remembered (those not seen lately are forgotten in sweeps). */
  get tracked(): number {
    return this.#next.size;
  }

  /** Queues `item` as `account`'s next turn, which it returns. */
  push(account: string, item: T): number {
    const turn = this.#take(account);
    this.#insert({ turn, seq: this.#seq++, account, item });
    return turn;
  }

  /** Takes the next job to start (its turn is now the one being served), or undefined. */
  shift(): T | undefined {
    const entry = this.#waiting.shift();
    if (!entry) return undefined;
    this.#serving = entry.turn; // never lower: every waiting turn is at least the one being served
    return entry.item;
  }

  /**
   * A job of `account` starts without waiting (nothing waits, so it overtakes nobody): it takes the
   * account's next turn, which is then the one being served. Returns that turn.
   */
  startNow(account: string): number {
    if (this.#waiting.length > 0) throw new Error("a job waits: start it first");
    const turn = this.#take(account);
    this.#serving = turn;
    return turn;
  }

  /**
   * Forgets the waiting jobs `matches` picks; returns how many. Their accounts' jobs still waiting
   * close up the turns they leave (as if the forgotten ones had never been queued): the first keeps
   * the account's earliest waiting turn, the others follow one turn apart.
   */
  remove(matches: (item: T) => boolean): number {
    /** Account → its earliest waiting turn, for the accounts that lose a job. */
    const touched = new Map<string, number>();
    let removed = 0;
    for (let i = this.#waiting.length - 1; i >= 0; i--) {
      const entry = this.#waiting[i]!;
      if (!matches(entry.item)) continue;
      this.#waiting.splice(i, 1);
      touched.set(entry.account, Math.min(entry.turn, touched.get(entry.account) ?? Infinity));
      removed++;
    }
    for (const [account, earliest] of touched) {
      const own: Entry<T>[] = [];
      for (let i = this.#waiting.length - 1; i >= 0; i--) {
        if (this.#waiting[i]!.account === account) own.unshift(...this.#waiting.splice(i, 1));
      }
      let turn = Math.min(earliest, own[0]?.turn ?? Infinity);
      for (const entry of own) this.#insert({ ...entry, turn: turn++ });
      if (own.length === 0) this.#next.delete(account);
      else this.#next.set(account, turn);
    }
    return removed;
  }

  /** Forgets every waiting job (the turns already taken stand). */
  clear(): void {
    this.#waiting.length = 0;
  }

  /** Into its place: after every job of an earlier turn, or of the same turn queued before it. */
  #insert(entry: Entry<T>): void {
    let lo = 0;
    let hi = this.#waiting.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = this.#waiting[mid]!;
      if (other.turn < entry.turn || (other.turn === entry.turn && other.seq < entry.seq)) lo = mid + 1;
      else hi = mid;
    }
    this.#waiting.splice(lo, 0, entry);
  }

  #take(account: string): number {
    const turn = Math.max(this.#serving + 1, this.#next.get(account) ?? 0);
    this.#next.set(account, turn + 1);
    if (this.#next.size > this.#sweepAt) {
      // An account whose next turn is at most serving + 1 is like one never seen.
      for (const [key, next] of this.#next) if (next <= this.#serving + 1) this.#next.delete(key);
      this.#sweepAt = Math.max(1024, 2 * this.#next.size);
    }
    return turn;
  }
}

interface Entry<T> {
  turn: number;
  /** Arrival order. */
  seq: number;
  account: string;
  item: T;
}
