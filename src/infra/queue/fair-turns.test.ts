import { describe, expect, it } from "vitest";
import { FairTurns } from "./fair-turns.js";

const drain = <T>(turns: FairTurns<T>): T[] => {
  const out: T[] = [];
  for (let item = turns.shift(); item !== undefined; item = turns.shift()) out.push(item);
  return out;
};

/** A small deterministic pseudo-random generator (the schedules below are reproducible). */
function random(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

describe("fair turns", () => {
  it("starts one job of each account per turn, each account's jobs in the order they were queued", () => {
    const turns = new FairTurns<string>();
    for (const job of ["a1", "a2", "a3", "b1", "b2", "c1"]) turns.push(job[0]!, job);
    expect(drain(turns)).toEqual(["a1", "b1", "c1", "a2", "b2", "a3"]);
  });

  it("gives an account with nothing waiting the next turn, ahead of another account's backlog", () => {
    const turns = new FairTurns<string>();
    for (let i = 1; i <= 30; i++) turns.push("a", `a${i}`);
    expect([turns.shift(), turns.shift()]).toEqual(["a1", "a2"]);
    expect(turns.push("b", "b1")).toBe(turns.serving + 1);
    turns.push("c", "c1");
    expect(drain(turns).slice(0, 4)).toEqual(["a3", "b1", "c1", "a4"]);
  });

  it("never lets a job be overtaken by more than k later jobs of any other account, k its own account's jobs waiting when it was queued (random schedules)", () => {
    const violations: string[] = [];
    for (let seed = 1; seed <= 25; seed++) {
      const rand = random(seed);
      const turns = new FairTurns<{ id: number; account: string }>();
      const queued: { id: number; account: string; k: number; started?: number }[] = [];
      const waitingOf = new Map<string, Set<number>>();
      let starts = 0;
      for (let step = 0; step < 600; step++) {
        const r = rand();
        if (r < 0.5) {
          // Accounts of very different appetites: a flood, a few busy ones, and many occasional ones.
          const pick = rand();
          const account = pick < 0.3 ? "flood" : pick < 0.6 ? `busy${Math.floor(rand() * 3)}` : `acc${Math.floor(rand() * 40)}`;
          const burst = account === "flood" ? 1 + Math.floor(rand() * 6) : 1;
          for (let b = 0; b < burst; b++) {
            const waiting = waitingOf.get(account) ?? new Set<number>();
            waitingOf.set(account, waiting);
            const job = { id: queued.length, account, k: waiting.size };
            const turn = turns.push(account, job);
            if (turn > turns.serving + job.k + 1) violations.push(`seed ${seed}: job ${job.id} took turn ${turn}, serving ${turns.serving}, k = ${job.k}`);
            waiting.add(job.id);
            queued.push(job);
          }
        } else if (r < 0.95) {
          const job = turns.shift();
          if (job) {
            queued[job.id]!.started = starts++;
            waitingOf.get(job.account)!.delete(job.id);
          } else if (rand() < 0.5) {
            turns.startNow(`acc${Math.floor(rand() * 40)}`);
            starts++;
          }
        } else {
          // A cancel: a random waiting job goes.
          const waiting = queued.filter((job) => job.started === undefined && waitingOf.get(job.account)!.has(job.id));
          const gone = waiting[Math.floor(rand() * waiting.length)];
          if (gone) {
            expect(turns.remove((job) => job.id === gone.id)).toBe(1);
            waitingOf.get(gone.account)!.delete(gone.id);
            queued[gone.id]!.started = -1;
          }
        }
      }
      for (const job of drain(turns)) queued[job.id]!.started = starts++;
      const lastStartOf = new Map<string, number>();
      for (const job of queued) {
        if (job.started === -1) continue;
        const overtakers = new Map<string, number>();
        for (let i = job.id + 1; i < queued.length; i++) {
          const later = queued[i]!;
          if (later.account === job.account || later.started === -1 || later.started! > job.started!) continue;
          overtakers.set(later.account, (overtakers.get(later.account) ?? 0) + 1);
        }
        for (const [account, n] of overtakers) if (n > job.k) violations.push(`seed ${seed}: job ${job.id} (k = ${job.k}) overtaken by ${n} of ${account}`);
        // And each account's own jobs start in the order they were queued.
        if ((lastStartOf.get(job.account) ?? -1) > job.started!) violations.push(`seed ${seed}: job ${job.id} started before an earlier one of ${job.account}`);
        lastStartOf.set(job.account, job.started!);
      }
    }
    expect(violations).toEqual([]);
  });

  it("does not hold back a waiting account under a steady stream of new accounts: turn t holds at most t jobs here", () => {
    const turns = new FairTurns<string>();
    for (let i = 1; i <= 10; i++) turns.push("a", `a${i}`);
    const order: string[] = [];
    for (let n = 0; n < 500; n++) {
      order.push(turns.shift()!);
      turns.push(`new${n}`, `n${n}`); // one new account per start: work arrives as fast as it is served
    }
    // A's t-th job starts after turns 1…t−1, turn j holding A's j-th job and the j − 1 newcomers
    // that came while turn j − 1 was served: position 1 + t(t − 1)/2.
    for (let t = 1; t <= 10; t++) expect(order.indexOf(`a${t}`) + 1).toBe(1 + (t * (t - 1)) / 2);
  });

  it("startNow takes the account's next turn as the one served, and only when nothing waits", () => {
    const turns = new FairTurns<string>();
    expect(turns.startNow("a")).toBe(1);
    expect(turns.serving).toBe(1);
    expect(turns.startNow("a")).toBe(2);
    turns.push("b", "b1");
    expect(() => turns.startNow("c")).toThrow(/waits/);
    expect(turns.push("a", "a3")).toBe(3); // after b1 (turn 3, queued first)
    expect(drain(turns)).toEqual(["b1", "a3"]);
  });

  it("remove forgets the jobs it picks and gives their account's turns back", () => {
    const turns = new FairTurns<string>();
    for (const job of ["a1", "a2", "a3", "b1"]) turns.push(job[0]!, job);
    expect(turns.remove((job) => job === "a2" || job === "a3")).toBe(2);
    expect(turns.push("a", "a4")).toBe(2); // right after a1, not after the removed ones
    expect(turns.remove((job) => job.startsWith("a"))).toBe(2);
    expect(turns.push("a", "a5")).toBe(1); // nothing of A waits: the next turn
    expect(turns.remove(() => false)).toBe(0);
    expect(drain(turns)).toEqual(["b1", "a5"]);
    // A job taken from the middle: the ones behind it move up a turn.
    for (const job of ["c1", "c2", "c3"]) turns.push("c", job);
    turns.remove((job) => job === "c2");
    for (const job of ["d1", "d2"]) turns.push("d", job);
    expect(drain(turns)).toEqual(["c1", "d1", "c3", "d2"]);
  });

  it("forgets accounts not seen lately, so that its memory stays bounded", () => {
    const turns = new FairTurns<number>();
    for (let i = 0; i < 50_000; i++) {
      turns.push(`acc${i}`, i);
      turns.shift();
    }
    expect(turns.tracked).toBeLessThanOrEqual(1025);
    // Forgetting changes nothing: a forgotten account takes the next turn, as a remembered one would.
    turns.push("acc1", 1);
    turns.push("acc49999", 2);
    expect(drain(turns)).toEqual([1, 2]);
  });

  it("clear forgets every waiting job", () => {
    const turns = new FairTurns<string>();
    turns.push("a", "a1");
    turns.push("b", "b1");
    turns.clear();
    expect(turns.size).toBe(0);
    expect(turns.shift()).toBeUndefined();
  });
});
