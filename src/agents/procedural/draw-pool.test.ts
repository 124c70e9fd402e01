import { PNG } from "pngjs";
import { afterAll, describe, expect, it } from "vitest";
import { closeDrawPool, configureDrawPool, drawOffThread } from "./draw-pool.js";
import { draw, type DrawTask } from "./draw-task.js";
import type { GeneratorProgress } from "./kit/types.js";

const fast: Omit<DrawTask, "id"> = { generator: "pixel-sprite", prompt: { prompt: "red slime" }, width: 64, height: 64, transparent: false, seed: 5 };
// a 512 px texture takes longer than the threads hold progress back (50 ms): its progress streams
const slow: Omit<DrawTask, "id"> = { generator: "texture", prompt: { prompt: "mossy stone" }, width: 512, height: 512, transparent: false, seed: 5 };

async function drawn(task: Omit<DrawTask, "id">) {
  const reports: { at: number; p: GeneratorProgress }[] = [];
  const image = await drawOffThread(task, (p) => void reports.push({ at: performance.now(), p }), new AbortController().signal);
  return { image, reports, done: performance.now() };
}

configureDrawPool(2); // two threads: concurrent drawings share the progress channel
afterAll(() => closeDrawPool());

describe("drawOffThread", () => {
  it.each([
    ["a fast drawing (progress answered with the image)", fast],
    ["a long drawing (progress streamed)", slow],
  ] as const)("%s: the same PNG and the same progress, previews included, as drawing in-process", async (_name, task) => {
    const inProcess: GeneratorProgress[] = [];
    const expected = await draw(task, (p) => void inProcess.push(p));
    const { image, reports } = await drawn(task);
    expect(image.png.equals(expected.png)).toBe(true);
    expect(reports.map((r) => [r.p.percent, r.p.stage])).toEqual(inProcess.map((p) => [p.percent, p.stage]));
    const previews = reports.filter((r) => r.p.preview);
    expect(previews.length).toBeGreaterThan(0);
    for (const [k, { p }] of previews.entries()) {
      const want = inProcess.filter((q) => q.preview)[k]!.preview!;
      expect(p.preview!.png.equals(want.png)).toBe(true);
      expect(PNG.sync.read(p.preview!.png).width).toBe(p.preview!.width);
    }
  });

  it("streams a long drawing's progress before its image is in", async () => {
    const { reports, done } = await drawn(slow);
    expect(reports.length).toBeGreaterThan(2);
    // the last reports (encoding, done) come just before the image; the first ones much earlier
    expect(done - reports[0]!.at).toBeGreaterThan(5);
  });

  it("routes each of concurrent drawings' streamed progress to its own caller", async () => {
    const tasks = [slow, { ...slow, seed: 6, prompt: { prompt: "lava" } }, { ...fast, seed: 9 }];
    const line = (p: GeneratorProgress) => `${p.percent} ${p.stage} ${p.preview?.png.toString("base64") ?? ""}`;
    const expected = await Promise.all(
      tasks.map(async (t) => {
        const lines: string[] = [];
        await draw(t, (p) => void lines.push(line(p)));
        return lines;
      }),
    );
    const got = await Promise.all(tasks.map(async (t) => (await drawn(t)).reports.map(({ p }) => line(p))));
    expect(got).toEqual(expected);
  });

  it("a long drawing canceled while it streams: rejected, and the next drawings get exactly their own progress", async () => {
    const controller = new AbortController();
    const canceled = drawOffThread(slow, (p) => void (p.percent > 0 && controller.abort()), controller.signal);
    await expect(canceled).rejects.toMatchObject({ name: "AbortError" });
    const next = { ...slow, seed: 8 };
    const inProcess: GeneratorProgress[] = [];
    const expected = await draw(next, (p) => void inProcess.push(p));
    const { image, reports } = await drawn(next);
    expect(image.png.equals(expected.png)).toBe(true);
    expect(reports.map((r) => [r.p.percent, r.p.stage])).toEqual(inProcess.map((p) => [p.percent, p.stage]));
  });

  it("stops handing on progress and rejects once the signal aborts", async () => {
    const controller = new AbortController();
    let reports = 0;
    const run = drawOffThread(fast, () => void (++reports === 1 && controller.abort()), controller.signal);
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(reports).toBe(1);
  });
});
