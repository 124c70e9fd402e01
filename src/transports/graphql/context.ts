import type { Services } from "../../services.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { Logger } from "../../infra/logger.js";

/** What every resolver receives. Built per request by Yoga and by the graphql-sse handler. */
export type GraphQLContext = {
  requestId: string;
  prisma: PrismaClient;
  services: Services;
  logger: Logger;
};
