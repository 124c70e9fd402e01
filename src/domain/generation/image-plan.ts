import { type AgentDriver, type AgentImageInput, type AgentJob, decodeImageInput } from "../../agents/index.js";
import { AppError } from "../../contract/errors.js";
import { imageDataUrlPattern, type GenerateRequest } from "../../contract/schemas/generation.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import type { ResolvedAgent } from "../agents/agents.js";
import type { AssetBytes } from "./asset-bytes.js";
import type { GoneOrNotFound } from "./queries.js";
import { checkImageHeader, type UploadLimits } from "../uploads/ingest.js";

/** Stores a data URL's picture as the caller's upload (the uploads' ingest: checked, decoded, stored as PNG); its asset id. */
export type IngestImage = (viewer: AuthenticatedViewer, bytes: Buffer, mimeType: string) => Promise<{ assetId: string }>;

export interface ImagePlanDeps {
  prisma: PrismaClient;
  assetBytes: Pick<AssetBytes, "bytes">;
  /** The agents that take a picture (named in the refusal of an image to one that takes none). */
  takingImages: () => Promise<string[]>;
  /** 410 for the caller's deleted asset, else 404. */
  goneOrNotFound: GoneOrNotFound;
  /** UPLOAD_MAX_BYTES and UPLOAD_MAX_SIDE: a data URL's picture is held to the uploads' limits (413, 400) before anything decodes it. */
  uploadLimits: UploadLimits;
  /** Stores a data URL as an upload; without it, a data URL is refused (send an asset id). */
  ingest?: IngestImage;
}

/** The caller's picture, as planned: the asset it is (absent for a data URL in a dry run: nothing is stored then). */
export interface ImagePlan {
  assetId?: string;
  /**
   * A data URL's picture, checked but not stored yet: stores it as the caller's upload and answers its asset id.
   * The call stores it once it is past the rate limit and its Idempotency-Key (submit.ts `accept`), so a refused or
   * replayed call stores nothing.
   */
  store?: () => Promise<string>;
}

/** A data URL's picture: its type and bytes (413 past the upload limit; 400 naming `image` for bad base64). */
export function parseImageDataUrl(url: string, maxBytes: number): { mimeType: string; bytes: Buffer } {
  const match = imageDataUrlPattern.exec(url);
  if (!match) throw badImage('Send a data URL "data:image/png;base64,…" (png, jpeg, webp or gif).');
  const payload = url.slice(match[0].length);
  // 4 characters carry 3 bytes: the limit is checked before anything is decoded
  const decodedLength = Math.floor((payload.length * 3) / 4) - (payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0);
  if (decodedLength > maxBytes) throw imageTooLarge(decodedLength, maxBytes);
  if (payload.length === 0 || payload.length % 4 === 1 || !/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) {
    throw badImage("The data URL's payload is not base64: send the file's bytes base64-encoded after \"base64,\".");
  }
  return { mimeType: `image/${match[1]}`, bytes: Buffer.from(payload, "base64") };
}

export const imageTooLarge = (bytes: number, maxBytes: number) =>
  new AppError("payload_too_large", `image: the picture is ${bytes} bytes; at most ${maxBytes} (UPLOAD_MAX_BYTES). Send a smaller file.`, {
    param: "image",
    details: { bytes, limitBytes: maxBytes },
  });

const badImage = (message: string) => new AppError("invalid_request", `image: ${message}`, { param: "image" });

/**
 * The `image` of a generation request (contract section 14), checked at submit before anything is counted or
 * charged: the agent takes pictures (else 400 `unsupported_option` naming those that do); a prompt where its driver
 * needs one; the asset is the caller's (404, 410 deleted) or the data URL within the limits (413); the driver's own
 * refusal (`images.refusal`, 400), for which the picture is decoded once. A data URL of a real call (`store`; not a
 * dry run) comes back as `store`, which stores it as an upload when the call is accepted. Undefined without an image.
 */
export async function planImage(
  deps: ImagePlanDeps,
  viewer: AuthenticatedViewer,
  agent: ResolvedAgent,
  driver: AgentDriver | undefined,
  input: GenerateRequest,
  job: Pick<AgentJob, "width" | "height" | "sheet" | "tileset">,
  store: boolean,
): Promise<ImagePlan | undefined> {
  if (input.image === undefined) return undefined;
  if (!agent.inputs.includes("image") || !driver?.images) {
    const taking = await deps.takingImages();
    throw new AppError(
      "unsupported_option",
      `The agent ${agent.id} takes no image${taking.length > 0 ? `; agents that take one: ${taking.join(", ")}` : "; no agent here takes one"}. Leave image out or pick one of them.`,
      { param: "image", details: { agents: taking } },
    );
  }
  if (input.prompt === undefined && input.messages === undefined && !driver.images.promptOptional) {
    throw new AppError("invalid_request", `The agent ${agent.id} needs a prompt with the image: give prompt (or messages) saying what to make of it.`, {
      param: "prompt",
    });
  }
  const source = imageDataUrlPattern.test(input.image) ? dataUrlSource(deps, input.image) : await storedSource(deps, viewer, input.image);
  const refusal = driver.images.refusal;
  if (refusal) {
    const image = await decoded(source);
    const reason = refusal({ ...job, prompt: input.prompt, messages: input.messages, image });
    if (reason) throw new AppError("unsupported_option", `image: ${reason}`, { param: "image" });
  }
  if (source.kind === "stored") return { assetId: source.assetId };
  if (!store) return {};
  const ingest = deps.ingest;
  if (!ingest) {
    throw badImage("this server stores no data URLs yet; upload the picture (POST /api/v1/uploads) and send its asset id.");
  }
  return { store: async () => (await ingest(viewer, source.bytes, source.mimeType)).assetId };
}

type Source = { kind: "stored"; assetId: string; png: () => Promise<Buffer>; layout: unknown } | { kind: "data"; bytes: Buffer; mimeType: string };

/** A data URL's picture, checked from its header as an upload is (its type by its bytes: SVG and others 415, sizes), decoding nothing. */
function dataUrlSource(deps: ImagePlanDeps, url: string): Source {
  const { bytes, mimeType } = parseImageDataUrl(url, deps.uploadLimits.maxBytes);
  checkImageHeader(bytes, mimeType, deps.uploadLimits, "image");
  return { kind: "data", bytes, mimeType };
}

/** One of the caller's assets (never another account's: 404; deleted: 410), its bytes read only when needed. */
async function storedSource(deps: ImagePlanDeps, viewer: AuthenticatedViewer, id: string): Promise<Source> {
  const accountId = viewer.user.accountId;
  const row = await deps.prisma.asset.findFirst({ where: { id, accountId }, select: { id: true, sha256: true, layout: true } });
  if (!row) return deps.goneOrNotFound(accountId, id, "asset");
  return { kind: "stored", assetId: row.id, layout: row.layout, png: () => deps.assetBytes.bytes({ id: row.id, sha256: row.sha256 }) };
}

/** The picture decoded for a driver's refusal: once per submit; a file that does not decode is 400 naming `image`. */
async function decoded(source: Source): Promise<AgentImageInput> {
  const png = source.kind === "stored" ? await source.png() : source.bytes;
  try {
    return await decodeImageInput(source.kind === "stored" ? source.assetId : "data-url", png, source.kind === "stored" ? (source.layout as never) : undefined);
  } catch (error) {
    throw new AppError(
      "invalid_request",
      "image: the picture cannot be decoded (a truncated or corrupt file, or too many pixels); send a PNG, JPEG, WebP or GIF.",
      {
        param: "image",
        cause: error,
      },
    );
  }
}
