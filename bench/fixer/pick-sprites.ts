/**
 * Picks the degraded set's sprites from Dungeon Crawl Stone Soup's tile atlas (CC0; Debian package
 * `crawl-tiles-data`, file /usr/share/crawl/dat/tiles/main.png, 32×32 tiles). Deterministic: the
 * tiles with enough subject and colours, evenly spaced through the atlas, written as one sheet.
 *
 *   apt-get download crawl-tiles-data && dpkg-deb -x crawl-tiles-data_*.deb /tmp/crawl
 *   npx tsx bench/fixer/pick-sprites.ts /tmp/crawl/usr/share/crawl/dat/tiles/main.png
 */
import sharp from "sharp";

const TILE = 32;
const COUNT = 60;
const COLUMNS = 10;
const out = "test/fixtures/pixel-art/crawl-sprites.png";

const atlas = process.argv[2];
if (!atlas) throw new Error("usage: pick-sprites.ts <path to main.png>");
const { data, info } = await sharp(atlas).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
// the atlas packs sprites of several sizes: find each one as a connected component of opaque
// pixels (8-connected) whose box fits a 32×32 tile, and centre it there
const seen = new Uint8Array(info.width * info.height);
const opaqueAt = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < info.width && y < info.height && (data[(y * info.width + x) * 4 + 3] ?? 0) > 0;
const tiles: { x: number; y: number; w: number; h: number }[] = [];
for (let sy = 0; sy < info.height; sy++) {
  for (let sx = 0; sx < info.width; sx++) {
    if (seen[sy * info.width + sx] || !opaqueAt(sx, sy)) continue;
    const stack = [sy * info.width + sx];
    seen[sy * info.width + sx] = 1;
    let [x0, y0, x1, y1] = [sx, sy, sx, sy];
    let partial = 0;
    let count = 0;
    let blood = 0;
    const colours = new Set<number>();
    while (stack.length > 0) {
      const p = stack.pop()!;
      const x = p % info.width;
      const y = (p - x) / info.width;
      const i = p * 4;
      count++;
      if ((data[i + 3] ?? 0) < 255) partial++;
      if ((data[i] ?? 0) > 90 && (data[i + 1] ?? 0) < 40 && (data[i + 2] ?? 0) < 40) blood++;
      colours.add(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0));
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const q = (y + dy) * info.width + x + dx;
          if (opaqueAt(x + dx, y + dy) && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
    }
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    // a whole sprite of real size, binary alpha, real shading; corpses (pools of blood) left out
    if (w <= TILE && h <= TILE && w >= 16 && h >= 16 && count >= 160 && partial === 0 && colours.size >= 10 && blood < count * 0.1)
      tiles.push({ x: x0, y: y0, w, h });
  }
}
const step = tiles.length / COUNT;
const picked = Array.from({ length: COUNT }, (_, k) => tiles[Math.floor(k * step)]!);
const rows = Math.ceil(COUNT / COLUMNS);
await sharp({ create: { width: COLUMNS * TILE, height: rows * TILE, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
  .composite(picked.map((t, k) => tileInput(t, k)))
  .png({ compressionLevel: 9 })
  .toFile(out);
console.log(`${tiles.length} candidate tiles, ${COUNT} picked → ${out}`);

function tileInput(
  t: { x: number; y: number; w: number; h: number },
  k: number,
): { input: Buffer; left: number; top: number; raw: { width: number; height: number; channels: 4 } } {
  const buf = Buffer.alloc(TILE * TILE * 4);
  const ox = Math.floor((TILE - t.w) / 2);
  const oy = Math.floor((TILE - t.h) / 2);
  for (let y = 0; y < t.h; y++) {
    for (let x = 0; x < t.w; x++) {
      const i = ((t.y + y) * info.width + t.x + x) * 4;
      if ((data[i + 3] ?? 0) === 0) continue;
      data.copy(buf, ((oy + y) * TILE + ox + x) * 4, i, i + 4);
    }
  }
  return { input: buf, left: (k % COLUMNS) * TILE, top: Math.floor(k / COLUMNS) * TILE, raw: { width: TILE, height: TILE, channels: 4 } };
}
