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
  /** The kit's seed (each item's is derived from it); absent: a random one. */
  seed?: number;
  /** The project it is filed under (its defaults apply where the form gives none). */
  projectId?: string;
}

const bodyOf = (input: KitInput, dryRun: boolean) => ({
  items: input.rows.map(kitItemOf),
  scale: input.scale,
  transparent: input.transparent,
  ...(input.palette === undefined ? {} : { palette: input.palette }),
  ...(input.seed === undefined ? {} : { seed: input.seed }),
  ...(input.projectId ? { projectId: input.projectId } : {}),
  ...(dryRun ? { dryRun: true } : {}),
});

/** The map the Kit screen paints its tile set on: a size in tiles and a seed. */
export interface SceneMap {
  columns: number;
  rows: number;
  seed: number;
}
export const sceneMapLimits = { min: 4, max: 64 } as const;

export const kitApi = {
  /** The price of every item and the total; nothing made or charged. */
  estimate: (input: KitInput) => rest<KitEstimate>("POST", "/api/ai/kits", bodyOf(input, true)),
  /** Starts the kit (202, running): the screen follows its events until it is done. */
  start: (input: KitInput) => rest<Kit>("POST", "/api/ai/kits", bodyOf(input, false), { prefer: "respond-async" }),
  get: (id: string) => rest<Kit>("GET", `/api/v1/kits/${encodeURIComponent(id)}`),
};

/** Where a kit's item stands while the kit runs, from its generation events. */
export interface ItemProgress {
  status: "queued" | "running" | "succeeded" | "failed";
  percent: number;
  stage?: string;
}

/** What one of the kit's events changes in its items' progress (kitEvents: an item's generation event naming the item). */
export function itemProgressed(before: ItemProgress | undefined, type: string, data: Record<string, unknown>): ItemProgress | undefined {
  const was = before ?? { status: "queued", percent: 0 };
  switch (type) {
    case "generation.queued":
      return { ...was, status: "queued" };
    case "generation.started":
      return { ...was, status: "running", percent: Math.max(was.percent, 1) };
    case "generation.progress":
      return { status: "running", percent: Math.max(was.percent, Number(data.percent) || 0), stage: typeof data.stage === "string" ? data.stage : was.stage };
    case "generation.completed":
      return { status: "succeeded", percent: 100 };
    case "generation.failed":
      return { ...was, status: "failed" };
    default:
      return undefined;
  }
}

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
