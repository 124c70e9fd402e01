import type { Agent, SheetInput, SheetLayout } from "./contract";

/** A sprite sheet's animations, in the order their rows come (contract section 12). */
export const animationNames = ["idle", "walk", "run", "jump", "attack", "cast", "hurt", "death"] as const;
export type AnimationName = (typeof animationNames)[number];

export const directionCounts = [1, 4, 8] as const;
export type DirectionCount = (typeof directionCounts)[number];

/** The compass names of 1, 4 and 8 directions, as the sheet's rows order them. */
export const directionNames: Record<DirectionCount, string> = {
  1: "south",
  4: "south, east, north, west",
  8: "south, east, north, west and the diagonals",
};

export type SheetOffer = NonNullable<Agent["sheet"]>;

export const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** What a sheet request makes with `offer` at a frame size: its PNG, its frames and its price (credits × ceil(frames / 8)). */
export function planSheet(offer: SheetOffer, sheet: Required<SheetInput>, frame: { width: number; height: number }) {
  const framesOf = (name: AnimationName) => offer.framesPerAnimation[name] ?? 0;
  const columns = Math.max(0, ...sheet.animations.map(framesOf));
  const rows = sheet.animations.length * sheet.directions;
  const frames = sheet.animations.reduce((sum, name) => sum + framesOf(name), 0) * sheet.directions;
  const width = columns * frame.width;
  const height = rows * frame.height;
  return {
    columns,
    rows,
    frames,
    width,
    height,
    price: offer.creditsPer8Frames * Math.ceil(frames / 8),
    tooLarge: Math.max(width, height) > offer.maxSidePx,
  };
}

/** The layout's animations in row order, each with the directions it has. */
export function animationsOf(layout: SheetLayout): { name: string; directions: string[] }[] {
  const out: { name: string; directions: string[] }[] = [];
  for (const row of layout.animations) {
    const known = out.find((a) => a.name === row.name);
    if (known) known.directions.push(row.direction);
    else out.push({ name: row.name, directions: [row.direction] });
  }
  return out;
}

/** Exports by format, as a person reads them, in the order the buttons show. */
export const exportLabels: Record<string, string> = {
  aseprite: "Aseprite JSON",
  texturepacker: "TexturePacker JSON",
  godot: "Godot 4 .tres",
  tiled: "Tiled (.tsx + sample map, zip)",
  zip: "ZIP (all)",
};
