import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/infra/db/database.js";
import { createLogger } from "../../src/infra/logger.js";

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string;
    pgRun: string;
  }
}

/** Creates one migrated template database per run; every test file clones it (fast, isolated). */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL!;
  // Unique per project (the serial project of the same run has its own setup).
  const run = `ags_t${Date.now().toString(36)}${process.pid.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const template = `${run}_tpl`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${template}"`);
  const db = await openDatabase({ databaseUrl: withDatabase(url, template), dataDir: "", logger: createLogger("silent"), poolSize: 2 });
  await db.migrate();
  await db.close();
  project.provide("pgTemplate", template);
  project.provide("pgRun", run);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${run}%`]);
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await admin.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
