import type { Config } from "./config.js";
import { createAccountService } from "./domain/accounts/accounts.js";
import { createSessionManager } from "./domain/accounts/sessions.js";
import { createAgentService } from "./domain/agents/agents.js";
import { createKeyService } from "./domain/keys/keys.js";
import type { Database } from "./infra/db/database.js";
import type { Logger } from "./infra/logger.js";

/** Everything the app needs from outside; built by main (or a test) and passed to createApp. */
export interface AppDeps {
  config: Config;
  db: Database;
  logger: Logger;
}

/** The domain services, wired once over the infrastructure in `deps`. */
export function createServices(deps: AppDeps) {
  const { prisma } = deps.db;
  return {
    agents: createAgentService(prisma),
    accounts: createAccountService(prisma, { signupCredits: deps.config.signupCredits }),
    sessions: createSessionManager(prisma, { secure: deps.config.publicOrigin.startsWith("https:") }),
    keys: createKeyService(prisma),
  };
}

export type Services = ReturnType<typeof createServices>;
