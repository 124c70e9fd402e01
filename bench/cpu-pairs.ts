/**
 * The drawing rows' shared measure: CPU time of this thread for one task against a set of many
 * (a sheet against single sprites, a tileset against single textures), alternated round by round
 * over the same cases so both sides see the same machine.
 */
import { draw, type DrawTask } from "../src/agents/procedural/draw-task.js";

export async function cpuMs(fn: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * Mean CPU ms of one `single(c, seed)` drawing and of one `whole(c, seed)` drawing over `cases`,
 * after one warm-up of each, `singles` single drawings per case and round.
 */
export async function alternate<C>(
  cases: readonly C[],
  rounds: number,
  singles: number,
  single: (c: C, seed: number) => DrawTask,
  whole: (c: C, seed: number) => DrawTask,
): Promise<{ singleMs: number; wholeMs: number }> {
  for (const c of cases) {
    await draw(single(c, 2), () => undefined);
    await draw(whole(c, 2), () => undefined);
  }
  let singleTotal = 0;
  let wholeTotal = 0;
  for (let r = 0; r < rounds; r++) {
    for (const c of cases) {
      singleTotal += await cpuMs(async () => {
        for (let i = 0; i < singles; i++) await draw(single(c, 100 + r * singles + i), () => undefined);
      });
      wholeTotal += await cpuMs(() => draw(whole(c, 100 + r), () => undefined));
    }
  }
  return { singleMs: singleTotal / (rounds * cases.length * singles), wholeMs: wholeTotal / (rounds * cases.length) };
}
