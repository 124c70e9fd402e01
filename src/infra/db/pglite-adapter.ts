import type { PGlite } from "@electric-sql/pglite";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type { PGliteProxy } from "./pglite-proxy.js";

/**
 * pglite-prisma-adapter 0.6 ignores Prisma's `argTypes`: Prisma 6.19 sends a `Bytes` argument as a
 * base64 string (or a byte array), which PGlite refuses for a bytea column. This wraps the
 * adapter and turns them into Uint8Arrays, as @prisma/adapter-pg does.
 *
 * `client` is PGlite itself or the proxy of a PGlite in a worker thread (`pglite-proxy.ts`), which
 * implements what the adapter calls: `query` (with `rowMode` and parsers), `exec`, `transaction`
 * and its `tx.query` / `tx.rollback`.
 */
export function pgliteAdapterFactory(client: PGlite | PGliteProxy): SqlDriverAdapterFactory {
  const inner = new PrismaPGlite(client as PGlite);
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async () => wrap(await inner.connect()),
  };
}

function fixArgs(query: SqlQuery): SqlQuery {
  if (!query.argTypes.some((t) => t?.scalarType === "bytes")) return query;
  const args = query.args.map((arg, i) => {
    if (query.argTypes[i]?.scalarType !== "bytes") return arg;
    if (typeof arg === "string") return Buffer.from(arg, "base64");
    if (Array.isArray(arg)) return Buffer.from(arg as number[]);
    return arg;
  });
  return { ...query, args };
}

function wrap<T extends SqlDriverAdapter | Transaction>(target: T): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      if (property === "queryRaw" || property === "executeRaw") {
        return (query: SqlQuery) => (object[property] as (q: SqlQuery) => unknown).call(object, fixArgs(query));
      }
      if (property === "startTransaction") {
        return async (...args: unknown[]) =>
          wrap(await (object as SqlDriverAdapter).startTransaction(...(args as Parameters<SqlDriverAdapter["startTransaction"]>)));
      }
      const value = Reflect.get(object, property, receiver) as unknown;
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}
