import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { describeWithRedis, startRedisProxy, type RedisProxy } from "../../../test/support/redis.js";
import type { EventBus, GenerationEventMessage } from "./bus.js";
import { describeEventBusContract } from "../../../test/support/contracts/bus.js";
import { createRedisEventBus } from "./redis-bus.js";

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

describeWithRedis("redis event bus", (url) => {
  // Pub/sub leaves no keys behind; a prefix of its own keeps this run's channels apart from others'.
  const channelPrefix = `test-events-${randomUUID()}:`;

  // Two buses, two pairs of connections: as two processes would have.
  describeEventBusContract("redis", () => [createRedisEventBus({ url, channelPrefix }), createRedisEventBus({ url, channelPrefix })]);

  describe("redis specifics", () => {
    let a: EventBus;
    let b: EventBus;
    let admin: Redis;
    const extra: EventBus[] = [];
    const proxies: RedisProxy[] = [];
    const subscribers = async (generationId: string) => {
      const reply = (await admin.call("PUBSUB", "NUMSUB", channelPrefix + generationId)) as [string, number];
      return Number(reply[1]);
    };

    beforeAll(() => {
      a = createRedisEventBus({ url, channelPrefix });
      b = createRedisEventBus({ url, channelPrefix });
      admin = new Redis(url);
    });
    afterEach(async () => {
      await Promise.all(extra.splice(0).map((bus) => bus.close()));
      await Promise.all(proxies.splice(0).map((proxy) => proxy.down()));
    });
    afterAll(async () => {
      await Promise.all([a.close(), b.close()]);
      await admin.quit();
    });

    it("has the subscription live on the server once subscribe resolves", async () => {
      for (let i = 0; i < 10; i++) {
        const id = `gen_${randomUUID()}`;
        const unsubscribe = await b.subscribe(id, () => {});
        expect(await subscribers(id)).toBe(1);
        unsubscribe();
      }
    });

    it("keeps one Redis subscription per channel and unsubscribes when the last listener leaves", async () => {
      const id = `gen_${randomUUID()}`;
      const first = await b.subscribe(id, () => {});
      const second = await b.subscribe(id, () => {});
      expect(await subscribers(id)).toBe(1); // two local listeners, one channel subscription
      first();
      await new Promise((r) => setTimeout(r, 50));
      expect(await subscribers(id)).toBe(1);
      second();
      await until(async () => (await subscribers(id)) === 0);
      // Left and joined again in quick succession: subscribed on the server again.
      (await b.subscribe(id, () => {}))();
      const unsubscribe = await b.subscribe(id, () => {});
      expect(await subscribers(id)).toBe(1);
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

    it("resubscribes by itself after its connection drops, and a publish while Redis is away neither throws nor hangs", async () => {
      const proxy = await startRedisProxy(url);
      proxies.push(proxy);
      const bus = createRedisEventBus({ url: proxy.url, channelPrefix });
      extra.push(bus);
      const id = `gen_${randomUUID()}`;
      const seen: number[] = [];
      await bus.subscribe(id, (m) => seen.push(m.seq));
      await a.publish(event(id, 1));
      await until(() => seen.length === 1);

      // Redis goes away: the publish is dropped (logged), quickly.
      await proxy.down();
      const started = Date.now();
      await expect(bus.publish(event(id, 99))).resolves.toBeUndefined();
      expect(Date.now() - started).toBeLessThan(3_000);

      // Redis is back: ioredis reconnects and subscribes the channel again. Messages published
      // meanwhile are lost (best effort), so publish until one arrives.
      await proxy.up();
      let seq = 2;
      await until(async () => {
        await a.publish(event(id, seq++));
        return seen.length > 1;
      }, 10_000);
      expect(seen[0]).toBe(1);
      expect(seen.slice(1).every((s) => s >= 2 && s < 99)).toBe(true);

      // And a subscription made after the reconnection works too.
      const later = `gen_${randomUUID()}`;
      const laterSeen: number[] = [];
      await bus.subscribe(later, (m) => laterSeen.push(m.seq));
      await a.publish(event(later, 1));
      await until(() => laterSeen.length === 1);
    });

    it("waits with a subscribe while Redis is away and resolves it, live, once Redis is back", async () => {
      const proxy = await startRedisProxy(url, { listening: false });
      proxies.push(proxy);
      const bus = createRedisEventBus({ url: proxy.url, channelPrefix });
      extra.push(bus);
      const id = `gen_${randomUUID()}`;
      const seen: number[] = [];
      let resolved = false;
      const subscribed = bus
        .subscribe(id, (m) => seen.push(m.seq))
        .then((off) => {
          resolved = true;
          return off;
        });
      await new Promise((r) => setTimeout(r, 300));
      expect(resolved).toBe(false);
      await proxy.up();
      await subscribed;
      await a.publish(event(id, 1));
      await until(() => seen.length === 1, 2_000);
    });
  });
});
