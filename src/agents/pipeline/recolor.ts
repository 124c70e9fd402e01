import type { AgentImage, AssetQualityReport, SheetLayout, TilesetLayout } from "../driver.js";
import { parseHex } from "../palette/color.js";
import { mapImage } from "../palette/map.js";
import { measureQuality } from "../palette/quality.js";
import { decodeImage, encodePng } from "./rgba.js";

/** A stored asset to recolour, as the service reads it. */
export interface RecolorSource {
  png: Uint8Array;
  layout: SheetLayout | TilesetLayout | null;
  quality: AssetQualityReport | null;
}

/**
 * An existing asset mapped onto another palette (contract section 12's palette swap): the same
 * pixels' places, sizes and layout, every pixel with alpha > 0 now exactly one palette colour
 * (perceptually nearest; ordered dithering for surfaces, where gradients need it, none for
 * sprites and icons), alpha untouched. The quality report is measured again; a sheet's baseline
 * and height figures and a tileset's seam score describe positions, which do not move, and are kept.
 */
export async function recolorAsset(source: RecolorSource, palette: readonly string[], options: { surface: boolean }): Promise<AgentImage> {
  const colors = palette.map((hex) => parseHex(hex) ?? { r: 0, g: 0, b: 0 });
  const image = await decodeImage(Buffer.from(source.png));
  const mapped = mapImage(image.data, image.width, image.height, colors, { dither: options.surface ? "ordered" : "none", bayer: 8 });
  const measured = measureQuality(mapped, image.width, image.height, { palette: colors, tileable: options.surface && source.layout === null });
  const kept = source.quality;
  const quality: AssetQualityReport = {
    ...measured,
    ...(kept?.baselineJitterPx !== undefined ? { baselineJitterPx: kept.baselineJitterPx } : {}),
    ...(kept?.bboxHeightRangePx !== undefined ? { bboxHeightRangePx: kept.bboxHeightRangePx } : {}),
    ...(kept?.seamScore !== undefined ? { seamScore: kept.seamScore } : {}),
  };
  const png = await encodePng({ data: Buffer.from(mapped.buffer, mapped.byteOffset, mapped.byteLength), width: image.width, height: image.height });
  return { png, width: image.width, height: image.height, ...(source.layout ? { layout: source.layout } : {}), quality };
}
