import { z } from "zod";
import { size } from "./common.js";

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
  })
  .meta({ id: "Agent" });
export const agentsResponse = z
  .object({ agents: z.array(agent), defaultAgentId: z.string().nullable().describe("Used when a call names no agent; null when none is available.") })
  .meta({ id: "AgentList" });

export type AgentView = z.output<typeof agent>;
