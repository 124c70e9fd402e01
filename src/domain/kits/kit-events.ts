import { randomUUID } from "node:crypto";
import type { KitView } from "../../contract/schemas/kit.js";
import type { GenerationEventMessage } from "../../infra/events/bus.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import { type GenerationEvents, leased } from "../generation/events.js";

/** An event of a kit's stream: an item's generation event (its data naming the item), then `kit.completed` with the kit. */
export interface KitEvent {
  /** 1, 2, … in the order sent (a resumed stream starts over: see docs/contract.md). */
  seq: number;
  type: string;
  data: Record<string, unknown>;
}

interface ItemStep {
  index: number;
  step: IteratorResult<GenerationEventMessage, undefined>;
}

/**
 * The kit's items' generation events interleaved as they come (each stored event first, then live
 * ones, up to the item's terminal event), then one `kit.completed` carrying the kit as GET answers
 * it once every item has ended. One of the account's stream slots is held until it ends; ending it
 * ends every item's stream at once.
 */
export async function openKitEvents(
  events: GenerationEvents,
  viewer: AuthenticatedViewer,
  kit: { id: string; items: readonly { name: string; generationId: string }[] },
  view: () => Promise<KitView>,
): Promise<AsyncGenerator<KitEvent>> {
  const slot = await events.holdStreamSlot(viewer.user.accountId, `${kit.id}:${randomUUID()}`);
  const streams = kit.items.map((item) => events.stream(item.generationId));
  const waiting = new Map<number, Promise<ItemStep>>();
  const pull = (index: number) => {
    waiting.set(
      index,
      streams[index]!.next().then((step) => ({ index, step })),
    );
  };
  for (const i of streams.keys()) pull(i);
  let seq = 0;
  let finished = false;
  const finish = async () => {
    finished = true;
    waiting.clear();
    await Promise.all(streams.map((s) => s.return(undefined).catch(() => undefined)));
  };

  const iterator: AsyncGenerator<KitEvent> = {
    async next() {
      if (finished) return { done: true, value: undefined };
      try {
        while (waiting.size > 0) {
          const { index, step } = await Promise.race(waiting.values());
          if (finished) return { done: true, value: undefined };
          if (step.done) {
            waiting.delete(index);
            continue;
          }
          pull(index);
          const item = kit.items[index]!;
          return { done: false, value: { seq: ++seq, type: step.value.type, data: { ...step.value.data, item: item.name } } };
        }
        const completed = await view();
        await finish();
        return { done: false, value: { seq: ++seq, type: "kit.completed", data: completed as unknown as Record<string, unknown> } };
      } catch (error) {
        await finish();
        throw error;
      }
    },
    async return() {
      await finish();
      return { done: true, value: undefined };
    },
    async throw(error) {
      await finish();
      throw error;
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return leased(iterator, slot);
}
