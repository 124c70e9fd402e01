import { randomUUID } from "node:crypto";
import { AppError, isErrorCode } from "../../contract/errors.js";
import { terminalEventTypes, type GenerationView } from "../../contract/schemas/generation.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { EventBus, GenerationEventMessage } from "../../infra/events/bus.js";
import type { Slots } from "../../infra/ratelimit/slots.js";
import { onAbort } from "../abort.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import { GenerationEventStream, type EventStreamSource, type Listening } from "./event-stream.js";
import { createHealer } from "./heal.js";
import type { GenerationStore } from "./store.js";
import { generationView } from "./view.js";

/** What `listen` returns (defined beside the stream that reads it); submit.ts takes it from here. */
export type { Listening } from "./event-stream.js";

export interface EventsDeps {
  prisma: PrismaClient;
  store: GenerationStore;
  bus: EventBus;
  /**
   * How often an idle stream re-reads the database in case a publish was missed: only a bus that
   * crosses processes (Redis) can drop one. Undefined: never (the in-process bus loses nothing).
   */
  healEveryMs?: number;
  /** Open streams per account, across processes. */
  slots: Slots;
  maxStreamsPerAccount: number;
}

/** A stream's slot lease: refreshed while it is open, so a dead process's streams free their slots in a minute. */
const streamLeaseMs = 60_000;

/** The error a `generation.failed` event carries (the contract's error object, without requestId). */
export interface FailedEventError {
  code: string;
  message: string;
  retryable?: boolean;
  param?: string;
  details?: Record<string, unknown>;
}

export interface Ending {
  generation: GenerationView;
  /** The `generation.failed` event's error, when it failed (or was canceled). */
  error?: FailedEventError;
}

/** How long a stream waits for the bus to subscribe before it relies on reading the database. */
const subscribeTimeoutMs = 2_000;

/**
 * A generation's events: the one source of `Subscription.generationEvents` and of the REST
 * streams (`/api/ai/stream`, `/api/v1/generations/:id/events`), and the one-shot calls' wait.
 */
export function createGenerationEvents({ prisma, store, bus, healEveryMs, slots, maxStreamsPerAccount }: EventsDeps) {
  const notFound = () => new AppError("not_found", "No such generation.");

  async function assertOwner(accountId: string, id: string): Promise<void> {
    const found = await prisma.generation.findFirst({ where: { id, accountId }, select: { id: true } });
    if (!found) throw notFound();
  }

  async function current(accountId: string, id: string, withB64 = true): Promise<GenerationView> {
    const found = await store.read(accountId, id, withB64);
    if (!found) throw notFound();
    return generationView(found.record, found.assets, found.balance, withB64);
  }

  /**
   * Listens to a generation's events on the bus from now on (buffered until a stream reads them).
   * `ready`: whether the bus subscribed (false after `subscribeTimeoutMs` or on an error).
   */
  function listen(id: string): Listening {
    const listening: Listening = { pending: [], ready: Promise.resolve(false), close: () => undefined };
    let unsubscribe: (() => void) | undefined;
    let closed = false;
    const subscribed = bus.subscribe(id, (message) => {
      listening.pending.push(message);
      listening.wake?.();
    });
    subscribed.then(
      (off) => {
        if (closed) return off();
        unsubscribe = off;
        listening.subscribed = true;
      },
      () => undefined,
    );
    let timer: NodeJS.Timeout | undefined;
    listening.ready = Promise.race([
      subscribed.then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), subscribeTimeoutMs))),
    ]).finally(() => {
      clearTimeout(timer);
      timer = undefined; // not kept alive with the listening
    });
    listening.close = () => {
      closed = true;
      unsubscribe?.();
    };
    return listening;
  }

  // Across processes, idle streams are healed by one read per interval for all of them (heal.ts).
  const healer = healEveryMs === undefined ? undefined : createHealer(healEveryMs, (ids) => store.lastSeqs(ids));
  const source: EventStreamSource = { listen, eventsAfter: (id, after) => store.eventsAfter(id, after), ...(healer ? { watch: healer.watch } : {}) };

  /**
   * The events after `after` (GenerationEventStream): the stored ones first, then live ones,
   * ending with the terminal event (or when `signal` aborts). `early`: a listening begun before
   * the generation was created (the one-shot wait); the stream closes it.
   */
  function stream(id: string, after = 0, signal?: AbortSignal, early?: Listening): AsyncGenerator<GenerationEventMessage, undefined> {
    return new GenerationEventStream(source, id, after, { ...(signal ? { signal } : {}), ...(early ? { early } : {}) });
  }

  return {
    assertOwner,
    current,
    stream,
    listen,
    /** `events` holding a stream slot's lease until the iteration ends (a graphql-sse stream opened by its token). */
    leased,

    /**
     * Takes one of the account's `maxStreamsPerAccount` stream slots for `holder` (429 beyond),
     * leased: refreshed while held, lapsing a minute after a dead process stopped refreshing it.
     * Returns the release (idempotent).
     */
    async holdStreamSlot(accountId: string, holder: string): Promise<{ release(): Promise<void>; refresh(): Promise<void> }> {
      const key = `streams:${accountId}`;
      if (!(await slots.acquire(key, holder, maxStreamsPerAccount, streamLeaseMs))) {
        throw new AppError(
          "rate_limited",
          `This account has ${maxStreamsPerAccount} event streams open (at most ${maxStreamsPerAccount}). Close one, then retry.`,
          {
            headers: { "retry-after": "5" },
            details: { limit: maxStreamsPerAccount, retryAfterSeconds: 5 },
          },
        );
      }
      return { release: () => slots.release(key, holder), refresh: () => slots.refresh(key, holder, streamLeaseMs) };
    },

    /**
     * The subscription source of every client stream (REST SSE, the GraphQL subscription): the
     * viewer's generation's events (404 before any event if it is not theirs), holding one of the
     * account's stream slots until the stream ends — which it does as soon as its client goes away.
     */
    async open(
      viewer: AuthenticatedViewer,
      id: string,
      after = 0,
      options: { checkOwner?: boolean } = {},
    ): Promise<AsyncGenerator<GenerationEventMessage, undefined>> {
      if (options.checkOwner !== false) await assertOwner(viewer.user.accountId, id);
      const slot = await this.holdStreamSlot(viewer.user.accountId, `${id}:${randomUUID()}`);
      // Ending the stream ends its wait at once (it may be waiting for an event that never comes) and releases the slot.
      return new GenerationEventStream(source, id, Math.max(0, after), { lease: { ...slot, refreshMs: streamLeaseMs / 2 } });
    },

    /**
     * Resolves when the account's generation `id` is over, or `timeoutMs` passed, or `stop` fired,
     * with where it stands. A success is answered from the `generation.completed` event itself,
     * which carries the whole generation. Leaves no listener behind on `stop`.
     */
    async waitForEnd(accountId: string, id: string, timeoutMs: number, stop?: AbortSignal, early?: Listening): Promise<Ending> {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      const stopListening = onAbort(stop, () => controller.abort());
      let error: FailedEventError | undefined;
      try {
        for await (const m of stream(id, 0, controller.signal, early)) {
          if (m.type === "generation.completed") return { generation: m.data as unknown as GenerationView };
          if (m.type === "generation.failed") error = m.data.error as FailedEventError;
          if (terminalEventTypes.has(m.type)) break;
        }
      } finally {
        clearTimeout(timer);
        stopListening();
      }
      return { generation: await current(accountId, id), ...(error ? { error } : {}) };
    },

    /** The caller's error for a generation that failed while a one-shot call waited: its event's error, with the refund. */
    failureOf(ending: Ending): AppError {
      const g = ending.generation;
      const source = ending.error ?? { code: g.error?.code ?? "generator_unavailable", message: g.error?.message ?? "The generation failed." };
      const code = isErrorCode(source.code) ? source.code : "generator_unavailable";
      return new AppError(code, source.message, {
        ...(source.param === undefined ? {} : { param: source.param }),
        retryable: source.retryable ?? code === "generator_unavailable",
        details: { ...source.details, generationId: g.id, refunded: g.credits.refunded, balance: g.credits.balance },
        ...(typeof source.details?.retryAfterSeconds === "number" ? { headers: { "retry-after": String(source.details.retryAfterSeconds) } } : {}),
      });
    },
  };
}

export type GenerationEvents = ReturnType<typeof createGenerationEvents>;

/**
 * `events`, holding a lease: refreshed every half lease, released exactly once when the iteration
 * ends, fails, or is ended — even before its first value (a generator's `finally` would not run
 * then, and a client that leaves at once would keep its slot until the lease lapsed).
 */
export function leased<T>(events: AsyncGenerator<T>, lease: { refresh(): Promise<void>; release(): Promise<void> }): AsyncGenerator<T> {
  const timer = setInterval(() => void lease.refresh().catch(() => undefined), streamLeaseMs / 2);
  timer.unref();
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    clearInterval(timer);
    await lease.release().catch(() => undefined); // a lease that cannot be released lapses by itself
  };
  const settle = async <R extends IteratorResult<T>>(step: Promise<R>): Promise<R> => {
    try {
      const result = await step;
      if (result.done) await release();
      return result;
    } catch (error) {
      await release();
      throw error;
    }
  };
  const iterator: AsyncGenerator<T> = {
    next: () => settle(events.next()),
    return: async (value) => {
      await release();
      return events.return(value);
    },
    throw: (error) => settle(events.throw(error)),
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
