import { slugOf } from "../../contract/schemas/kit.js";
import type { PrismaClient } from "../../infra/db/database.js";

/**
 * The stem of every file an asset is handed out as (contract section 13, Names): the slug of its kit item's name
 * when a kit made it, else a slug of its generation's prompt (`asset` when there is none). Never only an id.
 */
export async function assetName(
  prisma: PrismaClient,
  row: { accountId: string; generationId: string; generation: { prompt: string | null; kitId?: string | null } },
): Promise<string> {
  // the generation names its kit (generations.kit_id): one read by key, none outside a kit
  const kit = row.generation.kitId
    ? await prisma.kit.findFirst({ where: { id: row.generation.kitId, accountId: row.accountId }, select: { items: true } })
    : null;
  const items = (kit?.items ?? []) as { name?: unknown; generationId?: unknown }[];
  const item = items.find((i) => i.generationId === row.generationId);
  return slugOf(typeof item?.name === "string" ? item.name : (row.generation.prompt ?? "asset"));
}
