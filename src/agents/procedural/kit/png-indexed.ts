/**
 * An indexed (palette) PNG encoder for pictures of at most 256 colours, alpha included: what the service stores
 * for nearly every drawing (pixel art has a few dozen colours). Exact by construction: each pixel is written as
 * the index of its own RGBA value, so decoding gives back every pixel (a fully transparent one as transparent
 * black: it shows nothing, as `indexed-png.ts`'s `samePixels` allows). Fewer colours take fewer bits per pixel
 * (1, 2, 4 or 8), the translucent entries come first so the tRNS chunk stays short, rows are unfiltered (the
 * usual choice for indexed data) and deflated at level 9. Encoding here, in the drawing thread, replaces a
 * decode, a quantisation and a second decode on the event loop's thread.
 */
import { deflateSync } from "node:zlib";
import { SIGNATURE, writeChunk } from "./png-encode.js";

const IHDR = 0x49484452;
const PLTE = 0x504c5445;
const TRNS = 0x74524e53;
const IDAT = 0x49444154;
const IEND = 0x49454e44;

/** The same `width`×`height` RGBA pixels as an indexed PNG; undefined past 256 colours (alpha included). */
export function encodeIndexedPng(pixels: Uint8Array, width: number, height: number): Buffer | undefined {
  const count = width * height;
  const aligned = pixels.byteOffset % 4 === 0 ? pixels : pixels.slice();
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, count);
  // the colours in order of first appearance (a fully transparent pixel is one colour: 0)
  const indexOf = new Map<number, number>();
  const colours: number[] = [];
  const indices = new Uint8Array(count);
  let last = -1;
  let lastIndex = 0;
  for (let i = 0; i < count; i++) {
    let word = words[i]!;
    if (pixels[i * 4 + 3] === 0) word = 0;
    if (word !== last) {
      let index = indexOf.get(word);
      if (index === undefined) {
        if (colours.length === 256) return undefined;
        index = colours.length;
        colours.push(word);
        indexOf.set(word, index);
      }
      last = word;
      lastIndex = index;
    }
    indices[i] = lastIndex;
  }
  // translucent entries first: tRNS lists alpha up to the last translucent one
  const rgba = colours.map(bytesOf);
  const opaque = (i: number) => Number(rgba[i]![3] === 255);
  const order = colours.map((_, i) => i).sort((a, b) => opaque(a) - opaque(b) || a - b);
  const remap = new Uint8Array(colours.length);
  order.forEach((old, position) => {
    remap[old] = position;
  });
  const palette = Buffer.alloc(order.length * 3);
  const alphas: number[] = [];
  order.forEach((old, position) => {
    const bytes = rgba[old]!;
    palette[position * 3] = bytes[0];
    palette[position * 3 + 1] = bytes[1];
    palette[position * 3 + 2] = bytes[2];
    if (bytes[3] < 255) alphas.push(bytes[3]);
  });
  const depth = colours.length <= 2 ? 1 : colours.length <= 4 ? 2 : colours.length <= 16 ? 4 : 8;
  const perByte = 8 / depth;
  const rowBytes = Math.ceil(width / perByte);
  const raw = Buffer.alloc((rowBytes + 1) * height); // filter byte 0 (None) on every row
  for (let y = 0; y < height; y++) {
    const at = y * (rowBytes + 1) + 1;
    const from = y * width;
    if (depth === 8) {
      for (let x = 0; x < width; x++) raw[at + x] = remap[indices[from + x]!]!;
      continue;
    }
    for (let x = 0; x < width; x++) {
      const shift = 8 - depth * ((x % perByte) + 1);
      raw[at + Math.floor(x / perByte)]! |= remap[indices[from + x]!]! << shift;
    }
  }
  const compressed = deflateSync(raw, { level: 9 });
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = depth;
  header[9] = 3; // indexed; compression, filter method and interlace are 0
  const chunks: [number, Uint8Array | undefined][] = [
    [IHDR, header],
    [PLTE, palette],
    ...(alphas.length > 0 ? [[TRNS, Uint8Array.from(alphas)] as [number, Uint8Array]] : []),
    [IDAT, compressed],
    [IEND, undefined],
  ];
  const size = SIGNATURE.length + chunks.reduce((sum, [, data]) => sum + 12 + (data?.byteLength ?? 0), 0);
  // its own ArrayBuffer (not the pool's): it crosses from the drawing thread, copied whole
  const out = Buffer.allocUnsafeSlow(size);
  out.set(SIGNATURE, 0);
  let at = SIGNATURE.length;
  for (const [type, data] of chunks) at = writeChunk(out, at, type, data);
  return out;
}

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** An RGBA word's bytes in memory order (r, g, b, a), whatever the machine's endianness. */
function bytesOf(word: number): [number, number, number, number] {
  const b = [word & 255, (word >>> 8) & 255, (word >>> 16) & 255, word >>> 24] as [number, number, number, number];
  return littleEndian ? b : [b[3], b[2], b[1], b[0]];
}
