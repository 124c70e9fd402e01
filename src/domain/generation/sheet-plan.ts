import { type Animation, framesOf, type PromptReading, type SheetCapability, type SheetLayout, sheetLayout } from "../../agents/index.js";
import { AppError } from "../../contract/errors.js";
import type { GenerateRequest } from "../../contract/schemas/generation.js";
import { type SheetSpec, withSheetDefaults } from "../../contract/schemas/sheet.js";
import { outputPrice } from "./price.js";

/** What a call asking for a sheet will make: the request with its defaults, the layout, the frames and the price. */
export interface SheetPlan {
  sheet: SheetSpec;
  layout: SheetLayout;
  frames: number;
  price: number;
}

/** A sheet costs the agent's price for every 8 frames begun (contract section 12). */
export const sheetPrice = (credits: number, frames: number): number => credits * Math.ceil(frames / 8);

/** What a sheet's plan needs of an agent's offer: its driver's (in process), or the agents list's (a remote client). */
export type SheetOffer = Pick<SheetCapability, "maxSidePx" | "refusal"> & { framesPerAnimation: Readonly<Partial<Record<Animation, number>>> };

/**
 * The sheet a request asks of `agent` at `size`, or undefined for one image; refuses (400 naming
 * `sheet`, nothing written) an agent that draws no sheets (`offer` undefined), a sheet larger than
 * the agent draws, and a prompt the agent cannot animate (when the offer can tell, from the prompt's
 * `reading` when the driver made one).
 */
export function planSheet(
  agent: { id: string; credits: number },
  offer: SheetOffer | undefined,
  input: Pick<GenerateRequest, "sheet" | "prompt" | "messages">,
  size: { width: number; height: number },
  reading?: PromptReading,
): SheetPlan | undefined {
  if (input.sheet === undefined) return undefined;
  if (!offer) {
    throw new AppError(
      "unsupported_option",
      `The agent ${agent.id} makes images only (its outputs: image); it does not draw sprite sheets. Leave sheet out, or pick an agent whose outputs list "sheet" (GET /api/ai/agents).`,
      { param: "sheet", details: { outputs: ["image"] } },
    );
  }
  const sheet = withSheetDefaults(input.sheet);
  const layout = sheetLayout(sheet, size.width, size.height, offer.framesPerAnimation as Readonly<Record<Animation, number>>);
  const pngWidth = layout.columns * size.width;
  const pngHeight = layout.rows * size.height;
  if (Math.max(pngWidth, pngHeight) > offer.maxSidePx) {
    throw new AppError(
      "invalid_request",
      `sheet: ${layout.rows} rows of ${size.height} px make a ${pngWidth}×${pngHeight} sheet; the agent ${agent.id} draws sheets up to ${offer.maxSidePx} px a side. Ask for fewer animations or directions, or a smaller frame size.`,
      { param: "sheet", details: { width: pngWidth, height: pngHeight, maxSidePx: offer.maxSidePx } },
    );
  }
  const refusal =
    input.prompt === undefined && input.messages === undefined ? undefined : offer.refusal?.({ prompt: input.prompt, messages: input.messages }, reading);
  if (refusal !== undefined) throw new AppError("unsupported_option", `sheet: ${refusal}`, { param: "sheet" });
  const frames = framesOf(layout);
  return { sheet, layout, frames, price: outputPrice(sheetPrice(agent.credits, frames), agent.credits, pngWidth, pngHeight) };
}
