import { slugOf } from "../../contract/schemas/kit.js";
import type { PrismaClient } from "../../infra/db/database.js";

/**
 * The stem of every file an asset is handed out as (contract section 13, Names): the slug of its kit item's name
 * when a kit made it, else a slug of its generation's prompt; a picture made from the caller's picture without a prompt
 * (pixel-fixer, cutout) is named after that picture and the agent (`hero-pixel-fixer`); `asset` when there is nothing.
 * Never only an id.
 */
export async function assetName(
  prisma: PrismaClient,
  row: {
    accountId: string;
    generationId: string;
    generation: { prompt: string | null; kitId?: string | null; agentId?: string; sourceAssetId?: string | null; imageInput?: boolean };
  },
): Promise<string> {
  // the generation names its kit (generations.kit_id): one read by key, none outside a kit
  const kit = row.generation.kitId
    ? await prisma.kit.findFirst({ where: { id: row.generation.kitId, accountId: row.accountId }, select: { items: true } })
    : null;
  const items = (kit?.items ?? []) as { name?: unknown; generationId?: unknown }[];
  const item = items.find((i) => i.generationId === row.generationId);
  if (typeof item?.name === "string") return slugOf(item.name);
  if (row.generation.prompt !== null) return slugOf(row.generation.prompt);
  const { sourceAssetId, imageInput, agentId } = row.generation;
  if (imageInput && sourceAssetId) {
    // one read by key, only for a picture made from a picture without a prompt
    const source = await prisma.asset.findFirst({
      where: { id: sourceAssetId, accountId: row.accountId },
      select: { generation: { select: { prompt: true } } },
    });
    if (source?.generation.prompt) return slugOf(`${source.generation.prompt} ${agentId ?? ""}`);
  }
  return "asset";
}
