// `npm run db:migrate`: applies pending migrations to the configured database, then exits.
import { loadConfig } from "../src/config.js";
import { openDatabase } from "../src/infra/db/database.js";
import { createLogger } from "../src/infra/logger.js";

const config = loadConfig();
const logger = createLogger(config.logLevel);
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
try {
  const result = await db.migrate();
  logger.info("migrations done", { applied: result.applied, alreadyApplied: result.alreadyApplied, database: db.kind });
} finally {
  await db.close();
}
