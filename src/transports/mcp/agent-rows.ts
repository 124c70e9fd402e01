import type { AgentView } from "../../contract/schemas/agents.js";

/** How many of an agent's subjects list_agents names by default. */
const SUBJECT_SAMPLE = 12;

/** An agent in list_agents' compact form: id, price, sizes, outputs, inputs and a sample of its subjects (the whole list stays under 3,000 characters). */
export function compactAgent(a: AgentView): Record<string, unknown> {
  const subjects = a.knows?.subjects ?? [];
  return {
    id: a.id,
    credits: a.credits,
    sizes: a.sizes.map((s) => (s.width === s.height ? s.width : `${s.width}x${s.height}`)),
    defaultSize: a.defaultSize.width === a.defaultSize.height ? a.defaultSize.width : `${a.defaultSize.width}x${a.defaultSize.height}`,
    transparent: a.supportsTransparent,
    outputs: a.outputs,
    inputs: a.inputs,
    ...(a.sheet ? { sheetCreditsPer8Frames: a.sheet.creditsPer8Frames } : {}),
    ...(a.tileset ? { tilesetLayouts: a.tileset.layouts } : {}),
    ...(subjects.length > 0
      ? {
          subjects: `${subjects.slice(0, SUBJECT_SAMPLE).join(", ")}${subjects.length > SUBJECT_SAMPLE ? ` … (${subjects.length}; full: true lists all)` : ""}`,
        }
      : {}),
  };
}

/** An agent in full: everything GET /api/ai/agents says of it, `knows` included. */
export function agentInFull(a: AgentView): Record<string, unknown> {
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    credits: a.credits,
    sizes: a.sizes.map((s) => `${s.width}x${s.height}`),
    defaultSize: `${a.defaultSize.width}x${a.defaultSize.height}`,
    supportsTransparent: a.supportsTransparent,
    outputs: a.outputs,
    inputs: a.inputs,
    ...(a.sheet ? { sheet: a.sheet } : {}),
    ...(a.tileset ? { tileset: a.tileset } : {}),
    ...(a.knows ? { knows: a.knows } : {}),
  };
}
