import { describe, expect, it } from "vitest";
import { reduceMemoryWhenIdle } from "../../src/infra/idle-memory.js";

const spin = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("reduceMemoryWhenIdle", () => {
  it("collects once after a busy spell, when the process has been quiet for quietMs, and not again until it is busy", async () => {
    const collected: number[] = [];
    const stop = reduceMemoryWhenIdle({ checkMs: 50, quietMs: 150, onCollect: (ms) => collected.push(ms) });
    try {
      await sleep(400); // quiet from the start: nothing to give back
      expect(collected).toHaveLength(0);
      for (let i = 0; i < 4; i++) {
        spin(45); // busy: most of each 50 ms check
        await sleep(10);
      }
      await sleep(500);
      expect(collected).toHaveLength(1);
      await sleep(400); // still quiet: no second collection
      expect(collected).toHaveLength(1);
    } finally {
      stop();
    }
  });
});
