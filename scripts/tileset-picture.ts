/**
 * `npm run tileset-picture`: the README's pictures of tilesets. Draws two sets through the texture agent's tileset
 * drawing, as the drawing threads do, at 64 px with fixed seeds:
 * - a grass-over-dirt `blob-47` set, written as docs/tileset.png: the tile sheet as the service returns it, at 1×,
 *   each tile framed by a thin grid line (the unused cell of the 7×7 grid left plain);
 * - a sand-over-water `wang-corner-16` set; docs/tileset-map.png is a 16×9-tile map of each set, painted by the
 *   layout's own rule (paintRandomMap, as the seam score and the Tiled sample map are) and drawn from its sheet
 *   (renderMap), side by side, scaled down by 2 with nearest neighbour (1024×576 each at 1×).
 * The same bytes on every run; run it again when the drawing changes. `npx tsx scripts/tileset-picture.ts 3 5 8`
 * tries other seeds (blob set, corner set, maps) without changing the constants.
 */
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { TilesetLayout, TilesetRequest } from "../src/agents/driver.js";
import { drawTileset, interpretPrompt, renderMap } from "../src/agents/procedural/index.js";
import { paintRandomMap } from "../src/agents/tileset-map.js";

const SIZE = 64;
const BLOB: TilesetRequest = { layout: "blob-47", terrains: ["grass", "dirt"] };
const CORNER: TilesetRequest = { layout: "wang-corner-16", terrains: ["sand", "water"] };
const seedArg = (i: number, seed: number) => Number(process.argv[2 + i] ?? seed);
const BLOB_SEED = seedArg(0, 1);
const CORNER_SEED = seedArg(1, 1);
const MAP_SEED = seedArg(2, 2);
const MAP = { columns: 16, rows: 9 };
const GRID = 2;
const GAP = 16;
const BACKGROUND = [32, 34, 42] as const;
const LINE = [20, 21, 27] as const;

const docs = (name: string) => fileURLToPath(new URL(`../docs/${name}`, import.meta.url));

async function drawn(request: TilesetRequest, seed: number): Promise<{ rgba: Uint8Array; width: number; height: number; layout: TilesetLayout }> {
  const set = await drawTileset(
    { spec: interpretPrompt({ prompt: request.terrains.join(" and ") }), width: SIZE, height: SIZE, transparent: false, seed, tileset: request },
    () => undefined,
  );
  const { data, info } = await sharp(set.png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { rgba: new Uint8Array(data), width: info.width, height: info.height, layout: set.layout };
}

function fill(pixels: Uint8Array, color: readonly number[]): void {
  for (let i = 0; i < pixels.length; i += 4) pixels.set([color[0]!, color[1]!, color[2]!, 255], i);
}

/** Copies a `w`×`h` block of `from` (stride `fromWidth`) at (sx, sy) into `to` (stride `toWidth`) at (dx, dy). */
function blit(
  from: Uint8Array,
  fromWidth: number,
  sx: number,
  sy: number,
  to: Uint8Array,
  toWidth: number,
  dx: number,
  dy: number,
  w: number,
  h: number,
): void {
  for (let y = 0; y < h; y++) {
    const start = ((sy + y) * fromWidth + sx) * 4;
    to.set(from.subarray(start, start + w * 4), ((dy + y) * toWidth + dx) * 4);
  }
}

const png = (pixels: Uint8Array, width: number, height: number) =>
  sharp(Buffer.from(pixels), { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 9, effort: 10 });

const blob = await drawn(BLOB, BLOB_SEED);
const corner = await drawn(CORNER, CORNER_SEED);

// docs/tileset.png: the blob sheet, each tile inside a GRID-pixel line.
const { columns, rows } = blob.layout;
const sheetW = columns * SIZE + (columns + 1) * GRID;
const sheetH = rows * SIZE + (rows + 1) * GRID;
const sheet = new Uint8Array(sheetW * sheetH * 4);
fill(sheet, LINE);
for (let row = 0; row < rows; row++) {
  for (let column = 0; column < columns; column++) {
    const x = GRID + column * (SIZE + GRID);
    const y = GRID + row * (SIZE + GRID);
    const used = blob.layout.tiles.some((tile) => tile.x === column * SIZE && tile.y === row * SIZE);
    if (used) blit(blob.rgba, blob.width, column * SIZE, row * SIZE, sheet, sheetW, x, y, SIZE, SIZE);
    else for (let j = 0; j < SIZE; j++) for (let i = 0; i < SIZE; i++) sheet.set([...BACKGROUND, 255], ((y + j) * sheetW + x + i) * 4);
  }
}
const sheetPng = await png(sheet, sheetW, sheetH).toBuffer();
await writeFile(docs("tileset.png"), sheetPng);

// docs/tileset-map.png: a map of each set, side by side, then halved (nearest neighbour).
const maps = [blob, corner].map((set) => renderMap(set.rgba, set.layout, paintRandomMap(set.layout, MAP.columns, MAP.rows, MAP_SEED)));
const mapW = maps.reduce((sum, map) => sum + map.width, 0) + GAP * (maps.length + 1);
const mapH = Math.max(...maps.map((map) => map.height)) + GAP * 2;
const picture = new Uint8Array(mapW * mapH * 4);
fill(picture, BACKGROUND);
let left = GAP;
for (const map of maps) {
  blit(map.rgba, map.width, 0, 0, picture, mapW, left, GAP, map.width, map.height);
  left += map.width + GAP;
}
const mapPng = await png(picture, mapW, mapH)
  .resize(mapW / 2, mapH / 2, { kernel: "nearest" })
  .toBuffer();
await writeFile(docs("tileset-map.png"), mapPng);

console.log(
  `tileset-picture (seeds ${BLOB_SEED}, ${CORNER_SEED}, map ${MAP_SEED}): docs/tileset.png ${sheetW}×${sheetH} (${Math.round(sheetPng.length / 1024)} KiB), ` +
    `docs/tileset-map.png ${mapW / 2}×${mapH / 2} (${Math.round(mapPng.length / 1024)} KiB)`,
);
