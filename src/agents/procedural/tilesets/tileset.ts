/**
 * Autotiling tilesets drawn by the texture agent. Each terrain is one seamless texture of tile size
 * (textures/texture.ts, drawn once), so full tiles repeat without seams; every tile takes its pixels from the
 * same textures at the same positions. Which terrain shows where inside a tile comes from a field
 * that agrees across every shared tile edge (field.ts), so boundaries run on from tile to
 * tile; the edge treatment is the foreground material's (paint.ts). terrains[0] is the
 * foreground, drawn over terrains[1] or, alone, over transparency with a binary alpha.
 */
import { isAssetRef, type TerrainRefusal, type TilesetLayout, type TilesetQuality, type TilesetRequest } from "../../driver.js";
import { tilesetLayout } from "../../tileset-layout.js";
import { paintRandomMap } from "../../tileset-map.js";
import { PeriodicNoise } from "../kit/noise.js";
import { ProgressReporter } from "../kit/progress.js";
import { interpretPrompt, type PromptSpec } from "../words/prompt.js";
import { hashString, mixSeeds, Random } from "../kit/random.js";
import { Canvas } from "../kit/raster.js";
import { chooseMaterial, drawTexture, interpretTexture, pixelTiles, textureColors } from "../textures/index.js";
import { boundaryDistance, boundaryNoise, FIELD_SETTINGS, nodeWeights, quietCorners, tileField, tileNodes } from "./field.js";
import { flattenBlotches } from "./flatten.js";
import { type GivenTexture, seamlessTerrain } from "./given-texture.js";
import { edgeStyleOf, paintTile, type PaintContext } from "./paint.js";
import { mapSeamScore } from "./quality.js";
import type { GeneratedImage, GeneratorInput, GeneratorProgress } from "../kit/types.js";

export interface GeneratedTileset extends GeneratedImage {
  layout: TilesetLayout;
  quality: TilesetQuality;
}

/** Surfaces to suggest when a terrain names none. */
const KNOWN_SURFACES = ["grass", "dirt", "sand", "water", "stone", "snow", "lava", "brick", "wooden planks"];

/** The prompt's look words ("retro", "dark", "weathered") apply to every terrain; the terrain text names the surface. */
function terrainSpec(terrain: string, prompt: PromptSpec): PromptSpec {
  const spec = interpretPrompt({ prompt: terrain });
  return { ...spec, styles: [...new Set([...spec.styles, ...prompt.styles])] };
}

/** Why a tileset cannot be drawn (a terrain names no surface the texture agent draws), or undefined. */
export function tilesetRefusal(request: TilesetRequest): TerrainRefusal | undefined {
  for (const terrain of request.terrains) {
    if (isAssetRef(terrain)) continue; // the caller's texture: its owner is checked at submit
    if (interpretTexture(interpretPrompt({ prompt: terrain })).fallback) {
      const message = `The texture agent draws no surface for the terrain "${terrain}"; name a surface it knows, such as ${KNOWN_SURFACES.join(", ")}.`;
      return { message, terrain, knownSurfaces: [...KNOWN_SURFACES] };
    }
  }
  return undefined;
}

export async function drawTileset(
  input: GeneratorInput & { tileset: TilesetRequest; terrainImages?: Record<string, GivenTexture> },
  onProgress: (p: GeneratorProgress) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<GeneratedTileset> {
  // tiles of 16, 32 and 48 px are drawn at four times their size, then made pixel art (textures/small.ts)
  const factor = input.width < 64 ? 4 : 1;
  const progress = new ProgressReporter(onProgress, signal, { ...(input.palette ? { palette: input.palette } : {}), dither: factor > 1 ? "none" : "ordered" });
  await progress.report(0, "interpreting");
  const size = input.width * factor;
  const request = input.tileset;
  const drawnLayout = tilesetLayout(request, size, size);
  const specs = request.terrains.map((terrain) => terrainSpec(terrain, input.spec));
  // a terrain that names the caller's texture is that texture, made seamless; its edge is drawn as a hard one
  const given = request.terrains.map((terrain) => input.terrainImages?.[terrain]);
  const materials = specs.map((spec, i) => (given[i] ? "stone" : chooseMaterial(spec).material));

  // each terrain's seamless texture, drawn once
  const textures: Canvas[] = [];
  for (const [i, spec] of specs.entries()) {
    const span = 50 / specs.length;
    const base = 2 + i * span;
    const image = given[i];
    if (image) {
      textures.push(seamlessTerrain(image, size).canvas);
      await progress.report(base + span, `terrain ${i + 1}: made seamless`);
      continue;
    }
    const child = new ProgressReporter((p) => progress.report(base + (p.percent * span) / 100, `terrain ${i + 1}: ${p.stage}`), signal);
    const texture = await drawTexture({ spec, width: size, height: size, transparent: false, seed: mixSeeds(input.seed, hashString("terrain"), i) }, child);
    flattenBlotches(texture, 0.7);
    textures.push(texture);
  }

  const rng = new Random(mixSeeds(input.seed, hashString("tileset"), hashString(request.terrains.join("|"))));
  const settings = FIELD_SETTINGS[request.layout];
  const weights = nodeWeights(size);
  const noise = boundaryNoise(size, new PeriodicNoise(rng.fork("boundary")), settings.amplitude, request.layout === "wang-edge-16");
  const style = edgeStyleOf(materials[0] ?? "stone");
  const grain = grainField(size, new PeriodicNoise(rng.fork("grain")), style === "grass");
  const ctx: PaintContext = {
    size,
    style,
    backgroundLiquid: materials[1] !== undefined && edgeStyleOf(materials[1]) === "liquid",
    foreground: textures[0]!.data,
    background: textures[1]?.data ?? null,
    grain,
  };
  await progress.report(55, "tiles");

  const sheet = new Canvas(drawnLayout.columns * size, drawnLayout.rows * size);
  // one set of distance arrays for every tile (a 512 px tile's are 3 MB)
  let distances: ReturnType<typeof boundaryDistance> | undefined;
  for (const [n, tile] of drawnLayout.tiles.entries()) {
    const field = tileField(tileNodes(request.layout, tile), weights, noise, quietCorners(request.layout, tile));
    const { dist, nx, ny } = (distances = boundaryDistance(field, size, settings.threshold, distances));
    paintTile(ctx, dist, nx, ny, sheet.data, sheet.width, tile.x, tile.y);
    if (n % 8 === 7) await progress.report(55 + (30 * n) / drawnLayout.tiles.length, "tiles", sheet);
  }

  await progress.report(86, "measuring");
  const layout = factor > 1 ? tilesetLayout(request, input.width, input.width) : drawnLayout;
  const finished = factor > 1 ? pixelTiles(sheet, factor, textureColors(input.width) * request.terrains.length + 2) : sheet;
  const image = await progress.finish(finished, true); // onto the asked palette, in place: measured as stored
  // the quality measured as the sheet is stored (colours among visible pixels: a tileset's alpha is 0 or 255)
  const quality: TilesetQuality = {
    ...image.quality,
    colors: image.quality?.colors ?? 0,
    paletteCompliance: image.quality?.paletteCompliance ?? 1,
    seamScore: round3(mapSeamScore(finished.data, layout, paintRandomMap(layout, 32, 32, input.seed))),
  };
  return { ...image, layout, quality };
}

/**
 * Fine periodic noise (about -1..1) that frays the boundary and breaks the foam; for grass it is
 * stretched upright, so the edge frays into blades.
 */
function grainField(size: number, noise: PeriodicNoise, blades: boolean): Float32Array {
  const grain = new Float32Array(size * size);
  const cells = Math.max(8, Math.round(size / 5));
  const across = blades ? cells * 2 : cells;
  const along = blades ? Math.max(2, Math.round(cells / 3)) : cells;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) grain[y * size + x] = noise.fbm((x + 0.5) / size, (y + 0.5) / size, across, along, 2) * 1.6;
  }
  return grain;
}

const round3 = (v: number): number => Math.round(v * 1000) / 1000;
