import type { RefObject } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import type { PaletteInput } from "../palette";
import { AssetImage } from "../ui/asset-image";
import { Button, CopyButton, Spinner } from "../ui/buttons";
import { ErrorNote } from "../ui/error-note";
import { fileName } from "../ui/file-names";
import { Icon } from "../ui/icons";
import { plural } from "../ui/words";
import { ExportLinks, QualityLine } from "./asset-exports";
import { runTitle, stageLabel, type Run } from "./generation-run";
import { InterpretationNote } from "./interpretation";
import { paletteTitle } from "./palette-fields";
import { PaletteUsed, QualityReport } from "./quality";
import { paletteNameOf, RecolorPanel } from "./recolor-panel";
import { SheetImage, SheetPlayer } from "./sheet-player";
import { TilesetView } from "./tileset-view";

/** The live result: progress and stages, previews, then the asset (or why it failed). */
export function ResultCard({
  cardRef,
  run,
  onAgain,
  onRecolor,
  recolorError,
  starting,
  onCancel,
  canceling,
  disabled,
}: {
  cardRef: RefObject<HTMLElement | null>;
  run: Run | null;
  onAgain(): void;
  /** A palette swap of the finished result; true when it started. */
  onRecolor(palette: PaletteInput): Promise<boolean>;
  recolorError: unknown;
  /** A generation or a recolour is being started. */
  starting: boolean;
  onCancel(): void;
  canceling: boolean;
  disabled: boolean;
}) {
  const [recoloring, setRecoloring] = useState(false);
  // a new run (the recolour itself, or another generation) closes the picker
  useEffect(() => setRecoloring(false), [run?.id]);
  const seconds = useMemo(() => (run?.finishedAt ? ((run.finishedAt - run.startedAt) / 1000).toFixed(1) : undefined), [run?.finishedAt, run?.startedAt]);

  if (!run) {
    return (
      <section ref={cardRef} class="card result-card result-empty" aria-label="Result" tabIndex={-1}>
        <div class="empty-art" aria-hidden="true">
          <Icon name="image" size={40} />
        </div>
        <h2>Your asset appears here</h2>
        <p class="muted">Progress shows here stage by stage as the agent reports it, with previews when the agent sends them.</p>
      </section>
    );
  }

  const asset = run.result?.assets[0];
  const prompt = runTitle(run.input);
  const done = run.phase === "succeeded" && asset;
  const running = run.phase === "queued" || run.phase === "running";
  const layout = done && asset.layout?.kind === "sheet" ? asset.layout : null;
  const tileset = done && asset.layout?.kind === "tileset" ? asset.layout : null;
  const frames = layout?.animations.reduce((sum, row) => sum + row.frames, 0) ?? 0;
  const what = run.input.sheet ? "sheet of " : run.input.tileset ? "tileset of " : "";
  const unit = run.input.sheet ? " frames" : run.input.tileset ? " tiles" : "";

  return (
    <section ref={cardRef} class="card result-card" aria-label="Result" aria-busy={running ? "true" : "false"} tabIndex={-1}>
      <div class="result-head">
        <div class="result-title">
          <span class={`status status-${run.phase}`} data-testid="run-status">
            {stageLabel(run)}
          </span>
          <span class="percent" data-testid="run-percent">
            {run.percent} %
          </span>
          <span class="muted small">
            {run.input.agentId} · {what}
            {run.input.width}×{run.input.height}
            {unit}
            {run.recolorOf ? " · palette swap" : ""}
            {seconds ? ` · ${seconds} s` : ""}
          </span>
        </div>
        {running ? (
          <Button small variant="ghost" icon="x" busy={canceling} onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>

      <div
        class="progress"
        role="progressbar"
        aria-label="Generation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={run.percent}
        aria-valuetext={`${run.percent}% · ${stageLabel(run)}`}
      >
        <div class={`progress-bar${run.phase === "failed" ? " is-failed" : ""}`} style={{ width: `${run.percent}%` }} />
      </div>
      {run.stages.length > 0 ? (
        <ol class="stage-log" aria-label="Stages">
          {run.stages.map((stage, i) => (
            <li key={i} class={running && i === run.stages.length - 1 ? "is-current" : undefined}>
              {stage.text} <span class="stage-percent">{stage.percent} %</span>
            </li>
          ))}
        </ol>
      ) : null}

      {done ? (
        <>
          {layout ? (
            <SheetPlayer key={asset.id} src={asset.url} layout={layout} alt={prompt} transparent={run.result!.transparent} />
          ) : tileset ? (
            <TilesetView
              key={asset.id}
              src={asset.url}
              layout={tileset}
              alt={prompt}
              transparent={run.result!.transparent}
              width={asset.width}
              height={asset.height}
            />
          ) : (
            <AssetImage src={asset.url} alt={prompt} transparent={run.result!.transparent} width={asset.width} height={asset.height} class="stage-lg" />
          )}
          <div class="result-info">
            <p class="result-prompt">{prompt}</p>
            {run.recolorOf && run.result!.palette ? (
              <p class="small muted" data-testid="recolor-note">
                Recoloured onto {paletteTitle(run.result!.palette)}: the previous result's pixels mapped onto the palette, its size and layout kept.
              </p>
            ) : null}
            <InterpretationNote interpretation={run.result!.interpretation} />
            <dl class="meta">
              <div>
                <dt>Seed</dt>
                <dd class="mono">{run.result!.seed}</dd>
              </div>
              <div>
                <dt>Size</dt>
                <dd>
                  {asset.width} × {asset.height}
                </dd>
              </div>
              {layout ? (
                <div>
                  <dt>Frames</dt>
                  <dd>
                    {frames} of {layout.frameWidth} × {layout.frameHeight}
                  </dd>
                </div>
              ) : tileset ? (
                <div>
                  <dt>Tiles</dt>
                  <dd>
                    {tileset.tiles.length} of {tileset.tileWidth} × {tileset.tileHeight}
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>Charged</dt>
                <dd>{plural(run.result!.credits?.charged ?? 0, "credit")}</dd>
              </div>
            </dl>
            {asset.quality ? (
              <>
                <QualityReport quality={asset.quality} palette={run.result!.palette} />
                <QualityLine quality={asset.quality} />
              </>
            ) : run.result!.palette ? (
              <p class="small muted">
                Palette: <PaletteUsed palette={run.result!.palette} />
              </p>
            ) : null}
          </div>
          {layout ? (
            <SheetImage src={asset.url} alt={`The whole sheet: ${prompt}`} width={asset.width} height={asset.height} transparent={run.result!.transparent} />
          ) : null}
          <div class="actions">
            <a class="btn btn-primary" href={asset.url} download={fileName(prompt, run.result!.seed)}>
              <Icon name="download" size={17} />
              Download
            </a>
            <CopyButton text={String(run.result!.seed)} label="Copy seed" />
            <Button icon="refresh" onClick={onAgain} disabled={disabled} title="Same prompt and settings, a new seed">
              Generate again
            </Button>
            <Button
              icon="edit"
              onClick={() => setRecoloring((open) => !open)}
              disabled={disabled}
              aria-expanded={recoloring ? "true" : "false"}
              title="The same asset on another palette, its layout kept"
            >
              Recolour…
            </Button>
          </div>
          {recoloring ? (
            <RecolorPanel
              current={paletteNameOf(run.result!.palette)}
              onRecolor={onRecolor}
              onClose={() => setRecoloring(false)}
              error={recolorError}
              starting={starting}
              disabled={disabled}
            />
          ) : null}
          <ExportLinks asset={asset} title={prompt} />
        </>
      ) : run.phase === "failed" ? (
        <div class="result-failed">
          <div class="stage stage-lg stage-message">
            <Icon name="alert" size={36} />
          </div>
          <p class="error-note" role="alert">
            <Icon name="alert" size={16} />
            <span>
              {run.failure?.message}
              {run.failure?.refunded ? <span class="error-extra"> {plural(run.failure.refunded, "credit")} refunded.</span> : null}
            </span>
          </p>
          <div class="actions">
            <Button icon="refresh" onClick={onAgain} disabled={disabled}>
              Generate again
            </Button>
          </div>
        </div>
      ) : (
        <div class="stage-wrap">
          {run.preview ? (
            <AssetImage
              src={run.preview.src}
              alt={`Preview of ${prompt}`}
              transparent={run.input.transparent}
              width={run.preview.width}
              height={run.preview.height}
              class="stage-lg is-preview"
            />
          ) : (
            <div class={`stage stage-lg stage-waiting${run.input.transparent ? " checker" : ""}`}>
              <Spinner />
            </div>
          )}
          <p class="result-prompt muted">{prompt}</p>
          {run.previews > 0 ? <p class="small muted">{plural(run.previews, "preview")} so far</p> : null}
        </div>
      )}
      {run.streamError && run.phase !== "succeeded" ? <ErrorNote error={run.streamError} /> : null}
    </section>
  );
}
