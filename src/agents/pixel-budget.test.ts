import { describe, expect, it } from "vitest";
import { PixelBudget } from "./pixel-budget.js";

/** A piece of work that ends when told, recording when it started. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, work: () => opened };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("the pixel budget", () => {
  it("runs work side by side while it fits, and queues the rest in order", async () => {
    const budget = new PixelBudget(10, 0);
    const started: string[] = [];
    const gates = { a: gate(), b: gate(), c: gate(), d: gate() };
    const run = (name: keyof typeof gates, pixels: number) =>
      budget.run(pixels, async () => {
        started.push(name);
        await gates[name].work();
      });
    const all = [run("a", 6), run("b", 4), run("c", 5), run("d", 1)];
    await tick();
    expect(started).toEqual(["a", "b"]);
    expect(budget.inUse).toBe(10);
    expect(budget.waiting).toBe(2);
    gates.b.open();
    await tick();
    // c (5) does not fit beside a (6); d (1) would, but may not pass c: turns are in order
    expect(started).toEqual(["a", "b"]);
    gates.a.open();
    await tick();
    expect(started).toEqual(["a", "b", "c", "d"]);
    gates.c.open();
    gates.d.open();
    await Promise.all(all);
    expect(budget.inUse).toBe(0);
  });

  it("lets small work that fits go past a large piece still waiting", async () => {
    const budget = new PixelBudget(16_000_000, 1_000_000);
    const started: string[] = [];
    const large = gate();
    const first = budget.run(12_845_056, async () => {
      started.push("tileset 1");
      await large.work();
    });
    const second = budget.run(12_845_056, async () => {
      started.push("tileset 2");
    });
    const sprite = budget.run(4096, async () => {
      started.push("sprite");
    });
    await sprite;
    expect(started).toEqual(["tileset 1", "sprite"]);
    large.open();
    await Promise.all([first, second]);
    expect(started).toEqual(["tileset 1", "sprite", "tileset 2"]);
  });

  it("runs a piece larger than the budget alone", async () => {
    const budget = new PixelBudget(10, 0);
    const huge = gate();
    const started: string[] = [];
    const big = budget.run(50, async () => {
      started.push("huge");
      await huge.work();
    });
    const small = budget.run(1, async () => {
      started.push("small");
    });
    await tick();
    expect(started).toEqual(["huge"]);
    huge.open();
    await Promise.all([big, small]);
    expect(started).toEqual(["huge", "small"]);
  });

  it("gives the pixels back when work throws, and a canceled wait leaves the queue", async () => {
    const budget = new PixelBudget(10, 0);
    await expect(budget.run(10, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(budget.inUse).toBe(0);
    const hold = gate();
    const holding = budget.run(10, hold.work);
    const controller = new AbortController();
    const waiting = budget.run(5, async () => "ran", controller.signal);
    await tick();
    expect(budget.waiting).toBe(1);
    controller.abort(new Error("canceled"));
    await expect(waiting).rejects.toThrow("canceled");
    expect(budget.waiting).toBe(0);
    hold.open();
    await holding;
    expect(budget.inUse).toBe(0);
  });

  it("tryTake takes what fits now, or nothing; its release gives the pixels back once", () => {
    const budget = new PixelBudget(16_000_000, 1_000_000);
    const first = budget.tryTake(12_845_056);
    expect(first).toBeDefined();
    expect(budget.tryTake(12_845_056)).toBeUndefined();
    const small = budget.tryTake(4096);
    expect(small).toBeDefined();
    first!();
    first!();
    expect(budget.inUse).toBe(4096);
    small!();
    expect(budget.inUse).toBe(0);
    // one piece larger than the budget, alone
    const huge = budget.tryTake(20_000_000);
    expect(huge).toBeDefined();
    expect(budget.tryTake(2_000_000)).toBeUndefined();
    // small work keeps a lane of its own (4 × 1 MP) beside it
    const sprites = [1, 2, 3, 4].map(() => budget.tryTake(1_000_000));
    expect(sprites.every((release) => release !== undefined)).toBe(true);
    expect(budget.tryTake(4096)).toBeUndefined();
    for (const release of sprites) release!();
    huge!();
    expect(budget.inUse).toBe(0);
  });
});
