/**
 * What a file says about itself in its first bytes, read without decoding anything: its type by magic bytes and
 * its size in pixels from the header (PNG IHDR, JPEG SOFn, WebP VP8/VP8L/VP8X, GIF logical screen). Pure functions
 * over a byte array; a header that ends early is `truncated`, one that makes no sense is `corrupt`.
 */

export const UPLOAD_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export type HeaderResult =
  | { ok: true; type: UploadType; width: number; height: number; animated?: boolean; bitDepth?: number }
  | { ok: false; reason: "unsupported"; found: string }
  | { ok: false; reason: "truncated" | "corrupt"; type: UploadType; detail: string };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);
const u32le = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)) + ((b[at + 3]! << 24) >>> 0);

/** The file's type by its magic bytes, or undefined (SVG, text, anything else). */
export function sniffType(bytes: Uint8Array): UploadType | undefined {
  if (startsWith(bytes, PNG_SIGNATURE)) return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "image/webp";
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a")) return "image/gif";
  return undefined;
}

/** A short name for what an unsupported file looks like (for the 415 message). */
export function describeUnsupported(bytes: Uint8Array): string {
  const head = new TextDecoder("utf-8", { fatal: false })
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg")) || /^<!doctype svg/.test(head)) return "SVG";
  if (bytes.length >= 4 && (ascii(bytes, 0, 4) === "II*\0" || ascii(bytes, 0, 4) === "MM\0*")) return "TIFF";
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === "ftyp") return "HEIF/AVIF";
  if (bytes.length >= 2 && ascii(bytes, 0, 2) === "BM") return "BMP";
  if (head.startsWith("<")) return "HTML/XML";
  return bytes.length === 0 ? "an empty body" : "an unknown format";
}

/** Reads the type and size of the picture from its header. */
export function readHeader(bytes: Uint8Array): HeaderResult {
  const type = sniffType(bytes);
  if (!type) return { ok: false, reason: "unsupported", found: describeUnsupported(bytes) };
  switch (type) {
    case "image/png":
      return pngHeader(bytes);
    case "image/jpeg":
      return jpegHeader(bytes);
    case "image/webp":
      return webpHeader(bytes);
    case "image/gif":
      return gifHeader(bytes);
  }
}

function pngHeader(b: Uint8Array): HeaderResult {
  const type = "image/png" as const;
  if (b.length < 8 + 8 + 13) return { ok: false, reason: "truncated", type, detail: "the PNG ends inside its IHDR header" };
  if (ascii(b, 12, 4) !== "IHDR" || u32be(b, 8) !== 13) return { ok: false, reason: "corrupt", type, detail: "the PNG does not start with an IHDR chunk" };
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  const bitDepth = b[24]!;
  if (width === 0 || height === 0) return { ok: false, reason: "corrupt", type, detail: "the PNG header gives a size of 0" };
  const animated = indexOfAscii(b, "acTL", 33, 4096) >= 0;
  return { ok: true, type, width, height, bitDepth, animated };
}

function indexOfAscii(b: Uint8Array, text: string, from: number, within: number): number {
  const end = Math.min(b.length - text.length, from + within);
  outer: for (let i = from; i <= end; i++) {
    for (let j = 0; j < text.length; j++) if (b[i + j] !== text.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}

/** SOFn markers carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegHeader(b: Uint8Array): HeaderResult {
  const type = "image/jpeg" as const;
  let at = 2;
  while (at < b.length) {
    if (b[at] !== 0xff) return { ok: false, reason: "corrupt", type, detail: "the JPEG has bytes where a marker belongs" };
    while (b[at] === 0xff) at++; // fill bytes
    if (at >= b.length) break;
    const marker = b[at]!;
    at++;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (marker === 0xd9 || marker === 0xda) return { ok: false, reason: "corrupt", type, detail: "the JPEG has no frame header (SOF) before its data" };
    if (at + 2 > b.length) break;
    const length = u16be(b, at);
    if (length < 2) return { ok: false, reason: "corrupt", type, detail: "the JPEG has a segment of impossible length" };
    if (isSof(marker)) {
      if (at + 7 > b.length) break;
      const height = u16be(b, at + 3);
      const width = u16be(b, at + 5);
      if (width === 0 || height === 0) return { ok: false, reason: "corrupt", type, detail: "the JPEG frame header gives a size of 0" };
      return { ok: true, type, width, height, bitDepth: b[at + 2] };
    }
    at += length;
  }
  return { ok: false, reason: "truncated", type, detail: "the JPEG ends before its frame header (SOF)" };
}

function webpHeader(b: Uint8Array): HeaderResult {
  const type = "image/webp" as const;
  if (b.length < 30) return { ok: false, reason: "truncated", type, detail: "the WebP ends inside its header" };
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8 ") {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return { ok: false, reason: "corrupt", type, detail: "the WebP's VP8 frame lacks its start code" };
    const width = u16le(b, 26) & 0x3fff;
    const height = u16le(b, 28) & 0x3fff;
    return sized(type, width, height, false);
  }
  if (chunk === "VP8L") {
    if (b[20] !== 0x2f) return { ok: false, reason: "corrupt", type, detail: "the WebP's VP8L frame lacks its signature" };
    const bits = u32le(b, 21);
    return sized(type, (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1, false);
  }
  if (chunk === "VP8X") {
    const animated = (b[20]! & 0x02) !== 0;
    return sized(type, u24le(b, 24) + 1, u24le(b, 27) + 1, animated);
  }
  return { ok: false, reason: "corrupt", type, detail: `the WebP starts with an unknown chunk (${JSON.stringify(chunk)})` };
}

function sized(type: UploadType, width: number, height: number, animated: boolean): HeaderResult {
  if (width === 0 || height === 0) return { ok: false, reason: "corrupt", type, detail: "the header gives a size of 0" };
  return { ok: true, type, width, height, animated };
}

function gifHeader(b: Uint8Array): HeaderResult {
  const type = "image/gif" as const;
  if (b.length < 13) return { ok: false, reason: "truncated", type, detail: "the GIF ends inside its screen descriptor" };
  const animated = indexOfAscii(b, "NETSCAPE2.0", 13, 2048) >= 0;
  return sized(type, u16le(b, 6), u16le(b, 8), animated);
}
