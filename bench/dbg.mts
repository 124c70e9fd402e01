import { draw } from "../src/agents/procedural/draw-task.js";
import { SPECIES } from "../src/agents/procedural/sprite-species.js";
const bad: string[] = [];
for (const name of Object.keys(SPECIES)) {
  for (const size of [16, 64]) {
    const d = async (p: string) => (await draw({ generator: "pixel-sprite", prompt: { prompt: p }, width: size, height: size, transparent: true, seed: 4 }, () => undefined)).png;
    const base = await d(name);
    for (const t of ["cute", "scary", "giant", "tiny", "stone", "fire"]) if ((await d(`${t} ${name}`)).equals(base)) bad.push(`${t} ${name} ${size}`);
  }
}
console.log(bad.join("\n"));
