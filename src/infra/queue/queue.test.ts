import { describe, expect, it } from "vitest";
import { createInProcessQueue, RetryJob } from "./queue.js";
import { describeJobQueueContract } from "./queue.contract.js";

describeJobQueueContract("in-process", ({ concurrency }) => createInProcessQueue({ concurrency }));

describe("in-process job queue", () => {
  it("counts waiting and delayed jobs in pending(), not only running ones", async () => {
    const queue = createInProcessQueue({ concurrency: 1 });
    try {
      await queue.enqueue("gen_a");
      await queue.enqueue("gen_b");
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
    await queue.enqueue("gen_bad");
    await queue.enqueue("gen_good");
    await new Promise((r) => setTimeout(r, 20));
    expect(runs).toEqual(["gen_bad", "gen_good"]);
    expect(errors).toEqual([["gen_bad", new Error("boom")]]);
    await queue.close(0);
  });
});
