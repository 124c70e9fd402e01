import type { Config } from "./config.js";
import { createAgentService } from "./domain/agents/agents.js";
import type { Database } from "./infra/db/database.js";
import type { Logger } from "./infra/logger.js";

/** Everything the app needs from outside; built by main (or a test) and passed to createApp. */
export interface AppDeps {
  config: Config;
  db: Database;
  logger: Logger;
}

/** The domain services, wired once per app over the infrastructure in `deps`. */
export function createServices(deps: AppDeps) {
  return {
    agents: createAgentService(deps.db.prisma),
  };
}

export type Services = ReturnType<typeof createServices>;
