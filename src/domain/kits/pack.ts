import { AppError } from "../../contract/errors.js";
import { atlasRequest, slugOf } from "../../contract/schemas/kit.js";
import { parseInput } from "../../contract/validation.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import { applyEntry } from "../credits/ledger.js";
import { newId } from "../ids.js";
import { atlasOptionsOf } from "./atlas.js";

/**
 * POST /api/v1/atlases (contract section 13): the caller's own assets packed as a kit's atlas. The
 * atlas is stored as a Kit whose items name their assets, so the kit's GET, pages and exports serve
 * it. Every asset is checked first (another's or an unknown one: 404 naming `assets.N`); then ONE
 * statement charges `atlasCredits` if the balance covers it, and the kit row is written after it:
 * a refusal writes and charges nothing.
 */
export function createAtlasPacker(deps: { prisma: PrismaClient; atlasCredits: number }) {
  const { prisma } = deps;
  return async function pack(viewer: AuthenticatedViewer, raw: unknown): Promise<{ id: string; charged: number }> {
    const input = parseInput(atlasRequest, raw);
    const accountId = viewer.user.accountId;
    const found = await prisma.asset.findMany({
      where: { id: { in: input.assets }, accountId },
      select: { id: true, generationId: true, generation: { select: { prompt: true } } },
    });
    const byId = new Map(found.map((a) => [a.id, a]));
    const used = new Set<string>();
    const items = input.assets.map((id, i) => {
      const asset = byId.get(id);
      if (!asset) throw new AppError("not_found", `assets.${i}: no such asset of yours.`, { param: `assets.${i}` });
      const base = slugOf(asset.generation.prompt ?? "asset");
      let name = base;
      for (let n = 2; used.has(name); n++) name = `${base}-${n}`;
      used.add(name);
      return { name, generationId: asset.generationId, assetId: asset.id };
    });
    const id = newId("kit");
    await prisma.$transaction(async (tx) => {
      if (deps.atlasCredits > 0 && !(await applyEntry(tx, { accountId, kind: "charge", amount: -deps.atlasCredits, reason: "atlas" }))) {
        const account = await tx.account.findUnique({ where: { id: accountId }, select: { balance: true } });
        throw new AppError("insufficient_credits", `An atlas costs ${deps.atlasCredits} credits; the balance is ${account?.balance ?? 0}. Add credits.`, {
          details: { required: deps.atlasCredits, balance: account?.balance ?? 0 },
        });
      }
      // its items ended long ago: reported at once, so no kit.succeeded webhook is sent for a packing
      await tx.kit.create({
        data: { id, accountId, name: "atlas", scale: 0, items, atlas: { ...atlasOptionsOf(input.atlas) }, status: "succeeded", reportedAt: new Date() },
      });
    });
    return { id, charged: deps.atlasCredits };
  };
}
