/**
 * The built-in agents that work on the caller's picture (contract section 14): `pixel-fixer` (the
 * picture's true pixel grid, fixer/) and `cutout` (its background removed). Offline, deterministic,
 * no prompt needed; the work runs in the post-processing threads (fixOffThread).
 */
import { z } from "zod";
import { AgentError, type AgentDriver, type AgentJob, type DriverKind, type ImageCapability, type Interpretation } from "../driver.js";
import type { FixTask } from "../fixer/asset.js";
import { fixOffThread } from "../pipeline/finish-pool.js";
import { proceduralDefaults } from "./agents.js";

/** What these agents understood: no prompt to read; the fixer's `detected` joins it when the picture is done. */
const NOTHING_READ: Interpretation = { subject: null, modifiers: [], ignored: [], fallback: false };

const takesImages: ImageCapability = {
  promptOptional: true,
  sizeFromImage: true,
  refusal: (job) => (job.image ? undefined : "This agent works on your picture: send `image` (an upload's or an asset's id, or a data URL)."),
};

/** The fixer's or the cutout's task for a job (the asked size only when one was asked: 0 × 0 means "from the image"). */
export function fixTask(agent: FixTask["agent"], job: Pick<AgentJob, "width" | "height" | "transparent" | "palette">): FixTask {
  const asked = agent === "pixel-fixer" && job.width > 0 && job.height > 0;
  return {
    agent,
    ...(asked ? { width: job.width, height: job.height } : {}),
    transparent: agent === "cutout" || job.transparent,
    ...(agent === "pixel-fixer" && job.palette ? { palette: job.palette.colors } : {}),
  };
}

function imageDriver(agent: FixTask["agent"]): AgentDriver {
  return {
    images: takesImages,
    // the largest picture decoded before the work (an upload's limit is checked by the upload itself)
    maxImagePixels: 2048 * 2048,
    async generate(job, ctx) {
      ctx.signal.throwIfAborted();
      if (!job.image) throw new AgentError("rejected", takesImages.refusal?.(job) ?? "No image.");
      await ctx.report(10, agent === "cutout" ? "removing the background" : "finding the grid");
      const image = await fixOffThread(job.image.png, fixTask(agent, job), ctx.signal);
      return { images: [image] };
    },
    interpret: () => ({ ...NOTHING_READ }),
  };
}

const kind = (name: "procedural-fixer" | "procedural-cutout", agent: FixTask["agent"]): DriverKind<Record<string, never>> => ({
  name,
  exactAssets: true,
  defaults: proceduralDefaults[name],
  options: z.strictObject({}) as z.ZodType<Record<string, never>>,
  create: () => imageDriver(agent),
});

/** `procedural-fixer` (agent `pixel-fixer`) and `procedural-cutout` (agent `cutout`). */
export const imageDrivers = [kind("procedural-fixer", "pixel-fixer"), kind("procedural-cutout", "cutout")] as const;
