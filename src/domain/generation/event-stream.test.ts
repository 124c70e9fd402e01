import { describe, expect, it } from "vitest";
import type { GenerationEventMessage } from "../../infra/events/bus.js";
import { GenerationEventStream, type EventStreamSource, type Listening } from "./event-stream.js";
import { createHealer } from "./heal.js";

const event = (seq: number, type = "generation.progress"): GenerationEventMessage => ({ generationId: "gen_1", seq, type, data: { seq } });

/** A bus and a store in memory: `publish` reaches the open listenings, `stored` is what the database has. */
function fakeSource(stored: GenerationEventMessage[] = [], healEveryMs?: number) {
  const listenings = new Set<Listening>();
  let reads = 0;
  // A bus that may drop publishes: the shared check (heal.ts), reading the store's last sequence numbers.
  const healer =
    healEveryMs === undefined
      ? undefined
      : createHealer(healEveryMs, async (ids) => new Map(ids.map((id) => [id, Math.max(0, ...stored.filter((m) => m.generationId === id).map((m) => m.seq))])));
  const source: EventStreamSource = {
    ...(healer ? { watch: healer.watch } : {}),
    listen() {
      const listening: Listening = {
        pending: [],
        ready: Promise.resolve(true),
        close: () => void listenings.delete(listening),
      };
      listenings.add(listening);
      return listening;
    },
    async eventsAfter(_id, after) {
      reads++;
      return stored.filter((m) => m.seq > after);
    },
  };
  const publish = (m: GenerationEventMessage) => {
    stored.push(m);
    for (const l of listenings) {
      l.pending.push(m);
      l.wake?.();
    }
  };
  return { source, publish, listenings, reads: () => reads, stored };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("GenerationEventStream", () => {
  it("replays the stored events, then live ones in sequence order, and ends with the terminal event, letting everything go", async () => {
    const fake = fakeSource([event(1, "generation.queued"), event(2, "generation.started")]);
    let released = 0;
    const stream = new GenerationEventStream(fake.source, "gen_1", 0, {
      lease: { refresh: async () => undefined, release: async () => void released++, refreshMs: 60_000 },
    });
    expect((await stream.next()).value?.seq).toBe(1);
    expect((await stream.next()).value?.seq).toBe(2);
    const third = stream.next();
    await tick();
    // Out of order on the bus: 4 arrives before 3 (a gap, healed from the store, which has both).
    fake.stored.push(event(3));
    fake.publish(event(4, "generation.completed"));
    expect((await third).value?.seq).toBe(3);
    const last = await stream.next();
    expect(last.value?.type).toBe("generation.completed");
    expect(released).toBe(1);
    expect(fake.listenings.size).toBe(0);
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    expect(released).toBe(1);
  });

  it("starts after `after`, skips duplicates, and return() while it waits ends the pending next() at once, releasing once", async () => {
    const fake = fakeSource([event(1), event(2), event(3)]);
    let released = 0;
    const stream = new GenerationEventStream(fake.source, "gen_1", 2, {
      lease: { refresh: async () => undefined, release: async () => void released++, refreshMs: 60_000 },
    });
    expect((await stream.next()).value?.seq).toBe(3);
    const waiting = stream.next();
    await tick();
    fake.publish(event(3)); // a duplicate: not delivered again
    await tick();
    expect(fake.listenings.size).toBe(1);
    await stream.return();
    expect(await waiting).toEqual({ done: true, value: undefined });
    expect(released).toBe(1);
    expect(fake.listenings.size).toBe(0);
    await stream.return();
    expect(released).toBe(1);
  });

  it("heals a quiet spell from the store when the bus may drop publishes (the shared check)", async () => {
    const fake = fakeSource([event(1)], 20);
    const stream = new GenerationEventStream(fake.source, "gen_1", 0);
    expect((await stream.next()).value?.seq).toBe(1);
    fake.stored.push(event(2, "generation.failed")); // stored, never published
    expect((await stream.next()).value?.seq).toBe(2);
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    expect(fake.reads()).toBeGreaterThanOrEqual(2);
  });

  it("with a signal: delivers what it read, then ends instead of waiting again once the signal aborts", async () => {
    const fake = fakeSource([event(1), event(2)]);
    const controller = new AbortController();
    const stream = new GenerationEventStream(fake.source, "gen_1", 0, { signal: controller.signal });
    expect((await stream.next()).value?.seq).toBe(1);
    controller.abort();
    expect((await stream.next()).value?.seq).toBe(2);
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    expect(fake.listenings.size).toBe(0);

    const waiting = new AbortController();
    const idle = new GenerationEventStream(fake.source, "gen_2", 2, { signal: waiting.signal });
    const next = idle.next();
    await tick();
    waiting.abort();
    expect(await next).toEqual({ done: true, value: undefined });
    expect(fake.listenings.size).toBe(0);
  });

  it("a store that fails ends the stream with the error and lets everything go", async () => {
    const fake = fakeSource();
    fake.source.eventsAfter = async () => {
      throw new Error("database down");
    };
    let released = 0;
    const stream = new GenerationEventStream(fake.source, "gen_1", 0, {
      lease: { refresh: async () => undefined, release: async () => void released++, refreshMs: 60_000 },
    });
    await expect(stream.next()).rejects.toThrow("database down");
    expect(released).toBe(1);
    expect(fake.listenings.size).toBe(0);
    expect(await stream.next()).toEqual({ done: true, value: undefined });
  });

  it("with the source's shared heal (watch): no read of its own while idle; woken when the store is ahead, it reads what it missed", async () => {
    const fake = fakeSource([event(1)], 10_000);
    const watching = new Map<string, { last: () => number; wake: () => void }>();
    fake.source.watch = (id, last, wake) => {
      watching.set(id, { last, wake });
      return () => void watching.delete(id);
    };
    const stream = new GenerationEventStream(fake.source, "gen_1", 0);
    expect((await stream.next()).value?.seq).toBe(1);
    const next = stream.next();
    await tick();
    expect(watching.get("gen_1")!.last()).toBe(1);
    expect(fake.reads()).toBe(1); // the first read only: no timer of its own
    fake.stored.push(event(2), event(3, "generation.completed")); // stored, never published
    watching.get("gen_1")!.wake(); // the shared check found the store ahead
    expect((await next).value?.seq).toBe(2);
    expect(watching.size).toBe(0); // unwatched once the wait ended
    expect((await stream.next()).value?.type).toBe("generation.completed");
    expect(fake.reads()).toBe(2);
    // Live events end the wait too, and unwatch.
    const live = new GenerationEventStream(fake.source, "gen_1", 3);
    const waiting = live.next();
    await tick();
    expect(watching.size).toBe(1);
    fake.publish(event(4, "generation.failed"));
    expect((await waiting).value?.seq).toBe(4);
    expect(watching.size).toBe(0);
  });

  it("polls every second while the bus has not subscribed, and stops once it has (late), healed by the shared check from then on", async () => {
    const fake = fakeSource([event(1)], 10_000);
    const watching = new Set<string>();
    fake.source.watch = (id) => {
      watching.add(id);
      return () => void watching.delete(id);
    };
    let late!: Listening;
    const listen = fake.source.listen;
    fake.source.listen = (id) => {
      late = listen(id);
      late.ready = Promise.resolve(false); // gave up waiting for the bus
      return late;
    };
    const stream = new GenerationEventStream(fake.source, "gen_1", 0);
    expect((await stream.next()).value?.seq).toBe(1);
    const next = stream.next();
    await new Promise((r) => setTimeout(r, 1_100));
    expect(fake.reads()).toBe(2); // the first read, then one poll a second later
    expect(watching.size).toBe(0);
    late.subscribed = true;
    fake.stored.push(event(2)); // published before the subscription: only the database has it
    expect((await next).value?.seq).toBe(2); // the next poll switches over and reads it
    const reads = fake.reads();
    const third = stream.next();
    await new Promise((r) => setTimeout(r, 1_100));
    expect(fake.reads()).toBe(reads + 1); // one read as it switched over, then no more polling: the shared check watches it
    expect(watching.has("gen_1")).toBe(true);
    fake.publish(event(3, "generation.completed"));
    expect((await third).value?.seq).toBe(3);
  });
});
