import type { SheetLayout, TilesetLayout } from "../../agents/index.js";
import type { Estimate } from "./api.js";

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export const scaleText = (scale: number) => (scale >= 1 ? `${scale}×` : `1/${Math.round(1 / scale)}`);

/** "grass over dirt" or "stone against transparency". */
export function describeTerrains(layout: TilesetLayout): string {
  const [foreground, background] = layout.terrains;
  return background === undefined ? `${foreground} against transparency` : `${foreground} over ${background}`;
}

/** How a layout numbers its tiles, in the terrains' own words (contract section 12). */
export function indexRule(layout: TilesetLayout): string {
  const [foreground, background] = layout.terrains;
  const otherwise = background === undefined ? "transparent" : background;
  switch (layout.layout) {
    case "wang-corner-16":
      return `Index rule (corners): index = NE·1 + SE·2 + SW·4 + NW·8, a bit set where that corner is ${foreground} (terrains[0]), else ${otherwise}; tile 15 is all ${foreground}, tile 0 all ${otherwise}.`;
    case "wang-edge-16":
      return `Index rule (edges): index = N·1 + E·2 + S·4 + W·8, a bit set where that side is ${foreground} (terrains[0]), else ${otherwise}; tile 15 is all ${foreground}, tile 0 all ${otherwise}.`;
    default:
      return (
        `Index rule (blob-47): tiles 0–46 are ${foreground} tiles in ascending order of their neighbour mask, N=1, NE=2, E=4, SE=8, S=16, SW=32, W=64, NW=128, ` +
        `a bit set where that neighbour is ${foreground} too (a corner counts only with both its sides; mask 255 = surrounded)` +
        (background === undefined ? "; cells without a tile are transparent." : `; tile 47 is the plain ${background} fill tile.`)
      );
  }
}

/** "8 rows (animation × direction) of up to 6 frames of 64×64 (40 frames; a 384×512 PNG)". */
export function describeSheet(layout: SheetLayout): string {
  const frames = layout.animations.reduce((sum, row) => sum + row.frames, 0);
  return (
    `${layout.rows} rows (animation × direction) of up to ${layout.columns} frames of ${layout.frameWidth}×${layout.frameHeight} ` +
    `(${frames} frames; a ${layout.columns * layout.frameWidth}×${layout.rows * layout.frameHeight} PNG)`
  );
}

/** "idle rows 0–3 (south, east, north, west; 4 frames), walk rows 4–7 (…; 6 frames)". */
export function describeRows(layout: SheetLayout): string {
  const byAnimation = new Map<string, SheetLayout["animations"]>();
  for (const row of layout.animations) byAnimation.set(row.name, [...(byAnimation.get(row.name) ?? []), row]);
  return [...byAnimation]
    .map(([name, rows]) => {
      const first = rows[0]!.row;
      const last = rows.at(-1)!.row;
      const span = first === last ? `row ${first}` : `rows ${first}–${last}`;
      return `${name} ${span} (${rows.map((r) => r.direction).join(", ")}; ${plural(rows[0]!.frames, "frame")}${rows[0]!.loop ? "" : ", plays once"})`;
    })
    .join(", ");
}

/** What the agent understood of the prompt, as a sentence for the model (empty without a prompt). */
export function understood(interpretation: Estimate["interpretation"]): string {
  if (interpretation === undefined) return "";
  if (interpretation === null) return " This agent's model reads the prompt as it is.";
  const { subject, modifiers, ignored, fallback, suggestions, readAs } = interpretation;
  const list = (words: string[]) => (words.length > 0 ? words.join(", ") : "none");
  const near = (suggestions ?? []).map((s) => ` Instead of "${s.word}", try: ${s.subjects.join(", ")}.`).join("");
  const stood = readAs && readAs.length > 0 ? ` It has no drawing of its own for ${readAs.map((r) => `"${r.word}" (read as ${r.as})`).join(", ")}.` : "";
  return (
    ` It understood: subject ${subject ?? "none"}; modifiers ${list(modifiers)}; ignored ${list(ignored)}.${stood}` +
    (fallback
      ? ` It does not know this subject and would draw a generic design: rephrase the prompt around a subject it knows (list_agents lists them), or pick another agent.${near}`
      : "")
  );
}
