import { AppError } from "../../contract/errors.js";
import { assertStorableText } from "../../contract/strings.js";

/**
 * A request's body as the edge read it (edge.ts: once, within the cap, before any handler), carried
 * on the request's context (`requestBody(request)`): its text, and its JSON parsed on first use
 * only (Yoga reads the text itself; REST, MCP and the OpenAI layer take the parsed value).
 */
export interface RequestBody {
  readonly text: string;
  /** The raw bytes of a binary body (an upload: the edge's `binaryBody` routes); undefined for a text body. */
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
    /** The bytes read, as they came (an upload's image, a multipart body). */
    bytes(): Buffer {
      return chunks.length === 1 ? Buffer.from(chunks[0]!.buffer, chunks[0]!.byteOffset, chunks[0]!.byteLength) : Buffer.concat(chunks);
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

/** A fetch Request's body within the cap (the fetch entry, `answerFetch` in edge.ts). */
export async function readTextCapped(request: Request, limitBytes: number): Promise<string> {
  return (await readCapped(request, cappedBody(limitBytes, request.headers.get("content-length")))).text();
}

/** A fetch Request's body as bytes within the cap (a binary body: an upload), `refusal` its 413. */
export async function readBytesCapped(request: Request, limitBytes: number, refusal?: (bytes?: number) => AppError): Promise<Buffer> {
  return (await readCapped(request, cappedBody(limitBytes, request.headers.get("content-length"), refusal))).bytes();
}

async function readCapped(request: Request, body: ReturnType<typeof cappedBody>): Promise<ReturnType<typeof cappedBody>> {
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
