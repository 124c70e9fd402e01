import { z, type ZodType } from "zod";
import type { JsonSchema } from "./types.js";

/**
 * zod → JSON Schema (draft 2020-12: request bodies as the schema's input, responses as its output)
 * → `components.schemas`: schemas carrying `.meta({ id })` become components, referenced by `$ref`.
 */

const SAFE = Number.MAX_SAFE_INTEGER;
/** Keywords whose values are data, not schemas: copied as they are. */
const literalKeys = new Set(["example", "examples", "const", "default", "enum", "required"]);

/** Tidies zod's JSON Schema for readers: no safe-integer bounds, no datetime regex, responses open to additions. */
function tidy(node: unknown, io: "input" | "output"): unknown {
  if (Array.isArray(node)) return node.map((n) => tidy(n, io));
  if (node === null || typeof node !== "object") return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$schema" || key === "id") continue;
    if (literalKeys.has(key)) {
      out[key] = value;
      continue;
    }
    out[key] =
      key === "properties" || key === "$defs" ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, tidy(v, io)])) : tidy(value, io);
  }
  if (out.minimum === -SAFE) delete out.minimum;
  if (out.maximum === SAFE) delete out.maximum;
  if (typeof out.format === "string" && ["date-time", "email"].includes(out.format)) delete out.pattern;
  if ("example" in out) {
    out.examples = [out.example];
    delete out.example;
  }
  // A response may gain fields within v1 (contract section 11): never promise there are no others.
  if (io === "output" && out.additionalProperties === false) delete out.additionalProperties;
  if (Array.isArray(out.anyOf)) {
    const branches: unknown[] = [];
    const seen = new Set<string>();
    for (const branch of (out.anyOf as JsonSchema[]).flatMap((b) =>
      Object.keys(b).length === 1 && Array.isArray(b.anyOf) ? (b.anyOf as JsonSchema[]) : [b],
    )) {
      const key = JSON.stringify(branch);
      if (!seen.has(key)) branches.push(branch);
      seen.add(key);
    }
    if (branches.length === 1) {
      delete out.anyOf;
      Object.assign(out, branches[0]);
    } else out.anyOf = branches;
  }
  return out;
}

function rewriteRefs(node: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, names));
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/$defs/")) {
        const id = value.slice("#/$defs/".length);
        return [key, `#/components/schemas/${names.get(id) ?? id}`];
      }
      return [key, rewriteRefs(value, names)];
    }),
  );
}

/** The components of one document: `toJson` turns a zod schema into JSON Schema whose named parts are `$ref`s to them. */
export class SchemaRegistry {
  readonly components: Record<string, JsonSchema> = {};
  /** The JSON of each registered component, to tell when an id means two shapes (input and output). */
  private readonly seen = new Map<string, string>();

  toJson(schema: ZodType, io: "input" | "output"): JsonSchema {
    const raw = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
      override: (ctx) => {
        const type = (ctx.zodSchema as unknown as { _zod: { def: { type: string } } })._zod.def.type;
        if (type === "date") Object.assign(ctx.jsonSchema, { type: "string", format: "date-time" });
      },
    }) as JsonSchema;
    const json = tidy(raw, io) as JsonSchema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    const names = new Map<string, string>();
    for (const [id, def] of Object.entries(defs)) {
      const text = JSON.stringify(def);
      const previous = this.seen.get(id);
      names.set(id, previous === undefined || previous === text ? id : `${id}${io === "input" ? "Input" : "Output"}`);
      if (previous === undefined) this.seen.set(id, text);
    }
    for (const [id, def] of Object.entries(defs)) this.components[names.get(id)!] ??= rewriteRefs(def, names) as JsonSchema;
    return rewriteRefs(json, names) as JsonSchema;
  }
}
