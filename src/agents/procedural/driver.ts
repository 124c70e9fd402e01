import { z } from "zod";
import type { AgentDriver, AgentKnowledge, DriverKind, Interpretation } from "../driver.js";
import { proceduralDefaults } from "./agents.js";
import { drawOffThread } from "./draw-pool.js";
import type { DrawTask } from "./draw-task.js";
import { iconGenerator } from "./icon.js";
import { ICON_SUBJECTS, interpretIcon, interpretSprite, interpretTexture, SPRITE_SUBJECTS, TEXTURE_SUBJECTS } from "./interpretation.js";
import { probeKnowledge } from "./knows.js";
import { pixelSpriteGenerator } from "./pixel-sprite.js";
import { interpretPrompt, type PromptSpec } from "./prompt.js";
import { suggestSubjects } from "./suggest.js";
import { textureGenerator } from "./texture.js";
import type { Generator } from "./types.js";

/** How a generator reads a prompt: what it understood, and the subjects it can draw. */
interface Reader {
  interpret(spec: PromptSpec): Interpretation;
  subjects: readonly string[];
}

/** What each reader knows, probed once per process (see knows.ts). */
const knowledge = new WeakMap<Reader, AgentKnowledge>();
function knowledgeOf(reader: Reader): AgentKnowledge {
  let known = knowledge.get(reader);
  if (!known) {
    known = probeKnowledge(reader.interpret, reader.subjects);
    knowledge.set(reader, known);
  }
  return known;
}

const copy = (k: AgentKnowledge): AgentKnowledge => ({ subjects: [...k.subjects], modifiers: [...k.modifiers], styles: [...k.styles] });

/**
 * A procedural generator behind the driver interface: offline, deterministic per seed. `interpret`
 * reads the prompt (or conversation) into the same PromptSpec `generate` draws from, without drawing.
 */
function proceduralDriver(generator: Generator, reader: Reader): AgentDriver {
  return {
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
        },
        (p) => ctx.report(p.percent, p.stage, p.preview),
        ctx.signal,
      );
      return { images: [{ png: image.png, width: image.width, height: image.height }] };
    },
    interpret(job) {
      const spec = interpretPrompt({ prompt: job.prompt, messages: job.messages });
      const interpretation = reader.interpret(spec);
      if (!interpretation.fallback) return interpretation;
      // the words it did not know: unknown ones as written, and subjects it has no drawing for
      const suggestions = suggestSubjects([...spec.otherWords, ...spec.subjects], knowledgeOf(reader).subjects);
      return suggestions.length > 0 ? { ...interpretation, suggestions } : interpretation;
    },
    knownSubjects() {
      return [...knowledgeOf(reader).subjects];
    },
    knows() {
      return copy(knowledgeOf(reader));
    },
  };
}

const noOptions = z.strictObject({});

const kind = (name: string, generator: Generator, reader: Reader): DriverKind<Record<string, never>> => ({
  name,
  exactAssets: true,
  defaults: proceduralDefaults[name],
  options: noOptions as z.ZodType<Record<string, never>>,
  create: () => proceduralDriver(generator, reader),
});

/** The built-in drivers: `procedural-sprite`, `procedural-icon`, `procedural-texture`. */
export const proceduralDrivers = [
  kind("procedural-sprite", pixelSpriteGenerator, { interpret: interpretSprite, subjects: SPRITE_SUBJECTS }),
  kind("procedural-icon", iconGenerator, { interpret: interpretIcon, subjects: ICON_SUBJECTS }),
  kind("procedural-texture", textureGenerator, { interpret: interpretTexture, subjects: TEXTURE_SUBJECTS }),
] as const;
