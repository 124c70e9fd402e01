/**
 * How well a texture wraps, for tests (textures/seams.test.ts, textures/features.test.ts). A single line is a noisy
 * sample, so both measures are averaged over seeds:
 * - `edge` / `half`: seamScore of the texture tiled 4×4, and of the same texture shifted by half a
 *   tile (whose measured boundary lies inside the texture: the baseline of structured textures
 *   whose joints fall on the tile edge on purpose);
 * - `z`: how far the |Δcolour| across the wrap line stands out among all the lines of the tile
 *   (in standard deviations of the line-to-line spread), less the half-tile line's if that stands out too.
 */
import { ProgressReporter } from "../kit/progress.js";
import { interpretPrompt } from "../words/prompt.js";
import { drawTexture } from "../textures/index.js";
import { seamScore } from "./quality.js";

const N = 4;

function tiled(rgba: Uint8Array, n: number, shift: number): Uint8Array {
  const side = n * N;
  const out = new Uint8Array(side * side * 4);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const from = ((((y + shift) % n) * n + ((x + shift) % n)) * 4) | 0;
      out.set(rgba.subarray(from, from + 4), (y * side + x) * 4);
    }
  return out;
}

/** Mean |Δ| across each of the n column boundaries and each of the n row boundaries, the wrap last. */
function lineProfiles(rgba: Uint8Array, n: number): number[][] {
  const cols = new Array<number>(n).fill(0);
  const rows = new Array<number>(n).fill(0);
  const diff = (i: number, j: number): number =>
    Math.abs((rgba[i] ?? 0) - (rgba[j] ?? 0)) + Math.abs((rgba[i + 1] ?? 0) - (rgba[j + 1] ?? 0)) + Math.abs((rgba[i + 2] ?? 0) - (rgba[j + 2] ?? 0));
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const i = (y * n + x) * 4;
      cols[x] = (cols[x] ?? 0) + diff(i, (y * n + ((x + 1) % n)) * 4);
      rows[y] = (rows[y] ?? 0) + diff(i, (((y + 1) % n) * n + x) * 4);
    }
  return [cols, rows];
}

function standing(line: readonly number[], k: number): number {
  const mean = line.reduce((s, v) => s + v, 0) / line.length;
  const sd = Math.sqrt(line.reduce((s, v) => s + (v - mean) ** 2, 0) / line.length);
  return sd > 0 ? ((line[k] ?? 0) - mean) / sd : 0;
}

export interface Seams {
  edge: number;
  half: number;
  z: number;
}

export async function seams(prompt: string, sizes: readonly number[], seeds: readonly number[]): Promise<Seams> {
  let edge = 0;
  let half = 0;
  let z = 0;
  let draws = 0;
  for (const size of sizes)
    for (const seed of seeds) {
      const input = { spec: interpretPrompt({ prompt }), width: size, height: size, transparent: false, seed };
      const { data } = await drawTexture(input, new ProgressReporter(() => undefined, undefined));
      edge += seamScore(tiled(data, size, 0), size * N, size * N, size, size);
      half += seamScore(tiled(data, size, size / 2), size * N, size * N, size, size);
      for (const line of lineProfiles(data, size)) z += (standing(line, size - 1) - Math.max(0, standing(line, size / 2 - 1))) / 2;
      draws++;
    }
  return { edge: edge / draws, half: half / draws, z: z / draws };
}

export const within = (s: Seams, ratio: number, z: number): boolean => s.edge <= ratio * Math.max(1, s.half) && s.z <= z;
