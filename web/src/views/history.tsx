import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import type { GenerateInput, HistoryItem } from "../contract";
import type { PaletteInput } from "../palette";
import { LoadMore, usePagedList } from "../paging";
import { linkHandler, useSession } from "../state";
import { AssetImage } from "../ui/asset-image";
import { Button, CopyChip, Spinner } from "../ui/buttons";
import { ConfirmDialog } from "../ui/dialog";
import { ErrorNote } from "../ui/error-note";
import { fileName } from "../ui/file-names";
import { Icon } from "../ui/icons";
import { Time } from "../ui/time";
import { SheetDialog, SheetThumb } from "./history-sheet";
import { InterpretationSummary } from "./interpretation";
import { paletteInputOf } from "./palette-fields";
import { ProjectPicker } from "./project-picker";
import { QualitySummary } from "./quality";
import { paletteNameOf, RecolorPanel } from "./recolor-panel";
import { UploadPanel } from "./upload-panel";

const pageSize = 12;

/** History, of every generation or of one project (contract section 13): a new project's list is a new list. */
export function HistoryView() {
  const [projectId, setProjectId] = useState("");
  return <HistoryList key={projectId} projectId={projectId} onProject={setProjectId} />;
}

function HistoryList({ projectId, onProject }: { projectId: string; onProject(id: string): void }) {
  const session = useSession();
  const { items, page, loading, error, load, remove } = usePagedList((after) => api.generations(pageSize, after, projectId || null));
  // The generation whose deletion is being confirmed.
  const [deleting, setDeleting] = useState<HistoryItem | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(null);
    try {
      await api.deleteGeneration(deleting.id);
      remove(deleting.id);
      setDeleting(null);
    } catch (e) {
      setDeleteError(e);
    } finally {
      setDeleteBusy(false);
    }
  };
  // The sheet or tileset opened in a dialog, by generation id.
  const [playing, setPlaying] = useState<string | null>(null);
  // The generation whose asset is being recoloured, and that call's state.
  const [recoloring, setRecoloring] = useState<string | null>(null);
  const [recolorBusy, setRecolorBusy] = useState(false);
  const [recolorError, setRecolorError] = useState<unknown>(null);
  const recolor = async (assetId: string, palette: PaletteInput): Promise<boolean> => {
    setRecolorBusy(true);
    setRecolorError(null);
    try {
      await api.recolor(assetId, palette);
      setRecoloring(null);
      await load(null);
      return true;
    } catch (e) {
      setRecolorError(e);
      return false;
    } finally {
      setRecolorBusy(false);
    }
  };

  useEffect(() => {
    document.title = "History · AssetForge";
    void load(null);
  }, []);

  // a picture's run keeps its picture, and leaves out the prompt and size it was given none of (0 × 0: the picture's)
  const inputOf = (g: HistoryItem): GenerateInput => ({
    agentId: g.agentId,
    transparent: g.transparent,
    ...(g.prompt !== null || !g.image ? { prompt: g.prompt ?? "" } : {}),
    ...(g.width > 0 && g.height > 0 ? { width: g.width, height: g.height } : {}),
    ...(g.image ? { image: g.image } : {}),
    ...(g.sheet ? { sheet: g.sheet as GenerateInput["sheet"] } : {}),
    ...(g.tileset ? { tileset: g.tileset as GenerateInput["tileset"] } : {}),
    ...(g.palette ? { palette: paletteInputOf(g.palette) } : {}),
  });

  return (
    <section class="view">
      <header class="view-head">
        <div>
          <h1 tabIndex={-1}>History</h1>
          <p class="muted">Everything you generated or uploaded, newest first. Run one again, tweak it, recolour it, or download it.</p>
        </div>
        <Button variant="ghost" small icon="refresh" onClick={() => void load(null)} disabled={loading}>
          Refresh
        </Button>
      </header>
      <ProjectPicker id="history-project" label="Project" value={projectId} onChange={onProject} noneLabel="All generations" />

      <UploadPanel projectId={projectId} onUploaded={() => void load(null)} />

      {error ? <ErrorNote error={error} /> : null}

      {!loading && !error && items.length === 0 ? (
        <div class="card empty">
          <div class="empty-art" aria-hidden="true">
            <Icon name="clock" size={36} />
          </div>
          <h2>Nothing yet</h2>
          <p class="muted">Your generations will be listed here.</p>
          <a class="btn btn-primary" href="/" onClick={linkHandler("/")}>
            <Icon name="sparkles" size={17} />
            Generate your first asset
          </a>
        </div>
      ) : null}

      <ul class="gallery" aria-label="Generations">
        {items.map((g) => {
          const asset = g.assets[0];
          const layout = asset?.layout;
          const tileset = asset?.tilesetLayout;
          const title = g.prompt ?? (g.image ? `Your picture (${g.agentId})` : "(conversation)");
          // An upload (agent `upload`) has no prompt to run again; its name is the prompt.
          const uploaded = g.agentId === "upload";
          return (
            <li class="card tile" key={g.id}>
              {asset && layout ? (
                <SheetThumb src={asset.url} layout={layout} alt={title} transparent={g.transparent} />
              ) : asset && tileset ? (
                <div class="tileset-thumb" data-testid="tileset-thumb">
                  <AssetImage
                    src={asset.url}
                    alt={`${title} (tileset)`}
                    transparent={g.transparent || (g.tileset?.terrains.length ?? 2) < 2}
                    width={asset.width}
                    height={asset.height}
                    class="stage-tile"
                    lazy
                  />
                </div>
              ) : asset ? (
                <AssetImage src={asset.url} alt={title} transparent={g.transparent} width={asset.width} height={asset.height} class="stage-tile" lazy />
              ) : (
                <div class={`stage stage-tile stage-message status-${g.status}`}>
                  {g.status === "queued" || g.status === "running" ? <Spinner /> : <Icon name="alert" size={28} />}
                </div>
              )}
              <div class="tile-body">
                <p class="tile-prompt" title={title}>
                  {title}
                </p>
                <p class="tile-meta">
                  <span class={`status status-${g.status}`}>{g.status}</span>
                  <span>{g.agentId}</span>
                  <span>
                    {layout
                      ? `sheet · ${layout.frameWidth}×${layout.frameHeight} frames`
                      : tileset
                        ? `tileset · ${tileset.layout} · ${tileset.tileWidth}×${tileset.tileHeight} tiles`
                        : `${g.width}×${g.height}`}
                  </span>
                  <CopyChip text={String(g.seed)} display={`#${g.seed}`} label={`Copy seed ${g.seed}`} />
                  <Time iso={g.createdAt} />
                </p>
                {g.status === "succeeded" ? <InterpretationSummary interpretation={g.interpretation} /> : null}
                {g.status === "succeeded" ? <QualitySummary quality={asset?.quality} palette={g.palette} /> : null}
                {g.error ? <p class="tile-error">{g.error.message}</p> : null}
                <div class="tile-actions">
                  {layout ? (
                    <Button small variant="primary" icon="play" aria-label={`Play sheet: ${title}`} onClick={() => setPlaying(g.id)}>
                      Play
                    </Button>
                  ) : tileset ? (
                    <Button small variant="primary" icon="image" aria-label={`Open tileset: ${title}`} onClick={() => setPlaying(g.id)}>
                      Open
                    </Button>
                  ) : null}
                  {asset ? (
                    <a class="btn btn-secondary btn-sm" href={asset.url} download={fileName(g.prompt, g.seed)} aria-label={`Download ${title}`}>
                      <Icon name="download" size={15} />
                      Download
                    </a>
                  ) : null}
                  {asset && g.status === "succeeded" ? (
                    <Button
                      small
                      variant="ghost"
                      icon="palette"
                      aria-label={`Recolour: ${title}`}
                      aria-expanded={recoloring === g.id ? "true" : "false"}
                      title="The same asset on another palette"
                      onClick={() => {
                        setRecolorError(null);
                        setRecoloring(recoloring === g.id ? null : g.id);
                      }}
                    >
                      <span class="btn-label">Recolour…</span>
                    </Button>
                  ) : null}
                  {uploaded ? null : (
                    <>
                      <Button
                        small
                        icon="refresh"
                        aria-label={`Run again: ${title}`}
                        title="Same prompt and settings, a new seed"
                        disabled={!g.prompt && !g.image}
                        onClick={() => session.runAgain(inputOf(g), { start: true })}
                      >
                        Run again
                      </Button>
                      <Button
                        small
                        variant="ghost"
                        icon="edit"
                        aria-label={`Edit settings: ${title}`}
                        title="Open in Generate with this seed"
                        disabled={!g.prompt && !g.image}
                        onClick={() => session.runAgain({ ...inputOf(g), seed: g.seed }, { start: false })}
                      >
                        <span class="btn-label">Edit</span>
                      </Button>
                    </>
                  )}
                  {g.status !== "queued" && g.status !== "running" ? (
                    <Button
                      small
                      variant="ghost"
                      icon="trash"
                      aria-label={`Delete: ${title}`}
                      title="Delete this generation and its files"
                      onClick={() => {
                        setDeleteError(null);
                        setDeleting(g);
                      }}
                    >
                      <span class="btn-label">Delete</span>
                    </Button>
                  ) : null}
                </div>
                {recoloring === g.id && asset ? (
                  <RecolorPanel
                    current={paletteNameOf(g.palette)}
                    onRecolor={(palette) => recolor(asset.id, palette)}
                    onClose={() => setRecoloring(null)}
                    error={recolorError}
                    starting={recolorBusy}
                    disabled={recolorBusy}
                  />
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this generation?"
        confirmLabel="Delete"
        busy={deleteBusy}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        <p>
          <strong>{deleting?.prompt ?? "(conversation)"}</strong> and its files are deleted, and links to them stop working. Its credits stay spent. This cannot
          be undone.
        </p>
      </ConfirmDialog>

      {playing ? <SheetDialog generationId={playing} onClose={() => setPlaying(null)} /> : null}

      <div class="list-foot">
        <LoadMore loading={loading} page={page} label="Loading generations" onMore={(after) => void load(after)} />
        {!loading && page && !page.hasNextPage && items.length > 0 ? <p class="muted small">That's all of them.</p> : null}
      </div>
    </section>
  );
}
