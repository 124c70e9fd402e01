/**
 * (tileset): the cost of a tileset's tile against one texture, in process (the drawing a worker
 * thread runs: generator and PNG encoding). A blob-47 set of two terrains at 64×64 (48 tiles: the
 * 47 and the background's fill) and one 64×64 texture of its first terrain, alternated, CPU time
 * of this thread. 64 px is the texture agent's smallest size (src/agents/procedural/agents.ts).
 * Goal: a tileset's tile costs no more than one texture (ratio ≤ 1.0).
 *   npx tsx bench/tileset.ts [rounds]
 */
import type { TilesetLayout } from "../src/agents/driver.js";
import { draw, type DrawTask } from "../src/agents/procedural/draw-task.js";
import { alternate } from "./cpu-pairs.js";
import type { Row } from "./report.js";

const SIZE = 64;
const pairs = [
  ["grass", "dirt"],
  ["sand", "water"],
  ["stone", "grass"],
  ["snow", "stone"],
];

export interface TilesetBench {
  pairs: string[][];
  size: number;
  rounds: number;
  tiles: number;
  textureMs: number;
  tilesetMs: number;
  tileMs: number;
  ratio: number;
}

const task = (terrains: string[], seed: number, withTileset: boolean): DrawTask => ({
  generator: "texture",
  prompt: { prompt: withTileset ? terrains.join(" and ") : terrains[0]! },
  width: SIZE,
  height: SIZE,
  transparent: false,
  seed,
  ...(withTileset ? { tileset: { layout: "blob-47" as const, terrains } } : {}),
});

export async function runTilesetBench(rounds = 5): Promise<TilesetBench> {
  const first = await draw(task(pairs[0]!, 1, true), () => undefined);
  const tiles = (first.layout as TilesetLayout).tiles.length;
  const { singleMs: textureMs, wholeMs: tilesetMs } = await alternate(
    pairs,
    rounds,
    5,
    (p, seed) => task(p, seed, false),
    (p, seed) => task(p, seed, true),
  );
  const tileMs = tilesetMs / tiles;
  return { pairs, size: SIZE, rounds, tiles, textureMs, tilesetMs, tileMs, ratio: tileMs / textureMs };
}

export function tilesetRow(result: TilesetBench | { error: string }): Row {
  const name = "(tileset) blob-47, two terrains, 64×64 tiles (the texture agent's smallest): CPU per tile / one 64×64 texture";
  if ("error" in result) return { name, note: result.error.slice(0, 80) };
  return {
    name,
    ratio: result.ratio,
    target: "≤ 1.0",
    met: result.ratio <= 1,
    note: `${result.tileMs.toFixed(2)} ms/tile (${result.tiles} tiles, ${result.tilesetMs.toFixed(1)} ms/set) vs ${result.textureMs.toFixed(2)} ms/texture`,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runTilesetBench(Number(process.argv[2] ?? 5));
  console.log(JSON.stringify(result, null, 2));
  console.log(tilesetRow(result).note, `ratio ${result.ratio.toFixed(2)}`);
}
