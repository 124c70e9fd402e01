import { AppError } from "./errors.js";

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text the database cannot store, refused at the edge of every transport: a NUL character
 * (PostgreSQL text has none) or a lone UTF-16 surrogate (not Unicode). Walks any JSON value.
 * Returns the dotted path of the first bad string and why, or undefined.
 */
export function findUnstorableText(value: unknown, path: (string | number)[] = [], depth = 0): { path: string; reason: string } | undefined {
  if (depth > 64) return undefined; // deeper values are refused by their schemas anyway
  if (typeof value === "string") {
    if (value.includes("\u0000")) return { path: path.join("."), reason: "contains a NUL character (\\u0000)" };
    if (loneSurrogate.test(value)) return { path: path.join("."), reason: "contains a lone UTF-16 surrogate (not valid Unicode)" };
    return undefined;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = findUnstorableText(key, [...path, "(key)"], depth + 1);
      if (keyProblem) return { path: [...path].join(".") || "(body)", reason: `has a key that ${keyProblem.reason}` };
      const found = findUnstorableText(item, [...path, key], depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** 400 invalid_request naming the field, when `value` holds text that cannot be stored. */
export function assertStorableText(value: unknown, root: (string | number)[] = []): void {
  const found = findUnstorableText(value, root);
  if (!found) return;
  const param = found.path || undefined;
  throw new AppError("invalid_request", `${param ? `${param}: ` : ""}The text ${found.reason}; remove it.`, { ...(param ? { param } : {}) });
}
