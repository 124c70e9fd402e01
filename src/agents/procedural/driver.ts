import { z } from "zod";
import {
  type AgentDriver,
  type AgentImageInput,
  type AgentJob,
  type AgentKnowledge,
  type DriverKind,
  type ImageCapability,
  type PromptReading,
  type SheetCapability,
  TILESET_LAYOUTS,
  type TilesetCapability,
} from "../driver.js";
import { proceduralDefaults } from "./agents.js";
import { imageDrivers } from "./image-drivers.js";
import { drawOffThread } from "./draw-pool.js";
import type { DrawTask } from "./draw-task.js";
import { iconGenerator } from "./icons/index.js";
import { ICON_BADGES, type Generator, type IconBadge, type PromptSpec } from "./kit/types.js";
import { type Reader, type ReaderName, readers } from "./readers.js";
import { threadPool } from "../threads.js";
import { givenSheetRefusal, pixelSpriteGenerator, SHEET_FRAMES, sheetRefusal } from "./sheets/index.js";
import { textureGenerator } from "./textures/index.js";
import { tilesetRefusal } from "./tilesets/index.js";
import { probeKnowledge, probeSubjects } from "./words/knows.js";
import { interpretPrompt } from "./words/prompt.js";
import { suggestSubjects } from "./words/suggest.js";

/**
 * What each reader knows, probed once per process (see words/knows.ts): its subjects first (cheap, all a
 * fallback's suggestions need), the modifiers and styles only when an agent listing asks.
 */
const subjectsKnown = new Map<Reader, string[]>();
const knowledge = new Map<Reader, AgentKnowledge>();
function subjectsOf(reader: Reader): string[] {
  let subjects = subjectsKnown.get(reader);
  if (!subjects) {
    subjects = probeSubjects(reader);
    subjectsKnown.set(reader, subjects);
  }
  return subjects;
}
function knowledgeOf(reader: Reader): AgentKnowledge {
  let known = knowledge.get(reader);
  if (!known) {
    known = probeKnowledge(reader, subjectsOf(reader));
    knowledge.set(reader, known);
  }
  return known;
}

/**
 * Works out what every procedural agent knows in a thread of its own (knows-worker.ts), off the
 * event loop: called once the service is ready, so the first agents listing finds it done. A
 * listing that comes first works it out itself, as before.
 */
export async function warmKnowledge(): Promise<void> {
  const pool = threadPool(import.meta.url, "knows-worker", 1, 0);
  try {
    const known = (await pool.run(undefined)) as Record<ReaderName, AgentKnowledge>;
    for (const name of Object.keys(readers) as ReaderName[]) {
      const reader = readers[name];
      if (!knowledge.has(reader)) knowledge.set(reader, known[name]);
      if (!subjectsKnown.has(reader)) subjectsKnown.set(reader, [...known[name].subjects]);
    }
  } finally {
    await pool.destroy();
  }
}

/** Whether what the agent `name` knows is worked out already (for tests). */
export const knowledgeReady = (name: ReaderName): boolean => knowledge.has(readers[name]);

/**
 * The prompt's reading: the PromptSpec its words make (words/prompt.ts), read once per generation (`read`, at
 * submit) and handed back as `job.reading`; read here only when a caller has none (a row stored without one).
 */
const specOf = (job: Pick<AgentJob, "prompt" | "messages">, reading?: PromptReading): PromptSpec =>
  (reading as PromptSpec | undefined) ?? interpretPrompt({ prompt: job.prompt, messages: job.messages });

const copy = (k: AgentKnowledge): AgentKnowledge => ({ subjects: [...k.subjects], modifiers: [...k.modifiers], styles: [...k.styles] });

/**
 * A procedural generator behind the driver interface: offline, deterministic per seed. `interpret`
 * reads the prompt (or conversation) into the same PromptSpec `generate` draws from, without drawing.
 */
function proceduralDriver(generator: Generator, reader: Reader, outputs: Outputs = {}): AgentDriver {
  const { sheets, tilesets, images } = outputs;
  return {
    ...(sheets ? { sheets } : {}),
    ...(images ? { images } : {}),
    ...(tilesets ? { tilesets } : {}),
    ...(generator.kind === "icon" ? { badges: true } : {}),
    async generate(job, ctx) {
      ctx.signal.throwIfAborted();
      // Drawn in the drawing pool's threads, off the event loop (DRAW_THREADS).
      const image = await drawOffThread(
        {
          generator: generator.kind as DrawTask["generator"],
          // the reading made at submit: the thread draws from it without reading the prompt again
          ...(job.reading ? { spec: job.reading as PromptSpec } : { prompt: { prompt: job.prompt, messages: job.messages } }),
          width: job.width,
          height: job.height,
          transparent: job.transparent,
          seed: job.seed,
          ...(job.sheet ? { sheet: job.sheet } : {}),
          ...(job.tileset ? { tileset: job.tileset } : {}),
          ...(job.sheet && job.image && images ? { image: pixelsOf(job.image) } : {}),
          ...(job.tileset && job.terrainImages
            ? { terrainImages: Object.fromEntries(Object.entries(job.terrainImages).map(([id, i]) => [id, pixelsOf(i)])) }
            : {}),
          ...(job.palette ? { palette: job.palette.colors } : {}),
          ...(badgeOf(job.options) ? { badge: badgeOf(job.options)! } : {}),
        },
        (p) => ctx.report(p.percent, p.stage, p.preview),
        ctx.signal,
      );
      const { png, width, height, layout, quality } = image;
      return { images: [{ png, width, height, ...(layout ? { layout } : {}), ...(quality ? { quality } : {}) }] };
    },
    read: (job) => specOf(job),
    interpret(job, reading) {
      const spec = specOf(job, reading);
      const interpretation = reader(spec);
      if (!interpretation.fallback) return interpretation;
      // the words it did not know: unknown ones as written, and subjects it has no drawing for
      const suggestions = suggestSubjects([...spec.otherWords, ...spec.subjects], subjectsOf(reader));
      return suggestions.length > 0 ? { ...interpretation, suggestions } : interpretation;
    },
    knownSubjects() {
      return [...subjectsOf(reader)];
    },
    knows() {
      return copy(knowledgeOf(reader));
    },
  };
}

const noOptions = z.strictObject({});

/** The icon's badge among a job's options (contract: `badge`), when it is one. */
function badgeOf(options: Record<string, unknown>): IconBadge | undefined {
  const badge = options.badge;
  return ICON_BADGES.find((b) => b === badge);
}

/**
 * The pixel-sprite agent's sheets: its figures posed in every direction and animation (sheets/sprite-sheet.ts),
 * up to 4096 px a side (the texture size every GPU loads).
 */
const spriteSheets: SheetCapability = {
  framesPerAnimation: SHEET_FRAMES,
  maxSidePx: 4096,
  refusal: (job, reading) => sheetRefusal(specOf(job, reading)),
};

/**
 * The pixel-sprite agent takes the caller's sprite for a sheet (contract section 14): rigged and animated from
 * its pixels (sheets/given/). Refused at submit: an image without `sheet`, a sprite that does not fit the
 * frame, and directions it cannot see (naming those it can make).
 */
const spriteImages: ImageCapability = {
  promptOptional: true,
  refusal(job) {
    if (!job.image) return undefined;
    if (!job.sheet)
      return 'image: the pixel-sprite agent animates a given sprite as a sheet: add sheet (e.g. {"animations": ["idle", "walk"], "directions": 1}). For one picture from an image, use the pixel-fixer or cutout agent.';
    const sheet = { animations: job.sheet.animations ?? ["idle", "walk"], directions: job.sheet.directions ?? 4, fps: job.sheet.fps ?? 8 };
    return givenSheetRefusal(job.image, job.width, job.height, sheet);
  },
};

const pixelsOf = (image: AgentImageInput) => ({ rgba: image.rgba, width: image.width, height: image.height });

/** The texture agent's tilesets: every layout, its surfaces as terrains (tilesets/tileset.ts). */
const textureTilesets: TilesetCapability = { layouts: TILESET_LAYOUTS, refusal: tilesetRefusal };

/** What a generator makes besides images. */
interface Outputs {
  sheets?: SheetCapability;
  images?: ImageCapability;
  tilesets?: TilesetCapability;
}

const kind = (name: ReaderName, generator: Generator, outputs: Outputs = {}): DriverKind<Record<string, never>> => ({
  name,
  exactAssets: true,
  defaults: proceduralDefaults[name],
  options: noOptions as z.ZodType<Record<string, never>>,
  create: () => proceduralDriver(generator, readers[name], outputs),
});

/** The built-in drivers: `procedural-sprite`, `procedural-icon`, `procedural-texture`; `procedural-fixer` and `procedural-cutout` (image-drivers.ts). */
export const proceduralDrivers = [
  kind("procedural-sprite", pixelSpriteGenerator, { sheets: spriteSheets, images: spriteImages }),
  kind("procedural-icon", iconGenerator),
  kind("procedural-texture", textureGenerator, { tilesets: textureTilesets }),
  ...imageDrivers,
] as const;
