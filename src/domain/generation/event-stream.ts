import { terminalEventTypes } from "../../contract/schemas/generation.js";
import type { GenerationEventMessage } from "../../infra/events/bus.js";
import { onAbort } from "../abort.js";

/** A generation's events heard on the bus, waiting for a stream to read them (`listen`). */
export interface Listening {
  pending: GenerationEventMessage[];
  /** Set by the stream while it waits for an event. */
  wake?: () => void;
  ready: Promise<boolean>;
  /** True once the bus subscribed, even after `ready` gave up waiting (a stream then stops polling). */
  subscribed?: boolean;
  close(): void;
}

/** What a stream reads: the bus (through `listen`) and the stored events. */
export interface EventStreamSource {
  listen(id: string): Listening;
  eventsAfter(id: string, after: number): Promise<GenerationEventMessage[]>;
  /**
   * Only with a bus that can drop a publish (across processes): the process's shared check for
   * quiet streams (heal.ts), which wakes a waiting stream once the database is ahead of it.
   * Without it, a stream on a subscribed bus waits for the bus alone.
   */
  watch?: (generationId: string, last: () => number, wake: () => void) => () => void;
}

/** A lease the stream holds while open: refreshed every `refreshMs`, released exactly once when it ends. */
export interface StreamLease {
  refresh(): Promise<void>;
  release(): Promise<void>;
  refreshMs: number;
}

export interface EventStreamOptions {
  /** Ends the stream before it waits again (events already read are still delivered), as the end of a one-shot wait. */
  signal?: AbortSignal;
  /** A listening begun before the generation existed: every event is then live, the stored ones are read only to heal a gap. */
  early?: Listening;
  lease?: StreamLease;
}

const done: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * A generation's events after `after`: the stored ones first, then live ones, ending with the
 * terminal event (or when `signal` aborts). It listens before it reads, so nothing falls in
 * between; order is the sequence number, whatever order the bus delivers in. If the bus does not
 * answer (Redis down), it reads the database every second; a gap in the live sequence, or across
 * processes a quiet spell, is healed from the database, so a missed publish loses nothing (a quiet
 * spell through the source's shared check, heal.ts, when it has one: one read for all streams).
 *
 * One object per open stream (no generator, wrapper or AbortController): ten thousand client
 * streams in one process hold a few KB each. Ending it (`return()`) takes effect at once, even
 * while it waits for an event: the pending `next()` ends, the bus subscription closes and the lease
 * is released — a client that goes away frees everything immediately.
 */
export class GenerationEventStream implements AsyncGenerator<GenerationEventMessage, undefined> {
  #last: number;
  /** Read, in order, not yet delivered. */
  #queue: GenerationEventMessage[] = [];
  #listening: Listening | undefined;
  /** The bus had not subscribed in time: the stream reads the database every second until it has. */
  #polling = false;
  #ended = false;
  /** Set while waiting for the bus: wakes the wait. */
  #wake: (() => void) | undefined;
  #stopWatching: (() => void) | undefined;
  #leaseTimer: NodeJS.Timeout | undefined;
  #released: Promise<void> | undefined;

  constructor(
    private readonly source: EventStreamSource,
    readonly generationId: string,
    after: number,
    private readonly options: EventStreamOptions = {},
  ) {
    this.#last = after;
    const { signal, lease } = options;
    if (signal) this.#stopWatching = onAbort(signal, () => this.#wake?.());
    if (lease) {
      this.#leaseTimer = setInterval(() => void lease.refresh().catch(() => undefined), lease.refreshMs);
      this.#leaseTimer.unref();
    }
  }

  async next(): Promise<IteratorResult<GenerationEventMessage, undefined>> {
    try {
      for (;;) {
        if (this.#ended) return done;
        const message = this.#queue.shift();
        if (message) {
          // The terminal event is the last one: everything is let go as it is delivered.
          if (terminalEventTypes.has(message.type)) await this.#end();
          return { done: false, value: message };
        }
        if (this.#listening && this.options.signal?.aborted) {
          await this.#end();
          return done;
        }
        await this.#read();
      }
    } catch (error) {
      await this.#end();
      throw error;
    }
  }

  async return(): Promise<IteratorResult<GenerationEventMessage, undefined>> {
    await this.#end();
    return done;
  }

  async throw(error: unknown): Promise<IteratorResult<GenerationEventMessage, undefined>> {
    await this.#end();
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.#end();
  }

  /** Fills the queue: first the subscription and the stored events, then whatever the bus brings (healed). */
  async #read(): Promise<void> {
    const { source, generationId: id } = this;
    if (!this.#listening) {
      const { early } = this.options;
      const listening = (this.#listening = early ?? source.listen(id));
      const ready = await listening.ready;
      this.#polling = !ready;
      if (this.#ended) return;
      const stored = early && ready ? [] : await source.eventsAfter(id, this.#last);
      if (!this.#ended) this.#take(stored);
      return;
    }
    const listening = this.#listening;
    const { pending } = listening;
    // The bus subscribed late (after `ready` gave up): stop polling, and read the database once
    // more, for whatever was published before the subscription.
    const subscribedLate = this.#polling && listening.subscribed === true;
    if (subscribedLate) this.#polling = false;
    else if (pending.length === 0) {
      let poll: NodeJS.Timeout | undefined;
      let unwatch: (() => void) | undefined;
      await new Promise<void>((resolve) => {
        this.#wake = listening.wake = resolve;
        if (this.#polling) poll = setTimeout(resolve, 1_000);
        else unwatch = source.watch?.(id, () => this.#last, resolve);
      });
      clearTimeout(poll);
      unwatch?.();
      this.#wake = listening.wake = undefined;
      if (this.#ended || this.options.signal?.aborted) return;
    }
    const batch = pending.splice(0);
    const contiguous = !subscribedLate && batch.length > 0 && Math.min(...batch.map((m) => m.seq)) <= this.#last + 1;
    const messages = contiguous ? batch : [...batch, ...(await source.eventsAfter(id, this.#last))];
    if (!this.#ended) this.#take(messages);
  }

  /** Queues the messages after the last one taken, in sequence order, up to a terminal event. */
  #take(messages: GenerationEventMessage[]): void {
    for (const m of messages.sort((a, b) => a.seq - b.seq)) {
      if (m.seq <= this.#last) continue;
      this.#last = m.seq;
      this.#queue.push(m);
      if (terminalEventTypes.has(m.type)) return;
    }
  }

  /** Ends the stream once: wakes a pending wait, closes the subscription, releases the lease. */
  #end(): Promise<void> {
    if (!this.#ended) {
      this.#ended = true;
      this.#queue = [];
      this.#wake?.();
      this.#stopWatching?.();
      this.#listening?.close();
      // A listening begun early is closed here too: the stream owns it once it has it.
      if (!this.#listening) this.options.early?.close();
      clearInterval(this.#leaseTimer);
      // A lease that cannot be released lapses by itself.
      this.#released = this.options.lease?.release().catch(() => undefined);
    }
    return this.#released ?? Promise.resolve();
  }
}
