import type { InputRef } from "@pothos/core";
import type { z } from "zod";
import { defOf } from "../../contract/validation.js";
import { builder } from "./builder.js";

/**
 * GraphQL input types derived from the contract's zod schemas, so a request shape is written once:
 * the zod schema validates (in the use-case) and describes (OpenAPI), and this builds the GraphQL
 * input from it. Strings, integers, floats, booleans, enums (as String), arrays and nested objects
 * are derived; anything else needs an override (e.g. `{ expiresAt: "DateTime" }`).
 */
type ScalarName = "String" | "Int" | "Float" | "Boolean" | "DateTime" | "JSON";
type Override = ScalarName | [ScalarName] | InputRef<unknown> | [InputRef<unknown>];

/** Strips wrappers that do not change the GraphQL type; reports whether the field may be omitted. */
function unwrap(schema: z.ZodType): { core: z.ZodType; optional: boolean } {
  let optional = false;
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (def.type === "optional" || def.type === "nullable" || def.type === "default") {
      optional = true;
      current = def.innerType!;
    } else if (def.type === "pipe") {
      current = def.in!;
    } else {
      return { core: current, optional };
    }
  }
}

function graphqlTypeOf(schema: z.ZodType, name: string, path: string): ScalarName | [ScalarName] | InputRef<unknown> | [InputRef<unknown>] {
  const def = defOf(schema);
  switch (def.type) {
    case "string":
    case "enum":
      return "String";
    case "boolean":
      return "Boolean";
    case "number":
      return (schema as unknown as { format?: string }).format === "safeint" ? "Int" : "Float";
    case "object":
      return zodInputType(`${name}${capitalise(path)}`, schema as z.ZodObject);
    case "array": {
      const element = graphqlTypeOf(unwrap(def.element!).core, name, path.replace(/s$/, ""));
      if (Array.isArray(element)) throw new Error(`${name}.${path}: nested lists are not derived`);
      return [element] as [ScalarName] | [InputRef<unknown>];
    }
    default:
      throw new Error(`${name}.${path}: a zod ${def.type} has no derived GraphQL type; give an override`);
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const made = new Map<string, InputRef<unknown>>();

/** The GraphQL input type `name` for a zod object schema (fields optional where the schema allows absence). */
export function zodInputType(name: string, schema: z.ZodObject, overrides: Record<string, Override> = {}, description?: string): InputRef<unknown> {
  const existing = made.get(name);
  if (existing) return existing;
  const shape = (schema as unknown as { shape: Record<string, z.ZodType> }).shape;
  const ref = builder.inputType(name, {
    ...(description ? { description } : {}),
    fields: (t) => {
      const fields: Record<string, ReturnType<typeof t.field>> = {};
      for (const [field, fieldSchema] of Object.entries(shape)) {
        const { core, optional } = unwrap(fieldSchema);
        const type = overrides[field] ?? graphqlTypeOf(core, name, field);
        const fieldDescription = (fieldSchema as unknown as { description?: string }).description;
        fields[field] = t.field({
          type: type as never,
          required: !optional,
          ...(fieldDescription ? { description: fieldDescription } : {}),
        });
      }
      return fields;
    },
  }) as InputRef<unknown>;
  made.set(name, ref);
  return ref;
}

/** GraphQL's explicit nulls mean "absent" to the shared validation. */
export function withoutNulls(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(withoutNulls);
  if (input && typeof input === "object" && !(input instanceof Date)) {
    return Object.fromEntries(
      Object.entries(input)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, withoutNulls(v)]),
    );
  }
  return input;
}
