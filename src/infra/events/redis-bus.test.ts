import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventBus, GenerationEventMessage } from "./bus.js";
import { createRedisEventBus } from "./redis-bus.js";

const url = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
const channelPrefix = `test-events-${randomUUID()}:`;

const event = (generationId: string, seq: number): GenerationEventMessage => ({
  generationId,
  seq,
  type: "generation.progress",
  data: { id: generationId, percent: seq },
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("redis event bus", () => {
  // Two buses, two pairs of connections: as two processes would have.
  let a: EventBus;
  let b: EventBus;
  let admin: Redis;
  const subscribers = async (generationId: string) => {
    const reply = (await admin.call("PUBSUB", "NUMSUB", channelPrefix + generationId)) as [string, number];
    return Number(reply[1]);
  };

  beforeAll(() => {
    a = createRedisEventBus({ url, channelPrefix });
    b = createRedisEventBus({ url, channelPrefix });
    admin = new Redis(url);
  });

  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await admin.quit();
  });

  it("delivers, in order, 100 events published by another process", async () => {
    const id = `gen_${randomUUID()}`;
    const received: GenerationEventMessage[] = [];
    const unsubscribe = await b.subscribe(id, (m) => received.push(m));
    const sent = Array.from({ length: 100 }, (_, i) => event(id, i + 1));
    await Promise.all(sent.map((m) => a.publish(m)));
    await until(() => received.length >= 100);
    expect(received).toEqual(sent);
    unsubscribe();
  });

  it("resolves subscribe only once the server confirmed it", async () => {
    for (let i = 0; i < 20; i++) {
      const id = `gen_${randomUUID()}`;
      const received: number[] = [];
      const unsubscribe = await b.subscribe(id, (m) => received.push(m.seq));
      // Another connection sees the subscription already, and a publish right away is delivered.
      expect(await subscribers(id)).toBe(1);
      await a.publish(event(id, 1));
      await until(() => received.length === 1);
      unsubscribe();
    }
  });

  it("resolves subscribe only once confirmed even on a bus whose connection is still opening", async () => {
    for (let i = 0; i < 5; i++) {
      const fresh = createRedisEventBus({ url, channelPrefix });
      try {
        const id = `gen_${randomUUID()}`;
        const received: number[] = [];
        await fresh.subscribe(id, (m) => received.push(m.seq));
        await a.publish(event(id, 1)); // at once: had SUBSCRIBE not been confirmed, this would be lost
        await until(() => received.length === 1, 2_000);
      } finally {
        await fresh.close();
      }
    }
  });

  it("stops delivery on unsubscribe, and keeps one Redis subscription per channel", async () => {
    const gone = `gen_${randomUUID()}`;
    const kept = `gen_${randomUUID()}`;
    const seen: string[] = [];
    const first = await b.subscribe(gone, (m) => seen.push(`first:${m.seq}`));
    const second = await b.subscribe(gone, (m) => seen.push(`second:${m.seq}`));
    const keptSeen: number[] = [];
    const unsubscribeKept = await b.subscribe(kept, (m) => keptSeen.push(m.seq));
    expect(await subscribers(gone)).toBe(1); // two local listeners, one channel subscription

    await a.publish(event(gone, 1));
    await until(() => seen.length === 2);
    first();
    first(); // idempotent: does not remove the other listener
    await a.publish(event(gone, 2));
    await until(() => seen.length === 3);
    expect(seen).toEqual(["first:1", "second:1", "second:2"]);

    second();
    await until(async () => (await subscribers(gone)) === 0); // the last listener left: UNSUBSCRIBE
    await a.publish(event(gone, 3));
    // One publisher connection, one subscriber connection: had `gone` still been delivered, its
    // message would arrive before this one.
    await a.publish(event(kept, 1));
    await until(() => keptSeen.length === 1);
    expect(seen).toHaveLength(3);
    unsubscribeKept();
  });

  it("counts the same listener subscribed twice as two subscriptions; a throwing listener harms no other", async () => {
    const id = `gen_${randomUUID()}`;
    const seen: number[] = [];
    const listener = (m: GenerationEventMessage) => seen.push(m.seq);
    const one = await b.subscribe(id, listener);
    const two = await b.subscribe(id, listener);
    const boom = await b.subscribe(id, () => {
      throw new Error("listener bug");
    });
    await a.publish(event(id, 1));
    await until(() => seen.length === 2);
    one();
    await a.publish(event(id, 2));
    await until(() => seen.length === 3);
    expect(seen).toEqual([1, 1, 2]);
    two();
    boom();
  });

  it("resubscribes a channel left and joined again in quick succession", async () => {
    const id = `gen_${randomUUID()}`;
    const seen: number[] = [];
    (await b.subscribe(id, () => {}))();
    const unsubscribe = await b.subscribe(id, (m) => seen.push(m.seq));
    expect(await subscribers(id)).toBe(1);
    await a.publish(event(id, 7));
    await until(() => seen.length === 1);
    unsubscribe();
  });

  it("close() quits both connections and is idempotent; a closed bus refuses subscriptions", async () => {
    const bus = createRedisEventBus({ url, channelPrefix });
    const id = `gen_${randomUUID()}`;
    await bus.subscribe(id, () => {});
    expect(await subscribers(id)).toBe(1);
    await Promise.all([bus.close(), bus.close()]);
    await until(async () => (await subscribers(id)) === 0);
    await expect(bus.subscribe(id, () => {})).rejects.toThrow(/closed/);
    await bus.publish(event(id, 1)); // best effort: a no-op, not an error
  });
});
