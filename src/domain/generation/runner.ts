import { createHash } from "node:crypto";
import type { PrismaClient } from "../../infra/db/database.js";
import type { Logger } from "../../infra/logger.js";
import { newId } from "../ids.js";
import { generators, interpretPrompt, type Generator } from "./generators/index.js";
import type { Message } from "./schemas.js";
import type { GenerationStore } from "./store.js";
import { generationView } from "./view.js";

/**
 * Runs one generation: queued → running → succeeded (asset stored, charge stands) or failed
 * (refunded). Progress goes to the stream as it happens; a generation canceled meanwhile stops at
 * its next progress step and keeps nothing.
 */
export function createRunner(deps: {
  prisma: PrismaClient;
  store: GenerationStore;
  logger: Logger;
  generatorFor?: (kind: string) => Generator | undefined;
  /** A `running` generation whose heartbeat is older than this is an orphan a redelivered job may take over. */
  orphanAfterMs?: number;
  /**
   * Progress is stored and published at 0 %, at 100 % and at most once per this many ms between
   * (with its preview, if any): a fast generation costs three writes, not one per stage. Default 100.
   */
  progressEveryMs?: number;
}) {
  const { prisma, store, logger } = deps;
  const generatorFor = deps.generatorFor ?? ((kind: string) => generators.get(kind));
  const progressEveryMs = deps.progressEveryMs ?? 100;

  return async function run(id: string): Promise<void> {
    let percent = 0;
    if (!(await store.start(id))) {
      // Not queued: finished or canceled (nothing to do), or left running by a dead worker whose
      // job was redelivered (take it over; the reservation stands, so nothing is charged again).
      const resumedAt = await store.takeOver(id, new Date(Date.now() - (deps.orphanAfterMs ?? 10_000)));
      if (resumedAt === undefined) return;
      percent = resumedAt;
    }
    const g = await prisma.generation.findUniqueOrThrow({ where: { id }, include: { agent: true } });
    const controller = new AbortController();
    let lastEmit: number | undefined;
    try {
      const generator = generatorFor(g.agent.generatorKind);
      if (!generator) throw new Error(`no generator of kind ${g.agent.generatorKind}`);
      const image = await generator.generate(
        {
          spec: interpretPrompt({ prompt: g.prompt ?? undefined, messages: (g.messages as Message[] | null) ?? undefined }),
          width: g.width,
          height: g.height,
          transparent: g.transparent,
          seed: g.seed,
        },
        async (progress) => {
          percent = Math.min(100, Math.max(percent, Math.round(progress.percent)));
          const now = performance.now();
          if (lastEmit !== undefined && percent < 100 && now - lastEmit < progressEveryMs) return;
          lastEmit = now;
          const alive = await store.append(id, "generation.progress", { id, percent, stage: progress.stage });
          if (alive && progress.preview) {
            const { png, width, height } = progress.preview;
            await store.append(id, "generation.preview", { id, b64: png.toString("base64"), width, height });
          }
          if (!alive) controller.abort(); // no longer running: canceled or failed elsewhere
        },
        controller.signal,
      );
      const asset = {
        assetId: newId("ast"),
        png: image.png,
        mimeType: image.mimeType,
        width: image.width,
        height: image.height,
        sha256: createHash("sha256").update(image.png).digest("hex"),
      };
      const completedAt = new Date();
      const { credits: _, ...view } = generationView(
        { ...g, status: "succeeded", completedAt, creditState: "charged" },
        [{ id: asset.assetId, mimeType: asset.mimeType, width: asset.width, height: asset.height, byteLength: image.png.byteLength, sha256: asset.sha256, bytes: image.png }],
        0,
      );
      await store.complete(id, asset, completedAt, view as unknown as Record<string, unknown>);
    } catch (error) {
      if (controller.signal.aborted) return;
      logger.error("generation failed", { generationId: id, error });
      await store.fail(id, {
        status: "failed",
        error: { code: "generator_unavailable", message: "The generator failed; the credits were refunded. Retry the call.", retryable: true },
      });
    }
  };
}
