/**
 * Sprite sheets from the "pixel-sprite" drawings: the same character or creature in 1, 4 or 8
 * directions and up to five animations, one row per (animation, direction), one column per frame.
 * The sprite is built once; its material grid is rigged (rig.ts), turned (views.ts), posed
 * per frame (poses.ts, compose.ts) and only then coloured, so every frame has the single
 * sprite's palette and outline. The whole sheet is encoded once.
 */
import { sheetLayout as layoutOf } from "../../sheet-layout.js";
import type { Animation, SheetLayout, SheetQuality, SheetRequest } from "../../driver.js";
import { ProgressReporter } from "../kit/progress.js";
import type { PromptSpec } from "../words/prompt.js";
import { Canvas } from "../kit/raster.js";
import { closedEyesOf, composeFrame } from "./compose.js";
import { type Pose, poseFrames } from "./poses.js";
import { measureSheet } from "./quality.js";
import { rigSprite } from "./rig.js";
import { viewsOf } from "./views.js";
import { M, modelSprite, paintSprite, planSprite, type SpriteGrid } from "../sprites/index.js";
import type { GeneratedImage, GeneratorInput, GeneratorProgress } from "../kit/types.js";

/** Frames per animation. */
export const SHEET_FRAMES: Readonly<Record<Animation, number>> = { idle: 4, walk: 6, run: 6, jump: 5, attack: 5, cast: 5, hurt: 3, death: 5 };

export interface GeneratedSheet extends GeneratedImage {
  layout: SheetLayout;
  quality: SheetQuality;
}

/** Where each (animation, direction) row goes: animation-major, in the request's order. */
/** The layout of a sheet of this agent (the shared rule of sheet-layout.ts with its frame counts). */
export function sheetLayout(sheet: SheetRequest, frameWidth: number, frameHeight: number): SheetLayout {
  return layoutOf(sheet, frameWidth, frameHeight, SHEET_FRAMES);
}

/** Why a prompt's subject cannot be animated (an object), else undefined. */
export function sheetRefusal(spec: PromptSpec): string | undefined {
  const plan = planSprite(spec);
  if (plan.builder.kind !== "item") return undefined;
  const word = plan.subject ?? spec.subjects[0] ?? plan.design;
  return `"${word}" is an object; a sheet animates a character or a creature. Ask for an image instead, or name a character or creature.`;
}

const same = (a: SpriteGrid, b: SpriteGrid): boolean => a.cells.every((m, k) => m === b.cells[k] && a.tone[k] === b.tone[k]);

/** Small sways that tell a frame apart from an earlier identical one (the bottom row stays). */
const TWEAKS: readonly Pose[] = [{ shear: 1 }, { shear: -1 }, { shear: 2 }, { shear: -2 }];

export async function drawSpriteSheet(
  input: GeneratorInput & { sheet: SheetRequest },
  onProgress: (p: GeneratorProgress) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<GeneratedSheet> {
  const progress = new ProgressReporter(onProgress, signal, { ...(input.palette ? { palette: input.palette } : {}) });
  await progress.report(0, "interpreting");
  const refusal = sheetRefusal(input.spec);
  if (refusal) throw new Error(refusal);
  const model = modelSprite(input);
  const { n, look } = model;
  const rig = rigSprite(model);
  const views = viewsOf(rig);
  await progress.report(15, "rigging");

  const fw = input.width;
  const fh = input.height;
  const scale = Math.max(1, Math.floor(fw / n));
  const layout = sheetLayout(input.sheet, fw, fh);
  const sheet = new Canvas(layout.columns * fw, layout.rows * fh);
  const figure = input.transparent ? undefined : new Uint8Array(sheet.width * sheet.height);
  const dst = new Uint32Array(sheet.data.buffer, sheet.data.byteOffset, sheet.width * sheet.height);
  for (const row of layout.animations) {
    const view = views(row.direction);
    const closed = closedEyesOf(view);
    const grids: SpriteGrid[] = [];
    for (const pose of poseFrames(row.name, view)) {
      let grid = composeFrame(view, pose, closed);
      for (const tweak of TWEAKS) {
        if (!grids.some((g) => same(g, grid))) break;
        grid = composeFrame(view, { ...pose, shear: (pose.shear ?? 0) + (tweak.shear ?? 0) }, closed);
      }
      grids.push(grid);
    }
    grids.forEach((grid, c) => {
      const frame = paintSprite(grid, look, input.transparent);
      const src = new Uint32Array(frame.data.buffer, frame.data.byteOffset, n * n);
      const x0 = c * fw;
      const y0 = row.row * fh;
      for (let y = 0; y < fh; y++) {
        const sy = Math.min(n - 1, Math.floor(y / scale));
        for (let x = 0; x < fw; x++) {
          const sx = Math.min(n - 1, Math.floor(x / scale));
          dst[(y0 + y) * sheet.width + x0 + x] = src[sy * n + sx] ?? 0;
          if (figure && (grid.cells[sy * n + sx] || (look.outlined && touches(grid, sx, sy)))) figure[(y0 + y) * sheet.width + x0 + x] = 1;
        }
      }
    });
    if (row.row === 0) {
      const first = new Canvas(layout.columns * fw, fh);
      first.data.set(sheet.data.subarray(0, first.data.length));
      await progress.report(15 + 70 / layout.rows, "posing", first);
    } else await progress.report(15 + (70 * (row.row + 1)) / layout.rows, "posing");
  }
  const image = await progress.finish(sheet); // onto the asked palette, in place: measured as stored
  const own = measureSheet(sheet.data, sheet.width, layout, figure);
  return { ...image, layout, quality: { ...image.quality, ...own, ...(image.quality ? { paletteCompliance: image.quality.paletteCompliance } : {}) } };
}

function touches(g: SpriteGrid, i: number, j: number): boolean {
  return g.get(i - 1, j) !== M.EMPTY || g.get(i + 1, j) !== M.EMPTY || g.get(i, j - 1) !== M.EMPTY || g.get(i, j + 1) !== M.EMPTY;
}
