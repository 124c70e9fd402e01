/**
 * The fixer on the degraded set: every committed sprite degraded with its seed, fixed, scored.
 * `npx tsx bench/fixer/degraded-set.ts [outDir]`: prints the per-sprite rows and the totals; with
 * `outDir`, also writes each degraded picture (`NN.png`) and its truth (`NN-truth.png`) there, the
 * input of the other tools (bench/fixer/compare.ts).
 */
import { mkdir } from "node:fs/promises";
import { fixPixelArt } from "../../src/agents/fixer/index.js";
import { encodePng } from "../../src/agents/pipeline/rgba.js";
import { degrade, readSheet, score } from "../../test/support/pixel-degrade.js";

export const SHEET = "test/fixtures/pixel-art/crawl-sprites.png";

export async function degradedSet(): Promise<Awaited<ReturnType<typeof degrade>>[]> {
  const sprites = await readSheet(SHEET);
  return Promise.all(sprites.map((sprite, k) => degrade(sprite, 1000 + k)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = process.argv[2];
  if (outDir) await mkdir(outDir, { recursive: true });
  const set = await degradedSet();
  let exact = 0;
  let good = 0;
  let coloursSum = 0;
  let ms = 0;
  for (const [k, d] of set.entries()) {
    const t0 = performance.now();
    const fixed = await fixPixelArt(d.image);
    ms += performance.now() - t0;
    const s = score(fixed.image, d.truth);
    if (s.exact) exact++;
    if (s.exact && s.colours >= 0.9) good++;
    coloursSum += s.colours;
    const g = fixed.detected;
    console.log(
      `${String(k).padStart(2, "0")} ${d.image.width}×${d.image.height} ×${d.scale.toFixed(2)} off ${d.offsetX},${d.offsetY} blur ${d.blur.toFixed(2)} q${d.quality} → ${g.width}×${g.height} ×${g.scale} conf ${g.confidence} colours ${(s.colours * 100).toFixed(1)} %`,
    );
    if (outDir) {
      const name = String(k).padStart(2, "0");
      await encodePng(d.image).then((png) => import("node:fs/promises").then((fs) => fs.writeFile(`${outDir}/${name}.png`, png)));
      await encodePng(d.truth).then((png) => import("node:fs/promises").then((fs) => fs.writeFile(`${outDir}/${name}-truth.png`, png)));
    }
  }
  const n = set.length;
  console.log(
    `exact grid ${exact}/${n} (${((exact / n) * 100).toFixed(1)} %), colours ≥ 90 % on ${good}/${n}, mean colours ${((coloursSum / n) * 100).toFixed(1)} %, ${(ms / n).toFixed(1)} ms per sprite`,
  );
}
