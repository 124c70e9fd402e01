import type { H3 } from "h3";
import { toAgentView } from "../../domain/agents/agents.js";
import type { Services } from "../../services.js";

/** GET /api/ai/agents: public, with or without credentials (contract section 6). */
export function agentRoutes(app: H3, services: Services): void {
  app.get("/api/ai/agents", async () => {
    const agents = await services.agents.list();
    return { agents: agents.map(toAgentView), defaultAgentId: services.agents.defaultAgentId };
  });
}
