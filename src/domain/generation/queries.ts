import { AppError } from "../../contract/errors.js";
import { decodeCursor, pageArgs, toPage, type Page } from "../../contract/cursor.js";
import type { GenerationView } from "../../contract/schemas/generation.js";
import { parseInput } from "../../contract/validation.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import { exportAsset } from "../exports/export-asset.js";
import type { GenerationEvents } from "./events.js";
import { generationView } from "./view.js";

/** Reading generations and assets: each caller sees only its own account's (404 otherwise, never saying whose). */
/** After a read found nothing: 410 gone for the owner's deleted object, else 404 (deletion.ts). */
export type GoneOrNotFound = (accountId: string, id: string, what: string) => Promise<never>;

const notFound: GoneOrNotFound = async (_accountId, _id, what) => {
  throw new AppError("not_found", `No such ${what}.`);
};

export function createGenerationQueries(prisma: PrismaClient, events: GenerationEvents, goneOrNotFound: GoneOrNotFound = notFound) {
  /** The one read of an asset's row and bytes, for its owner and for a public link alike. */
  const findAsset = async (where: { id: string; accountId?: string }) => (await prisma.asset.findFirst({ where })) ?? undefined;

  return {
    get: (viewer: AuthenticatedViewer, id: string) =>
      events.current(viewer.user.accountId, id).catch((error: unknown) => {
        if (error instanceof AppError && error.code === "not_found") return goneOrNotFound(viewer.user.accountId, id, "generation");
        throw error;
      }),

    /** The account's generations, newest first (assets without `b64`). */
    async list(viewer: AuthenticatedViewer, args: unknown): Promise<Page<GenerationView>> {
      const { first, after } = parseInput(pageArgs, args);
      const accountId = viewer.user.accountId;
      const cursor = after === undefined ? undefined : decodeCursor(after, ["instant", "string"] as const);
      const rows = await prisma.generation.findMany({
        where: {
          accountId,
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

    async asset(viewer: AuthenticatedViewer, id: string) {
      const asset = await findAsset({ id, accountId: viewer.user.accountId });
      return asset ?? goneOrNotFound(viewer.user.accountId, id, "asset");
    },

    /** An asset by id alone, whoever owns it (a public link's, whose signature was checked); undefined when there is none. */
    linkedAsset: (id: string) => findAsset({ id }),

    /** An engine file derived from the viewer's asset (contract section 12): 404 for another account's asset or a format that does not apply. */
    async export(viewer: AuthenticatedViewer, id: string, format: string) {
      return exportAsset(await this.asset(viewer, id), format);
    },
  };
}

export type GenerationQueries = ReturnType<typeof createGenerationQueries>;
