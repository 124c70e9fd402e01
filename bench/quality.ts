/**
 * (quality): the cost of an asset's `quality` report (src/agents/palette/quality.ts) against the
 * drawing it measures, in process. Each of the three procedural agents at its default size (sprite
 * 64×64, icon and texture 256×256), a few prompts each: the drawing is timed through `draw()` (the
 * work a drawing thread does: generator, palette, quality report and PNG encoding), then the
 * report alone is timed again on the drawing's own final pixels (the PNG decoded), all the
 * drawings' reports in turn, repeated to be measurable. The drawing's own time is draw() less the report it includes. CPU time of this thread.
 * Goal: the report costs no more than a tenth of the drawing (ratio ≤ 0.1), for every agent.
 *   npx tsx bench/quality.ts [rounds]
 */
import { PNG } from "pngjs";
import { proceduralDefaults } from "../src/agents/procedural/agents.js";
import { draw, type DrawTask } from "../src/agents/procedural/draw-task.js";
import { measureQuality } from "../src/agents/palette/quality.js";
import type { Row } from "./report.js";

const agents: { generator: DrawTask["generator"]; driver: string; prompts: string[] }[] = [
  { generator: "pixel-sprite", driver: "procedural-sprite", prompts: ["knight with a sword", "green slime", "treasure chest", "wolf"] },
  { generator: "icon", driver: "procedural-icon", prompts: ["red health potion", "blue shield with star", "golden coin", "gear"] },
  { generator: "texture", driver: "procedural-texture", prompts: ["mossy stone brick", "dark oak wood planks", "glowing lava", "sand"] },
];
/** Each drawing's report is timed this many times over (one takes 0.05–2 ms): a measurable total. */
const REPEATS = 20;

export interface QualityAgentBench {
  generator: DrawTask["generator"];
  width: number;
  height: number;
  /** draw(), report included. */
  drawMs: number;
  /** The report alone, on the final pixels. */
  qualityMs: number;
  /** The drawing without its report: drawMs − qualityMs. */
  drawingMs: number;
  ratio: number;
}

export interface QualityBench {
  rounds: number;
  prompts: number;
  agents: QualityAgentBench[];
  /** The largest of the agents' ratios. */
  ratio: number;
}

function cpuMs(fn: () => void): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

async function cpuMsAsync(fn: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

export async function runQualityBench(rounds = 5): Promise<QualityBench> {
  const results: QualityAgentBench[] = [];
  for (const agent of agents) {
    const size = proceduralDefaults[agent.driver]?.defaultSize;
    if (!size) throw new Error(`no default size for ${agent.driver}`);
    const task = (prompt: string, seed: number): DrawTask => ({
      generator: agent.generator,
      prompt: { prompt },
      ...size,
      transparent: agent.generator !== "texture",
      seed,
    });
    const options = { tileable: agent.generator === "texture" };
    // warm-up: the drawing code and the report
    for (const p of agent.prompts) {
      const out = await draw(task(p, 1), () => undefined);
      measureQuality(new Uint8Array(PNG.sync.read(Buffer.from(out.png)).data), size.width, size.height, options);
    }
    let drawing = 0;
    const pixels: Uint8Array[] = [];
    for (let r = 0; r < rounds; r++) {
      for (const p of agent.prompts) {
        let png: Uint8Array | undefined;
        drawing += await cpuMsAsync(async () => {
          png = (await draw(task(p, 100 + r), () => undefined)).png;
        });
        pixels.push(new Uint8Array(PNG.sync.read(Buffer.from(png!)).data));
      }
    }
    // Each report follows one of another drawing (another prompt): its colour cache (quality.ts)
    // holds that drawing's colours, as in a drawing thread, not this one's.
    const quality = cpuMs(() => {
      for (let i = 0; i < REPEATS; i++) for (const rgba of pixels) measureQuality(rgba, size.width, size.height, options);
    });
    const drawings = pixels.length;
    const drawMs = drawing / drawings;
    const qualityMs = quality / (drawings * REPEATS);
    const drawingMs = drawMs - qualityMs;
    results.push({ generator: agent.generator, ...size, drawMs, qualityMs, drawingMs, ratio: qualityMs / drawingMs });
  }
  return { rounds, prompts: agents[0]!.prompts.length, agents: results, ratio: Math.max(...results.map((a) => a.ratio)) };
}

export function qualityRow(result: QualityBench | { error: string }): Row {
  const name = "(quality) quality report per asset / the drawing's own time, three agents at default sizes (worst agent)";
  if ("error" in result) return { name, note: result.error.slice(0, 80) };
  return {
    name,
    ratio: result.ratio,
    ratioText: result.ratio.toFixed(3),
    target: "≤ 0.1",
    met: result.ratio <= 0.1,
    note: result.agents
      .map((a) => `${a.generator} ${a.width}: ${a.qualityMs < 0.1 ? a.qualityMs.toFixed(3) : a.qualityMs.toFixed(2)} / ${a.drawingMs.toFixed(1)} ms`)
      .join(", "),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runQualityBench(Number(process.argv[2] ?? 5));
  console.log(JSON.stringify(result, null, 2));
  console.log(qualityRow(result).note, `ratio ${result.ratio.toFixed(3)}`);
}
