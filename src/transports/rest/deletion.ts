import type { Services } from "../../services.js";
import type { RestHandlers } from "./route.js";

const deleted = () => new Response(null, { status: 204 });

/** Deletion (contract section 15): an asset, a generation, and the signed-in user's whole account; and the storage they free. */
export function deletionHandlers(services: Services): Pick<RestHandlers, "deleteAsset" | "deleteGeneration" | "deleteAccount" | "getStorage"> {
  const { deletion } = services;
  return {
    getStorage: ({ viewer }) => services.storage.usage(viewer.user.accountId),
    deleteAsset: async ({ viewer, params }) => {
      await deletion.deleteAsset(viewer, params.id!);
      return deleted();
    },
    deleteGeneration: async ({ viewer, params }) => {
      await deletion.deleteGeneration(viewer, params.id!);
      return deleted();
    },
    deleteAccount: async ({ viewer, state, body }) => {
      await deletion.deleteAccount(viewer, body);
      state.cookies.push(services.sessions.blankCookie().serialized);
      return deleted();
    },
  };
}
