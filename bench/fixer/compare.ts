/**
 * Scores other fixers' outputs on the degraded set, beside ours: `npx tsx bench/fixer/compare.ts <dir> <tool>…`
 * where <dir> holds NN.png / NN-truth.png (written by bench/fixer/degraded-set.ts <dir>) and <dir>/<tool>/NN.png
 * each tool's output for NN.png. Prints one table row per tool: exact grid, colours right (ΔE*ab ≤ 10) on the
 * sprites with the exact grid. How each tool was run: bench/README.md, "(fixer)".
 */
import { existsSync } from "node:fs";
import { decodeImage } from "../../src/agents/pipeline/rgba.js";
import { flatten } from "../../src/agents/pipeline/alpha.js";
import { readFile } from "node:fs/promises";
import { score } from "../../test/support/pixel-degrade.js";

const [dir, ...tools] = process.argv.slice(2);
if (!dir) throw new Error("usage: compare.ts <dir> <tool>…");
for (const tool of tools) {
  let n = 0;
  let exact = 0;
  let right = 0;
  const sizes: string[] = [];
  for (let k = 0; ; k++) {
    const name = String(k).padStart(2, "0");
    if (!existsSync(`${dir}/${name}-truth.png`)) break;
    n++;
    const path = `${dir}/${tool}/${name}.png`;
    if (!existsSync(path)) continue;
    const truth = await decodeImage(await readFile(`${dir}/${name}-truth.png`));
    const out = await decodeImage(await readFile(path));
    const s = score(flatten(out, { r: 0, g: 0, b: 0 }), truth);
    if (s.exact) {
      exact++;
      right += s.colours;
    } else if (sizes.length < 5) sizes.push(`${out.width}×${out.height}`);
  }
  console.log(
    `| ${tool} | ${exact}/${n} (${((exact / n) * 100).toFixed(0)} %) | ${exact ? ((right / exact) * 100).toFixed(1) : "–"} % | e.g. ${sizes.join(", ")} |`,
  );
}
