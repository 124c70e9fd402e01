import { type Animation, directionsOf, type SheetLayout, type SheetRequest } from "./driver.js";

/** The animations that loop, in the layout and in every export; the others (attack, hurt, death…) play once. */
export const LOOPING_ANIMATIONS: ReadonlySet<string> = new Set(["idle", "walk", "run"]);

/**
 * The layout of a sheet, decided before anything is drawn (the price, the dry run and the drawing
 * all read it): one row per (animation, direction), animation-major in the asked order, one column
 * per frame; a row uses `frames[animation]` cells from column 0, the rest stay transparent.
 */
export function sheetLayout(sheet: SheetRequest, frameWidth: number, frameHeight: number, frames: Readonly<Record<Animation, number>>): SheetLayout {
  const directions = directionsOf(sheet.directions);
  const animations = sheet.animations.flatMap((name, a) =>
    directions.map((direction, d) => ({
      name,
      direction,
      row: a * directions.length + d,
      frames: frames[name],
      fps: sheet.fps,
      loop: LOOPING_ANIMATIONS.has(name),
    })),
  );
  const columns = Math.max(...sheet.animations.map((name) => frames[name]));
  return { kind: "sheet", frameWidth, frameHeight, columns, rows: animations.length, animations };
}

/** Every frame a layout holds (the price counts them). */
export const framesOf = (layout: SheetLayout): number => layout.animations.reduce((sum, row) => sum + row.frames, 0);
