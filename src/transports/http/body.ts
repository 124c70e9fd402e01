import { AppError } from "../../domain/errors.js";

/**
 * Reads a JSON request body with the size cap enforced while reading (a lying or absent
 * Content-Length changes nothing), after checking the content type.
 */
export async function readJsonBody(request: Request, limitBytes: number): Promise<unknown> {
  return parseJsonObject(await readJsonText(request, limitBytes));
}

/** The raw JSON text of the body (content type checked, size capped), e.g. to hash it. */
export async function readJsonText(request: Request, limitBytes: number): Promise<string> {
  const type = request.headers.get("content-type");
  if (!type || !/^application\/json\s*(;|$)/i.test(type)) {
    throw new AppError("unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
  }
  return readTextCapped(request, limitBytes);
}

/** Parses a JSON object; anything else is invalid_json or invalid_request. */
export function parseJsonObject(text: string): Record<string, unknown> {
  if (text.trim() === "") throw new AppError("invalid_json", "The request body is empty; send a JSON object.");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AppError("invalid_json", `The request body is not valid JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new AppError("invalid_request", "The request body must be a JSON object.");
  }
  return value as Record<string, unknown>;
}

export async function readTextCapped(request: Request, limitBytes: number): Promise<string> {
  const tooLarge = () =>
    new AppError("payload_too_large", `The request body exceeds ${limitBytes} bytes.`, { details: { limitBytes } });
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limitBytes) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AppError("invalid_json", "The request body is not valid UTF-8.");
  }
}
