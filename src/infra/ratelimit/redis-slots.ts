import type { Redis } from "ioredis";
import { DependencyUnavailableError } from "../dependency.js";
import type { Logger } from "../logger.js";
import { closeRedisConnection, createRedisConnection } from "../redis.js";
import type { Slots } from "./slots.js";

/**
 * Slots shared by every process on one Redis: a sorted set per key, holder → lease end. Acquiring
 * drops lapsed leases and adds the holder only below the limit, atomically (one script), so
 * processes racing for the last slot never exceed it. Times come from Redis's clock (TIME), so
 * processes' clocks need not agree.
 */
const acquireScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZSCORE', KEYS[1], ARGV[1]) == false and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) * 2)
return 1
`;
const refreshScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
end
return 1
`;
const countScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return redis.call('ZCOUNT', KEYS[1], '(' .. now, '+inf')
`;

type WithScripts = Redis & {
  slotsAcquire(key: string, holder: string, limit: number, leaseMs: number): Promise<number>;
  slotsRefresh(key: string, holder: string, leaseMs: number): Promise<number>;
  slotsCount(key: string): Promise<number>;
};

export function createRedisSlots(options: { url: string; prefix?: string; logger?: Logger }): Slots {
  const prefix = options.prefix ?? "slots:";
  const redis = createRedisConnection(options.url, { name: "slots", maxRetriesPerRequest: 2, logger: options.logger });
  redis.defineCommand("slotsAcquire", { numberOfKeys: 1, lua: acquireScript });
  redis.defineCommand("slotsRefresh", { numberOfKeys: 1, lua: refreshScript });
  redis.defineCommand("slotsCount", { numberOfKeys: 1, lua: countScript });
  const client = redis as WithScripts;
  const run = async <T>(what: () => Promise<T>): Promise<T> => {
    try {
      return await what();
    } catch (error) {
      throw new DependencyUnavailableError("redis", "The stream limiter cannot reach Redis.", { cause: error });
    }
  };
  let closing: Promise<void> | undefined;
  return {
    acquire: async (key, holder, limit, leaseMs) => (await run(() => client.slotsAcquire(prefix + key, holder, limit, leaseMs))) === 1,
    refresh: async (key, holder, leaseMs) => void (await run(() => client.slotsRefresh(prefix + key, holder, leaseMs))),
    release: async (key, holder) => void (await run(() => redis.zrem(prefix + key, holder))),
    count: (key) => run(() => client.slotsCount(prefix + key)),
    close() {
      closing ??= closeRedisConnection(redis);
      return closing;
    },
  };
}
