import type { SheetLayout, TilesetCapability, TilesetLayout } from "../../agents/index.js";
import { type AgentView, chooseSize } from "../../contract/schemas/agents.js";
import type { GenerateRequest } from "../../contract/schemas/generation.js";
import { pixelPrice } from "./price.js";
import { planSheet, type SheetOffer } from "./sheet-plan.js";
import { planTileset } from "./tileset-plan.js";

/** What one call would make and cost, against the balance: a price read without a prompt. */
export interface Quote {
  agentId: string;
  agentName: string;
  width: number;
  height: number;
  credits: number;
  balance: number;
  sufficient: boolean;
  /** What the call would make; a sheet's or tileset's layout (width and height are then one frame or one tile). */
  output: "image" | "sheet" | "tileset";
  layout?: SheetLayout | TilesetLayout;
}

/** What a quote prices besides one image: a sheet or a tileset, with the agent's offer for it (undefined: it draws none). */
export type OutputToPrice =
  | { sheet: NonNullable<GenerateRequest["sheet"]>; offer: SheetOffer | undefined }
  | { tileset: NonNullable<GenerateRequest["tileset"]>; offer: TilesetCapability | undefined };

/**
 * The price of `agent` at a size, against `balance`, by the submit use-case's own rules: its size
 * rule (400 naming the field), and for a sheet or a tileset its plans (sheet-plan.ts,
 * tileset-plan.ts) from the agent's offer, refused in their words. Only the prompt's own refusal
 * needs a prompt: a call with one is priced by `estimate` (the dry run), interpretation and all.
 * Pure: the service (services.ts) and the stdio MCP client (mcp.ts, from the agents list) price alike.
 */
export function quote(
  agent: Pick<AgentView, "id" | "name" | "credits" | "sizes" | "defaultSize">,
  balance: number,
  size: { width?: number; height?: number },
  output?: OutputToPrice,
): Quote {
  const chosen = chooseSize(agent, size);
  const plan =
    output === undefined
      ? undefined
      : "sheet" in output
        ? { output: "sheet" as const, ...planSheet(agent, output.offer, { sheet: output.sheet }, chosen)! }
        : { output: "tileset" as const, ...planTileset(agent, output.offer, { tileset: output.tileset }, chosen)! };
  const credits = plan ? plan.price : pixelPrice(agent.credits, chosen.width, chosen.height);
  return {
    agentId: agent.id,
    agentName: agent.name,
    width: chosen.width,
    height: chosen.height,
    credits,
    balance,
    sufficient: balance >= credits,
    output: plan ? plan.output : "image",
    ...(plan ? { layout: plan.layout } : {}),
  };
}
