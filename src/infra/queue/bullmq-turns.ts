import type { Queue } from "bullmq";

/**
 * Fair turns between accounts on Redis, for the BullMQ queue: the rule of fair-turns.ts (read it
 * first), kept in Redis so that every process that enqueues or runs jobs shares it, and carried
 * out by BullMQ's own ordering (BullMQ 5 open source has no groups; it has `priority`, lower
 * first, first come first served within a priority).
 *
 * - State, beside the queue's keys: `<queue>:fair:clock` (hash: `serving`, the turn of the job
 *   started last; `base`, see below) and `<queue>:fair:next` (sorted set: account → its next turn;
 *   entries at or below `serving + 1` mean nothing and are swept by every enqueue).
 * - Enqueue (one script, atomic): the account's next turn, `max(serving + 1, next)`, and the
 *   job's BullMQ priority `turn − base`. The job is then added with that priority: BullMQ starts
 *   jobs by turn, and within a turn in the order they were added.
 * - Start: a worker that takes a job records its turn as the one being served (`serving` only
 *   grows; the turn is read back from the job's priority and `base`). Until it does, an enqueue
 *   may still count the previous turn as served: on Redis a job queued in that instant can come
 *   one turn earlier than in process.
 * - Priorities stay within BullMQ's 1..2^21: when a new job's priority would pass `rebaseAbove`
 *   (2^20), the script rebases in the same atomic step, lowering every live job's priority (and
 *   its prioritized score, keeping its place within its priority) by `serving − 1 − base` and
 *   setting `base = serving − 1`: the turn being served becomes priority 1. Only jobs of turns
 *   before it can fall to 1 too (they are late and go first anyway). It touches every waiting,
 *   delayed and running job, at most once per 2^19 turns served. A priority that would still pass
 *   2^21 (an account 2^20 turns ahead of the one served) is capped there.
 * - Retries: a job that throws RetryJob (or fails and is retried by BullMQ) is marked to take a
 *   new turn, and its priority set to 1. When its delay is over BullMQ queues it at the front; the
 *   first worker to take it gives it its account's next turn and queues it again (`moveToDelayed`
 *   to now: BullMQ adds it behind the jobs already in that turn). So a retry takes a new turn of
 *   its account when a worker next takes a job after its delay, as in process at the end of the
 *   delay.
 * - A job whose worker died is put back by BullMQ's stalled-job check ahead of every waiting job
 *   (it had already started); a job handed back by a closing worker keeps its turn.
 *
 * This reads BullMQ's key layout (`prioritized` scores are `priority × 2^32 + counter`, the job
 * hash's `priority` field): bullmq-queue.test.ts runs the rule on real Redis, rebases included.
 */

export const maxBullPriority = 2 ** 21;

const takeScript = `
local rcall = redis.call
local prefix, account, jobId, mode = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local rebaseAbove, maxPriority = tonumber(ARGV[5]), tonumber(ARGV[6])
local state = 0
if mode == "enqueue" and rcall("EXISTS", prefix .. jobId) == 1 then
  if rcall("ZSCORE", KEYS[8], jobId) or rcall("ZSCORE", KEYS[9], jobId) then
    state = 2
  else
    return {0, 0, 1}
  end
end
local clock = rcall("HMGET", KEYS[1], "serving", "base")
local serving = tonumber(clock[1]) or 0
local base = tonumber(clock[2]) or 0
local turn = math.max(serving + 1, tonumber(rcall("ZSCORE", KEYS[2], account)) or 0)
rcall("ZADD", KEYS[2], turn + 1, account)
rcall("ZREMRANGEBYSCORE", KEYS[2], "-inf", serving + 1)
if turn - base > rebaseAbove and serving - 1 - base >= rebaseAbove / 2 then
  local offset = serving - 1 - base
  local function lower(id)
    local key = prefix .. id
    local p = tonumber(rcall("HGET", key, "priority")) or 0
    if p <= 0 then return 0 end
    p = math.max(1, p - offset)
    rcall("HSET", key, "priority", p)
    return p
  end
  local items = rcall("ZRANGE", KEYS[3], 0, -1, "WITHSCORES")
  for i = 1, #items, 2 do
    local p = lower(items[i])
    if p > 0 then rcall("ZADD", KEYS[3], p * 0x100000000 + tonumber(items[i + 1]) % 0x100000000, items[i]) end
  end
  for _, id in ipairs(rcall("ZRANGE", KEYS[4], 0, -1)) do lower(id) end
  for k = 5, 7 do
    for _, id in ipairs(rcall("LRANGE", KEYS[k], 0, -1)) do lower(id) end
  end
  base = serving - 1
  rcall("HSET", KEYS[1], "base", base)
end
local priority = math.min(maxPriority, math.max(1, turn - base))
if mode == "retag" then
  rcall("HSET", prefix .. jobId, "priority", priority, "data", ARGV[7])
end
return {turn, priority, state}
`;

const startedScript = `
local p = tonumber(redis.call("HGET", ARGV[1], "priority")) or 0
if p <= 0 then return 0 end
local clock = redis.call("HMGET", KEYS[1], "serving", "base")
local turn = (tonumber(clock[2]) or 0) + p
if turn > (tonumber(clock[1]) or 0) then redis.call("HSET", KEYS[1], "serving", turn) end
return turn
`;

const markRetryScript = `
if redis.call("EXISTS", ARGV[1]) == 0 then return 0 end
redis.call("HSET", ARGV[1], "data", ARGV[2])
if ARGV[3] == "1" then redis.call("HSET", ARGV[1], "priority", 1) end
return 1
`;

interface TurnCommands {
  agsFairTake(...args: (string | number)[]): Promise<[number, number, number]>;
  agsFairStarted(key: string, jobKey: string): Promise<number>;
  agsFairMarkRetry(jobKey: string, data: string, retag: "0" | "1"): Promise<number>;
}

const defined = new WeakSet<object>();

export interface BullMqTurns {
  /**
   * The turn and BullMQ priority of a new job of `accountId`; `existing` when a job of this id is
   * already waiting, delayed or running (nothing taken), `finished` when one is kept finished.
   */
  enqueue(jobId: string, accountId: string): Promise<{ priority: number; job: "none" | "existing" | "finished" }>;
  /** A marked retry taken by a worker: gives it its account's next turn and stores `data` with it. */
  retag(jobId: string, accountId: string, data: string): Promise<void>;
  /** A worker started this job: its turn is the one being served (if later than the recorded one). */
  started(jobId: string): Promise<void>;
  /** Stores `data` on the job; with `newTurn`, marks it to take a new turn when it comes back (priority 1). */
  markRetry(jobId: string, data: string, newTurn: boolean): Promise<void>;
}

export function bullMqTurns(queue: Queue, options: { rebaseAbove?: number } = {}): BullMqTurns {
  const rebaseAbove = options.rebaseAbove ?? 2 ** 20;
  const jobPrefix = queue.toKey("");
  const clockKey = queue.toKey("fair:clock");
  const nextKey = queue.toKey("fair:next");
  const keys = [clockKey, nextKey, ...(["prioritized", "delayed", "active", "wait", "paused", "completed", "failed"] as const).map((k) => queue.toKey(k))];

  const commands = async (): Promise<TurnCommands> => {
    const client = await queue.client;
    if (!defined.has(client)) {
      client.defineCommand("agsFairTake", { numberOfKeys: keys.length, lua: takeScript });
      client.defineCommand("agsFairStarted", { numberOfKeys: 1, lua: startedScript });
      client.defineCommand("agsFairMarkRetry", { numberOfKeys: 0, lua: markRetryScript });
      defined.add(client);
    }
    return client as unknown as TurnCommands;
  };
  const take = async (jobId: string, accountId: string, mode: "enqueue" | "retag", data = "") =>
    (await commands()).agsFairTake(...keys, jobPrefix, accountId, jobId, mode, rebaseAbove, maxBullPriority, data);

  return {
    async enqueue(jobId, accountId) {
      const [, priority, state] = await take(jobId, accountId, "enqueue");
      return { priority: Number(priority), job: state === 1 ? "existing" : state === 2 ? "finished" : "none" };
    },
    async retag(jobId, accountId, data) {
      await take(jobId, accountId, "retag", data);
    },
    async started(jobId) {
      await (await commands()).agsFairStarted(clockKey, jobPrefix + jobId);
    },
    async markRetry(jobId, data, newTurn) {
      await (await commands()).agsFairMarkRetry(jobPrefix + jobId, data, newTurn ? "1" : "0");
    },
  };
}
