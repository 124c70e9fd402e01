import type { Services } from "../../services.js";
import { jsonResponse } from "../http/responses.js";
import type { RestHandlers } from "./route.js";

/** API keys of the signed-in user's account: create (secret shown once), list, revoke. */
export function keyHandlers(services: Services): Pick<RestHandlers, "createKey" | "listKeys" | "updateKey" | "revokeKey"> {
  return {
    createKey: async ({ viewer, body }) => jsonResponse(await services.keys.create(viewer.user, body), 201, { "cache-control": "no-store" }),
    listKeys: async ({ viewer }) => ({ apiKeys: await services.keys.list(viewer.user.accountId) }),
    updateKey: async ({ viewer, params, body }) => services.keys.update(viewer.user.accountId, params.id!, body),
    revokeKey: async ({ viewer, params }) => {
      await services.keys.revoke(viewer.user.accountId, params.id!);
      return new Response(null, { status: 204 });
    },
  };
}
