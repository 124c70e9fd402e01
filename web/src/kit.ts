import { rest } from "./api";
import type { Kit, KitEstimate } from "./contract";
import type { PaletteInput } from "./palette";

/** What a kit item is, as the Kit screen offers it: each kind one agent and output. */
export const kitKinds = ["sprite", "sheet", "tileset", "icon"] as const;
export type KitKind = (typeof kitKinds)[number];
export const kitKindLabels: Record<KitKind, string> = { sprite: "Sprite", sheet: "Walking sheet", tileset: "Tile set", icon: "Icon" };
export const kitScales = [16, 32, 48, 64] as const;

export interface KitRow {
  key: number;
  kind: KitKind;
  prompt: string;
}

/** A tile set's terrains from its prompt: "grass and dirt" → ["grass", "dirt"] (the first drawn over the second). */
export function terrainsOf(prompt: string): string[] {
  const parts = prompt
    .split(/\s*(?:,|\band\b|\bover\b|\bon\b|&|\/)\s*/i)
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.slice(0, 2).length ? parts.slice(0, 2) : [prompt.trim()];
}

/** The request item of a row (the service's own kit item: section 13). */
export function kitItemOf(row: KitRow) {
  const prompt = row.prompt.trim();
  switch (row.kind) {
    case "sheet":
      return { prompt, agentId: "pixel-sprite", sheet: { animations: ["idle", "walk"], directions: 4 } };
    case "tileset":
      return { prompt, agentId: "texture", tileset: { layout: "wang-corner-16", terrains: terrainsOf(prompt) } };
    case "icon":
      return { prompt, agentId: "icon" };
    default:
      return { prompt, agentId: "pixel-sprite" };
  }
}

export interface KitInput {
  rows: KitRow[];
  scale: number;
  palette: PaletteInput | undefined;
  transparent: boolean;
}

const bodyOf = (input: KitInput, dryRun: boolean) => ({
  items: input.rows.map(kitItemOf),
  scale: input.scale,
  transparent: input.transparent,
  ...(input.palette === undefined ? {} : { palette: input.palette }),
  ...(dryRun ? { dryRun: true } : {}),
});

export const kitApi = {
  /** The price of every item and the total; nothing made or charged. */
  estimate: (input: KitInput) => rest<KitEstimate>("POST", "/api/ai/kits", bodyOf(input, true)),
  generate: (input: KitInput) => rest<Kit>("POST", "/api/ai/kits", bodyOf(input, false)),
};

export type AtlasFrame = NonNullable<Kit["atlas"]>["layout"]["frames"][number];

/** The frames of a sheet item's walk in one direction (east first, as it crosses the map), in order. */
export function walkFrames(frames: readonly AtlasFrame[], item: string): AtlasFrame[] {
  const of = (direction: string) =>
    frames.filter((f) => f.name.startsWith(`${item}/walk_${direction}_`)).sort((a, b) => Number(a.name.split("_").pop()) - Number(b.name.split("_").pop()));
  for (const direction of ["east", "e", "right", "south", "s"]) {
    const found = of(direction);
    if (found.length) return found;
  }
  return frames.filter((f) => f.name.startsWith(`${item}/walk_`));
}
