/**
 * The "pixel-sprite" generator with its figure posed: a prompt naming an action ("leaping cat",
 * "cleric praying") or counted parts ("three-headed dog") draws the sprite through the sheets' rig,
 * one frame: the parts counted (parts.ts), the view the action is seen from and its pose
 * (actions.ts), composed like a sheet's frame and coloured with the sprite's own palette.
 * Without either, the sprite as the sprites family draws it.
 */
import type { Direction } from "../../driver.js";
import { ProgressReporter } from "../kit/progress.js";
import { hashString, mixSeeds } from "../kit/random.js";
import { scaleNearest } from "../kit/raster.js";
import type { GeneratedImage, Generator, GeneratorInput, GeneratorProgress } from "../kit/types.js";
import { M, modelSprite, paintSprite, type SpriteGrid, type SpriteModel } from "../sprites/index.js";
import { actionDirection, actionsPose, drawActionEffects } from "./actions.js";
import { composeFrame } from "./compose.js";
import { countParts } from "./parts.js";
import { rigSprite } from "./rig.js";
import { viewsOf } from "./views.js";

/**
 * The sprite's grid posed for its action and counted parts; undefined when the plan names neither.
 * A figure seen from the side faces left or right by the seed (a side-view creature keeps its own
 * side on odd seeds and turns on even ones).
 */
export function posedGrid(model: SpriteModel, seed: number): SpriteGrid | undefined {
  const figure = model.plan.figure;
  if (!figure) return undefined;
  const rig = rigSprite(model);
  if (figure.parts.length > 0) countParts(rig, figure.parts);
  const action = figure.action?.action;
  let direction: Direction = action ? actionDirection(action, rig.character, rig.facing) : rig.facing === 0 ? "south" : rig.facing === 1 ? "east" : "west";
  if (action && (direction === "east" || direction === "west") && (mixSeeds(seed, hashString("pose")) & 1) === 0)
    direction = direction === "east" ? "west" : "east";
  const view = viewsOf(rig)(direction);
  const actions = action ? [action, ...(figure.also ?? []).map((a) => a.action)] : [];
  const grid = composeFrame(view, actionsPose(actions, view));
  drawActionEffects(actions, grid, view);
  return grid.cells.some((m) => m !== M.EMPTY) ? grid : undefined;
}

async function generatePosedSprite(
  input: GeneratorInput,
  onProgress: (p: GeneratorProgress) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<GeneratedImage> {
  const progress = new ProgressReporter(onProgress, signal, { ...(input.palette ? { palette: input.palette } : {}) });
  await progress.report(0, "interpreting");
  const model = modelSprite(input);
  await progress.report(20, "layout");
  const grid = posedGrid(model, input.seed) ?? model.grid;
  await progress.report(45, "outline");
  const canvas = paintSprite(grid, model.look, input.transparent);
  await progress.report(70, "shading", canvas);
  return progress.finish(scaleNearest(canvas, model.size / model.n));
}

export const pixelSpriteGenerator: Generator = { kind: "pixel-sprite", generate: generatePosedSprite };
