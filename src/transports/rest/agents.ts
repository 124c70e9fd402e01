import type { H3 } from "h3";
import { toAgentView } from "../../domain/agents/agents.js";
import type { Services } from "../../services.js";
import { route } from "./route.js";

/** GET /api/ai/agents: public, with or without credentials (contract section 6). */
export function agentRoutes(app: H3, services: Services): void {
  route(app, "GET", "/api/ai/agents", { allow: "public" }, async () => {
    const agents = await services.agents.list();
    return { agents: agents.map(toAgentView), defaultAgentId: services.agents.defaultAgentId };
  });
}
