import { z } from "zod";
import { AppError } from "../errors.js";
import { size } from "./common.js";
import { sheetOffer } from "./sheet.js";
import { tilesetOffer } from "./tileset.js";

/** The words a procedural agent understands (each one checked against what it draws). */
export const knowledge = z
  .object({
    subjects: z
      .array(z.string())
      .describe("Subjects it draws (canonical names; synonyms and plurals of them work too), including those it draws as a broader subject it has."),
    modifiers: z.array(z.string()).describe("Colours, materials and effects it honours (e.g. red, wooden → wood, healing)."),
    styles: z.array(z.string()).describe('Style words it honours (e.g. dark, cute, large; "no outline" for a style it can switch off).'),
  })
  .meta({ id: "AgentKnowledge" });

export const agent = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    credits: z.number().int().describe("Price of one generation, in credits."),
    supportsTransparent: z.boolean(),
    sizes: z.array(size),
    defaultSize: size,
    formats: z.array(z.string()),
    outputs: z
      .array(z.enum(["image", "sheet", "tileset"]))
      .describe(
        "What one generation can make: `image` (one picture of the asked size), `sheet` (a sprite sheet: `sheet` in the request), `tileset` (autotiling terrain tiles: `tileset` in the request).",
      ),
    inputs: z
      .array(z.enum(["prompt", "image"]))
      .describe(
        'What a call may give: ["prompt"], or ["prompt", "image"] for an agent that takes the caller\'s picture (`image`: an asset id or a data URL; contract section 14).',
      ),
    sheet: sheetOffer.optional().describe("With `sheet` in outputs: its animations' frames, directions, largest PNG and price."),
    tileset: tilesetOffer.optional().describe("With `tileset` in outputs: its layouts, terrains and price."),
    knows: knowledge
      .optional()
      .describe("What an agent that reads the prompt itself (procedural) understands; absent for model agents, which read the prompt as it is."),
  })
  .meta({ id: "Agent" });
export const agentsResponse = z
  .object({ agents: z.array(agent), defaultAgentId: z.string().nullable().describe("Used when a call names no agent; null when none is available.") })
  .meta({ id: "AgentList" });

export type AgentView = z.output<typeof agent>;

/**
 * The size a call gets from `agent`: its default when the call gives neither width nor height,
 * else the one of its sizes that matches what was given (400 naming the field when none or
 * several do). The rule of the submit use-case, and of the MCP tools' estimate.
 */
export function chooseSize(
  agent: Pick<AgentView, "id" | "sizes" | "defaultSize">,
  size: { width?: number; height?: number },
): { width: number; height: number } {
  if (size.width === undefined && size.height === undefined) return { ...agent.defaultSize };
  const match = agent.sizes.filter((s) => (size.width ?? s.width) === s.width && (size.height ?? s.height) === s.height);
  if (match.length !== 1) {
    const sizes = agent.sizes.map((s) => `${s.width}×${s.height}`).join(", ");
    throw new AppError("invalid_request", `The agent ${agent.id} makes ${sizes}; send width and height of one of them.`, {
      param: size.width !== undefined && !agent.sizes.some((s) => s.width === size.width) ? "width" : "height",
      details: { sizes: agent.sizes },
    });
  }
  return { ...match[0]! };
}
