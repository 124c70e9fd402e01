import type { GenerationView } from "../../contract/schemas/generation.js";
import type { JobQueue } from "../../infra/queue/queue.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import type { GenerationEvents } from "./events.js";
import type { GenerationStore } from "./store.js";

/**
 * Cancels a queued or running generation of the viewer's account, refunding it (no asset is ever
 * kept for it). A running one's driver sees its signal abort (runner.ts listens for the
 * `generation.failed` this appends); a queued one's job leaves this process's queue (`drop`: its
 * job carries the queued row and would start from it without asking the database). A finished one
 * is answered as it is; another account's, 404.
 */
export function createCancel(store: GenerationStore, events: GenerationEvents, queue?: Pick<JobQueue, "drop">) {
  return async function cancel(viewer: AuthenticatedViewer, id: string): Promise<GenerationView> {
    const accountId = viewer.user.accountId;
    const event = await store.fail(id, {
      status: "canceled",
      accountId,
      error: { code: "canceled", message: "The generation was canceled; its credits were refunded.", retryable: false },
    });
    if (event) queue?.drop?.(id);
    else await events.assertOwner(accountId, id);
    return events.current(accountId, id);
  };
}
