import { afterEach, describe, expect, it, vi } from "vitest";
import { createHealer, type Healer } from "./heal.js";

describe("the streams' shared heal", () => {
  let healer: Healer | undefined;
  const watching: (() => void)[] = [];
  const watch = (id: string, last: () => number, wake: () => void) => void watching.push(healer!.watch(id, last, wake));
  afterEach(() => {
    for (const unwatch of watching.splice(0)) unwatch();
    vi.useRealTimers();
  });

  it("reads once per interval for every watched stream, and wakes only those the database is ahead of", async () => {
    vi.useFakeTimers();
    const reads: string[][] = [];
    const seqs = new Map([
      ["gen_a", 3],
      ["gen_b", 5],
    ]);
    healer = createHealer(10_000, async (ids) => {
      reads.push(ids);
      return new Map(ids.filter((id) => seqs.has(id)).map((id) => [id, seqs.get(id)!]));
    });
    const woken: string[] = [];
    const streams = [
      { name: "a, up to date", id: "gen_a", last: 3 },
      { name: "a, behind", id: "gen_a", last: 2 },
      { name: "b, behind", id: "gen_b", last: 4 },
      { name: "gone", id: "gen_gone", last: 1 },
    ];
    const unwatch = streams.map((s) =>
      healer!.watch(
        s.id,
        () => s.last,
        () => woken.push(s.name),
      ),
    );
    expect(healer.size()).toBe(4);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(reads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toEqual([["gen_a", "gen_b", "gen_gone"]]); // one read, each generation once
    expect(woken.sort()).toEqual(["a, behind", "b, behind"]);
    // Streams unwatch when their wait ends; the last one out stops the interval.
    for (const off of unwatch) off();
    expect(healer.size()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads).toHaveLength(1);
  });

  it("reads 10,000 streams in chunks of 1,000 ids, and a failed read wakes nobody and is tried again", async () => {
    vi.useFakeTimers();
    const sizes: number[] = [];
    let fail = true;
    healer = createHealer(1_000, async (ids) => {
      sizes.push(ids.length);
      if (fail) throw new Error("database down");
      return new Map(ids.map((id) => [id, 2]));
    });
    let woken = 0;
    for (let i = 0; i < 10_000; i++)
      watch(
        `gen_${i}`,
        () => 1,
        () => void woken++,
      );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sizes).toEqual([1_000]); // the first chunk failed: the rest of that round is skipped
    expect(woken).toBe(0);
    fail = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sizes.slice(1)).toEqual(Array(10).fill(1_000));
    expect(woken).toBe(10_000);
  });

  it("does not pile reads on a slow database", async () => {
    vi.useFakeTimers();
    let calls = 0;
    let answer!: () => void;
    healer = createHealer(100, (ids) => {
      calls++;
      return new Promise((resolve) => (answer = () => resolve(new Map(ids.map((id) => [id, 0])))));
    });
    watch(
      "gen_a",
      () => 0,
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(1_000); // ten intervals, one read still pending
    expect(calls).toBe(1);
    answer();
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(2);
  });
});
