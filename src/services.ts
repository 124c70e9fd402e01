import type { Config } from "./config.js";
import { createAccountService } from "./domain/accounts/accounts.js";
import { createSessionManager } from "./domain/accounts/sessions.js";
import { createAgentService } from "./domain/agents/agents.js";
import { createCreditService } from "./domain/credits/credits.js";
import { recoverGenerations } from "./domain/generation/recovery.js";
import { createRunner } from "./domain/generation/runner.js";
import { createGenerationService } from "./domain/generation/service.js";
import { createGenerationStore } from "./domain/generation/store.js";
import { createIdempotencyService } from "./domain/idempotency/idempotency.js";
import { createKeyService } from "./domain/keys/keys.js";
import type { Database } from "./infra/db/database.js";
import type { EventBus } from "./infra/events/bus.js";
import type { Logger } from "./infra/logger.js";
import type { JobQueue } from "./infra/queue/queue.js";
import type { RateLimiter } from "./infra/ratelimit/limiter.js";

/** Everything the app needs from outside; built by main (or a test) and passed to createApp. */
export interface AppDeps {
  config: Config;
  db: Database;
  logger: Logger;
  bus: EventBus;
  queue: JobQueue;
  limiter: RateLimiter;
}

/** The domain services, wired once over the infrastructure in `deps`. */
export function createServices(deps: AppDeps) {
  const { prisma } = deps.db;
  const agents = createAgentService(prisma);
  const store = createGenerationStore(prisma, deps.bus);
  const idempotency = createIdempotencyService(prisma);
  return {
    agents,
    accounts: createAccountService(prisma, { signupCredits: deps.config.signupCredits }),
    sessions: createSessionManager(prisma, { secure: deps.config.publicOrigin.startsWith("https:") }),
    keys: createKeyService(prisma),
    credits: createCreditService(prisma),
    idempotency,
    generations: createGenerationService({
      prisma,
      store,
      bus: deps.bus,
      queue: deps.queue,
      agents,
      healEveryMs: deps.config.redisUrl ? 10_000 : undefined,
    }),
    /** The job handler: main (or a worker) passes it to `queue.start`. */
    runGeneration: createRunner({ prisma, store, logger: deps.logger }),
    recover: (options: Parameters<typeof recoverGenerations>[1]) =>
      recoverGenerations({ prisma, store, queue: deps.queue, idempotency }, options),
  };
}

export type Services = ReturnType<typeof createServices>;
