import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventBus, GenerationEventMessage } from "../../../src/infra/events/bus.js";

/**
 * The behaviour every `EventBus` implementation owes its callers, declared as vitest tests.
 * `open` returns (at least) two buses on the same backing store, as two processes would have
 * them; an implementation that lives in one process returns the same bus twice. Each test opens
 * its own buses and closes them afterwards (close must be idempotent).
 *
 * Delivery in this contract means: a subscriber on bus B receives what bus A publishes, for the
 * generation it subscribed to, in A's publish order.
 */
export function describeEventBusContract(name: string, open: () => Promise<EventBus[]> | EventBus[]): void {
  describe(`EventBus contract: ${name}`, () => {
    let a: EventBus;
    let b: EventBus;
    let buses: EventBus[] = [];

    beforeEach(async () => {
      buses = await open();
      expect(buses.length).toBeGreaterThanOrEqual(2);
      [a, b] = buses as [EventBus, EventBus];
    });
    afterEach(async () => {
      await Promise.all([...new Set(buses)].map((bus) => bus.close()));
    });

    it("delivers, in publish order, what another instance publishes", async () => {
      const id = generationId();
      const received: GenerationEventMessage[] = [];
      const unsubscribe = await b.subscribe(id, (m) => received.push(m));
      const sent = Array.from({ length: 50 }, (_, i) => event(id, i + 1));
      // Not awaited one by one: the order is the calls' order.
      await Promise.all(sent.map((m) => a.publish(m)));
      await until(() => received.length >= sent.length);
      expect(received).toEqual(sent);
      unsubscribe();
    });

    it("fans out to every subscriber, on either instance, once each", async () => {
      const id = generationId();
      const seen: Record<string, number[]> = { onA: [], onB1: [], onB2: [] };
      const offs = [
        await a.subscribe(id, (m) => seen.onA!.push(m.seq)),
        await b.subscribe(id, (m) => seen.onB1!.push(m.seq)),
        await b.subscribe(id, (m) => seen.onB2!.push(m.seq)),
      ];
      await a.publish(event(id, 1));
      await b.publish(event(id, 2));
      await until(() => Object.values(seen).every((s) => s.length >= 2));
      await settle();
      expect(seen).toEqual({ onA: [1, 2], onB1: [1, 2], onB2: [1, 2] });
      for (const off of offs) off();
    });

    it("delivers only the subscribed generation's events", async () => {
      const id = generationId();
      const other = `${id}x`; // shares a prefix: no prefix or pattern matching
      const mine: GenerationEventMessage[] = [];
      const theirs: GenerationEventMessage[] = [];
      const offMine = await b.subscribe(id, (m) => mine.push(m));
      const offTheirs = await b.subscribe(other, (m) => theirs.push(m));
      await a.publish(event(other, 1));
      await a.publish(event(id, 1));
      await a.publish(event(other, 2));
      await until(() => mine.length >= 1 && theirs.length >= 2);
      await settle();
      expect(mine).toEqual([event(id, 1)]);
      expect(theirs).toEqual([event(other, 1), event(other, 2)]);
      offMine();
      offTheirs();
    });

    it("stops delivery on unsubscribe; a later subscription to the same generation gets events again", async () => {
      const id = generationId();
      const sentinelId = generationId();
      const gone: number[] = [];
      const sentinel: number[] = [];
      const offSentinel = await b.subscribe(sentinelId, (m) => sentinel.push(m.seq));
      const off = await b.subscribe(id, (m) => gone.push(m.seq));
      await a.publish(event(id, 1));
      await until(() => gone.length === 1);

      off(); // the last listener of the generation on b
      await a.publish(event(id, 2));
      await a.publish(event(sentinelId, 1)); // published after it: once it arrives, event 2 would have
      await until(() => sentinel.length === 1);
      await settle();
      expect(gone).toEqual([1]);

      // A later subscription to the same generation gets its events again.
      const again: number[] = [];
      const offAgain = await b.subscribe(id, (m) => again.push(m.seq));
      await a.publish(event(id, 3));
      await until(() => again.length === 1);
      expect(again).toEqual([3]);

      // Leaving and joining again at once (the unsubscribe still in flight) leaves it live too.
      offAgain();
      const quick: number[] = [];
      const offQuick = await b.subscribe(id, (m) => quick.push(m.seq));
      await a.publish(event(id, 4));
      await until(() => quick.length === 1);
      await settle();
      expect(quick).toEqual([4]);
      expect(again).toEqual([3]);
      expect(gone).toEqual([1]);
      offQuick();
      offSentinel();
    });

    it("counts the same listener subscribed twice as two subscriptions; each unsubscribe ends only its own", async () => {
      const id = generationId();
      const seen: number[] = [];
      const listener = (m: GenerationEventMessage) => seen.push(m.seq);
      const one = await b.subscribe(id, listener);
      const two = await b.subscribe(id, listener);
      await a.publish(event(id, 1));
      await until(() => seen.length >= 2);
      one();
      one(); // idempotent: must not end the other subscription of the same function
      await a.publish(event(id, 2));
      await until(() => seen.length >= 3);
      await settle();
      expect(seen).toEqual([1, 1, 2]);
      two();
    });

    it("keeps delivering to the other listeners, and publish resolves, when a listener throws", async () => {
      const id = generationId();
      const seen: number[] = [];
      const offBoom = await b.subscribe(id, () => {
        throw new Error("listener bug");
      });
      const off = await b.subscribe(id, (m) => seen.push(m.seq));
      await expect(a.publish(event(id, 1))).resolves.toBeUndefined();
      await expect(b.publish(event(id, 2))).resolves.toBeUndefined();
      await until(() => seen.length >= 2);
      expect(seen).toEqual([1, 2]);
      offBoom();
      off();
    });

    it("does not throw on publish after close (best effort)", async () => {
      const id = generationId();
      const seen: number[] = [];
      await b.subscribe(id, (m) => seen.push(m.seq));
      await Promise.all(buses.map((bus) => bus.close()));
      await expect(a.publish(event(id, 1))).resolves.toBeUndefined();
      await expect(b.publish(event(id, 2))).resolves.toBeUndefined();
      await settle();
      expect(seen).toEqual([]); // a closed bus delivers nothing
    });

    it("resolves subscribe only once live: a publish right after it is received", async () => {
      // The first round runs on buses that were just opened (connections possibly still opening).
      for (let i = 0; i < 10; i++) {
        const id = generationId();
        const received: number[] = [];
        const off = await b.subscribe(id, (m) => received.push(m.seq));
        await a.publish(event(id, 1)); // at once: a subscription not yet live would miss it
        await until(() => received.length === 1, 2_000);
        off();
      }
    });
  });
}

const generationId = () => `gen_${randomUUID()}`;

const event = (generationId: string, seq: number): GenerationEventMessage => ({
  generationId,
  seq,
  type: "generation.progress",
  data: { id: generationId, percent: seq },
});

/** A moment for anything wrongly still in flight to arrive before asserting its absence. */
const settle = () => new Promise((r) => setTimeout(r, 50));

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
    await new Promise((r) => setTimeout(r, 5));
  }
}
