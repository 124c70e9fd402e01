import type { Services } from "../../services.js";
import type { RestHandlers } from "./route.js";

/** GET /api/ai/agents: public, with or without credentials (contract section 6). */
export function agentHandlers(services: Services): Pick<RestHandlers, "listAgents"> {
  return {
    listAgents: async () => {
      const [agents, defaultAgentId] = await Promise.all([services.agents.list(), services.agents.defaultAgentId()]);
      return { agents: agents.map((a) => services.agents.view(a)), defaultAgentId };
    },
  };
}
