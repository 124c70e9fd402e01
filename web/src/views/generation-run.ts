import type { ApiError } from "../api";
import type { GenerateInput, Generation, GenerationEvent } from "../contract";

/** One generation as the Generate screen follows it, from "accepted" to its result or failure. */
export type Phase = "queued" | "running" | "succeeded" | "failed";

export interface Run {
  id: string;
  input: GenerateInput;
  phase: Phase;
  percent: number;
  stage?: string;
  /** Every stage the agent reported, in order (a repeated stage only moves its percent). */
  stages: { text: string; percent: number }[];
  preview?: { src: string; width: number; height: number };
  previews: number;
  result?: Generation;
  failure?: { message: string; code: string; refunded: number };
  streamError?: ApiError;
  startedAt: number;
  finishedAt?: number;
  /** A palette swap: the asset it recolours (the previous result's). */
  recolorOf?: string;
}

/** What a run is called: its prompt, or "Your picture" for a picture given without one (pixel-fixer, cutout). */
export const runTitle = (input: GenerateInput): string => input.prompt ?? (input.image ? "Your picture" : "");

/** A run for a generation the API just accepted. */
export const newRun = (generation: Generation, input: GenerateInput): Run => ({
  id: generation.id,
  input,
  phase: generation.status === "running" ? "running" : "queued",
  percent: 0,
  stages: [],
  previews: 0,
  startedAt: Date.now(),
});

/** A stage as the agent reported it ("post-processing"), as a person reads it ("Post processing"). */
const humanStage = (stage: string): string => stage.charAt(0).toUpperCase() + stage.slice(1).replace(/[-_]/g, " ");

export const stageLabel = (run: Run): string => {
  if (run.phase === "queued") return "Queued…";
  if (run.phase === "succeeded") return "Done";
  if (run.phase === "failed") return run.failure?.code === "canceled" ? "Canceled" : "Failed";
  if (!run.stage) return "Starting…";
  return `${humanStage(run.stage)}…`;
};

const withStage = (stages: Run["stages"], text: string, percent: number): Run["stages"] => {
  const last = stages.at(-1);
  if (last && last.text === text) return [...stages.slice(0, -1), { text, percent }];
  return [...stages, { text, percent }];
};

/** What a queued, started, progress or preview event changes in the run; undefined for any other event. */
export function progressed(run: Run, event: GenerationEvent): Partial<Run> | undefined {
  const data = event.data;
  switch (event.type) {
    case "generation.queued":
      return { phase: "queued" };
    case "generation.started":
      return { phase: "running", percent: Math.max(run.percent, 1) };
    case "generation.progress": {
      const percent = Math.max(run.percent, Number(data.percent) || 0);
      const stage = String(data.stage ?? "") || run.stage;
      return { phase: "running", percent, stage, stages: stage ? withStage(run.stages, humanStage(stage), percent) : run.stages };
    }
    case "generation.preview":
      if (typeof data.b64 !== "string") return undefined;
      return { preview: { src: `data:image/png;base64,${data.b64}`, width: Number(data.width), height: Number(data.height) }, previews: run.previews + 1 };
    default:
      return undefined;
  }
}

/** The run once its generation is over, read back whole (a completed event's data, or a poll). */
export function finished(g: Generation): Partial<Run> {
  if (g.status === "succeeded") return { phase: "succeeded", percent: 100, result: g, finishedAt: Date.now() };
  return {
    phase: "failed",
    finishedAt: Date.now(),
    failure: { message: g.error?.message ?? "The generation failed.", code: g.error?.code ?? g.status, refunded: g.credits?.refunded ?? 0 },
  };
}

/** The run after a failed event, and the balance that event carries (the refund already in it). */
export function failedBy(data: Record<string, unknown>): { patch: Partial<Run>; balance?: number } {
  const error = data.error as { code?: string; message?: string } | undefined;
  const credits = data.credits as { refunded?: number; balance?: number } | undefined;
  return {
    patch: {
      phase: "failed",
      finishedAt: Date.now(),
      failure: { message: error?.message ?? "The generation failed.", code: error?.code ?? "failed", refunded: credits?.refunded ?? 0 },
    },
    balance: typeof credits?.balance === "number" ? credits.balance : undefined,
  };
}
