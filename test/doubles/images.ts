/**
 * Pictures the doubles answer with, drawn here so that no test needs a fixture file: a coloured
 * disc on a plain light background, opaque — roughly what a model returns for "a red ball on a
 * white background". Deterministic for the same arguments; cached because 1024² encodes take a
 * few tens of milliseconds.
 */
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

export type TestImageFormat = "png" | "jpeg" | "webp";

export interface TestImageOptions {
  width: number;
  height: number;
  format?: TestImageFormat;
  /** The disc's colour, RGB; default a strong red. */
  color?: readonly [number, number, number];
  /** The background, RGB; default an off-white. */
  background?: readonly [number, number, number];
}

export const DEFAULT_SUBJECT = [200, 40, 40] as const;
export const DEFAULT_BACKGROUND = [244, 241, 234] as const;

const cache = new Map<string, Promise<Buffer>>();

/** An opaque picture: a disc of `color` centred on `background`, encoded as `format` (PNG by default). */
export function testImage(options: TestImageOptions): Promise<Buffer> {
  const { width, height, format = "png", color = DEFAULT_SUBJECT, background = DEFAULT_BACKGROUND } = options;
  const key = JSON.stringify([width, height, format, color, background]);
  let image = cache.get(key);
  if (!image) {
    image = draw(width, height, format, color, background);
    cache.set(key, image);
  }
  return image;
}

async function draw(
  width: number,
  height: number,
  format: TestImageFormat,
  color: readonly [number, number, number],
  background: readonly [number, number, number],
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  const cx = width / 2;
  const cy = height / 2;
  const r2 = (Math.min(width, height) * 0.3) ** 2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r2;
      const c = inside ? color : background;
      const i = (y * width + x) * 3;
      raw[i] = c[0];
      raw[i + 1] = c[1];
      raw[i + 2] = c[2];
    }
  }
  const img = sharp(raw, { raw: { width, height, channels: 3 } });
  if (format === "jpeg") return img.jpeg({ quality: 90 }).toBuffer();
  if (format === "webp") return img.webp({ quality: 90 }).toBuffer();
  return img.png().toBuffer();
}

/** A PNG cut short: the signature and header survive, the pixel data does not. */
export async function truncatedPng(width = 64, height = 64): Promise<Buffer> {
  const png = await testImage({ width, height });
  return png.subarray(0, Math.max(40, Math.floor(png.length / 2)));
}

/** Bytes that are no image format at all. */
export const NOT_AN_IMAGE = Buffer.from("<html><body>502 Bad Gateway</body></html>");

let bomb: Buffer | undefined;
/**
 * A picture bomb: a legal PNG of `side`×`side` black pixels (default 8192², 256 MB once decoded)
 * that weighs about 200 KB, because its rows compress to almost nothing. Built with zlib (~1.5 s
 * for 8192², cached).
 */
export function pictureBomb(side = 8192): Buffer {
  if (bomb && bomb.readUInt32BE(16) === side) return bomb;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const rows = Buffer.alloc((side * 3 + 1) * side); // filter 0 and black pixels, row after row
  bomb = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  return bomb;
}
