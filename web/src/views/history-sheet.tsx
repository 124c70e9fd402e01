import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../api";
import type { Generation, SheetLayout } from "../contract";
import { Button, Spinner } from "../ui/buttons";
import { ErrorNote } from "../ui/error-note";
import { ExportLinks, QualityLine } from "./asset-exports";
import { QualityReport } from "./quality";
import { SheetImage, SheetPlayer } from "./sheet-player";
import { TilesetView } from "./tileset-view";

type Cells = Pick<SheetLayout, "frameWidth" | "frameHeight" | "columns" | "rows">;

/** A sheet's first frame (row 0, column 0) for a history tile: the sheet as a background, one cell showing, unsmoothed. */
export function SheetThumb({ src, layout, alt, transparent }: { src: string; layout: Cells; alt: string; transparent: boolean }) {
  return (
    <div class={`stage stage-tile${transparent ? " checker" : ""}`}>
      <div
        class="sheet-thumb pixelated"
        role="img"
        aria-label={`${alt} (first frame of a sprite sheet)`}
        data-testid="sheet-thumb"
        style={{
          backgroundImage: `url("${src}")`,
          backgroundSize: `${layout.columns * 100}% ${layout.rows * 100}%`,
          aspectRatio: `${layout.frameWidth} / ${layout.frameHeight}`,
        }}
      />
    </div>
  );
}

/**
 * A sheet or tileset of the history opened: read whole, then shown as a fresh result shows it (the
 * player and the whole sheet, or the tiles and a sample map), with its quality and engine files.
 */
export function SheetDialog({ generationId, onClose }: { generationId: string; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [generation, setGeneration] = useState<Generation | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    ref.current?.showModal();
    let live = true;
    api.generation(generationId).then(
      (g) => live && setGeneration(g),
      (e) => live && setError(e),
    );
    return () => void (live = false);
  }, [generationId]);
  const asset = generation?.assets[0];
  const layout = asset?.layout;
  const title = generation?.prompt ?? (layout?.kind === "tileset" ? "Tileset" : "Sprite sheet");
  return (
    <dialog
      ref={ref}
      class="dialog sheet-dialog"
      aria-labelledby="sheet-dialog-title"
      aria-busy={generation || error ? "false" : "true"}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === ref.current) ref.current?.close();
      }}
      data-testid="sheet-dialog"
    >
      <div class="dialog-body">
        <h2 id="sheet-dialog-title">{title}</h2>
        {asset && layout?.kind === "tileset" && generation ? (
          <>
            <TilesetView src={asset.url} layout={layout} alt={title} transparent={generation.transparent} width={asset.width} height={asset.height} />
            {asset.quality ? <QualityReport quality={asset.quality} palette={generation.palette} /> : null}
            {asset.quality ? <QualityLine quality={asset.quality} /> : null}
            <ExportLinks asset={asset} title={title} />
          </>
        ) : asset && layout?.kind === "sheet" && generation ? (
          <>
            <SheetPlayer src={asset.url} layout={layout} alt={title} transparent={generation.transparent} />
            {asset.quality ? <QualityReport quality={asset.quality} palette={generation.palette} /> : null}
            {asset.quality ? <QualityLine quality={asset.quality} /> : null}
            <SheetImage src={asset.url} alt={`The whole sheet: ${title}`} width={asset.width} height={asset.height} transparent={generation.transparent} />
            <ExportLinks asset={asset} title={title} />
          </>
        ) : error ? (
          <ErrorNote error={error} />
        ) : (
          <Spinner label="Loading" />
        )}
        <div class="dialog-actions">
          <Button variant="ghost" onClick={() => ref.current?.close()}>
            Close
          </Button>
        </div>
      </div>
    </dialog>
  );
}
