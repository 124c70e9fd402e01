import { z } from "zod";
import { AppError } from "./errors.js";
import { docsFor, unknownFieldMessage, wrongTypeMessage } from "./teaching.js";

/**
 * Validates input with a zod schema of the contract (shared by every transport). The first problem
 * becomes a 400 invalid_request whose `param` names the field (dotted path, e.g. `messages.2.content`)
 * and whose message teaches what to send instead (`teaching.ts`).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const input = withoutOptionalNulls(schema, value);
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw toInvalidRequest(result.error, { schema, input });
}

/**
 * `null` for an optional field means the field is absent, on every transport (contract section 12): GraphQL's
 * nullable arguments, OpenAI's SDKs and many JSON encoders send `null` for "not set". A field whose schema
 * takes `null` as a value of its own keeps it, and `null` for a required field stays (and is refused as a
 * wrong type). Nested objects and arrays are walked; unions are left as they are.
 */
export function withoutOptionalNulls(schema: z.ZodType, value: unknown): unknown {
  const { core } = unwrapped(schema);
  const def = defOf(core);
  if (def.type === "array" && Array.isArray(value) && def.element) return value.map((item) => withoutOptionalNulls(def.element!, item));
  if (def.type !== "object" || value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const shape = def.shape ?? {};
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (!field) {
      out[key] = item;
      continue;
    }
    if (item === null) {
      const { optional, nullable } = unwrapped(field);
      if (optional && !nullable) {
        changed = true;
        continue;
      }
      out[key] = item;
      continue;
    }
    const walked = withoutOptionalNulls(field, item);
    if (walked !== item) changed = true;
    out[key] = walked;
  }
  return changed ? out : value;
}

/** A schema without the wrappers that only say whether a value may be absent or null, and what they said. */
function unwrapped(schema: z.ZodType): { core: z.ZodType; optional: boolean; nullable: boolean } {
  let optional = false;
  let nullable = false;
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (def.type === "optional" || def.type === "default" || def.type === "prefault") optional = true;
    else if (def.type === "nullable") nullable = true;
    else if (def.type === "pipe" && def.in) {
      current = def.in;
      continue;
    } else if (def.type !== "readonly" && def.type !== "catch") return { core: current, optional, nullable };
    if (!def.innerType) return { core: current, optional, nullable };
    current = def.innerType;
  }
}

/** What the caller sent and the schema it was checked against, when known: they make the message precise. */
export interface ValidationContext {
  schema?: z.ZodType;
  input?: unknown;
}

export function toInvalidRequest(error: z.ZodError, context: ValidationContext = {}): AppError {
  const issue = error.issues[0]!;
  let path = issue.path.map(String);
  let message = issue.message;
  if (issue.code === "unrecognized_keys") {
    const objectPath = issue.path as (string | number)[];
    const object = valueAt(context.input, objectPath);
    const known = context.schema ? fieldsAt(context.schema, objectPath) : [];
    const [first, ...others] = issue.keys.map((key) => unknownFieldMessage(key, ownValue(object, key), known));
    path = [...path, issue.keys[0]!];
    message = others.length > 0 ? `${first} Also: ${others.join(" ")}` : first!;
  } else if (issue.code === "invalid_type") {
    const input = "input" in issue ? issue.input : valueAt(context.input, issue.path as (string | number)[]);
    // A refinement's own message (e.g. "Must be an integer." for 1.5) is kept unless we can say more.
    message = wrongTypeMessage(issue.expected, input, issue.path as (string | number)[]);
  }
  const param = path.join(".") || undefined;
  return new AppError("invalid_request", param ? `${param}: ${message}` : message, { param, details: { docs: docsFor(context.schema) } });
}

function ownValue(object: unknown, key: string): unknown {
  return object !== null && typeof object === "object" && Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}

function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let value = root;
  for (const key of path) value = ownValue(value, String(key));
  return value;
}

/** The parts of a zod schema's internal definition that the walks over schemas read (here and the GraphQL inputs). */
export interface ZodDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
}
export const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** The field names of the object `schema` describes at `path` (through optional, nullable, pipes, arrays and unions). */
export function fieldsAt(schema: z.ZodType, path: readonly (string | number)[]): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return def.innerType ? fieldsAt(def.innerType, path) : [];
    case "pipe":
      return def.in ? fieldsAt(def.in, path) : [];
    case "union":
      return [...new Set((def.options ?? []).flatMap((option) => fieldsAt(option, path)))];
    case "object": {
      if (path.length === 0) return Object.keys(def.shape ?? {});
      const field = def.shape?.[String(path[0])];
      return field ? fieldsAt(field, path.slice(1)) : [];
    }
    case "array":
      return path.length > 0 && def.element ? fieldsAt(def.element, path.slice(1)) : [];
    default:
      return [];
  }
}

/** A trimmed string of `min`–`max` characters. */
export const trimmed = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, min === 1 ? "Must not be empty." : `Must be at least ${min} characters.`)
    .max(max, `Must be at most ${max} characters.`);

/** An integer in [min, max] with messages that say so. */
export const integer = (min: number, max: number) =>
  z.number().int("Must be an integer.").min(min, `Must be at least ${min}.`).max(max, `Must be at most ${max}.`);
