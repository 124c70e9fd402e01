import sharp, { type Sharp, type SharpOptions } from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "../../contract/errors.js";
import { readHeader } from "./header.js";
import { decodeDataUrl, ingestImage } from "./ingest.js";

const limits = { maxBytes: 10 * 1024 * 1024, maxSide: 4096 };

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 10, alpha: 1 } } });

/** A picture with many colours (a gradient), so it is not stored indexed. */
function gradient(width: number, height: number, channels: 3 | 4 = 3): Sharp {
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      data[i] = (x * 255) / width;
      data[i + 1] = (y * 255) / height;
      data[i + 2] = (x + y) % 256;
      if (channels === 4) data[i + 3] = 255;
    }
  return sharp(data, { raw: { width, height, channels } });
}

/** A tiny PNG whose IHDR claims `width` × `height` (CRC left wrong: the header check must refuse before any decoder). */
function lyingPng(width: number, height: number): Buffer {
  const png = Buffer.from("89504e470d0a1a0a0000000d494844520000000100000001080600000000000000", "hex");
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return Buffer.concat([png, Buffer.alloc(64)]);
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** The PNG's chunk types, in order. */
function chunks(png: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at + 8 <= png.length; ) {
    const length = png.readUInt32BE(at);
    types.push(png.toString("latin1", at + 4, at + 8));
    at += 12 + length;
  }
  return types;
}

describe("readHeader", () => {
  it("reads the size of each format from its header", async () => {
    const png = await solid(37, 21).png().toBuffer();
    const jpeg = await solid(37, 21).jpeg().toBuffer();
    const lossy = await solid(37, 21).webp().toBuffer();
    const lossless = await solid(37, 21).webp({ lossless: true }).toBuffer();
    const gif = await solid(37, 21).gif().toBuffer();
    for (const bytes of [png, jpeg, lossy, lossless, gif]) {
      expect(readHeader(bytes)).toMatchObject({ ok: true, width: 37, height: 21 });
    }
    expect(readHeader(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toEqual({ ok: false, reason: "unsupported", found: "SVG" });
    expect(readHeader(png.subarray(0, 20))).toMatchObject({ ok: false, reason: "truncated" });
  });
});

describe("ingestImage", () => {
  it("refuses by size, side and type from the header, before decoding", async () => {
    expect((await refusal(ingestImage(Buffer.alloc(2000), "image/png", { ...limits, maxBytes: 1024 }))).code).toBe("payload_too_large");
    const side = await refusal(ingestImage(lyingPng(5000, 5000), "image/png", limits, { param: "file" }));
    expect([side.code, side.param]).toEqual(["invalid_image", "file"]);
    expect(side.message).toContain("5000 × 5000");
    expect((await refusal(ingestImage(lyingPng(100_000, 100_000), undefined, limits))).details).toMatchObject({ width: 100_000 });
    expect((await refusal(ingestImage(Buffer.from("<svg/>"), "image/svg+xml", limits))).code).toBe("unsupported_media_type");
    expect((await refusal(ingestImage(Buffer.from("<svg/>"), undefined, limits))).message).toContain("SVG");
    expect((await refusal(ingestImage(Buffer.from("hello"), "text/plain", limits))).code).toBe("unsupported_media_type");
  });

  it("refuses truncated and corrupt files with invalid_image", async () => {
    const png = await gradient(64, 64).png().toBuffer();
    expect((await refusal(ingestImage(png.subarray(0, png.length - 200), "image/png", limits))).code).toBe("invalid_image");
    const jpeg = await gradient(64, 64).jpeg().toBuffer();
    const corrupt = Buffer.from(jpeg);
    corrupt.fill(0x55, 400, jpeg.length - 2);
    const error = await ingestImage(corrupt, "image/jpeg", limits).then(
      () => undefined,
      (e: AppError) => e,
    );
    // A JPEG with garbage scan data may decode to garbage pixels; cut off it must be refused.
    if (error) expect(error.code).toBe("invalid_image");
    expect((await refusal(ingestImage(jpeg.subarray(0, jpeg.length / 2), "image/jpeg", limits))).code).toBe("invalid_image");
  });

  it("stores 16-bit, CMYK, GIF and WebP as 8-bit sRGB PNG without metadata", async () => {
    const sixteen = await gradient(40, 30, 4).toColourspace("rgb16").png().toBuffer();
    expect(sixteen[24]).toBe(16);
    const a = await ingestImage(sixteen, "image/png", limits);
    expect([a.width, a.height]).toEqual([40, 30]);
    expect((await sharp(a.png).metadata()).depth).toBe("uchar");

    const cmyk = await gradient(40, 30)
      .toColourspace("cmyk")
      .withIccProfile("cmyk")
      .withExif({ IFD0: { Copyright: "secret" } })
      .jpeg()
      .toBuffer();
    expect(await sharp(cmyk).metadata()).toMatchObject({ space: "cmyk", icc: expect.any(Buffer), exif: expect.any(Buffer) });
    const b = await ingestImage(cmyk, "image/jpeg", limits);
    const meta = await sharp(b.png).metadata();
    expect(meta.space).toBe("srgb");
    expect(meta.exif).toBeUndefined();
    expect(chunks(b.png).filter((c) => ["eXIf", "iCCP", "tEXt", "zTXt", "iTXt"].includes(c))).toEqual([]);
    // Converted to sRGB, not read as if CMYK were RGB: the colours stay near the original's.
    const got = await sharp(b.png).removeAlpha().raw().toBuffer();
    const want = await gradient(40, 30).raw().toBuffer();
    const meanError = got.reduce((sum, v, i) => sum + Math.abs(v - want[i]!), 0) / got.length;
    expect(meanError).toBeLessThan(30); // CMYK read as RGB would be about inverted (error > 100)

    const webp = await ingestImage(await gradient(40, 30).webp().toBuffer(), "image/webp", limits);
    expect([webp.width, webp.height, webp.sourceType]).toEqual([40, 30, "image/webp"]);
  });

  it("keeps the first frame of an animated GIF, indexed when it has few colours", async () => {
    const frames = Buffer.concat([
      await solid(16, 16).raw().toBuffer(),
      await sharp({ create: { width: 16, height: 16, channels: 4, background: "#0000ff" } })
        .raw()
        .toBuffer(),
    ]);
    const gif = await sharp(frames, { raw: { width: 16, height: 32, channels: 4, pageHeight: 16 } } as SharpOptions)
      .gif({ loop: 0 })
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const result = await ingestImage(gif, "image/gif", limits);
    expect([result.width, result.height, result.firstFrameOnly]).toEqual([16, 16, true]);
    const rgba = await sharp(result.png).ensureAlpha().raw().toBuffer();
    expect([...rgba.subarray(0, 4)]).toEqual([200, 40, 10, 255]);
    expect(chunks(result.png)).toContain("PLTE");
  });
});

describe("decodeDataUrl", () => {
  it("refuses an oversize data URL before decoding it, and a malformed one", () => {
    const big = `data:image/png;base64,${"A".repeat(2000)}`;
    expect(() => decodeDataUrl(big, { ...limits, maxBytes: 1024 })).toThrow(/at most 1024 bytes/);
    expect(() => decodeDataUrl("https://example.com/x.png", limits)).toThrow(/data URL/);
    expect(decodeDataUrl("data:image/png;base64,iVBORw==", limits).declaredType).toBe("image/png");
  });
});
