import { EventEmitter } from "node:events";
import type { Logger } from "../logger.js";

/** One persisted event of a generation's stream, as published after it is stored. */
export interface GenerationEventMessage {
  generationId: string;
  seq: number;
  type: string;
  data: Record<string, unknown>;
}

/**
 * Fan-out of generation events to subscribers, in this process (default) or across processes
 * (Redis). Delivery is best effort: events are persisted before they are published, so a
 * subscriber that misses one catches up from the database.
 */
export interface EventBus {
  publish(message: GenerationEventMessage): Promise<void>;
  /** Calls `listener` for each event of `generationId` until the returned function is called. */
  subscribe(generationId: string, listener: (message: GenerationEventMessage) => void): Promise<() => void>;
  close(): Promise<void>;
}

export function createInProcessEventBus(options: { logger?: Logger } = {}): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(message) {
      emitter.emit(message.generationId, message);
    },
    async subscribe(generationId, listener) {
      // A wrapper per subscription (as on Redis): the same function subscribed twice is two
      // subscriptions, each unsubscribe ends only its own, and a listener that throws neither
      // fails the publisher (best effort) nor keeps the event from the other listeners.
      const entry = (message: GenerationEventMessage) => {
        try {
          listener(message);
        } catch (error) {
          options.logger?.error("event bus: listener failed", { generationId: message.generationId, error });
        }
      };
      emitter.on(generationId, entry);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        emitter.off(generationId, entry);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
