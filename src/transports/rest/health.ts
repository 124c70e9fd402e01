import { AppError } from "../../contract/errors.js";
import type { Services } from "../../services.js";
import type { RestHandlers } from "./route.js";

/**
 * GET /healthz: 200 `{status: "ok", database, blobStore, checks}` when every dependency answers
 * (the database, the blob store, Redis when configured); 200
 * `{status: "degraded", reasons}` when they answer but, on Redis, no process has taken jobs lately
 * (no worker running: generations would wait); else 503 `service_unavailable` naming the ones that
 * do not answer (`details.checks`), with Retry-After.
 */
export function healthHandlers(services: Services, databaseKind: string): Pick<RestHandlers, "health"> {
  return {
    health: async () => {
      const { consumers, blobStore, ...health } = await services.health();
      const checks: Record<string, string> = Object.fromEntries(Object.entries(health).map(([name, up]) => [name, up ? "up" : "down"]));
      if (consumers) checks.workers = consumers.alive ? "up" : "none";
      const down = Object.entries(health)
        .filter(([, up]) => !up)
        .map(([name]) => ({ database: `the database (${databaseKind})`, blobs: `the blob store (${blobStore})` })[name] ?? "Redis");
      if (down.length > 0) {
        throw new AppError("service_unavailable", `${down.join(" and ")} ${down.length > 1 ? "do" : "does"} not answer.`, {
          headers: { "retry-after": "5" },
          details: { checks },
        });
      }
      if (consumers && !consumers.alive) {
        const since =
          consumers.sinceLastMs === null
            ? "No process has taken generations yet"
            : `No process has taken generations for ${Math.round(consumers.sinceLastMs / 1000)} s`;
        const reasons = [
          `${since} (${consumers.waiting} waiting): start a worker (npm run worker), or let an API process run them (RUN_JOBS=true). Generation calls answer 503 meanwhile.`,
        ];
        return { status: "degraded", database: databaseKind, blobStore, checks, reasons };
      }
      return { status: "ok", database: databaseKind, blobStore, checks };
    },
  };
}
