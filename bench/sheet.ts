/**
 * (sheet): the cost of a sprite sheet's frame against one sprite, in process (the drawing a worker
 * thread runs: generator and PNG encoding). A 4-direction sheet of idle + walk + attack at 64×64
 * (60 frames) and one 64×64 sprite of the same prompts, alternated, CPU time of this thread.
 * Goal: a sheet's frame costs no more than one sprite (ratio ≤ 1.0).
 *   npx tsx bench/sheet.ts [rounds]
 */
import type { SheetLayout } from "../src/agents/driver.js";
import { draw, type DrawTask } from "../src/agents/procedural/draw-task.js";
import { alternate } from "./cpu-pairs.js";
import type { Row } from "./report.js";

const prompts = ["knight with a sword", "green slime", "wolf", "wizard"];
const sheet = { animations: ["idle", "walk", "attack"] as ("idle" | "walk" | "attack")[], directions: 4 as const, fps: 8 };

export interface SheetBench {
  prompts: string[];
  rounds: number;
  frames: number;
  spriteMs: number;
  sheetMs: number;
  frameMs: number;
  ratio: number;
}

const task = (prompt: string, seed: number, withSheet: boolean): DrawTask => ({
  generator: "pixel-sprite",
  prompt: { prompt },
  width: 64,
  height: 64,
  transparent: true,
  seed,
  ...(withSheet ? { sheet } : {}),
});

export async function runSheetBench(rounds = 5): Promise<SheetBench> {
  const first = await draw(task(prompts[0]!, 1, true), () => undefined);
  const frames = (first.layout as SheetLayout).animations.reduce((sum, row) => sum + row.frames, 0);
  const { singleMs: spriteMs, wholeMs: sheetMs } = await alternate(
    prompts,
    rounds,
    10,
    (p, seed) => task(p, seed, false),
    (p, seed) => task(p, seed, true),
  );
  const frameMs = sheetMs / frames;
  return { prompts, rounds, frames, spriteMs, sheetMs, frameMs, ratio: frameMs / spriteMs };
}

export function sheetRow(result: SheetBench | { error: string }): Row {
  const name = "(sheet) 64×64 sheet, 4 directions × idle+walk+attack: CPU per frame / one 64×64 sprite";
  if ("error" in result) return { name, note: result.error.slice(0, 80) };
  return {
    name,
    ratio: result.ratio,
    target: "≤ 1.0",
    met: result.ratio <= 1,
    note: `${result.frameMs.toFixed(2)} ms/frame (${result.frames} frames, ${result.sheetMs.toFixed(1)} ms/sheet) vs ${result.spriteMs.toFixed(2)} ms/sprite`,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runSheetBench(Number(process.argv[2] ?? 5));
  console.log(JSON.stringify(result, null, 2));
  console.log(sheetRow(result).note, `ratio ${result.ratio.toFixed(2)}`);
}
