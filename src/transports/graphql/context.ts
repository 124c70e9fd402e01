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
};
