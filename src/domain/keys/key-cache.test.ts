import { describe, expect, it } from "vitest";
import { createKeyCache } from "./key-cache.js";

describe("key cache", () => {
  const live = (ttlMs = 1_000, maxEntries?: number) => {
    let now = 0;
    const cache = createKeyCache<string>({ ttlMs, now: () => now, ...(maxEntries ? { maxEntries } : {}) });
    cache.setLive(true);
    return { cache, tick: (ms: number) => (now += ms) };
  };

  it("keeps nothing and answers nothing until it is live, and forgets everything when it stops", () => {
    const cache = createKeyCache<string>({ ttlMs: 1_000 });
    cache.put("h", "row", cache.begin());
    expect(cache.get("h")).toBeUndefined();
    cache.setLive(true);
    cache.put("h", "row", cache.begin());
    expect(cache.get("h")).toBe("row");
    cache.setLive(false);
    expect(cache.get("h")).toBeUndefined();
    cache.setLive(true);
    expect(cache.get("h")).toBeUndefined(); // what was kept before the cut is not trusted again
  });

  it("a lookup that raced with a clear does not put back what it read before it", () => {
    const { cache } = live();
    const token = cache.begin();
    cache.clear(); // a change was notified while the lookup ran
    cache.put("h", "stale", token);
    expect(cache.get("h")).toBeUndefined();
    cache.put("h", "fresh", cache.begin());
    expect(cache.get("h")).toBe("fresh");
    const lost = cache.begin();
    cache.setLive(false);
    cache.setLive(true);
    cache.put("h2", "stale", lost);
    expect(cache.get("h2")).toBeUndefined();
  });

  it("starts listening on its first lookup, once", () => {
    let started = 0;
    const cache = createKeyCache<string>({ ttlMs: 1_000, onFirstUse: () => started++ });
    expect(started).toBe(0);
    cache.get("a");
    cache.get("b");
    expect(started).toBe(1);
  });

  it("entries expire after the ttl; a ttl of 0 keeps nothing", () => {
    const { cache, tick } = live(1_000);
    cache.put("h", "row", cache.begin());
    tick(999);
    expect(cache.get("h")).toBe("row");
    tick(1);
    expect(cache.get("h")).toBeUndefined();
    expect(cache.size).toBe(0);
    const none = live(0).cache;
    none.put("h", "row", none.begin());
    expect(none.get("h")).toBeUndefined();
  });

  it("holds at most maxEntries, the oldest going first", () => {
    const { cache } = live(1_000, 2);
    for (const h of ["a", "b", "c"]) cache.put(h, h, cache.begin());
    expect(cache.size).toBe(2);
    expect(cache.get("a")).toBeUndefined();
    expect([cache.get("b"), cache.get("c")]).toEqual(["b", "c"]);
  });
});
