/**
 * sha256 of the PNG and of the RGBA pixels of many drawings (every subject of each generator, with
 * style words, sizes, seeds, transparency): run before and after a change to the drawing code and
 * compare the two outputs (`diff`) — a wider net than golden.test.ts's cases.
 *   npx tsx bench/draw-hashes.ts > before.txt
 */
import { createHash } from "node:crypto";
import { PNG } from "pngjs";
import { draw, type DrawTask } from "../src/agents/procedural/draw-task.js";
import { interpretIcon, interpretSprite, interpretTexture, probeSubjects } from "../src/agents/procedural/index.js";

const styles = ["", "cute", "scary", "flat", "no outline", "glowing", "retro", "dark", "blue and gold"];
const sizes: Record<DrawTask["generator"], number[]> = { "pixel-sprite": [16, 32, 64, 128], icon: [64, 128], texture: [64] };
// every subject each generator draws (as its agent lists them in `knows`)
const subjects: Record<DrawTask["generator"], readonly string[]> = {
  "pixel-sprite": probeSubjects(interpretSprite),
  icon: probeSubjects(interpretIcon),
  texture: probeSubjects(interpretTexture),
};
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex").slice(0, 16);

let k = 0;
for (const generator of ["pixel-sprite", "icon", "texture"] as const) {
  for (const subject of subjects[generator]) {
    for (const size of sizes[generator]) {
      // a few style/seed/transparency combinations per subject and size, chosen by a counter
      for (let v = 0; v < 3; v++, k++) {
        const style = styles[(k * 7 + v) % styles.length];
        const prompt = `${style} ${subject}${v === 2 ? " with a sword" : ""}`.trim();
        const task = {
          generator,
          prompt: { prompt },
          width: size,
          height: size,
          transparent: generator !== "texture" && k % 2 === 0,
          seed: (k * 7919) % 100000,
        };
        const image = await draw(task, () => undefined);
        console.log(
          `${generator} ${size} ${task.seed} ${task.transparent ? "t" : "o"} "${prompt}" png=${sha(image.png)} rgba=${sha(PNG.sync.read(image.png).data)}`,
        );
      }
    }
  }
}
