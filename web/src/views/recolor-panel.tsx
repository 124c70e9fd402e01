import { useState } from "preact/hooks";
import { ApiError } from "../api";
import { isPaletteName, type PaletteInput, paletteNames } from "../palette";
import { Button } from "../ui/buttons";
import { ErrorNote } from "../ui/error-note";
import { type PaletteChoice, PaletteFields, paletteOf } from "./palette-fields";

/**
 * "Recolour…" on a finished result: the palette picker (a named palette or custom colours; no
 * "No palette"), then a palette swap of the result's asset (GraphQL recolorAsset) that the result
 * card follows like any generation. The service's refusal of the palette shows under the picker.
 */
export function RecolorPanel({
  current,
  onRecolor,
  onClose,
  error,
  starting,
  disabled,
}: {
  /** The palette the result was drawn with: another one is offered first. */
  current: string | null | undefined;
  onRecolor(palette: PaletteInput): Promise<boolean>;
  onClose(): void;
  error: unknown;
  starting: boolean;
  disabled: boolean;
}) {
  const [choice, setChoice] = useState<PaletteChoice>(() => ({
    kind: "named",
    name: paletteNames.find((name) => name !== current) ?? "pico-8",
    custom: "",
  }));
  const paletteRefusal = error instanceof ApiError && error.param?.startsWith("palette") ? error : null;

  const submit = (event: Event) => {
    event.preventDefault();
    const palette = paletteOf(choice);
    if (palette !== undefined) void onRecolor(palette);
  };

  return (
    <form class="recolor-panel" aria-label="Recolour" data-testid="recolor-panel" onSubmit={submit}>
      <PaletteFields
        id="recolor-palette"
        legend="New palette"
        allowNone={false}
        choice={choice}
        onChange={setChoice}
        refusal={paletteRefusal}
        hint="A palette swap: this result mapped onto the palette, its size and layout kept, every opaque pixel one of its colours. It costs a small fixed price (usually 1 credit), whatever the size."
      />
      {error && !paletteRefusal ? <ErrorNote error={error} /> : null}
      <div class="actions">
        <Button type="submit" variant="primary" icon="refresh" busy={starting} disabled={disabled}>
          Recolour
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The palette a result was drawn with, by name ("gameboy"), or null. */
export const paletteNameOf = (palette: { name?: string | null } | null | undefined): string | null =>
  palette?.name && isPaletteName(palette.name) ? palette.name : null;
