import type { Viewer } from "../../domain/auth/viewer.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { Logger } from "../../infra/logger.js";
import type { Services } from "../../services.js";

/** What every resolver receives. Built per request by Yoga and by the graphql-sse handler. */
export type GraphQLContext = {
  requestId: string;
  prisma: PrismaClient;
  services: Services;
  logger: Logger;
  /** The caller, resolved on first use. */
  viewer(): Promise<Viewer>;
  /** Headers set on the HTTP response (RateLimit of `generate`). */
  responseHeaders: Record<string, string>;
  /** The operation being executed (set before execution); a session's mutation needs a trusted Origin. */
  operation?: "query" | "mutation" | "subscription";
};
