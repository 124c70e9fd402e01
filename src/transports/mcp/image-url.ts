import { AppError } from "../../contract/errors.js";
import { AddressRefused } from "../../infra/net/addresses.js";
import { getPublic, type PublicGetOptions } from "../../infra/net/public-get.js";

/** How `upload_image {url}` reaches the picture: the public-address guard's options (a resolver and `allowPrivate` for tests). */
export type ImageUrlOptions = Pick<PublicGetOptions, "resolve" | "allowPrivate" | "signal">;

export interface FetchedImage {
  bytes: Buffer;
  /** The answer's Content-Type, checked with the file's own bytes afterwards. */
  type: string | undefined;
}

const refused = (why: string) =>
  new AppError("invalid_request", `url cannot be fetched: ${why}. Give a public https URL of the image, or send it as base64 in data.`, { param: "url" });

/**
 * GETs the picture of `upload_image {url}` through the public-address guard (https only, every address public,
 * pinned), reading at most `limits.maxBytes`: a declared or actual body past it stops the read and is 413 naming `url`.
 */
export async function fetchImageUrl(raw: string, limits: { maxBytes: number }, options: ImageUrlOptions = {}): Promise<FetchedImage> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused("it is not an absolute URL");
  }
  let response: Response;
  try {
    response = await getPublic(url, { ...options, headers: { accept: "image/png, image/jpeg, image/webp, image/gif" } });
  } catch (error) {
    if (error instanceof AddressRefused) throw refused(`the address guard refuses it (${error.message})`);
    throw refused(`the request failed (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw refused(`it answered HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > limits.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(limits.maxBytes, declared);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limits.maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limits.maxBytes);
    }
    chunks.push(value);
  }
  return { bytes: Buffer.concat(chunks), type: response.headers.get("content-type") ?? undefined };
}

/** 413 naming `url`, as the upload use-case words it for a body (the read stopped at the limit when `bytes` is unknown). */
function tooLarge(maxBytes: number, bytes?: number): AppError {
  const mib = (n: number) => `${(n / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MiB`;
  return new AppError(
    "payload_too_large",
    `The image at url ${bytes === undefined ? "is larger than" : `is ${mib(bytes)}; it must be at most`} ${mib(maxBytes)} (UPLOAD_MAX_BYTES). Compress or scale it down and try again.`,
    { param: "url", details: { limitBytes: maxBytes, ...(bytes === undefined ? {} : { bytes }) } },
  );
}
