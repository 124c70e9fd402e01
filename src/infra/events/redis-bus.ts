import type { Logger } from "../logger.js";
import { closeRedisConnection, createRedisConnection } from "../redis.js";
import type { EventBus, GenerationEventMessage } from "./bus.js";

type Listener = (message: GenerationEventMessage) => void;

/** The local listeners of one channel, and the SUBSCRIBE that made the channel live. */
interface Channel {
  listeners: Set<Listener>;
  ready: Promise<void>;
}

export interface RedisEventBusOptions {
  url: string;
  /** Channel of a generation: prefix + generation id. Default `generation-events:`. */
  channelPrefix?: string;
  logger?: Logger;
}

/**
 * The event bus across processes: Redis pub/sub. One publisher and one subscriber connection per
 * process; a generation's channel is subscribed while it has at least one local listener, and
 * each message is dispatched to the local listeners. Best effort, like the interface says: a
 * publish that fails (Redis away) is logged and dropped, and messages sent while the subscriber
 * reconnects are lost (ioredis subscribes again by itself); subscribers heal gaps from the database.
 */
export function createRedisEventBus(options: RedisEventBusOptions): EventBus {
  const prefix = options.channelPrefix ?? "generation-events:";
  const logger = options.logger;
  // The publisher fails fast while Redis is away (a publish is best effort and must not stall a
  // generation); the subscriber waits for Redis so that a subscribe succeeds once it is back.
  const publisher = createRedisConnection(options.url, { name: "event-bus-pub", maxRetriesPerRequest: 2, logger });
  const subscriber = createRedisConnection(options.url, { name: "event-bus-sub", logger });
  const channels = new Map<string, Channel>();
  let closed = false;
  let closing: Promise<void> | undefined;

  subscriber.on("message", (channelName: string, raw: string) => {
    const channel = channels.get(channelName);
    if (!channel) return; // unsubscribed meanwhile
    let message: GenerationEventMessage;
    try {
      message = JSON.parse(raw) as GenerationEventMessage;
    } catch (error) {
      logger?.warn("event bus: message is not JSON", { channel: channelName, error });
      return;
    }
    for (const listener of channel.listeners) {
      try {
        listener(message);
      } catch (error) {
        logger?.error("event bus: listener failed", { generationId: message.generationId, error });
      }
    }
  });

  const unsubscribeChannel = (name: string) => {
    // Commands on one connection run in order, so a later SUBSCRIBE of the same channel wins.
    subscriber.unsubscribe(name).catch((error: unknown) => {
      if (!closed) logger?.warn("event bus: unsubscribe failed", { channel: name, error });
    });
  };

  return {
    async publish(message) {
      if (closed) return;
      try {
        await publisher.publish(prefix + message.generationId, JSON.stringify(message));
      } catch (error) {
        logger?.warn("event bus: publish failed", { generationId: message.generationId, seq: message.seq, error });
      }
    },

    async subscribe(generationId, listener) {
      if (closed) throw new Error("event bus closed");
      const name = prefix + generationId;
      // A wrapper per subscription, so the same function subscribed twice is two subscriptions.
      const entry: Listener = (message) => listener(message);
      let channel = channels.get(name);
      if (channel) {
        channel.listeners.add(entry);
      } else {
        channel = { listeners: new Set([entry]), ready: subscriber.subscribe(name).then(() => undefined) };
        channels.set(name, channel);
      }
      const current = channel;
      const leave = () => {
        if (!current.listeners.delete(entry)) return;
        if (current.listeners.size === 0 && channels.get(name) === current) {
          channels.delete(name);
          if (!closed) unsubscribeChannel(name);
        }
      };
      try {
        // Resolves once the server confirmed the SUBSCRIBE: a message published after this is delivered.
        await current.ready;
      } catch (error) {
        leave();
        throw error;
      }
      return leave;
    },

    close() {
      closing ??= (async () => {
        closed = true;
        channels.clear();
        await Promise.all([closeRedisConnection(subscriber), closeRedisConnection(publisher)]);
      })();
      return closing;
    },
  };
}
