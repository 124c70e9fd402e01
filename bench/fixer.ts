/**
 * (fixer): the pixel fixer on a 1024-pixel degraded sprite (a 32×32 sprite of the committed set
 * upscaled ×32 on an uneven grid, shifted, blurred, noised, JPEG'd: test/support/pixel-degrade.ts),
 * CPU time of this thread for `fixPixelArt`, median over several sprites. Goal: < 500 ms, and the
 * grid recovered exactly. The degraded set's own figures (×3.3–×8): bench/fixer/degraded-set.ts.
 *   npx tsx bench/fixer.ts [sprites]
 */
import { fixPixelArt } from "../src/agents/fixer/index.js";
import { degrade, readSheet, score } from "../test/support/pixel-degrade.js";
import type { Row } from "./report.js";

export interface FixerBench {
  sprites: number;
  side: number;
  /** Median CPU ms per fix. */
  medianMs: number;
  maxMs: number;
  /** Sprites whose exact grid was recovered. */
  exact: number;
}

export async function runFixerBench(count = 8): Promise<FixerBench> {
  const sheet = await readSheet("test/fixtures/pixel-art/crawl-sprites.png");
  const times: number[] = [];
  let exact = 0;
  let side = 0;
  // warm-up
  await fixPixelArt((await degrade(sheet[0]!, 1, [32, 32])).image);
  for (let k = 0; k < count; k++) {
    const index = Math.floor((k * sheet.length) / count);
    const degraded = await degrade(sheet[index]!, 2000 + index, [32, 32]);
    side = Math.max(side, degraded.image.width, degraded.image.height);
    const start = process.cpuUsage();
    const fixed = await fixPixelArt(degraded.image);
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
    if (score(fixed.image, degraded.truth).exact) exact++;
  }
  times.sort((a, b) => a - b);
  return { sprites: count, side, medianMs: times[Math.floor(count / 2)] ?? 0, maxMs: times[count - 1] ?? 0, exact };
}

export function fixerRow(result: FixerBench | { error: string }): Row {
  const name = "(fixer) pixel fixer on a 1024-pixel degraded sprite, CPU ms (median)";
  if ("error" in result) return { name, note: result.error.slice(0, 80) };
  return {
    name,
    ratio: result.medianMs / 500,
    ratioText: `${result.medianMs.toFixed(0)} ms`,
    target: "< 500 ms",
    met: result.medianMs < 500,
    note: `${result.sprites} sprites of ~${result.side} px: max ${result.maxMs.toFixed(0)} ms, exact grid on ${result.exact}/${result.sprites}`,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runFixerBench(Number(process.argv[2] ?? 8));
  console.log(JSON.stringify(result, null, 2));
  console.log(fixerRow(result).note, fixerRow(result).ratioText);
}
