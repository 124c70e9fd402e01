import { AppError } from "../../contract/errors.js";
import type { Services } from "../../services.js";
import type { RestHandlers } from "./route.js";

/**
 * GET /healthz: 200 `{status: "ok", database, checks}` when every dependency answers; else 503
 * `service_unavailable` naming the ones that do not (`details.checks`), with Retry-After.
 */
export function healthHandlers(services: Services, databaseKind: string): Pick<RestHandlers, "health"> {
  return {
    health: async () => {
      const health = await services.health();
      const checks = Object.fromEntries(Object.entries(health).map(([name, up]) => [name, up ? "up" : "down"]));
      const down = Object.entries(health).filter(([, up]) => !up).map(([name]) => (name === "database" ? `the database (${databaseKind})` : "Redis"));
      if (down.length > 0) {
        throw new AppError("service_unavailable", `${down.join(" and ")} ${down.length > 1 ? "do" : "does"} not answer.`, {
          headers: { "retry-after": "5" },
          details: { checks },
        });
      }
      return { status: "ok", database: databaseKind, checks };
    },
  };
}
