import { EventEmitter } from "node:events";

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

export function createInProcessEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(message) {
      emitter.emit(message.generationId, message);
    },
    async subscribe(generationId, listener) {
      emitter.on(generationId, listener);
      return () => emitter.off(generationId, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
