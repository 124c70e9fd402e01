import type { H3 } from "h3";
import type { Services } from "../../services.js";
import { readJsonBody } from "../http/body.js";
import { jsonResponse } from "../http/responses.js";
import { route } from "./route.js";

/** API keys of the signed-in user's account: create (secret shown once), list, revoke. */
export function keyRoutes(app: H3, { services, bodyLimitBytes }: { services: Services; bodyLimitBytes: number }): void {
  route(app, "POST", "/api/keys", { allow: "session" }, async ({ request, viewer }) => {
    const created = await services.keys.create(viewer.user, await readJsonBody(request, bodyLimitBytes));
    return jsonResponse(created, 201, { "cache-control": "no-store" });
  });

  route(app, "GET", "/api/keys", { allow: "session" }, async ({ viewer }) => ({
    apiKeys: await services.keys.list(viewer.user.accountId),
  }));

  route(app, "DELETE", "/api/keys/:id", { allow: "session" }, async ({ viewer, params }) => {
    await services.keys.revoke(viewer.user.accountId, params.id!);
    return new Response(null, { status: 204 });
  });
}
