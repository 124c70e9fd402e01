import { type AtlasOptions, type AtlasRegion, type BuiltAtlas, buildAtlas, DEFAULT_ATLAS_OPTIONS, PackTooLargeError } from "../../agents/index.js";
import { AppError } from "../../contract/errors.js";
import type { z } from "zod";
import type { atlasOptions } from "../../contract/schemas/kit.js";

/** What the atlas needs of a stored asset: its id, bytes and layout. */
export interface AtlasAsset {
  id: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  layout: unknown;
}

interface SheetLike {
  kind: "sheet";
  frameWidth: number;
  frameHeight: number;
  animations: { name: string; direction: string; row: number; frames: number; fps: number; loop: boolean }[];
}
interface TilesetLike {
  kind: "tileset";
  tileWidth: number;
  tileHeight: number;
  tiles: { index: number; x: number; y: number }[];
}

/**
 * The atlas frames of one item (contract section 13): `<item>` for an image,
 * `<item>/<animation>_<direction>_<i>` for a sheet's frames, `<item>/tile_<index>` for tiles.
 */
export function regionsOf(item: string, asset: AtlasAsset): AtlasRegion[] {
  const layout = (asset.layout ?? null) as SheetLike | TilesetLike | null;
  if (layout?.kind === "sheet") {
    return layout.animations.flatMap((a) =>
      Array.from({ length: a.frames }, (_, i) => ({
        name: `${item}/${a.name}_${a.direction}_${i}`,
        x: i * layout.frameWidth,
        y: a.row * layout.frameHeight,
        w: layout.frameWidth,
        h: layout.frameHeight,
      })),
    );
  }
  if (layout?.kind === "tileset") {
    return layout.tiles.map((t) => ({ name: `${item}/tile_${t.index}`, x: t.x, y: t.y, w: layout.tileWidth, h: layout.tileHeight, tile: true }));
  }
  return [{ name: item, x: 0, y: 0, w: asset.width, h: asset.height }];
}

export const atlasOptionsOf = (given: z.output<typeof atlasOptions> | undefined): AtlasOptions => ({
  maxSize: given?.maxSize ?? DEFAULT_ATLAS_OPTIONS.maxSize,
  padding: given?.padding ?? DEFAULT_ATLAS_OPTIONS.padding,
  extrude: given?.extrude ?? DEFAULT_ATLAS_OPTIONS.extrude,
  trim: given?.trim ?? DEFAULT_ATLAS_OPTIONS.trim,
  powerOfTwo: given?.powerOfTwo ?? DEFAULT_ATLAS_OPTIONS.powerOfTwo,
});

/** The named items' assets packed into pages; 400 naming `atlas.maxSize` when a frame is larger than a page. */
export async function atlasOf(items: readonly { name: string; asset: AtlasAsset }[], options: AtlasOptions): Promise<BuiltAtlas> {
  try {
    return await buildAtlas(
      items.map((item) => ({ png: item.asset.bytes, regions: regionsOf(item.name, item.asset) })),
      options,
    );
  } catch (error) {
    if (error instanceof PackTooLargeError) {
      throw new AppError("invalid_request", `atlas.maxSize: a frame does not fit on a ${options.maxSize}-pixel page; give a larger maxSize.`, {
        param: "atlas.maxSize",
      });
    }
    throw error;
  }
}
