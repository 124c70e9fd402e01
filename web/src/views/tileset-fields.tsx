import type { Agent } from "../contract";
import { layoutText, refusedTerrain, type TilesetLayoutName, type TilesetPlan, tilesetLayouts } from "../tileset";
import { ErrorNote } from "../ui/error-note";
import { plural } from "../ui/words";

/** The form's tileset settings: the layout and the terrains as typed (the second may stay empty). */
export interface TilesetChoice {
  layout: TilesetLayoutName;
  terrains: [string, string];
}

export const defaultTilesetChoice: TilesetChoice = { layout: "wang-corner-16", terrains: ["grass", "dirt"] };

/** The terrains to send: the first, and the second when one is typed. */
export const terrainsOf = (choice: TilesetChoice): string[] => choice.terrains.map((t) => t.trim()).filter((t) => t !== "");

/** Layout (with what each is for), and one or two terrains; a refusal of a terrain offers the surfaces the agent knows. */
export function TilesetFields({
  agent,
  choice,
  onChange,
  refusal,
}: {
  agent: Agent;
  choice: TilesetChoice;
  onChange(choice: TilesetChoice): void;
  /** Why the API refused the tileset (the dry run or the start), if it did. */
  refusal: unknown;
}) {
  const offered = tilesetLayouts.filter((l) => agent.tileset?.layouts.includes(l) ?? true);
  const two = (agent.tileset?.maxTerrains ?? 2) > 1;
  const { terrain: refused, surfaces } = refusedTerrain(refusal);
  const setTerrain = (i: 0 | 1, value: string) => {
    const terrains: [string, string] = [...choice.terrains];
    terrains[i] = value;
    onChange({ ...choice, terrains });
  };
  // a suggestion replaces the refused terrain (the first one when the message names none we hold)
  const replaceRefused = (surface: string) => {
    const i = choice.terrains[1]?.trim() === refused ? 1 : 0;
    setTerrain(i, surface);
  };
  const invalid = (i: 0 | 1) => (refusal && (refused === undefined ? i === 0 : choice.terrains[i].trim() === refused) ? "true" : undefined);

  return (
    <div class="sheet-fields tileset-fields" data-testid="tileset-fields">
      <fieldset class="field">
        <legend>Layout</legend>
        <div class="layout-options">
          {offered.map((layout) => (
            <label class="check layout-option" key={layout}>
              <input
                type="radio"
                name="gen-tileset-layout"
                value={layout}
                checked={choice.layout === layout}
                onChange={() => onChange({ ...choice, layout })}
                aria-describedby={`gen-layout-${layout}`}
              />
              <span class="layout-name">{layoutText[layout].name}</span>
              <span class="layout-explain" id={`gen-layout-${layout}`}>
                {layoutText[layout].explain}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div class="field-row">
        <div class="field">
          <label for="gen-terrain-1">Terrain</label>
          <input
            id="gen-terrain-1"
            type="text"
            maxLength={60}
            placeholder="e.g. grass"
            value={choice.terrains[0]}
            onInput={(e) => setTerrain(0, e.currentTarget.value)}
            aria-invalid={invalid(0)}
            aria-describedby="gen-terrain-1-hint"
          />
          <p class="hint" id="gen-terrain-1-hint">
            Drawn over the second.
          </p>
        </div>
        {two ? (
          <div class="field">
            <label for="gen-terrain-2">Second terrain</label>
            <input
              id="gen-terrain-2"
              type="text"
              maxLength={60}
              placeholder="e.g. dirt"
              value={choice.terrains[1]}
              onInput={(e) => setTerrain(1, e.currentTarget.value)}
              aria-invalid={invalid(1)}
              aria-describedby="gen-terrain-2-hint"
            />
            <p class="hint" id="gen-terrain-2-hint">
              Optional: empty = against transparency (a platform).
            </p>
          </div>
        ) : null}
      </div>
      {refusal ? (
        <div data-testid="terrain-refusal">
          <ErrorNote error={refusal} />
          {surfaces.length > 0 ? (
            <div class="chips" role="group" aria-label="Surfaces it knows">
              <span class="hint">Use:</span>
              {surfaces.map((surface) => (
                <button type="button" class="chip chip-suggestion" key={surface} onClick={() => replaceRefused(surface)}>
                  {surface}
                </button>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The set's PNG and tiles, under the tile size. */
export function TilesetSummary({ plan }: { plan: TilesetPlan }) {
  return (
    <p class="hint" id="gen-size-hint" data-testid="tileset-summary">
      One tile. The whole set: <span class="hint-strong">{`${plan.width} × ${plan.height} px`}</span>, {plural(plan.tiles, "tile")} in a {plan.columns} ×{" "}
      {plan.rows} grid.
    </p>
  );
}
