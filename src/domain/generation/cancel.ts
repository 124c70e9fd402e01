import type { GenerationView } from "../../contract/schemas/generation.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import type { GenerationEvents } from "./events.js";
import type { GenerationStore } from "./store.js";

/**
 * Cancels a queued or running generation of the viewer's account, refunding it (no asset is ever
 * kept for it). A running one's driver sees its signal abort (runner.ts listens for the
 * `generation.failed` this appends). A finished one is answered as it is; another account's, 404.
 */
export function createCancel(store: GenerationStore, events: GenerationEvents) {
  return async function cancel(viewer: AuthenticatedViewer, id: string): Promise<GenerationView> {
    const accountId = viewer.user.accountId;
    const event = await store.fail(id, {
      status: "canceled",
      accountId,
      error: { code: "canceled", message: "The generation was canceled; its credits were refunded.", retryable: false },
    });
    if (!event) await events.assertOwner(accountId, id);
    return events.current(accountId, id);
  };
}
