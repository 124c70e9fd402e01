import type { AssetView, GenerationView } from "../../contract/schemas/generation.js";

type Quality = NonNullable<AssetView["quality"]>;

/** Below this mean lightness step between neighbours, an asset is one flat fill (or nothing). */
export const FLAT_EDGE_CONTRAST = 0.01;
/** Below this share of opaque pixels, a transparent asset is almost empty. */
export const EMPTY_ALPHA_COVERAGE = 0.02;
/** Above this, a texture's wrap seam shows when it is tiled. */
export const SEAM_TILEABILITY = 1.3;
/** Above this, a tileset's tile edges show on a painted map (a real seam scores 2 and more). */
export const SEAM_SCORE = 1.6;

export interface QualityContext {
  /** What the asset is: the words name its PNG ("of the image", "of the sheet"). */
  kind: "image" | "sheet" | "tileset";
  /** The palette the generation asked for. */
  palette?: GenerationView["palette"];
  /** The generation's id, for a report that should not happen. */
  generationId: string;
}

/** 1 → "100", 0.4512 → "45", 0.9996 → "99.96": never rounds a miss up to 100. */
export function percent(share: number): string {
  if (share >= 1) return "100";
  if (share >= 0.995) return (Math.floor(share * 10_000) / 100).toFixed(2);
  if (share > 0 && share < 0.01) return (share * 100).toFixed(2);
  return String(Math.round(share * 100));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * An asset's quality report (contract section 12) in words a coding agent can act on: the figures
 * first ("12 colours, all in pico-8 (100 %); covers 45 % of the image, bbox 45×61 at (3,0); edge
 * contrast 0.12 (not flat)"), then a warning sentence for each figure that says something is off,
 * with what to do about it. Empty when the asset carries no report.
 */
export function describeQuality(quality: Quality | undefined, context: QualityContext): string {
  if (!quality) return "";
  const of = context.kind === "image" ? "the image" : context.kind === "sheet" ? "the sheet" : "the tile sheet";
  const palette = context.palette;
  const paletteName = palette ? (palette.name ?? `the asked ${palette.colors.length}-colour palette`) : undefined;
  const figures: string[] = [];

  const colours = plural(quality.colors, "colour");
  if (!paletteName) figures.push(`${colours} (no palette asked)`);
  else if (quality.paletteCompliance >= 1) figures.push(`${colours}, all in ${paletteName} (100 %)`);
  else figures.push(`${colours}, ${percent(quality.paletteCompliance)} % of the opaque pixels in ${paletteName}`);

  const coverage = quality.alphaCoverage;
  const bbox = quality.bbox;
  if (coverage !== undefined) {
    if (bbox === null || coverage === 0) figures.push(`no pixel of ${of} is opaque`);
    else if (coverage >= 1) figures.push(`covers all of ${of} (no transparency)`);
    else {
      const box = bbox ? `, bbox ${bbox.width}×${bbox.height} at (${bbox.x},${bbox.y})` : "";
      figures.push(`covers ${percent(coverage)} % of ${of}${box}`);
    }
  }
  if (quality.edgeContrast !== undefined) {
    figures.push(`edge contrast ${quality.edgeContrast.toFixed(2)} (${quality.edgeContrast < FLAT_EDGE_CONTRAST ? "flat" : "not flat"})`);
  }
  if (quality.tileabilityScore !== undefined) {
    figures.push(`tileability ${quality.tileabilityScore.toFixed(2)} when tiled 2×2 (1.00 = seamless)`);
  }
  if (quality.seamScore !== undefined) figures.push(`seam score ${quality.seamScore.toFixed(2)} (1.00 = no visible seam at tile edges)`);
  if (quality.baselineJitterPx !== undefined) figures.push(`feet within ${quality.baselineJitterPx} px of one row across each row's frames`);
  if (quality.bboxHeightRangePx !== undefined) figures.push(`silhouette height within ${quality.bboxHeightRangePx} px`);

  const warnings: string[] = [];
  if (paletteName && quality.paletteCompliance < 1) {
    warnings.push(
      `Only ${percent(quality.paletteCompliance)} % of the opaque pixels are in ${paletteName}; with a palette every one should be, so this should not happen: ` +
        `generate again with another seed, and report generation ${context.generationId} to the service's operators.`,
    );
  }
  const empty = coverage !== undefined && (bbox === null || coverage === 0);
  if (empty) {
    warnings.push(`It is blank: no pixel is opaque. Generate again with another seed or another prompt; do not use this asset.`);
  } else if (coverage !== undefined && coverage < EMPTY_ALPHA_COVERAGE) {
    warnings.push(
      `It is almost empty: only ${percent(coverage)} % of ${of} is opaque. Check the preview; generate again with another seed, or a smaller size for the subject.`,
    );
  }
  if (!empty && quality.edgeContrast !== undefined && quality.edgeContrast < FLAT_EDGE_CONTRAST) {
    warnings.push(
      "It looks flat or blank: neighbouring pixels barely differ (a plain fill). Check the preview; generate again with another seed, or with a prompt naming a subject the agent knows (estimate_cost shows what it understood).",
    );
  }
  if (quality.tileabilityScore !== undefined && quality.tileabilityScore > SEAM_TILEABILITY) {
    warnings.push(
      `It may show a seam when tiled (tileability ${quality.tileabilityScore.toFixed(2)}, above ${SEAM_TILEABILITY.toFixed(2)}): generate again with another seed, or ask for a tileset (the tileset argument) for ground that must join.`,
    );
  }
  if (quality.seamScore !== undefined && quality.seamScore > SEAM_SCORE) {
    warnings.push(
      `Tile edges may show on a map (seam score ${quality.seamScore.toFixed(2)}, above ${SEAM_SCORE.toFixed(2)}): generate again with another seed.`,
    );
  }
  const verdict = warnings.length > 0 ? ` Warning: ${warnings.join(" Warning: ")}` : " Nothing looks off.";
  return `Quality (measured on the PNG): ${figures.join("; ")}.${verdict}`;
}
