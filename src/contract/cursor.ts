import { z } from "zod";
import { AppError } from "./errors.js";
import { integer } from "./validation.js";

/**
 * The one cursor codec of every paginated list (generations, ledger, accounts): an opaque
 * base64url string of the sort key of the last row of a page. Lists are newest first and keyset
 * paginated, so a cursor stays valid while rows are added.
 */
export type CursorKey = readonly (string | number)[];

const version = "c1";

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify([version, ...key])).toString("base64url");
}

const badCursor = () => new AppError("invalid_request", "after: The cursor is not one this API gave; pass a previous page's endCursor.", { param: "after" });

type Part = "string" | "number" | "instant";

/** Decodes a cursor whose key has the given shape (e.g. `["instant", "string"]`), or 400 invalid_request. */
export function decodeCursor<const T extends readonly Part[]>(cursor: string, shape: T): { [K in keyof T]: T[K] extends "number" ? number : string } {
  let parsed: unknown;
  try {
    if (cursor.length > 512 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw badCursor();
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed[0] !== version || parsed.length !== shape.length + 1) throw badCursor();
  const key = parsed.slice(1);
  key.forEach((value, i) => {
    const part = shape[i]!;
    const ok =
      part === "number"
        ? typeof value === "number" && Number.isSafeInteger(value)
        : typeof value === "string" && value.length <= 200 && (part === "string" || !Number.isNaN(Date.parse(value)));
    if (!ok) throw badCursor();
  });
  return key as { [K in keyof T]: T[K] extends "number" ? number : string };
}

/** `first` and `after` of every list, validated once. */
export const pageArgs = z.strictObject({
  first: integer(1, 100).default(20),
  after: z.string().max(512, "Must be at most 512 characters.").optional(),
});
export type PageArgs = z.output<typeof pageArgs>;

export interface Page<T> {
  nodes: T[];
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Builds a page from `first + 1` rows fetched in order. */
export function toPage<R, T>(rows: R[], first: number, keyOf: (row: R) => CursorKey, view: (row: R) => T): Page<T> {
  const kept = rows.slice(0, first);
  const last = kept.at(-1);
  return { nodes: kept.map(view), endCursor: last === undefined ? null : encodeCursor(keyOf(last)), hasNextPage: rows.length > first };
}
