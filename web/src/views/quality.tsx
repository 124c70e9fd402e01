import type { Quality, UsedPalette } from "../contract";
import { plural } from "../ui/words";
import { paletteTitle, Swatches } from "./palette-fields";

/**
 * An asset's quality report (measured by the service on the stored pixels) in words and numbers:
 * the palette it was drawn with, its colours, the share of them in the palette, how much of it is
 * opaque and where, whether it is more than a flat fill, and for a texture whether it tiles.
 */

type Palette = Pick<UsedPalette, "colors"> & { name?: string | null };

/** A share as a percentage: whole numbers, but never "100 %" for less than all, nor "0 %" for some. */
export function percent(share: number): string {
  if (share >= 1) return "100 %";
  if (share <= 0) return "0 %";
  const whole = Math.round(share * 100);
  if (whole >= 100) return `${(Math.floor(share * 1000) / 10).toFixed(1)} %`;
  if (whole <= 0) return "< 1 %";
  return `${whole} %`;
}

/** Below this mean lightness step the asset is a blank or a plain fill. */
const flatContrast = 0.02;
/** Up to this, a texture's wrap seam does not show (a real seam scores 2 and more). */
const seamlessScore = 1.25;

const present = <T,>(value: T | null | undefined): value is T => value !== null && value !== undefined;

/** The palette a generation used: its swatches and name, or that none was asked. */
export function PaletteUsed({ palette }: { palette: Palette | null | undefined }) {
  if (!palette) return <span data-testid="palette-used">None asked</span>;
  return (
    <span class="palette-used" data-testid="palette-used" data-colors={palette.colors.join(",")}>
      <Swatches colors={palette.colors} />
      <span>
        {paletteTitle(palette)} · {plural(palette.colors.length, "colour")}
      </span>
    </span>
  );
}

/** The whole report, one row a figure (under a result, and in History's dialog). */
export function QualityReport({ quality, palette }: { quality: Quality; palette: Palette | null | undefined }) {
  const { colors, paletteCompliance, alphaCoverage, bbox, edgeContrast, tileabilityScore } = quality;
  return (
    <div class="quality" data-testid="quality">
      <p class="quality-title small muted">Measured on the pixels</p>
      <dl class="quality-table">
        <div>
          <dt>Palette</dt>
          <dd>
            <PaletteUsed palette={palette} />
          </dd>
        </div>
        <div>
          <dt>Colours</dt>
          <dd data-testid="quality-colors">{plural(colors, "distinct colour")}</dd>
        </div>
        <div>
          <dt>Palette compliance</dt>
          <dd data-testid="quality-compliance" data-value={paletteCompliance}>
            {palette ? `${percent(paletteCompliance)} of opaque pixels in ${paletteTitle(palette)}` : "no palette asked"}
          </dd>
        </div>
        {present(alphaCoverage) ? (
          <div>
            <dt>Coverage</dt>
            <dd data-testid="quality-coverage" data-value={alphaCoverage}>
              {percent(alphaCoverage)} of pixels opaque
            </dd>
          </div>
        ) : null}
        {present(alphaCoverage) || bbox ? (
          <div>
            <dt>Bounding box</dt>
            <dd data-testid="quality-bbox">{bbox ? `${bbox.width} × ${bbox.height} px at (${bbox.x}, ${bbox.y})` : "none: nothing is opaque"}</dd>
          </div>
        ) : null}
        {present(edgeContrast) ? (
          <div>
            <dt>Edge contrast</dt>
            <dd data-testid="quality-contrast" data-value={edgeContrast} title="Mean lightness step between neighbouring opaque pixels (0–1)">
              {edgeContrast.toFixed(2)} · {edgeContrast < flatContrast ? "flat: a blank or a plain fill" : "shaded, not a flat fill"}
            </dd>
          </div>
        ) : null}
        {present(tileabilityScore) ? (
          <div>
            <dt>Tileability</dt>
            <dd data-testid="quality-tileability" data-value={tileabilityScore} title="Colour change across the wrap seam ÷ inside the image, tiled 2 × 2">
              {tileabilityScore.toFixed(2)} · {tileabilityScore <= seamlessScore ? "tiles without a visible seam" : "a seam shows when tiled"} (1.00 = seamless)
            </dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}

/** One line for a history tile: the palette's swatches, the share in it, the colours and the coverage. */
export function QualitySummary({
  quality,
  palette,
}: {
  quality: Pick<Quality, "colors" | "paletteCompliance" | "alphaCoverage" | "tileabilityScore"> | null | undefined;
  palette: Palette | null | undefined;
}) {
  if (!quality && !palette) return null;
  const parts = [
    palette && quality ? `${percent(quality.paletteCompliance)} in ${paletteTitle(palette)}` : palette ? paletteTitle(palette) : "",
    quality ? plural(quality.colors, "colour") : "",
    quality && present(quality.alphaCoverage) ? `${percent(quality.alphaCoverage)} opaque` : "",
    quality && present(quality.tileabilityScore) ? `tiles ${quality.tileabilityScore.toFixed(2)}` : "",
  ].filter((p) => p !== "");
  return (
    <p class="tile-quality" data-testid="tile-quality">
      {palette ? <Swatches colors={palette.colors} class="swatches-sm" /> : null}
      <span>{parts.join(" · ")}</span>
    </p>
  );
}
