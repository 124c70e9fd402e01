import type { H3 } from "h3";
import { AppError } from "../../domain/errors.js";
import type { Database } from "../../infra/db/database.js";
import { route } from "./route.js";

/** GET /healthz: 200 when the database answers, else 503 in the error envelope. */
export function healthRoutes(app: H3, db: Database): void {
  route(app, "GET", "/healthz", { allow: "public" }, async () => {
    if (!(await db.ping())) throw new AppError("service_unavailable", "The database does not answer.");
    return { status: "ok", database: db.kind };
  });
}
