/**
 * A dependency of the service (the database, Redis, the workers that take its jobs) that does not answer. Infrastructure adapters
 * throw this (or errors recognised by `unavailableDependency`) so that every transport answers 503
 * `service_unavailable` with Retry-After instead of a masked 500.
 */
export type Dependency = "database" | "redis" | "workers" | "blobs";

export class DependencyUnavailableError extends Error {
  override name = "DependencyUnavailableError";
  constructor(
    readonly dependency: Dependency,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }
}

/** Socket-level failures: the peer is not there (refused, reset, timed out, gone). */
const socketCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
/** PostgreSQL SQLSTATEs of a server that is going away or not accepting connections. */
const postgresCodes = new Set(["57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006", "53300"]);
/** Prisma's codes for an unreachable or dropped database. */
const prismaCodes = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
/** Driver-adapter error kinds of the same. */
const adapterKinds = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "DatabaseDoesNotExist"]);
const databaseMessages = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Cannot use a pool after calling end/i,
  /Connection ended unexpectedly/i,
];
const redisMessages = [/Connection is closed/i, /enableOfflineQueue options is false/i, /Reached the max retries per request limit/i, /Redis is unavailable/i];

/** Which dependency `error` (or anything in its cause chain) says is unavailable, if any. */
export function unavailableDependency(error: unknown): Dependency | undefined {
  const seen = new Set<unknown>();
  let sawPrisma = false;
  let sawRedis = false;
  let sawSocket = false;
  for (let e: unknown = error; e && typeof e === "object" && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    if (e instanceof DependencyUnavailableError) return e.dependency;
    const o = e as { name?: string; code?: unknown; originalCode?: unknown; kind?: unknown; message?: string; errorCode?: unknown };
    const name = o.name ?? "";
    const message = typeof o.message === "string" ? o.message : "";
    if (name.startsWith("PrismaClient") || name === "DriverAdapterError") sawPrisma = true;
    if (name === "MaxRetriesPerRequestError" || redisMessages.some((r) => r.test(message))) sawRedis = true;
    if (name === "PrismaClientInitializationError") return "database";
    if (typeof o.code === "string" && prismaCodes.has(o.code)) return "database";
    if (typeof o.errorCode === "string" && prismaCodes.has(o.errorCode)) return "database";
    if (typeof o.kind === "string" && adapterKinds.has(o.kind)) return "database";
    for (const code of [o.code, o.originalCode]) {
      if (typeof code === "string" && postgresCodes.has(code)) return "database";
      if (typeof code === "string" && socketCodes.has(code)) sawSocket = true;
    }
    if (databaseMessages.some((r) => r.test(message))) return "database";
  }
  if (sawRedis && !sawPrisma) return "redis";
  if (sawSocket && sawPrisma) return "database";
  return undefined;
}
