import type { Agent } from "../contract";
import { type AnimationName, animationNames, capitalised, type DirectionCount, directionCounts, directionNames, type planSheet } from "../sheet";
import { plural } from "../ui/words";

/** The form's sheet settings; `fps` as typed (a number 1–30 once valid). */
export interface SheetChoice {
  animations: AnimationName[];
  directions: DirectionCount;
  fps: string;
}

export const defaultSheetChoice: SheetChoice = { animations: ["idle", "walk"], directions: 4, fps: "8" };

/** The fps typed, when it is a whole number 1–30. */
export function fpsOf(choice: SheetChoice): number | undefined {
  const fps = Number(choice.fps);
  return choice.fps.trim() !== "" && Number.isInteger(fps) && fps >= 1 && fps <= 30 ? fps : undefined;
}

export type Output = "image" | "sheet" | "tileset";
const outputNames: Record<Output, string> = { image: "Image", sheet: "Sprite sheet", tileset: "Tileset" };

/** "Image" / "Sprite sheet" / "Tileset": shown only for an agent that makes more than images, with the outputs it makes. */
export function OutputChoice({ outputs, value, onChange }: { outputs: readonly Output[]; value: Output; onChange(output: Output): void }) {
  return (
    <fieldset class="field segmented-field">
      <legend>Output</legend>
      <div class="segmented">
        {outputs.map((output) => (
          <label key={output}>
            <input type="radio" name="gen-output" value={output} checked={value === output} onChange={() => onChange(output)} />
            <span>{outputNames[output]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Animations (at least one, each with its frame count), directions and frames per second. */
export function SheetFields({
  agent,
  choice,
  onChange,
  invalid,
}: {
  agent: Agent;
  choice: SheetChoice;
  onChange(choice: SheetChoice): void;
  /** The API refused the sheet: its fields are marked. */
  invalid: boolean;
}) {
  const framesPer = agent.sheet?.framesPerAnimation;
  const offered = (agent.sheet?.directions ?? [...directionCounts]).filter((d): d is DirectionCount => (directionCounts as readonly number[]).includes(d));
  const toggle = (name: AnimationName, on: boolean) => {
    const chosen = new Set(choice.animations);
    if (on) chosen.add(name);
    else chosen.delete(name);
    // rows follow the contract's order of animations, whatever order they were ticked in
    onChange({ ...choice, animations: animationNames.filter((a) => chosen.has(a)) });
  };
  const only = choice.animations.length === 1 ? choice.animations[0] : undefined;
  const fpsInvalid = fpsOf(choice) === undefined;

  return (
    <div class="sheet-fields" data-testid="sheet-fields">
      <fieldset class="field" aria-describedby="gen-animations-hint" aria-invalid={invalid ? "true" : undefined}>
        <legend>Animations</legend>
        <div class="check-grid">
          {animationNames.map((name) => (
            <label class="check" key={name} title={only === name ? "A sheet holds at least one animation" : undefined}>
              <input
                type="checkbox"
                checked={choice.animations.includes(name)}
                disabled={only === name}
                onChange={(e) => toggle(name, e.currentTarget.checked)}
              />
              <span>{capitalised(name)}</span>
              <span class="check-extra">{framesPer?.[name] !== undefined ? plural(framesPer[name], "frame") : ""}</span>
            </label>
          ))}
        </div>
        <p class="hint" id="gen-animations-hint">
          At least one. Each animation takes one row per direction.
        </p>
      </fieldset>

      <div class="field-row">
        <fieldset class="field segmented-field" aria-describedby="gen-directions-hint">
          <legend>Directions</legend>
          <div class="segmented">
            {offered.map((d) => (
              <label key={d}>
                <input type="radio" name="gen-directions" value={d} checked={choice.directions === d} onChange={() => onChange({ ...choice, directions: d })} />
                <span>{d}</span>
              </label>
            ))}
          </div>
          <p class="hint" id="gen-directions-hint">
            {capitalised(directionNames[choice.directions])}.
          </p>
        </fieldset>
        <div class="field">
          <label for="gen-fps">Frames per second</label>
          <input
            id="gen-fps"
            type="number"
            inputMode="numeric"
            min={1}
            max={30}
            step={1}
            value={choice.fps}
            onInput={(e) => onChange({ ...choice, fps: e.currentTarget.value })}
            aria-invalid={fpsInvalid ? "true" : undefined}
            aria-describedby="gen-fps-hint"
          />
          <p class="hint" id="gen-fps-hint">
            {fpsInvalid ? "A whole number from 1 to 30." : "1–30; the exports' frame durations."}
          </p>
        </div>
      </div>
    </div>
  );
}

/** The sheet's PNG and frames, under the frame size; a warning when it is larger than the agent draws. */
export function SheetSummary({ plan, maxSidePx }: { plan: ReturnType<typeof planSheet>; maxSidePx: number }) {
  return (
    <p class={`hint${plan.tooLarge ? " hint-warning" : ""}`} id="gen-size-hint" data-testid="sheet-summary">
      One frame. The whole sheet: <span class="hint-strong">{`${plan.width} × ${plan.height} px`}</span>, {plural(plan.frames, "frame")} in{" "}
      {plural(plan.rows, "row")} of up to {plan.columns}.
      {plan.tooLarge ? ` That is more than the ${maxSidePx} px a side this agent draws: pick fewer animations or directions, or a smaller frame.` : ""}
    </p>
  );
}
