import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { deleteRedisKeys, describeWithRedis } from "../../../test/support/redis.js";
import { createRedisSlots } from "./redis-slots.js";
import { createInProcessSlots, type Slots } from "./slots.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The contract of both implementations; `open()` returns two instances sharing the slots (two processes). */
function describeSlotsContract(name: string, open: () => Slots[]) {
  describe(`slots (${name})`, () => {
    it("lets exactly `limit` holders in, even racing across instances; a release frees a slot at once", async () => {
      const [a, b] = open();
      const key = `k-${randomUUID()}`;
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a! : b!).acquire(key, `h${i}`, 5, 60_000)));
      expect(results.filter(Boolean)).toHaveLength(5);
      expect(await a!.count(key)).toBe(5);
      const holder = `h${results.indexOf(true)}`;
      expect(await a!.acquire(key, holder, 5, 60_000)).toBe(true); // a holder re-acquiring keeps its slot
      expect(await b!.acquire(key, "late", 5, 60_000)).toBe(false);
      await b!.release(key, holder);
      expect(await a!.count(key)).toBe(4);
      expect(await b!.acquire(key, "late", 5, 60_000)).toBe(true);
    });

    it("frees the slot of a holder that vanished when its lease lapses, unless refreshed", async () => {
      const [a] = open();
      const key = `k-${randomUUID()}`;
      expect(await a!.acquire(key, "gone", 2, 150)).toBe(true);
      expect(await a!.acquire(key, "alive", 2, 150)).toBe(true);
      expect(await a!.acquire(key, "third", 2, 10_000)).toBe(false);
      await sleep(80);
      await a!.refresh(key, "alive", 10_000);
      await sleep(120);
      expect(await a!.count(key)).toBe(1);
      expect(await a!.acquire(key, "third", 2, 10_000)).toBe(true);
      expect(await a!.acquire(key, "fourth", 2, 10_000)).toBe(false);
    });

    it("keeps keys apart", async () => {
      const [a] = open();
      const [k1, k2] = [`k-${randomUUID()}`, `k-${randomUUID()}`];
      expect(await a!.acquire(k1, "x", 1, 60_000)).toBe(true);
      expect(await a!.acquire(k2, "x", 1, 60_000)).toBe(true);
      expect(await a!.acquire(k1, "y", 1, 60_000)).toBe(false);
    });
  });
}

describeSlotsContract("in-process", () => {
  const slots = createInProcessSlots();
  return [slots, slots];
});

describeWithRedis("redis slots", (url) => {
  const prefix = `test-slots-${randomUUID()}:`;
  const opened: Slots[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    const admin = new Redis(url);
    await deleteRedisKeys(admin, `${prefix}*`);
    await admin.quit();
  });
  describeSlotsContract("redis", () => {
    const pair = [createRedisSlots({ url, prefix }), createRedisSlots({ url, prefix })];
    opened.push(...pair);
    return pair;
  });
});
