import { z } from "zod";
import {
  type AgentDriver,
  type AgentKnowledge,
  type DriverKind,
  type Interpretation,
  type SheetCapability,
  TILESET_LAYOUTS,
  type TilesetCapability,
} from "../driver.js";
import { proceduralDefaults } from "./agents.js";
import { drawOffThread } from "./draw-pool.js";
import type { DrawTask } from "./draw-task.js";
import { iconGenerator, interpretIcon } from "./icons/index.js";
import type { Generator, PromptSpec } from "./kit/types.js";
import { SHEET_FRAMES, sheetRefusal } from "./sheets/index.js";
import { interpretSprite, pixelSpriteGenerator } from "./sprites/index.js";
import { interpretTexture, textureGenerator } from "./textures/index.js";
import { tilesetRefusal } from "./tilesets/index.js";
import { probeKnowledge, probeSubjects } from "./words/knows.js";
import { interpretPrompt } from "./words/prompt.js";
import { suggestSubjects } from "./words/suggest.js";

/** How a generator reads a prompt: what it understood (the same plan it draws from). */
type Reader = (spec: PromptSpec) => Interpretation;

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

const copy = (k: AgentKnowledge): AgentKnowledge => ({ subjects: [...k.subjects], modifiers: [...k.modifiers], styles: [...k.styles] });

/**
 * A procedural generator behind the driver interface: offline, deterministic per seed. `interpret`
 * reads the prompt (or conversation) into the same PromptSpec `generate` draws from, without drawing.
 */
function proceduralDriver(generator: Generator, reader: Reader, outputs: Outputs = {}): AgentDriver {
  const { sheets, tilesets } = outputs;
  return {
    ...(sheets ? { sheets } : {}),
    ...(tilesets ? { tilesets } : {}),
    async generate(job, ctx) {
      ctx.signal.throwIfAborted();
      // Drawn in the drawing pool's threads, off the event loop (DRAW_THREADS).
      const image = await drawOffThread(
        {
          generator: generator.kind as DrawTask["generator"],
          prompt: { prompt: job.prompt, messages: job.messages },
          width: job.width,
          height: job.height,
          transparent: job.transparent,
          seed: job.seed,
          ...(job.sheet ? { sheet: job.sheet } : {}),
          ...(job.tileset ? { tileset: job.tileset } : {}),
          ...(job.palette ? { palette: job.palette.colors } : {}),
        },
        (p) => ctx.report(p.percent, p.stage, p.preview),
        ctx.signal,
      );
      const { png, width, height, layout, quality } = image;
      return { images: [{ png, width, height, ...(layout ? { layout } : {}), ...(quality ? { quality } : {}) }] };
    },
    interpret(job) {
      const spec = interpretPrompt({ prompt: job.prompt, messages: job.messages });
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

/**
 * The pixel-sprite agent's sheets: its figures posed in every direction and animation (sheets/sprite-sheet.ts),
 * up to 4096 px a side (the texture size every GPU loads).
 */
const spriteSheets: SheetCapability = {
  framesPerAnimation: SHEET_FRAMES,
  maxSidePx: 4096,
  refusal: (job) => sheetRefusal(interpretPrompt({ prompt: job.prompt, messages: job.messages })),
};

/** The texture agent's tilesets: every layout, its surfaces as terrains (tilesets/tileset.ts). */
const textureTilesets: TilesetCapability = { layouts: TILESET_LAYOUTS, refusal: tilesetRefusal };

/** What a generator makes besides images. */
interface Outputs {
  sheets?: SheetCapability;
  tilesets?: TilesetCapability;
}

const kind = (name: string, generator: Generator, reader: Reader, outputs: Outputs = {}): DriverKind<Record<string, never>> => ({
  name,
  exactAssets: true,
  defaults: proceduralDefaults[name],
  options: noOptions as z.ZodType<Record<string, never>>,
  create: () => proceduralDriver(generator, reader, outputs),
});

/** The built-in drivers: `procedural-sprite`, `procedural-icon`, `procedural-texture`. */
export const proceduralDrivers = [
  kind("procedural-sprite", pixelSpriteGenerator, interpretSprite, { sheets: spriteSheets }),
  kind("procedural-icon", iconGenerator, interpretIcon),
  kind("procedural-texture", textureGenerator, interpretTexture, { tilesets: textureTilesets }),
] as const;
