/**
 * What a model sent back, as the driver contract wants it: a PNG and its size. PNG, JPEG and WebP
 * are recognised from their headers; JPEG and WebP are converted to PNG with sharp; a PNG's chunks
 * are checked (nothing decoded) so that a truncated or corrupt answer is caught here (→
 * `unavailable`). No resizing: fitting to the asked size is a later step. sharp (≈ 20 MB and
 * 0.2 s to load) is loaded on the first image, not when the drivers are registered at start.
 */
import { crc32 } from "node:zlib";
import { AgentError, type AgentImage } from "../driver.js";

export type ImageFormat = "png" | "jpeg" | "webp";

export interface SniffedImage {
  format: ImageFormat;
  width: number;
  height: number;
}

/** Larger than any model's native output; refuses decompression bombs before decoding. */
export const MAX_IMAGE_SIDE = 8192;

/**
 * The largest picture an agent takes from its model: twice its entry's `nativeSize` on each side
 * (contract section 8). A model answers its native size, or close; a picture far larger is a
 * decompression bomb (a small PNG declaring 8192×8192 costs 256 MB decoded) and is refused from
 * its header, before anything decodes it.
 */
export interface ImageLimit {
  maxWidth: number;
  maxHeight: number;
}

/** The limit of an entry's `nativeSize` ("1024x1024"): twice each side, and never past MAX_IMAGE_SIDE. */
export function limitOfNativeSize(nativeSize: string): ImageLimit {
  const [width, height] = nativeSize.split("x").map(Number) as [number, number];
  return { maxWidth: Math.min(MAX_IMAGE_SIDE, 2 * width), maxHeight: Math.min(MAX_IMAGE_SIDE, 2 * height) };
}

const unlimited: ImageLimit = { maxWidth: MAX_IMAGE_SIDE, maxHeight: MAX_IMAGE_SIDE };
const withinLimit = ({ width, height }: SniffedImage, limit: ImageLimit) => width >= 1 && height >= 1 && width <= limit.maxWidth && height <= limit.maxHeight;
/** Long side of the low-resolution previews made from partial images. */
export const PREVIEW_SIDE = 128;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Format and size from the header bytes, or undefined when the bytes are none of PNG, JPEG, WebP. */
export function sniffImage(buf: Buffer): SniffedImage | undefined {
  if (buf.length >= 24 && buf.subarray(0, 8).equals(PNG_SIGNATURE) && buf.toString("latin1", 12, 16) === "IHDR") {
    return { format: "png", width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }
  if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return sniffJpeg(buf);
  if (buf.length >= 30 && buf.toString("latin1", 0, 4) === "RIFF" && buf.toString("latin1", 8, 12) === "WEBP") return sniffWebp(buf);
  return undefined;
}

function sniffJpeg(buf: Buffer): SniffedImage | undefined {
  let i = 2;
  while (i + 9 < buf.length) {
    if (buf[i] !== 0xff) return undefined;
    const marker = buf[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    const length = buf.readUInt16BE(i + 2);
    // SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { format: "jpeg", height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    }
    if (length < 2) return undefined;
    i += 2 + length;
  }
  return undefined;
}

function sniffWebp(buf: Buffer): SniffedImage | undefined {
  const chunk = buf.toString("latin1", 12, 16);
  if (chunk === "VP8 " && buf[23] === 0x9d && buf[24] === 0x01 && buf[25] === 0x2a) {
    return { format: "webp", width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === "VP8L" && buf[20] === 0x2f) {
    const bits = buf.readUInt32LE(21);
    return { format: "webp", width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") {
    return { format: "webp", width: buf.readUIntLE(24, 3) + 1, height: buf.readUIntLE(27, 3) + 1 };
  }
  return undefined;
}

/** Strict base64 (standard alphabet, optional padding, whitespace tolerated) to bytes. */
export function decodeBase64(text: string): Buffer | undefined {
  const compact = text.replace(/\s+/g, "");
  if (compact.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return undefined;
  return Buffer.from(compact, "base64");
}

/**
 * The model's image as a PNG of its native size. Throws `AgentError("unavailable")` when the bytes
 * are not a complete PNG, JPEG or WebP image, or declare a size past `limit` (judged from the
 * header: nothing is decoded then).
 */
export async function toNativePng(bytes: Buffer, what = "The model's image", limit: ImageLimit = unlimited): Promise<AgentImage> {
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw new AgentError("unavailable", `${what} is not a PNG, JPEG or WebP image`);
  const { width, height } = sniffed;
  if (width < 1 || height < 1) throw new AgentError("unavailable", `${what} has an unusable size (${width}×${height})`);
  if (!withinLimit(sniffed, limit)) {
    throw new AgentError(
      "unavailable",
      `${what} is ${width}×${height}, larger than this agent takes (at most ${limit.maxWidth}×${limit.maxHeight}); it was refused`,
    );
  }
  if (sniffed.format === "png") {
    // Its chunks are walked, not its pixels decoded: a cut or altered file fails here (no IEND, a
    // chunk past the end, a bad CRC), at no cost; the pixels are decoded once, by post-processing,
    // in its worker thread (whose failure is `unavailable` too).
    if (!wholePng(bytes)) throw new AgentError("unavailable", `${what} could not be decoded (truncated or corrupt png)`);
    return { png: bytes, width, height };
  }
  const { default: sharp } = await import("sharp");
  try {
    // failOn "error": truncated or corrupt data fails; libjpeg's and libwebp's harmless warnings do
    // not. The pixel limit holds even if the header lied about the size.
    const decoder = sharp(bytes, { failOn: "error", limitInputPixels: limit.maxWidth * limit.maxHeight });
    const { data, info } = await decoder.png().toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch {
    throw new AgentError("unavailable", `${what} could not be decoded (truncated or corrupt ${sniffed.format})`);
  }
}

/** True when a PNG's chunks are all there, each within the file and with its CRC, IHDR first, IDAT present and IEND last. */
export function wholePng(bytes: Buffer): boolean {
  let at = 8;
  let sawData = false;
  for (let index = 0; at + 12 <= bytes.length; index++) {
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return false;
    const type = bytes.toString("latin1", at + 4, at + 8);
    if ((index === 0) !== (type === "IHDR")) return false;
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length)) return false;
    if (type === "IDAT") sawData = true;
    if (type === "IEND") return sawData && end === bytes.length;
    at = end;
  }
  return false;
}

/** A small PNG preview (long side ≤ PREVIEW_SIDE) of an image, or undefined when it cannot be decoded or is past `limit`. */
export async function previewOf(bytes: Buffer, limit: ImageLimit = unlimited): Promise<AgentImage | undefined> {
  const sniffed = sniffImage(bytes);
  if (!sniffed || !withinLimit(sniffed, limit)) return undefined;
  const { default: sharp } = await import("sharp");
  try {
    const { data, info } = await sharp(bytes, { failOn: "error", limitInputPixels: limit.maxWidth * limit.maxHeight })
      .resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch {
    return undefined;
  }
}
