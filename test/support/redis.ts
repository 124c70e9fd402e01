import net from "node:net";
import type { Redis } from "ioredis";
import { describeNeeding, type Need } from "./needs.js";

/**
 * The Redis server the Redis-backed tests may use (and flush their own keys on), from
 * `REDIS_TEST_URL`; undefined when it is not set (or empty). There is deliberately no default:
 * a test run without the variable skips those tests and says so, instead of quietly talking to
 * whatever listens on localhost.
 */
export function redisTestUrl(): string | undefined {
  const url = process.env.REDIS_TEST_URL;
  return url ? url : undefined;
}

/** What a Redis test lacks in this run (needs.ts), or undefined when REDIS_TEST_URL is set. */
export const redisNeed = (): Need => (redisTestUrl() ? undefined : "Redis: REDIS_TEST_URL is not set (CI sets it)");

/**
 * `describe(name, () => body(url))` when `REDIS_TEST_URL` is set. Otherwise the block is declared
 * skipped (it shows up as skipped in the report, `body` never runs, so nothing connects) and the
 * reason is printed once per test file (test/support/needs.ts).
 */
export function describeWithRedis(name: string, body: (url: string) => void): void {
  describeNeeding(redisNeed(), name, () => body(redisTestUrl()!));
}

/** A `redis://` URL of a local port where nothing listens (taken from the OS, then released). */
export async function unreachableRedisUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `redis://127.0.0.1:${port}`;
}

/** Deletes the keys matching `pattern` (SCAN, not KEYS); returns how many. */
export async function deleteRedisKeys(redis: Redis, pattern: string): Promise<number> {
  let deleted = 0;
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 1000);
    cursor = next;
    if (keys.length > 0) deleted += await redis.del(...keys);
  } while (cursor !== "0");
  return deleted;
}

/**
 * A TCP proxy in front of the Redis at `targetUrl`, on a fixed local port, to take "Redis" away
 * and bring it back under a client's feet: `url` is `targetUrl` (credentials, database) with the
 * proxy's address. `down()` closes the listening socket and cuts every connection (nothing
 * listens on the port: connections are refused); `up()` listens again on the same port; `cut()`
 * only drops the open connections (the server stays reachable).
 */
export interface RedisProxy {
  readonly url: string;
  up(): Promise<void>;
  down(): Promise<void>;
  cut(): void;
}

export async function startRedisProxy(targetUrl: string, options: { listening?: boolean } = {}): Promise<RedisProxy> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port || 6379);
  const targetHost = target.hostname || "127.0.0.1";
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  };
  let server: net.Server | undefined;
  let port = 0;

  const cut = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  const up = async () => {
    if (server) return;
    const s = net.createServer((client) => {
      const upstream = net.connect(targetPort, targetHost);
      track(client);
      track(upstream);
      const end = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on("error", end).on("close", end);
      upstream.on("error", end).on("close", end);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => resolve());
    });
    port = (s.address() as net.AddressInfo).port;
    server = s;
  };
  const down = async () => {
    const s = server;
    server = undefined;
    cut();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  await up(); // takes a port
  const proxied = new URL(targetUrl);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(port);
  if (options.listening === false) await down();
  return { url: proxied.toString(), up, down, cut };
}

/** What `promise` rejects with, and how long that took; fails if it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  try {
    await promise;
  } catch (error) {
    return { error, ms: Date.now() - started };
  }
  throw new Error("expected a rejection");
}
