/**
 * An RGBA PNG encoder that writes exactly the bytes pngjs 7 (`PNG.sync.write`, 8-bit RGBA, no
 * gamma) writes, several times faster: the same per-row filter choice (the smallest sum of
 * |value − prediction| over the five filters, the lowest filter number on a tie, as pngjs's
 * `filter-pack.js` computes it, here in one pass per row), the same deflate options (level 9,
 * strategy 3 (Z_RLE), 32 KiB chunks) and the same chunks (IHDR, one IDAT, IEND). `png-encode.test.ts`
 * compares it with pngjs byte for byte.
 */
import { crc32, deflateSync } from "node:zlib";

/** pngjs's defaults for `PNG.sync.write`. */
const deflateOptions = { chunkSize: 32 * 1024, level: 9, strategy: 3 };
export const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = 0x49484452;
const IDAT = 0x49444154;
const IEND = 0x49454e44;
const BPP = 4;

const paeth = (left: number, up: number, upLeft: number): number => {
  const p = left + up - upLeft;
  const pLeft = Math.abs(p - left);
  const pUp = Math.abs(p - up);
  const pUpLeft = Math.abs(p - upLeft);
  if (pLeft <= pUp && pLeft <= pUpLeft) return left;
  if (pUp <= pUpLeft) return up;
  return upLeft;
};

/**
 * The filter pngjs picks for the row at `pos` (`prev`: the row above's start, -1 for the first
 * row): the first pixel (no left neighbour) and the first row (nothing above) have loops of
 * their own, so the inner loop has no bounds tests.
 */
function chooseFilter(px: Uint8Array, pos: number, prev: number, byteWidth: number): number {
  let none = 0;
  let sub = 0;
  let up = 0;
  let avg = 0;
  let pa = 0;
  if (prev < 0) {
    // nothing above: Up is None, Paeth is Sub, Avg predicts half the left byte
    for (let x = 0; x < byteWidth; x++) {
      const v = px[pos + x]!;
      const left = x >= BPP ? px[pos + x - BPP]! : 0;
      none += v;
      sub += Math.abs(v - left);
      avg += Math.abs(v - (left >> 1));
    }
    up = none;
    pa = sub;
  } else {
    for (let x = 0; x < BPP && x < byteWidth; x++) {
      // no left neighbour: Sub is None, Paeth predicts the byte above
      const v = px[pos + x]!;
      const above = px[prev + x]!;
      none += v;
      sub += v;
      up += Math.abs(v - above);
      avg += Math.abs(v - (above >> 1));
      pa += Math.abs(v - above);
    }
    for (let x = BPP; x < byteWidth; x++) {
      const v = px[pos + x]!;
      const left = px[pos + x - BPP]!;
      const above = px[prev + x]!;
      const upLeft = px[prev + x - BPP]!;
      none += v;
      sub += Math.abs(v - left);
      up += Math.abs(v - above);
      avg += Math.abs(v - ((left + above) >> 1));
      pa += Math.abs(v - paeth(left, above, upLeft));
    }
  }
  let sel = 0;
  let min = none;
  if (sub < min) (sel = 1), (min = sub);
  if (up < min) (sel = 2), (min = up);
  if (avg < min) (sel = 3), (min = avg);
  if (pa < min) sel = 4;
  return sel;
}

/** Writes the row at `pos` filtered with `filter` at `out[at]` (its filter byte at `at - 1`). */
function filterRow(px: Uint8Array, pos: number, prev: number, byteWidth: number, filter: number, out: Uint8Array, at: number): void {
  out[at - 1] = filter;
  const head = Math.min(BPP, byteWidth);
  // values wrap modulo 256 when stored, as in pngjs's Buffer
  if (filter === 0 || (prev < 0 && filter === 2)) {
    out.set(px.subarray(pos, pos + byteWidth), at);
  } else if (filter === 1 || (prev < 0 && filter === 4)) {
    for (let x = 0; x < head; x++) out[at + x] = px[pos + x]!;
    for (let x = BPP; x < byteWidth; x++) out[at + x] = px[pos + x]! - px[pos + x - BPP]!;
  } else if (prev < 0) {
    // Avg on the first row
    for (let x = 0; x < head; x++) out[at + x] = px[pos + x]!;
    for (let x = BPP; x < byteWidth; x++) out[at + x] = px[pos + x]! - (px[pos + x - BPP]! >> 1);
  } else if (filter === 2) {
    for (let x = 0; x < byteWidth; x++) out[at + x] = px[pos + x]! - px[prev + x]!;
  } else if (filter === 3) {
    for (let x = 0; x < head; x++) out[at + x] = px[pos + x]! - (px[prev + x]! >> 1);
    for (let x = BPP; x < byteWidth; x++) out[at + x] = px[pos + x]! - ((px[pos + x - BPP]! + px[prev + x]!) >> 1);
  } else {
    for (let x = 0; x < head; x++) out[at + x] = px[pos + x]! - px[prev + x]!;
    for (let x = BPP; x < byteWidth; x++) out[at + x] = px[pos + x]! - paeth(px[pos + x - BPP]!, px[prev + x]!, px[prev + x - BPP]!);
  }
}

/** Writes one PNG chunk (length, type, data, CRC) at `at`; answers where the next starts. */
export function writeChunk(out: Buffer, at: number, type: number, data: Uint8Array | undefined): number {
  const length = data?.byteLength ?? 0;
  out.writeUInt32BE(length, at);
  out.writeUInt32BE(type, at + 4);
  if (data) out.set(data, at + 8);
  out.writeUInt32BE(crc32(out.subarray(at + 4, at + 8 + length)), at + 8 + length);
  return at + 12 + length;
}

/**
 * Encodes 8-bit RGBA pixels (row-major) as PNG. `filter` fixes one filter for every row (pngjs's
 * `filterType`); without it each row gets the filter pngjs's adaptive choice gives it.
 */
export function encodeRgbaPng(pixels: Uint8Array, width: number, height: number, filter?: 0 | 1 | 2 | 3 | 4): Buffer {
  const byteWidth = width * BPP;
  const filtered = Buffer.allocUnsafe((byteWidth + 1) * height);
  for (let y = 0, pos = 0; y < height; y++, pos += byteWidth) {
    const prev = y > 0 ? pos - byteWidth : -1;
    const sel = filter ?? chooseFilter(pixels, pos, prev, byteWidth);
    filterRow(pixels, pos, prev, byteWidth, sel, filtered, y * (byteWidth + 1) + 1);
  }
  const compressed = deflateSync(filtered, deflateOptions);
  // its own ArrayBuffer (not the pool's): it crosses from the drawing thread, copied whole
  const out = Buffer.allocUnsafeSlow(SIGNATURE.length + 25 + 12 + compressed.byteLength + 12);
  out.set(SIGNATURE, 0);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA; compression, filter method and interlace are 0
  let at = writeChunk(out, SIGNATURE.length, IHDR, header);
  at = writeChunk(out, at, IDAT, compressed);
  writeChunk(out, at, IEND, undefined);
  return out;
}
