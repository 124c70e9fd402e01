/**
 * A sprite sheet from the caller's own sprite (contract section 14): the picture read as pixel art
 * (sprite-art.ts), its view and rig found from its pixels (analyse.ts), and every frame posed with the
 * drawn sheets' animations (poses.ts) by moving its pixels (pose-pixels.ts). Same layout, frame counts,
 * fps and loop flags as a drawn sheet; frames at the asked size with the sprite at an integer scale.
 */
import type { Direction, SheetLayout, SheetQuality, SheetRequest } from "../../../driver.js";
import { directionsOf } from "../../../driver.js";
import type { Rgb } from "../../kit/color.js";
import { ProgressReporter } from "../../kit/progress.js";
import { Canvas } from "../../kit/raster.js";
import type { GeneratedImage, GeneratorProgress } from "../../kit/types.js";
import { SpriteGrid } from "../../sprites/index.js";
import { poseFrames, type Pose } from "../poses.js";
import { measureSheet } from "../quality.js";
import { PART } from "../rig.js";
import { sheetLayout } from "../sprite-sheet.js";
import { legPairs, type View } from "../view.js";
import { rigOf, type SpriteView, viewOf, visibleDirections } from "./analyse.js";
import { type Posable, posePixels } from "./pose-pixels.js";
import { type Pixels, spriteArt, type SpriteArt } from "./sprite-art.js";

/** Larger pictures are refused before they are read (a sprite is small; pixel-fixer shrinks a large one first). */
export const MAX_GIVEN_PIXELS = 1024 * 1024;

export interface GivenSprite {
  rgba: Uint8Array;
  width: number;
  height: number;
}

export interface GivenSheetInput {
  image: GivenSprite;
  /** The asked frame size. */
  width: number;
  height: number;
  sheet: SheetRequest;
  palette?: Rgb[];
}

export interface GivenSheet extends GeneratedImage {
  layout: SheetLayout;
  quality: SheetQuality;
}

/** The sprite's scale in a frame: the largest integer that fits its figure (pixel art is never scaled by a fraction), 0 when it does not fit. */
export function fitScale(figure: Pixels, frameWidth: number, frameHeight: number): number {
  return Math.min(Math.floor(frameWidth / figure.w), Math.floor(frameHeight / figure.h));
}

/** The directions a sheet's rows show: 1 direction is the sprite's own view, more must all be visible. */
function rowDirections(view: SpriteView, sheet: SheetRequest): Direction[] {
  return sheet.directions === 1 ? [visibleDirections(view)[0] as Direction] : directionsOf(sheet.directions);
}

function describe(view: SpriteView): string {
  if (view.facing === 0)
    return "This sprite faces the viewer (it is left–right symmetric): it can make south only; its back (north) and its sides cannot be seen in it.";
  const own = view.facing === 1 ? "east" : "west";
  const other = view.facing === 1 ? "west" : "east";
  return `This sprite is a profile facing ${own}: it can make ${own} and ${other} (mirrored); its front (south) and back (north) cannot be seen in it.`;
}

type Analysed = { art: SpriteArt; view: SpriteView; scale: number } | { refusal: string };

function analyse(image: GivenSprite, width: number, height: number, sheet: SheetRequest): Analysed {
  if (image.width * image.height > MAX_GIVEN_PIXELS)
    return {
      refusal: `image: a sprite to animate is at most ${MAX_GIVEN_PIXELS} pixels; this one is ${image.width}×${image.height}. Bring it to its true pixel size with the pixel-fixer agent first.`,
    };
  const art = spriteArt(image.rgba, image.width, image.height);
  if (!art) return { refusal: "image: the picture shows no figure (it is empty, or all background). Give a sprite on transparency or on a plain background." };
  const scale = fitScale(art.figure, width, height);
  if (scale === 0) {
    const { w, h } = art.figure;
    return {
      refusal: `image: the sprite's figure is ${w}×${h} pixels at its own resolution and does not fit a ${width}×${height} frame. Ask a frame size of at least ${w}×${h} (width and height), or shrink the sprite with the pixel-fixer agent first.`,
    };
  }
  const view = viewOf(art.figure);
  const visible = visibleDirections(view);
  const unseen = rowDirections(view, sheet).filter((d) => !visible.includes(d));
  if (unseen.length > 0)
    return { refusal: `sheet.directions: ${describe(view)} Asked ${unseen.join(", ")}: ask sheet.directions 1 (its own view, ${visible[0]}).` };
  return { art, view, scale };
}

/** Why this sprite cannot be animated as asked (it does not fit, or a direction it cannot see), else undefined. */
export function givenSheetRefusal(image: GivenSprite, width: number, height: number, sheet: SheetRequest): string | undefined {
  const a = analyse(image, width, height, sheet);
  return "refusal" in a ? a.refusal : undefined;
}

const mirrored = (s: Posable): Posable => {
  const { w, h } = s.body;
  const px = new Uint32Array(w * h);
  const part = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const from = y * w + x;
      const to = y * w + w - 1 - x;
      px[to] = s.body.px[from] as number;
      const p = s.part[from] as number;
      part[to] = p === PART.ARM_L ? PART.ARM_R : p === PART.ARM_R ? PART.ARM_L : p;
    }
  }
  return { body: { w, h, px }, part, ground: s.ground };
};

/** The light colour a hit flash paints: the sprite's lightest when it is light, else white. */
function flashOf(figure: Pixels): number {
  let best = 0xffffffff;
  let luma = -1;
  for (const c of figure.px) {
    if (!c) continue;
    const l = 0.299 * ((c >>> 24) & 255) + 0.587 * ((c >>> 16) & 255) + 0.114 * ((c >>> 8) & 255);
    if (l > luma) (luma = l), (best = (c | 255) >>> 0);
  }
  return luma >= 200 ? best : 0xffffffff;
}

/** poses.ts reads only a view's size, legs, facing and kind: the rest of a drawn view does not apply. */
function poseView(n: number, legs: number, facing: -1 | 0 | 1): View {
  const grid = new SpriteGrid(1);
  return {
    n,
    body: grid,
    part: new Uint8Array(1),
    eyes: new Uint8Array(1),
    legs,
    box: [0, 0, 0, 0],
    hip: 0,
    headMaterial: 0,
    layers: [],
    facing,
    pairs: legPairs(legs),
    character: facing === 0,
  };
}

/** Small sways that tell a frame apart from an earlier identical one (the drawn sheets' own). */
const TWEAKS = [1, -1, 2, -2];

const key = (p: Pixels): string => Buffer.from(p.px.buffer, p.px.byteOffset, p.px.byteLength).toString("base64");

export async function drawGivenSheet(
  input: GivenSheetInput,
  onProgress: (p: GeneratorProgress) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<GivenSheet> {
  const progress = new ProgressReporter(onProgress, signal, { ...(input.palette ? { palette: input.palette } : {}) });
  await progress.report(0, "reading the sprite");
  const a = analyse(input.image, input.width, input.height, input.sheet);
  if ("refusal" in a) throw new Error(a.refusal);
  const { art, view, scale } = a;
  const { figure } = art;
  const fw = input.width;
  const fh = input.height;
  // the frame in art pixels: the figure centred, its feet an art pixel above the bottom when there is room
  const aw = Math.floor(fw / scale);
  const ah = Math.floor(fh / scale);
  const ox = Math.floor((aw - figure.w) / 2);
  const oy = ah - figure.h - (ah - figure.h >= 2 ? 1 : 0);
  const rig = rigOf(figure, view);
  // a profile is posed facing east (and mirrored for west): both sides move alike, pixel for pixel
  const drawn: Posable = { body: figure, part: rig.part, ground: figure.h - 1 };
  const east = view.facing === -1 ? mirrored(drawn) : drawn;
  const placed: Posable = { body: { w: aw, h: ah, px: new Uint32Array(aw * ah) }, part: new Uint8Array(aw * ah), ground: oy + figure.h - 1 };
  for (let y = 0; y < figure.h; y++) {
    for (let x = 0; x < figure.w; x++) {
      placed.body.px[(oy + y) * aw + ox + x] = east.body.px[y * figure.w + x] as number;
      placed.part[(oy + y) * aw + ox + x] = east.part[y * figure.w + x] as number;
    }
  }
  await progress.report(15, "rigging");
  const flash = flashOf(figure);
  const directions = rowDirections(view, input.sheet);
  const layout = sheetLayout({ ...input.sheet, directions: input.sheet.directions }, fw, fh);
  layout.animations.forEach((row) => {
    row.direction = directions[directions.length === 1 ? 0 : directionsOf(input.sheet.directions).indexOf(row.direction)] as Direction;
  });
  const sheet = new Canvas(layout.columns * fw, layout.rows * fh);
  const dst = new Uint32Array(sheet.data.buffer, sheet.data.byteOffset, sheet.width * sheet.height);
  const px0 = Math.floor((fw - aw * scale) / 2);
  const py0 = fh - ah * scale;
  for (const row of layout.animations) {
    const facing = view.facing === 0 ? 0 : 1;
    const frames: Pixels[] = [];
    for (const pose of poseFrames(row.name, poseView(Math.max(aw, ah), rig.legs, facing))) {
      let frame = posePixels(placed, pose, flash);
      for (const shear of TWEAKS) {
        if (!frames.some((f) => key(f) === key(frame))) break;
        frame = posePixels(placed, { ...pose, shear: (pose.shear ?? 0) + shear } satisfies Pose, flash);
      }
      frames.push(frame);
    }
    if (row.direction === "west") for (const [i, f] of frames.entries()) frames[i] = mirrored({ body: f, part: new Uint8Array(f.px.length), ground: 0 }).body;
    frames.forEach((frame, c) => {
      for (let y = 0; y < ah * scale; y++) {
        const sy = Math.floor(y / scale);
        const base = (row.row * fh + py0 + y) * sheet.width + c * fw + px0;
        for (let x = 0; x < aw * scale; x++) {
          const v = frame.px[sy * aw + Math.floor(x / scale)] as number;
          // packed RGBA read back as the canvas's bytes (little-endian words)
          if (v) dst[base + x] = (((v & 255) << 24) | (((v >>> 8) & 255) << 16) | (((v >>> 16) & 255) << 8) | ((v >>> 24) & 255)) >>> 0;
        }
      }
    });
    await progress.report(15 + (70 * (row.row + 1)) / layout.rows, "posing", row.row === 0 ? sheet : undefined);
  }
  const image = await progress.finish(sheet);
  const measured = measureSheet(sheet.data, sheet.width, layout);
  return { ...image, layout, quality: { ...image.quality, ...measured, ...(image.quality ? { paletteCompliance: image.quality.paletteCompliance } : {}) } };
}
