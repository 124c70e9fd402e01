import { isPaletteName, namedPalettes, type PaletteInput, type PaletteName, paletteLabels, paletteNames, parseCustomPalette } from "../palette";
import { ErrorNote } from "../ui/error-note";
import { plural } from "../ui/words";

/** The form's palette: none (the default), a named one, or custom colours as typed. */
export interface PaletteChoice {
  kind: "none" | "named" | "custom";
  name: PaletteName;
  /** The custom colours as typed (kept while another choice is made). */
  custom: string;
}

export const defaultPaletteChoice: PaletteChoice = { kind: "none", name: "pico-8", custom: "" };

/** What the form sends: a name, the custom colours as parsed, or nothing. */
export function paletteOf(choice: PaletteChoice): PaletteInput | undefined {
  if (choice.kind === "named") return choice.name;
  if (choice.kind === "custom") return parseCustomPalette(choice.custom);
  return undefined;
}

/** The choice that sends `palette` again (History's "Run again" / "Edit"). */
export function paletteChoiceOf(palette: PaletteInput | undefined, previous: PaletteChoice): PaletteChoice {
  if (palette === undefined) return { ...previous, kind: "none" };
  if (typeof palette === "string") return isPaletteName(palette) ? { ...previous, kind: "named", name: palette } : { ...previous, kind: "none" };
  return { ...previous, kind: "custom", custom: palette.join(", ") };
}

/** The palette a generation used, as the API answers it ({name?, colors}), as the request that asks for it again. */
export function paletteInputOf(palette: { name?: string | null; colors: readonly string[] } | null | undefined): PaletteInput | undefined {
  if (!palette) return undefined;
  return palette.name && isPaletteName(palette.name) ? palette.name : [...palette.colors];
}

/** A row of small coloured squares; decorative (the text beside it says which palette). */
export function Swatches({ colors, class: extra }: { colors: readonly string[]; class?: string }) {
  return (
    <span class={`swatches${extra ? ` ${extra}` : ""}`} aria-hidden="true">
      {colors.map((color, i) => (
        <span class="swatch" key={`${i}:${color}`} style={{ backgroundColor: color }} data-color={color} />
      ))}
    </span>
  );
}

/** How a palette is named in a sentence: "PICO-8", "custom". */
export const paletteTitle = (palette: { name?: string | null; colors: readonly string[] }): string =>
  palette.name ? (isPaletteName(palette.name) ? paletteLabels[palette.name] : palette.name) : "Custom";

/**
 * "No palette", each named palette (its swatches, name and colour count) and "Custom…" with a field
 * for colours, as one group of radio buttons (arrow keys move between them; the colours field comes
 * next in the tab order, so arrowing through the group never jumps out of it). A refusal of the palette (the dry
 * run's as it is typed, or the start's) shows under it, naming the colour.
 */
export function PaletteFields({
  choice,
  onChange,
  refusal,
  id = "gen-palette",
  legend = "Palette",
  allowNone = true,
  hint = "Every pixel of the result is one of the palette's colours; the quality report under the result says how many are.",
}: {
  choice: PaletteChoice;
  onChange(choice: PaletteChoice): void;
  refusal: unknown;
  /** The prefix of the fields' ids and the radio group's name (one per picker on the page). */
  id?: string;
  legend?: string;
  /** Offer "No palette" (the form); a recolour needs one. */
  allowNone?: boolean;
  hint?: string;
}) {
  const typed = parseCustomPalette(choice.custom);
  const invalid = refusal ? "true" : undefined;
  return (
    <fieldset class="field palette-field" data-testid="palette-fields" aria-describedby={`${id}-hint`}>
      <legend>{legend}</legend>
      <div class="palette-options">
        {allowNone ? (
          <label class="check palette-option">
            <input type="radio" name={id} value="none" checked={choice.kind === "none"} onChange={() => onChange({ ...choice, kind: "none" })} />
            <span class="palette-name">No palette</span>
            <span class="palette-count">its own colours</span>
          </label>
        ) : null}
        {paletteNames.map((name) => (
          <label class="check palette-option" key={name}>
            <input
              type="radio"
              name={id}
              value={name}
              checked={choice.kind === "named" && choice.name === name}
              onChange={() => onChange({ ...choice, kind: "named", name })}
              aria-describedby={`${id}-${name}-count`}
            />
            <span class="palette-name">{paletteLabels[name]}</span>
            <span class="palette-count" id={`${id}-${name}-count`}>
              {plural(namedPalettes[name].length, "colour")}
            </span>
            <Swatches colors={namedPalettes[name]} />
          </label>
        ))}
        <label class="check palette-option">
          <input type="radio" name={id} value="custom" checked={choice.kind === "custom"} onChange={() => onChange({ ...choice, kind: "custom" })} />
          <span class="palette-name">Custom…</span>
          <span class="palette-count">{choice.kind === "custom" && typed.length > 0 ? plural(typed.length, "colour") : "2–64 colours"}</span>
          {choice.kind === "custom" ? <Swatches colors={typed.filter((c) => /^#[0-9a-fA-F]{6}$/.test(c))} /> : null}
        </label>
      </div>
      {choice.kind === "custom" ? (
        <div class="field palette-custom">
          <label for={`${id}-custom`}>Custom colours</label>
          <textarea
            id={`${id}-custom`}
            rows={2}
            maxLength={4000}
            spellcheck={false}
            placeholder="#1a1c2c, #5d275d, #b13e53, #ef7d57"
            value={choice.custom}
            onInput={(e) => onChange({ ...choice, custom: e.currentTarget.value })}
            aria-invalid={invalid}
            aria-describedby={`${id}-custom-hint ${id}-error`}
          />
          <p class="hint" id={`${id}-custom-hint`}>
            2–64 colours written #rrggbb, separated by commas or one per line.
          </p>
        </div>
      ) : null}
      <p class="hint" id={`${id}-hint`}>
        {hint}
      </p>
      {refusal ? (
        <div data-testid="palette-refusal">
          <ErrorNote error={refusal} id={`${id}-error`} />
        </div>
      ) : null}
    </fieldset>
  );
}
