import type { Asset, SheetQuality } from "../contract";
import { exportLabels } from "../sheet";
import { Icon } from "../ui/icons";

/**
 * The engine files of an asset, one download link each (a GET with the session cookie; the server
 * names the file). A sheet has Aseprite, TexturePacker, Godot and a zip of all; a tileset TexturePacker,
 * Godot, Tiled and the zip; an image TexturePacker and the zip.
 */
export function ExportLinks({ asset, title }: { asset: Pick<Asset, "exports">; title: string }) {
  const formats = Object.keys(asset.exports).sort((a, b) => order(a) - order(b));
  if (formats.length === 0) return null;
  return (
    <div class="exports" role="group" aria-label="Engine files" data-testid="exports">
      <span class="exports-label small muted">Engine files</span>
      {formats.map((format) => (
        <a
          key={format}
          class="btn btn-secondary btn-sm"
          href={asset.exports[format]}
          download
          data-format={format}
          title={`Download ${exportLabels[format] ?? format} for ${title}`}
        >
          <Icon name="download" size={15} />
          {exportLabels[format] ?? format}
        </a>
      ))}
    </div>
  );
}

const order = (format: string) => {
  const i = Object.keys(exportLabels).indexOf(format);
  return i === -1 ? 99 : i;
};

/**
 * A sheet's or tileset's own measured figures in one line: colours, and for a sheet how still the
 * feet stand and how much the height moves, for a tileset how much its tile edges show. Nothing for
 * a plain image (QualityReport says the figures every asset has).
 */
export function QualityLine({ quality }: { quality: SheetQuality }) {
  const compliance = quality.paletteCompliance < 1 ? ` · ${Math.round(quality.paletteCompliance * 100)} % in palette` : "";
  if (quality.seamScore !== null && quality.seamScore !== undefined) {
    return (
      <p class="small muted quality-line" data-testid="tileset-quality">
        {quality.colors} colours · seam score {quality.seamScore.toFixed(2)}{" "}
        <span title="Colour change across tile edges ÷ inside tiles, on a random map painted with the set">
          (1.0 = no visible seam; higher, the tile edges show)
        </span>
        {compliance}
      </p>
    );
  }
  if (quality.baselineJitterPx === null || quality.baselineJitterPx === undefined) return null;
  return (
    <p class="small muted quality-line" data-testid="sheet-quality">
      {quality.colors} colours · baseline jitter {quality.baselineJitterPx} px · height range {quality.bboxHeightRangePx} px
      {compliance}
    </p>
  );
}
