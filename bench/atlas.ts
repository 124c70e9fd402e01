/**
 * (atlas): packing a 500-frame kit into atlas pages, in process: MaxRects placement plus copying
 * every frame's pixels and extruding the tiles (src/agents/atlas/compose.ts), median of `rounds`.
 * The page area is compared with `maxrects-packer` (smart, same padding and border, no rotation)
 * on the same rectangles, with and without power-of-two pages.
 * Goals: ≤ 0.2 s, and page area ≤ 1.1× maxrects-packer's.
 *   npx tsx bench/atlas.ts [rounds]
 */
// The package's "main" is a UMD file under "type": "module", which Node cannot import by name: use its ES build.
import { MaxRectsPacker, Rectangle } from "maxrects-packer/dist/maxrects-packer.mjs";
import { type AtlasPiece, composeAtlas, type Rgba } from "../src/agents/atlas/compose.js";
import { packRects } from "../src/agents/atlas/pack.js";
import type { Row } from "./report.js";

const PADDING = 2;
const EXTRUDE = 1;
const MAX = 2048;

/** A kit's frames: 32 px sheet frames and tiles (extruded), some 48 px frames and 64 px images. */
function kitPieces(n: number): AtlasPiece[] {
  const picture = (size: number, seed: number): Rgba => {
    const data = new Uint8Array(size * size * 4);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31 + seed) & 255;
    return { data, width: size, height: size };
  };
  const pieces: AtlasPiece[] = [];
  for (let i = 0; i < n; i++) {
    const size = i % 25 === 3 ? 48 : i % 50 === 7 ? 64 : 32;
    pieces.push({ image: picture(size, i), x: 0, y: 0, w: size, h: size, tile: i % 10 === 9 });
  }
  return pieces;
}

export interface AtlasBench {
  frames: number;
  rounds: number;
  ms: number;
  area: { pow2: number; free: number };
  maxrectsArea: { pow2: number; free: number };
  areaRatio: number;
}

function theirArea(pieces: AtlasPiece[], pot: boolean): number {
  const packer = new MaxRectsPacker(MAX, MAX, PADDING, { smart: true, pot, square: false, allowRotation: false, border: PADDING });
  packer.addArray(pieces.map((p) => new Rectangle(p.w + (p.tile ? 2 * EXTRUDE : 0), p.h + (p.tile ? 2 * EXTRUDE : 0))));
  return packer.bins.reduce((sum: number, bin: { width: number; height: number }) => sum + bin.width * bin.height, 0);
}

function ourArea(pieces: AtlasPiece[], powerOfTwo: boolean): number {
  const items = pieces.map((p) => ({ w: p.w, h: p.h, extrude: p.tile ? EXTRUDE : 0 }));
  return packRects(items, { maxSize: MAX, padding: PADDING, powerOfTwo }).pages.reduce((sum, p) => sum + p.width * p.height, 0);
}

export function runAtlasBench(rounds = 7, frames = 500): AtlasBench {
  const pieces = kitPieces(frames);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    composeAtlas(pieces, { maxSize: MAX, padding: PADDING, extrude: EXTRUDE, trim: false, powerOfTwo: true });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const area = { pow2: ourArea(pieces, true), free: ourArea(pieces, false) };
  const maxrectsArea = { pow2: theirArea(pieces, true), free: theirArea(pieces, false) };
  const areaRatio = Math.max(area.pow2 / maxrectsArea.pow2, area.free / maxrectsArea.free);
  return { frames, rounds, ms: times[Math.floor(rounds / 2)]!, area, maxrectsArea, areaRatio };
}

export function atlasRow(result: AtlasBench | { error: string }): Row {
  const name = "(atlas) packing a 500-frame kit (pack + copy + extrude): seconds; page area / maxrects-packer's";
  if ("error" in result) return { name, note: result.error.slice(0, 80) };
  const seconds = result.ms / 1000;
  return {
    name,
    ratio: result.areaRatio,
    target: "≤ 0.2 s, area ≤ 1.1×",
    met: seconds <= 0.2 && result.areaRatio <= 1.1,
    note:
      `${seconds.toFixed(3)} s; area ${result.area.pow2} vs ${result.maxrectsArea.pow2} (power of two), ` +
      `${result.area.free} vs ${result.maxrectsArea.free} (free sizes)`,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = runAtlasBench(Number(process.argv[2] ?? 7));
  console.log(JSON.stringify(result, null, 2));
  console.log(atlasRow(result).note, `area ratio ${result.areaRatio.toFixed(3)}`);
}
