import { AppError } from "../../contract/errors.js";
import { assertStorableText } from "../../contract/strings.js";

/**
 * A request's body as the edge read it (edge.ts: once, within the cap, before any handler), carried
 * on the request's context (`requestBody(request)`): its text, and its JSON parsed on first use
 * only (Yoga reads the text itself; REST, MCP and the OpenAI layer take the parsed value).
 */
export interface RequestBody {
  readonly text: string;
  /** A binary body's bytes, as sent (uploads: `EdgeOptions.binaryBody`; files: `EdgeOptions.multipartPaths`); absent otherwise. */
  readonly bytes?: Buffer;
  /** The parsed JSON (any value); invalid_json when it is not JSON. */
  json(): unknown;
  /** The JSON object of a route that declares a body: 415 unless sent as JSON, then invalid_json or invalid_request. */
  object(): Record<string, unknown>;
}

export function createRequestBody(text: string, contentType: string | null, bytes?: Buffer): RequestBody {
  let parsed: { value: unknown } | undefined;
  const json = () => (parsed ??= { value: parseJson(text) }).value;
  return {
    text,
    ...(bytes ? { bytes } : {}),
    json,
    object() {
      if (!isJson(contentType)) throw unsupportedType();
      if (text.trim() === "") throw new AppError("invalid_json", "The request body is empty; send a JSON object.");
      const value = json();
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        throw new AppError("invalid_request", "The request body must be a JSON object.");
      }
      assertStorableText(value);
      return value as Record<string, unknown>;
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError("invalid_json", `The request body is not valid JSON: ${(error as Error).message}`);
  }
}

const isJson = (contentType: string | null | undefined): boolean => !!contentType && /^application\/json\s*(;|$)/i.test(contentType);
const unsupportedType = () => new AppError("unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");

/** A request with a body: 415 unless it is JSON (an empty body is no body, whatever its type). */
export function assertJsonBody(text: string, contentType: string | null | undefined): void {
  if (text !== "" && !isJson(contentType)) throw unsupportedType();
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The body cap of both entries (node-front.ts on Node's own stream, `readTextCapped` below on a
 * fetch Request's): 413 at once for a declared Content-Length over the cap, else as soon as the
 * bytes read pass it, whatever was declared (chunked or not). `text()` decodes what was read (bad
 * UTF-8: invalid_json).
 */
export function cappedBody(limitBytes: number, declaredLength: string | null | undefined, refusal?: (bytes?: number) => AppError) {
  const tooLarge = (bytes?: number) =>
    refusal?.(bytes) ?? new AppError("payload_too_large", `The request body exceeds ${limitBytes} bytes.`, { details: { limitBytes } });
  if (declaredLength != null && Number(declaredLength) > limitBytes) throw tooLarge(Number(declaredLength));
  const chunks: Uint8Array[] = [];
  let total = 0;
  return {
    /** Counts a chunk in; throws 413 past the cap. */
    add(chunk: Uint8Array): void {
      total += chunk.byteLength;
      if (total > limitBytes) throw tooLarge();
      chunks.push(chunk);
    },
    /** The bytes read, as sent (a multipart body). */
    bytes(): Buffer {
      return chunks.length === 1 ? Buffer.from(chunks[0]!) : Buffer.concat(chunks);
    },
    text(): string {
      try {
        return chunks.length === 0 ? "" : utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
      } catch {
        throw new AppError("invalid_json", "The request body is not valid UTF-8.");
      }
    },
  };
}

/** The body ended (the connection closed, or REQUEST_TIMEOUT_MS passed) before it arrived in full. */
export function incompleteBody(cause: unknown): AppError {
  return new AppError("request_timeout", "The request body did not arrive in full; send the request again.", { cause });
}

/** A body read within its cap: its bytes, or its text (bad UTF-8: invalid_json). */
export type ReadBody = Pick<ReturnType<typeof cappedBody>, "bytes" | "text">;

/** A fetch Request's body within the cap (the fetch entry, `answerFetch` in edge.ts). */
export async function readCapped(request: Request, limitBytes: number, refusal?: (bytes?: number) => AppError): Promise<ReadBody> {
  const body = cappedBody(limitBytes, request.headers.get("content-length"), refusal);
  if (!request.body) return body;
  const reader = request.body.getReader();
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch (error) {
      throw incompleteBody(error);
    }
    const { done, value } = step;
    if (done) break;
    try {
      body.add(value);
    } catch (error) {
      await reader.cancel().catch(() => undefined);
      throw error;
    }
  }
  return body;
}

const isMultipart = (contentType: string | null | undefined): boolean => !!contentType && /^multipart\/form-data\s*;/i.test(contentType);

/** The most a body may carry on its way in: BODY_LIMIT_BYTES, plus one image (UPLOAD_MAX_BYTES) as a data URL or a file. */
export interface BodyLimits {
  bodyLimitBytes: number;
  /** UPLOAD_MAX_BYTES: a JSON body may be larger by one data URL of up to this many bytes of image (contract section 14). */
  uploadMaxBytes?: number;
  /** Paths that take multipart/form-data files (the OpenAI layer's edits): their bytes are kept as sent. */
  multipartPaths?: ReadonlySet<string>;
}

/** The cap while reading: a multipart route's files, or one data URL's base64 (4 characters per 3 bytes), beyond BODY_LIMIT_BYTES. */
export function readCap(limits: BodyLimits): number {
  const upload = limits.uploadMaxBytes ?? 0;
  return limits.bodyLimitBytes + Math.max(Math.ceil(upload / 3) * 4 + 64, limits.multipartPaths?.size ? 2 * upload : 0);
}

/**
 * The request's body from what was read within `readCap`, held to the exact limits: a multipart body (on its paths
 * only) up to BODY_LIMIT_BYTES plus two images (a picture and its mask); any other body JSON only (415) and at most
 * BODY_LIMIT_BYTES once the `data:image/…` strings it carries are set aside, those decoding to at most
 * UPLOAD_MAX_BYTES together (413 otherwise).
 */
export function requestBodyOf(raw: ReadBody | undefined, contentType: string | null, path: string, limits: BodyLimits): RequestBody {
  if (raw && isMultipart(contentType) && limits.multipartPaths?.has(path)) return createRequestBody("", contentType, raw.bytes());
  const text = raw ? raw.text() : "";
  assertJsonBody(text, contentType);
  const body = createRequestBody(text, contentType);
  const size = text.length > limits.bodyLimitBytes / 4 ? Buffer.byteLength(text) : text.length;
  if (size > limits.bodyLimitBytes) assertImageCarrier(body, size, limits);
  return body;
}

/** A JSON body over BODY_LIMIT_BYTES: allowed by the data URLs it carries, within UPLOAD_MAX_BYTES of image. */
function assertImageCarrier(body: RequestBody, size: number, limits: BodyLimits): void {
  const tooLarge = (message: string, details: Record<string, unknown>, param?: string) =>
    new AppError("payload_too_large", message, { details, ...(param ? { param } : {}) });
  let value: unknown;
  try {
    value = body.json();
  } catch {
    throw tooLarge(`The request body exceeds ${limits.bodyLimitBytes} bytes.`, { limitBytes: limits.bodyLimitBytes });
  }
  let urlChars = 0;
  let imageBytes = 0;
  const walk = (v: unknown, depth: number): void => {
    if (typeof v === "string") {
      if (v.startsWith("data:image/")) {
        urlChars += v.length;
        const comma = v.indexOf(",");
        imageBytes += Math.floor(((v.length - comma - 1) * 3) / 4);
      }
    } else if (v !== null && typeof v === "object" && depth < 64) {
      for (const item of Array.isArray(v) ? v : Object.values(v)) walk(item, depth + 1);
    }
  };
  walk(value, 0);
  if (size - urlChars > limits.bodyLimitBytes) {
    throw tooLarge(`The request body exceeds ${limits.bodyLimitBytes} bytes (a data URL's image aside).`, { limitBytes: limits.bodyLimitBytes });
  }
  const max = limits.uploadMaxBytes ?? 0;
  if (imageBytes > max) {
    throw tooLarge(
      `image: the picture is ${imageBytes} bytes; at most ${max} (UPLOAD_MAX_BYTES). Send a smaller file.`,
      { limitBytes: max, bytes: imageBytes },
      "image",
    );
  }
}
