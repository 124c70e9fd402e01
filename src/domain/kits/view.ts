import type { AtlasOptions, BuiltAtlas } from "../../agents/index.js";
import type { GenerationView } from "../../contract/schemas/generation.js";
import type { KitView } from "../../contract/schemas/kit.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import { type AtlasAsset, atlasOf } from "./atlas.js";

import { ATLAS_EXPORT_FORMATS as ATLAS_EXPORTS } from "../exports/atlas-exports.js";

/** An atlas of named items, by their assets; the same bytes for the same assets and options. */
export interface KitAtlasReader {
  atlas(viewer: AuthenticatedViewer, key: string, items: readonly { name: string; assetId: string }[], options: AtlasOptions): Promise<BuiltAtlas>;
}

/**
 * Atlases built on demand from the stored assets (read through `readAsset`, the asset-reading
 * use-case: the owner's only), the last few kept in memory: an atlas is a pure function of its
 * assets and options, so a kit's GET, its pages and its exports agree.
 */
export function createKitAtlasReader(readAsset: (viewer: AuthenticatedViewer, id: string) => Promise<AtlasAsset>, keep = 8): KitAtlasReader {
  const cache = new Map<string, Promise<BuiltAtlas>>();
  return {
    atlas(viewer, key, items, options) {
      const id = `${viewer.user.accountId}|${key}|${items.map((i) => `${i.name}=${i.assetId}`).join(",")}|${JSON.stringify(options)}`;
      const hit = cache.get(id);
      if (hit) {
        cache.delete(id);
        cache.set(id, hit);
        return hit;
      }
      const built = (async () => atlasOf(await Promise.all(items.map(async (i) => ({ name: i.name, asset: await readAsset(viewer, i.assetId) }))), options))();
      built.catch(() => cache.delete(id));
      cache.set(id, built);
      while (cache.size > keep) cache.delete(cache.keys().next().value!);
      return built;
    },
  };
}

interface KitRow {
  id: string;
  name: string | null;
  scale: number;
  palette: unknown;
  atlas: unknown;
  status: string;
  projectId?: string | null;
  createdAt: Date;
}

/** A kit as answered: its items' generations, the failed ones named, and its atlas (of the items that succeeded). */
export async function kitView(
  viewer: AuthenticatedViewer,
  row: KitRow,
  items: readonly { name: string; generationId: string; assetId?: string }[],
  generations: readonly GenerationView[],
  balance: number,
  reader: KitAtlasReader,
  /** The generations whose charges are the kit's: its items' by default. */
  charging: readonly GenerationView[] = generations,
): Promise<KitView> {
  const done = items.flatMap((item, i) => {
    const asset = generations[i]?.status === "succeeded" ? (item.assetId ?? generations[i].assets[0]?.id) : undefined;
    return asset ? [{ name: item.name, assetId: asset }] : [];
  });
  const failed = items.flatMap((item, i) => {
    const g = generations[i]!;
    return g.status === "failed" || g.status === "canceled"
      ? [{ name: item.name, generationId: g.id, error: g.error ?? { code: g.status, message: `The item ended ${g.status}; its credits were refunded.` } }]
      : [];
  });
  let atlas: KitView["atlas"] = null;
  // the atlas of a kit still running would change: it comes once every item has ended
  if (done.length > 0 && row.status !== "running") {
    const built = await reader.atlas(viewer, row.id, done, row.atlas as unknown as AtlasOptions);
    const base = `/api/v1/kits/${row.id}`;
    const assetOf = new Map(done.map((d) => [d.name, d.assetId]));
    atlas = {
      layout: {
        kind: "atlas",
        pages: built.pages.map((p, index) => ({ index, width: p.width, height: p.height, url: `${base}/atlas/${index}` })),
        frames: built.frames.map((f) => ({
          name: f.name,
          page: f.page,
          ...f.frame,
          asset: assetOf.get(done[f.source]!.name)!,
        })),
      },
      exports: Object.fromEntries(ATLAS_EXPORTS.map((format) => [format, `${base}/export/${format}`])),
    };
  }
  const palette = row.palette as { name?: string } | null;
  return {
    id: row.id,
    status: row.status as KitView["status"],
    name: row.name,
    scale: row.scale,
    palette: palette?.name ?? null,
    ...(row.projectId ? { projectId: row.projectId } : {}),
    items: items.map((item, i) => ({ name: item.name, generation: generations[i]! })),
    failed,
    atlas,
    credits: { charged: charging.reduce((sum, g) => sum + g.credits.charged, 0), balance },
    createdAt: row.createdAt.toISOString(),
  };
}
