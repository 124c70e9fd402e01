import { useEffect, useRef, useState } from "preact/hooks";
import { errorMessage } from "../api";
import type { Kit, KitEstimate } from "../contract";
import {
  type ItemProgress,
  itemProgressed,
  type KitInput,
  type KitKind,
  type KitRow,
  kitApi,
  kitKindLabels,
  kitKinds,
  kitScales,
  type SceneMap,
  sceneMapLimits,
} from "../kit";
import { followKit } from "../live";
import { type PaletteName, paletteLabels, paletteNames } from "../palette";
import { useSession } from "../state";
import { Button } from "../ui/buttons";
import { ErrorNote } from "../ui/error-note";
import { Icon } from "../ui/icons";
import { plural } from "../ui/words";
import { KitProgress } from "./kit-progress";
import { KitResult } from "./kit-result";
import { ProjectPicker } from "./project-picker";

/**
 * The Kit screen: a game's art in one call (contract section 13). Items (a prompt and a kind), one
 * pixel scale and one palette, a project, a seed and the size of the map it is shown on; the price
 * comes from a dry run as the form changes. The kit starts at once (202) and its items' progress
 * comes from the kit's events until kit.completed; the result (scrolled into view) shows the kit at
 * work (its map and its walking character), its atlas, its items and its engine files.
 */

const starter: KitRow[] = [
  { key: 1, kind: "sheet", prompt: "knight with a sword" },
  { key: 2, kind: "tileset", prompt: "grass and dirt" },
];

export function KitView() {
  const session = useSession();
  const [rows, setRows] = useState<KitRow[]>(starter);
  const [scale, setScale] = useState(32);
  const [palette, setPalette] = useState<PaletteName | "">("endesga-32");
  const [estimate, setEstimate] = useState<KitEstimate | null>(null);
  const [estimateError, setEstimateError] = useState<unknown>(null);
  const [projectId, setProjectId] = useState("");
  const [seed, setSeed] = useState("");
  const [map, setMap] = useState<Omit<SceneMap, "seed">>({ columns: 12, rows: 7 });
  const [kit, setKit] = useState<Kit | null>(null);
  const [running, setRunning] = useState<Kit | null>(null);
  const [progress, setProgress] = useState<Record<string, ItemProgress>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const nextKey = useRef(3);
  const asked = useRef(0);
  const resultCard = useRef<HTMLElement>(null);
  const stopFollowing = useRef<() => void>(() => undefined);
  const seedValue = /^\d{1,9}$/.test(seed.trim()) ? Number(seed.trim()) : undefined;
  const mapOk = [map.columns, map.rows].every((n) => Number.isInteger(n) && n >= sceneMapLimits.min && n <= sceneMapLimits.max);
  const ready = rows.length > 0 && rows.every((r) => r.prompt.trim()) && (seed.trim() === "" || seedValue !== undefined) && mapOk;
  const input: KitInput = {
    rows,
    scale,
    palette: palette || undefined,
    transparent: true,
    ...(seedValue !== undefined ? { seed: seedValue } : {}),
    ...(projectId ? { projectId } : {}),
  };
  const sceneMap: SceneMap = { ...map, seed: seedValue ?? 7 };

  useEffect(() => void (document.title = "Kit · AssetForge"), []);
  useEffect(() => () => stopFollowing.current(), []);

  // the price, from a dry run a moment after the form stops changing (the latest answer wins)
  useEffect(() => {
    if (!ready) return setEstimate(null);
    const ask = ++asked.current;
    const timer = setTimeout(() => {
      kitApi.estimate(input).then(
        (answer) => ask === asked.current && (setEstimate(answer), setEstimateError(null)),
        (e: unknown) => ask === asked.current && (setEstimate(null), setEstimateError(e)),
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [JSON.stringify(input), ready]);

  const update = (key: number, change: Partial<KitRow>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const add = () => setRows((all) => [...all, { key: nextKey.current++, kind: "icon", prompt: "" }]);
  const remove = (key: number) => setRows((all) => all.filter((r) => r.key !== key));

  const finish = (done: Kit) => {
    stopFollowing.current();
    setRunning(null);
    setBusy(false);
    setKit(done);
    session.setBalance(done.credits.balance);
    requestAnimationFrame(() => resultCard.current?.scrollIntoView({ behavior: "smooth", block: "start" }));
  };

  /** Without its stream, the kit is read once a second until every item has ended. */
  const poll = async (id: string) => {
    try {
      for (;;) {
        const now = await kitApi.get(id);
        if (now.status !== "running") return finish(now);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    } catch (e) {
      setRunning(null);
      setBusy(false);
      setError(e);
    }
  };

  const generate = async (event: Event) => {
    event.preventDefault();
    if (!ready || busy) return;
    stopFollowing.current();
    setBusy(true);
    setError(null);
    setKit(null);
    try {
      const started = await kitApi.start(input);
      session.setBalance(started.credits.balance);
      if (started.status !== "running") return finish(started);
      setRunning(started);
      setProgress({});
      stopFollowing.current = followKit(started.id, {
        onEvent: (e) => {
          const name = e.item;
          if (name) setProgress((all) => ({ ...all, [name]: itemProgressed(all[name], e.type, e.data) ?? all[name]! }));
        },
        onDone: (done) => finish(done as Kit),
        onError: () => void poll(started.id),
      });
    } catch (e) {
      setError(e);
      setBusy(false);
      void session.refreshBalance();
    }
  };

  const price = estimate?.credits.price;
  return (
    <section class="view">
      <header class="view-head">
        <div>
          <h1 tabIndex={-1}>Kit</h1>
          <p class="muted">A game's art in one call: one pixel scale, one palette, one atlas, a map to walk on.</p>
        </div>
      </header>
      <form class="card form-card kit-form" onSubmit={generate} aria-label="Kit settings">
        <fieldset class="kit-rows">
          <legend>Items</legend>
          {rows.map((row, i) => (
            <div class="kit-row" key={row.key} data-testid="kit-row">
              <div class="select">
                <select aria-label={`Item ${i + 1} kind`} value={row.kind} onChange={(e) => update(row.key, { kind: e.currentTarget.value as KitKind })}>
                  {kitKinds.map((k) => (
                    <option key={k} value={k}>
                      {kitKindLabels[k]}
                    </option>
                  ))}
                </select>
              </div>
              <input
                type="text"
                aria-label={`Item ${i + 1} prompt`}
                value={row.prompt}
                maxLength={500}
                placeholder={row.kind === "tileset" ? "grass and dirt" : "red health potion"}
                onInput={(e) => update(row.key, { prompt: e.currentTarget.value })}
              />
              <span class="small muted kit-row-price">{estimate?.items[i] ? plural(estimate.items[i]!.price, "credit") : ""}</span>
              <button
                type="button"
                class="icon-button"
                aria-label={`Remove item ${i + 1}`}
                title="Remove"
                onClick={() => remove(row.key)}
                disabled={rows.length === 1}
              >
                <Icon name="trash" size={16} />
              </button>
            </div>
          ))}
          <Button type="button" variant="secondary" small icon="plus" onClick={add} disabled={rows.length >= 64}>
            Add item
          </Button>
        </fieldset>
        <ProjectPicker id="kit-project" label="Project" value={projectId} onChange={setProjectId} noneLabel="No project" />
        <div class="field-row">
          <div class="field">
            <label for="kit-scale">Pixel scale</label>
            <div class="select">
              <select id="kit-scale" value={scale} onChange={(e) => setScale(Number(e.currentTarget.value))}>
                {kitScales.map((s) => (
                  <option key={s} value={s}>
                    {s} × {s} px
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div class="field">
            <label for="kit-palette">Palette</label>
            <div class="select">
              <select id="kit-palette" value={palette} onChange={(e) => setPalette(e.currentTarget.value as PaletteName | "")}>
                <option value="">None</option>
                {paletteNames.map((p) => (
                  <option key={p} value={p}>
                    {paletteLabels[p]}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>
        <div class="field-row">
          <MapSide id="kit-map-columns" label="Map width (tiles)" value={map.columns} onChange={(columns) => setMap((m) => ({ ...m, columns }))} />
          <MapSide id="kit-map-rows" label="Map height (tiles)" value={map.rows} onChange={(rows) => setMap((m) => ({ ...m, rows }))} />
          <div class="field">
            <label for="kit-seed">Seed</label>
            <input
              id="kit-seed"
              type="text"
              inputMode="numeric"
              placeholder="random"
              value={seed}
              maxLength={9}
              aria-describedby="kit-seed-hint"
              onInput={(e) => setSeed(e.currentTarget.value)}
            />
            <p class="hint" id="kit-seed-hint">
              The same seed draws the same kit and map.
            </p>
          </div>
        </div>
        <div class="submit-row">
          <Button type="submit" variant="primary" class="btn-block btn-lg" busy={busy} disabled={!ready} aria-describedby="kit-price">
            <Icon name="sparkles" />
            Generate kit
          </Button>
          <p class="price" id="kit-price" data-testid="kit-price" aria-live="polite">
            {price === undefined
              ? ready
                ? "Pricing…"
                : mapOk
                  ? "Give every item a prompt (and a seed of digits, or none)."
                  : `The map is ${sceneMapLimits.min}–${sceneMapLimits.max} tiles each way.`
              : `Costs ${plural(price, "credit")}`}{" "}
            · balance {session.balance.toLocaleString("en-US")}
          </p>
          {estimateError ? <p class="error-note">{errorMessage(estimateError)}</p> : null}
          {error ? <ErrorNote error={error} /> : null}
        </div>
      </form>
      {running ? <KitProgress kit={running} progress={progress} /> : null}
      {kit ? <KitResult kit={kit} map={sceneMap} cardRef={resultCard} /> : null}
    </section>
  );
}

/** One side of the kit's scene map, in tiles (within `sceneMapLimits`). */
function MapSide({ id, label, value, onChange }: { id: string; label: string; value: number; onChange(value: number): void }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} type="number" min={sceneMapLimits.min} max={sceneMapLimits.max} value={value} onInput={(e) => onChange(Number(e.currentTarget.value))} />
    </div>
  );
}
