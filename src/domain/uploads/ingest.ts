import { createHash } from "node:crypto";
import sharp, { type OutputInfo } from "sharp";
import { AppError } from "../../contract/errors.js";
import { readHeader, UPLOAD_TYPES, type UploadType } from "./header.js";

/**
 * Ingesting the caller's own picture (contract section 14): every byte of it is hostile until proven otherwise.
 *
 * `ingestImage(bytes, declaredType, limits)` is the one entry point, for every transport and for `data:` URLs in a
 * generate body (`decodeDataUrl` first). In order, each step before any decoding:
 *  1. size in bytes over `limits.maxBytes` → 413 `payload_too_large`;
 *  2. a declared type that is not an image we take (`text/plain`, `image/svg+xml`, …) → 415 `unsupported_media_type`;
 *     the type is then read from the magic bytes (PNG, JPEG, WebP, GIF; SVG and anything else → 415);
 *  3. width and height from the header (PNG IHDR, JPEG SOFn, WebP VP8/VP8L/VP8X, GIF screen) over `limits.maxSide`
 *     → 400 `invalid_image` naming the size; a header that ends early or makes no sense → 400 `invalid_image`.
 * Then it decodes with sharp (libvips, on libuv's threadpool: off the event loop) under `budget` (the process's pixel
 * budget, so ten large uploads queue instead of exhausting memory), bounded in pixels (`limitInputPixels`) and time
 * (`timeoutSeconds`): the first frame only (GIF, animated WebP/PNG), EXIF orientation applied, any colour space
 * (CMYK, 16-bit, greyscale, an ICC profile) converted to 8-bit sRGB with alpha, no metadata kept (no EXIF, iCCP,
 * tEXt: the PNG is encoded from raw pixels). A picture of at most 256 colours is stored as an indexed PNG (the same
 * pixels, checked). A file that fails to decode (truncated, corrupt) → 400 `invalid_image`.
 *
 * Nothing here stores or charges: the caller stores `png` (its `sha256`) as an asset.
 */

export interface UploadLimits {
  /** UPLOAD_MAX_BYTES: the largest file accepted (413 above). */
  maxBytes: number;
  /** UPLOAD_MAX_SIDE: the longest side in pixels accepted (400 `invalid_image` above). */
  maxSide: number;
  /** How long decoding and encoding may take (400 `invalid_image` after). Default 30 s. */
  timeoutSeconds?: number;
}

/** Admits work holding `pixels` in memory (the process's PixelBudget fits this shape). */
export interface PixelGate {
  run<T>(pixels: number, work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

export interface IngestOptions {
  /** The field the errors name (`file` for REST/GraphQL, `data`/`url` for MCP, `image` in a generate body). */
  param?: string;
  budget?: PixelGate;
  signal?: AbortSignal;
  /** Also return the decoded pixels (`rgba`), for a caller that works on them next (agents' `job.image`). */
  keepRgba?: boolean;
}

export interface IngestedImage {
  /** The stored form: PNG, 8-bit sRGB (indexed when ≤ 256 colours), no metadata. */
  png: Buffer;
  width: number;
  height: number;
  /** sha256 of `png`, hex. */
  sha256: string;
  /** What the file was (by its magic bytes). */
  sourceType: UploadType;
  /** True when the file had more frames (animated GIF/WebP/PNG) and only the first was kept. */
  firstFrameOnly: boolean;
  /** width × height × 4 bytes, straight alpha; only with `keepRgba`. */
  rgba?: Uint8Array;
}

const MIB = 1_048_576;

/** The limits as a sentence, for messages. */
export const describeLimits = (limits: UploadLimits) =>
  `PNG, JPEG, WebP or GIF (first frame), at most ${formatBytes(limits.maxBytes)} and ${limits.maxSide} pixels on either side`;

function formatBytes(n: number): string {
  return n % MIB === 0 ? `${n / MIB} MiB` : n >= MIB ? `${(n / MIB).toFixed(1)} MiB` : `${n} bytes`;
}

/** 413 for a file over `limits.maxBytes` (also for a transport that sees a Content-Length before the body). */
export function tooLarge(size: number | undefined, limits: UploadLimits, param?: string): AppError {
  const size_ = size === undefined ? "" : ` is ${formatBytes(size)}; it`;
  return new AppError(
    "payload_too_large",
    `The image${size_} must be at most ${formatBytes(limits.maxBytes)} (UPLOAD_MAX_BYTES). Compress or scale it down and upload it again.`,
    {
      ...(param ? { param } : {}),
      details: { limitBytes: limits.maxBytes, ...(size === undefined ? {} : { bytes: size }) },
    },
  );
}

/** Whether a Content-Type (parameters ignored) is one of the image types uploads take. */
export function isUploadType(contentType: string | undefined): contentType is UploadType {
  const bare = contentType?.split(";")[0]?.trim().toLowerCase();
  return (UPLOAD_TYPES as readonly string[]).includes(bare ?? "");
}

/** 415 for a declared or sniffed type uploads do not take. */
export function unsupportedType(what: string, param?: string): AppError {
  return new AppError("unsupported_media_type", `Uploads take PNG, JPEG, WebP or GIF images; this is ${what}. Convert it to PNG and upload it again.`, {
    ...(param ? { param } : {}),
    details: { accepted: [...UPLOAD_TYPES] },
  });
}

function invalidImage(message: string, param: string | undefined, details?: Record<string, unknown>): AppError {
  return new AppError("invalid_image", message, { ...(param ? { param } : {}), ...(details ? { details } : {}) });
}

/**
 * Checks a file from its header only (steps 1–3 above), decoding nothing: its type and size, or the refusal.
 * `declaredType` undefined or `application/octet-stream` means "look at the bytes".
 */
export function checkImageHeader(bytes: Uint8Array, declaredType: string | undefined, limits: UploadLimits, param?: string) {
  if (bytes.byteLength > limits.maxBytes) throw tooLarge(bytes.byteLength, limits, param);
  const declared = declaredType?.split(";")[0]?.trim().toLowerCase();
  if (declared && declared !== "application/octet-stream" && !isUploadType(declared)) {
    throw unsupportedType(declared === "image/svg+xml" ? "SVG (image/svg+xml)" : `"${declared}"`, param);
  }
  const header = readHeader(bytes);
  if (!header.ok && header.reason === "unsupported") throw unsupportedType(header.found, param);
  if (!header.ok)
    throw invalidImage(`The image cannot be read: ${header.detail}. Export it again as PNG and upload the whole file.`, param, { type: header.type });
  const { width, height } = header;
  if (width > limits.maxSide || height > limits.maxSide) {
    throw invalidImage(
      `The image is ${width} × ${height} pixels; uploads may be at most ${limits.maxSide} pixels on either side (UPLOAD_MAX_SIDE). Scale it down and upload it again.`,
      param,
      { width, height, maxSide: limits.maxSide },
    );
  }
  return header;
}

/** Checks, decodes and re-encodes the caller's picture as the PNG to store (see the module comment). */
export async function ingestImage(
  bytes: Uint8Array,
  declaredType: string | undefined,
  limits: UploadLimits,
  options: IngestOptions = {},
): Promise<IngestedImage> {
  const { param, budget, signal } = options;
  const header = checkImageHeader(bytes, declaredType, limits, param);
  const work = () => decodeToPng(bytes, header.width, header.height, limits, options);
  const pixels = header.width * header.height;
  const result = budget ? await budget.run(pixels, work, signal) : await work();
  return { ...result, sourceType: header.type, firstFrameOnly: result.firstFrameOnly || header.animated === true };
}

async function decodeToPng(bytes: Uint8Array, width: number, height: number, limits: UploadLimits, options: IngestOptions) {
  const { param, signal } = options;
  signal?.throwIfAborted();
  const timeout = { seconds: Math.max(1, Math.round(limits.timeoutSeconds ?? 30)) };
  // The header's size bounds the decode: a file whose frames claim more than its header said fails here.
  const limitInputPixels = Math.max(1, width * height);
  let decoded: { data: Buffer; info: OutputInfo };
  let pages = 1;
  try {
    const input = sharp(bytes, { limitInputPixels, failOn: "warning", pages: 1, page: 0, sequentialRead: true });
    const meta = await input.metadata();
    pages = meta.pages ?? 1;
    decoded = await input
      .clone()
      .timeout(timeout)
      .autoOrient()
      .toColourspace("srgb")
      .ensureAlpha()
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw decodeRefusal(error, param);
  }
  signal?.throwIfAborted();
  const { data, info } = decoded;
  if (info.channels !== 4) throw invalidImage("The image decoded to an unexpected number of channels; export it again as an RGB or RGBA PNG.", param);
  const png = await encodeStoredPng(data, info.width, info.height, timeout).catch((error: unknown) => {
    throw decodeRefusal(error, param);
  });
  return {
    png,
    width: info.width,
    height: info.height,
    sha256: createHash("sha256").update(png).digest("hex"),
    firstFrameOnly: pages > 1,
    ...(options.keepRgba ? { rgba: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) } : {}),
  };
}

function decodeRefusal(error: unknown, param: string | undefined): AppError {
  const text = error instanceof Error ? error.message : String(error);
  if (/timeout/i.test(text)) return invalidImage("The image took too long to decode; export it again as a plain PNG and upload it again.", param);
  if (/pixel limit/i.test(text)) return invalidImage("The image holds more pixels than its header says; export it again and upload the whole file.", param);
  return invalidImage("The image is truncated or corrupt and cannot be decoded; export it again and upload the whole file.", param);
}

/** Raw 8-bit RGBA → PNG: indexed when at most 256 colours (checked to give every pixel back), else RGB or RGBA. */
export async function encodeStoredPng(rgba: Buffer, width: number, height: number, timeout = { seconds: 30 }): Promise<Buffer> {
  const raw = { raw: { width, height, channels: 4 as const } };
  const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.byteLength >>> 2);
  const colours = new Set<number>();
  let opaque = true;
  for (let i = 0; i < pixels.length; i++) {
    if (opaque && rgba[i * 4 + 3] !== 255) opaque = false;
    if (colours.size <= 256) colours.add(pixels[i]!);
    else if (!opaque) break;
  }
  if (colours.size <= 256) {
    const indexed = await sharp(rgba, raw)
      .timeout(timeout)
      .png({ palette: true, colours: Math.max(2, colours.size), dither: 0, effort: 10 })
      .toBuffer();
    const again = await sharp(indexed).ensureAlpha().raw().toBuffer();
    if (samePixels(again, rgba)) return indexed;
  }
  const image = sharp(rgba, raw).timeout(timeout);
  return (opaque ? image.removeAlpha() : image).png({ compressionLevel: 6, adaptiveFiltering: true }).toBuffer();
}

/** Every pixel the same; fully transparent ones whatever their colour channels say. */
function samePixels(a: Buffer, b: Buffer): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 4) {
    if (a[i + 3] !== b[i + 3]) return false;
    if (a[i + 3] !== 0 && (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2])) return false;
  }
  return true;
}

/**
 * A `data:image/…;base64,…` URL (a generate body's `image`) → its bytes and declared type, refusing before decoding
 * base64 what would exceed `limits.maxBytes` (413) and anything that is not a base64 data URL (400 `invalid_request`).
 */
export function decodeDataUrl(url: string, limits: UploadLimits, param = "image"): { bytes: Buffer; declaredType: string } {
  const match = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?((?:;[a-z0-9-]+=[^;,]*)*);base64,/i.exec(url.slice(0, 256));
  if (!match) {
    throw new AppError("invalid_request", `${param} must be an asset id ("ast_…") or a data URL such as "data:image/png;base64,iVBOR…".`, { param });
  }
  const body = url.slice(match[0].length).replace(/\s+/g, "");
  const padding = body.endsWith("==") ? 2 : body.endsWith("=") ? 1 : 0;
  const size = Math.floor((body.length * 3) / 4) - padding;
  if (size > limits.maxBytes) throw tooLarge(size, limits, param);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body)) throw new AppError("invalid_request", `${param}: the data URL's base64 is malformed.`, { param });
  return { bytes: Buffer.from(body, "base64"), declaredType: (match[1] ?? "application/octet-stream").toLowerCase() };
}
