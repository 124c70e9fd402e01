import { describe, expect, it } from "vitest";
import { createInProcessQueue, RetryJob } from "./queue.js";
import { describeJobQueueContract } from "../../../test/support/contracts/queue.js";

const as = { accountId: "acc_test" };

describeJobQueueContract("in-process", ({ concurrency }) => createInProcessQueue({ concurrency }));

describe("in-process job queue", () => {
  it("counts waiting and delayed jobs in pending(), not only running ones", async () => {
    const queue = createInProcessQueue({ concurrency: 1 });
    try {
      await queue.enqueue("gen_a", as);
      await queue.enqueue("gen_b", as);
      expect(queue.pending()).toBe(2); // not started: both wait here
      let release!: () => void;
      const hold = new Promise<void>((resolve) => (release = resolve));
      const attempts: string[] = [];
      queue.start(async ({ generationId, attempt }) => {
        attempts.push(`${generationId}:${attempt}`);
        if (generationId === "gen_a" && attempt === 1) throw new RetryJob(10_000);
        await hold;
      });
      await new Promise((r) => setTimeout(r, 20));
      expect(attempts).toEqual(["gen_a:1", "gen_b:1"]);
      expect(queue.pending()).toBe(2); // gen_a delayed, gen_b running
      release();
    } finally {
      await queue.close(0);
    }
    expect(queue.pending()).toBe(0); // close drops the delayed retry
  });

  it("reports a handler's other errors to onError and goes on with the next job", async () => {
    const errors: [string, unknown][] = [];
    const queue = createInProcessQueue({ concurrency: 1, onError: (error, generationId) => errors.push([generationId, error]) });
    const runs: string[] = [];
    queue.start(async ({ generationId }) => {
      runs.push(generationId);
      if (generationId === "gen_bad") throw new Error("boom");
    });
    await queue.enqueue("gen_bad", as);
    await queue.enqueue("gen_good", as);
    await new Promise((r) => setTimeout(r, 20));
    expect(runs).toEqual(["gen_bad", "gen_good"]);
    expect(errors).toEqual([["gen_bad", new Error("boom")]]);
    await queue.close(0);
  });

  it("claim: a free slot only when nobody waits; a claimed slot counts as running until run or released", async () => {
    const queue = createInProcessQueue({ concurrency: 2 });
    try {
      expect(queue.claim!("acc_test")).toBeUndefined(); // not started: nothing would run it
      const seen: { id: string; attempt: number; context: unknown }[] = [];
      let release!: () => void;
      const hold = new Promise<void>((resolve) => (release = resolve));
      queue.start(async ({ generationId, attempt, context }) => {
        seen.push({ id: generationId, attempt, context });
        await hold;
      });
      const first = queue.claim!("acc_test")!;
      const second = queue.claim!("acc_test")!;
      expect(queue.claim!("acc_test")).toBeUndefined(); // both slots claimed
      expect(queue.pending()).toBe(2);
      await queue.enqueue("gen_waits", as);
      await new Promise((r) => setTimeout(r, 10));
      expect(seen).toEqual([]); // the waiting job does not take a claimed slot
      first.run({ generationId: "gen_claimed", context: { started: true } });
      expect(() => first.release()).toThrow(/once/);
      await new Promise((r) => setTimeout(r, 10));
      expect(seen).toEqual([{ id: "gen_claimed", attempt: 1, context: { started: true } }]);
      second.release(); // given back: the waiting job takes it
      await new Promise((r) => setTimeout(r, 10));
      expect(seen.map((s) => s.id)).toEqual(["gen_claimed", "gen_waits"]);
      expect(queue.claim!("acc_test")).toBeUndefined(); // full again
      expect(queue.pending()).toBe(2);
      release();
      await new Promise((r) => setTimeout(r, 10));
      await queue.enqueue("gen_later", as);
      expect(queue.claim!("acc_test")).toBeUndefined(); // a job waits for a slot: a claim would overtake it
      await new Promise((r) => setTimeout(r, 10));
      expect(queue.pending()).toBe(0);
      expect(queue.claim!("acc_test")).toBeDefined();
    } finally {
      await queue.close(0);
    }
    expect(queue.claim!("acc_test")).toBeUndefined(); // closed
  });

  it("enqueue hands its context to the first attempt only; drop forgets a waiting job and nothing else", async () => {
    const queue = createInProcessQueue({ concurrency: 1 });
    try {
      const seen: { id: string; attempt: number; context: unknown }[] = [];
      let release!: () => void;
      const hold = new Promise<void>((resolve) => (release = resolve));
      queue.start(async ({ generationId, attempt, context }) => {
        seen.push({ id: generationId, attempt, context });
        if (generationId === "gen_first") await hold;
        if (generationId === "gen_retried" && attempt === 1) throw new RetryJob(1);
      });
      await queue.enqueue("gen_first", { ...as, context: { row: 1 } });
      await queue.enqueue("gen_dropped", { ...as, context: { row: 2 } });
      await queue.enqueue("gen_retried", { ...as, context: { row: 3 } });
      await new Promise((r) => setTimeout(r, 10));
      expect(queue.pending()).toBe(3);
      queue.drop!("gen_dropped");
      queue.drop!("gen_first"); // running: not the queue's to drop
      queue.drop!("gen_unknown");
      expect(queue.pending()).toBe(2);
      release();
      for (let i = 0; i < 100 && queue.pending() > 0; i++) await new Promise((r) => setTimeout(r, 5));
      expect(seen).toEqual([
        { id: "gen_first", attempt: 1, context: { row: 1 } },
        { id: "gen_retried", attempt: 1, context: { row: 3 } },
        { id: "gen_retried", attempt: 2, context: undefined }, // a retry starts from the database
      ]);
    } finally {
      await queue.close(0);
    }
  });
});
