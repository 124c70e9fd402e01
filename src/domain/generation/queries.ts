import { AppError } from "../../contract/errors.js";
import { decodeCursor, pageArgs, toPage, type Page } from "../../contract/cursor.js";
import { projectIdField } from "../../contract/schemas/common.js";
import { exportQuery } from "../../contract/schemas/exports.js";
import type { GenerationView } from "../../contract/schemas/generation.js";
import { parseInput } from "../../contract/validation.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import type { BlobStore } from "../../infra/blobs/blob-store.js";
import { createStoredExports } from "../exports/stored-exports.js";
import type { AssetBytes, AssetRef } from "./asset-bytes.js";
import { assetName } from "./asset-name.js";
import type { GenerationEvents } from "./events.js";
import { generationView } from "./view.js";

/** A list of generations: a page, of one project when `projectId` names one (another account's lists nothing). */
const generationListArgs = pageArgs.extend({ projectId: projectIdField });

/** Reading generations and assets: each caller sees only its own account's (404 otherwise, never saying whose). */
/** After a read found nothing: 410 gone for the owner's deleted object, else 404 (deletion.ts). */
export type GoneOrNotFound = (accountId: string, id: string, what: string) => Promise<never>;

const notFound: GoneOrNotFound = async (_accountId, _id, what) => {
  throw new AppError("not_found", `No such ${what}.`);
};

export function createGenerationQueries(
  prisma: PrismaClient,
  events: GenerationEvents,
  assetBytes: AssetBytes,
  blobs: BlobStore,
  goneOrNotFound: GoneOrNotFound = notFound,
) {
  const serveExport = createStoredExports(blobs, assetBytes);
  /** The one read of an asset's row (never its bytes: those are in the blob store), for its owner and for a public link alike. */
  const findRow = async (where: { id: string; accountId?: string }) => {
    const row = await prisma.asset.findFirst({
      where,
      omit: { bytes: true },
      include: { generation: { select: { prompt: true, kitId: true, agentId: true, sourceAssetId: true, imageInput: true } } },
    });
    if (!row) return undefined;
    const { generation: _generation, ...asset } = row;
    return { ...asset, name: await assetName(prisma, row) };
  };
  async function findAsset(viewer: AuthenticatedViewer, id: string) {
    const asset = await findRow({ id, accountId: viewer.user.accountId });
    return asset ?? goneOrNotFound(viewer.user.accountId, id, "asset");
  }
  type AssetRow = Awaited<ReturnType<typeof findAsset>>;
  /** An engine file derived from an asset's row, as served (a format that does not apply: 404 before any byte is read). */
  const exportOf = (asset: AssetRow, format: string, query?: unknown) => serveExport(asset, format, parseInput(exportQuery, query ?? {}).godotDir);

  return {
    get: (viewer: AuthenticatedViewer, id: string) =>
      events.current(viewer.user.accountId, id).catch((error: unknown) => {
        if (error instanceof AppError && error.code === "not_found") return goneOrNotFound(viewer.user.accountId, id, "generation");
        throw error;
      }),

    /** The account's generations, newest first (assets without `b64`). */
    async list(viewer: AuthenticatedViewer, args: unknown): Promise<Page<GenerationView>> {
      const { first, after, projectId } = parseInput(generationListArgs, args);
      const accountId = viewer.user.accountId;
      const cursor = after === undefined ? undefined : decodeCursor(after, ["instant", "string"] as const);
      const rows = await prisma.generation.findMany({
        where: {
          accountId,
          ...(projectId !== undefined ? { projectId } : {}),
          ...(cursor ? { OR: [{ createdAt: { lt: new Date(cursor[0]) } }, { createdAt: new Date(cursor[0]), id: { lt: cursor[1] } }] } : {}),
        },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: first + 1,
        include: { assets: { select: { id: true, mimeType: true, width: true, height: true, byteLength: true, sha256: true, layout: true, quality: true } } },
      });
      const { balance } = await prisma.account.findUniqueOrThrow({ where: { id: accountId }, select: { balance: true } });
      return toPage(
        rows,
        first,
        (g) => [g.createdAt.toISOString(), g.id],
        (g) => generationView(g, g.assets, balance, false),
      );
    },

    /** The viewer's asset's row, without its bytes (`assetBytes`, `assetStream`). */
    asset: (viewer: AuthenticatedViewer, id: string) => findAsset(viewer, id),

    /** The viewer's asset with its whole bytes (from the blob store: 503 when they are missing or damaged). */
    async assetBytes(viewer: AuthenticatedViewer, id: string) {
      const asset = await findAsset(viewer, id);
      return { ...asset, bytes: await assetBytes.bytes(asset) };
    },

    /** An asset's bytes as a stream (what is served): `asset` is a row `asset()` answered. */
    assetStream: (asset: AssetRef & { byteLength: number }) => assetBytes.stream(asset),

    /** An asset's row by id alone, whoever owns it (a public link's, whose signature was checked); undefined when there is none. */
    linkedAsset: (id: string) => findRow({ id }),

    exportOf,

    /** An engine file derived from the viewer's asset (contract section 12): 404 for another account's asset or a format that does not apply. */
    async export(viewer: AuthenticatedViewer, id: string, format: string, query?: unknown) {
      const file = await exportOf(await findAsset(viewer, id), format, query);
      return { fileName: file.fileName, contentType: file.contentType, body: await file.bytes() };
    },

    /** The same export as it is served: its sha256 and size known before its bytes are read (streamed from the store). */
    async exportFile(viewer: AuthenticatedViewer, id: string, format: string, query?: unknown) {
      return exportOf(await findAsset(viewer, id), format, query);
    },
  };
}

export type GenerationQueries = ReturnType<typeof createGenerationQueries>;
