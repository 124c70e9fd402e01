import { slugOf } from "../../contract/schemas/kit.js";
import type { PrismaClient } from "../../infra/db/database.js";

/**
 * The stem of every file an asset is handed out as (contract section 13, Names): the slug of its kit item's name
 * when a kit made it, else a slug of its generation's prompt (`asset` when there is none). Never only an id.
 */
export async function assetName(
  prisma: PrismaClient,
  row: { accountId: string; generationId: string; generation: { prompt: string | null } },
): Promise<string> {
  const kit = await prisma.kit.findFirst({
    where: { accountId: row.accountId, items: { array_contains: [{ generationId: row.generationId }] } },
    select: { items: true },
  });
  const items = (kit?.items ?? []) as { name?: unknown; generationId?: unknown }[];
  const item = items.find((i) => i.generationId === row.generationId);
  return slugOf(typeof item?.name === "string" ? item.name : (row.generation.prompt ?? "asset"));
}
