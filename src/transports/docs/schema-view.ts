import type { JsonSchema, OpenApiDocument, ParameterObject, Ref } from "../../contract/openapi/types.js";

/**
 * A JSON Schema of the OpenAPI document as a reader sees it: a type in words ("array of Asset",
 * "string | null"), its constraints ("1–4000 characters") and its fields. Shared by the HTML
 * reference and the markdown one.
 */
export interface SchemaView {
  type: string;
  /** The component it comes from, when it is a `$ref`. */
  ref?: string;
  description?: string;
  constraints: string[];
  fields: FieldView[];
}

export interface FieldView extends SchemaView {
  name: string;
  required: boolean;
}

const refName = (ref: string) => ref.replace(/^#\/components\/schemas\//, "");

export function resolve<T>(doc: OpenApiDocument, value: T | Ref): T {
  if (value && typeof value === "object" && "$ref" in value && typeof value.$ref === "string") {
    const [, , kind, name] = value.$ref.split("/");
    const table = (doc.components as unknown as Record<string, Record<string, unknown>>)[kind!];
    return table?.[name!] as T;
  }
  return value as T;
}

export function parameterOf(doc: OpenApiDocument, value: ParameterObject | Ref): ParameterObject {
  return resolve<ParameterObject>(doc, value);
}

function range(min: unknown, max: unknown, unit: string): string | undefined {
  const lo = typeof min === "number" ? min : undefined;
  const hi = typeof max === "number" ? max : undefined;
  if (lo === undefined && hi === undefined) return undefined;
  if (lo !== undefined && hi !== undefined) return lo === hi ? `exactly ${lo}${unit}` : `${lo}–${hi}${unit}`;
  return lo !== undefined ? `at least ${lo}${unit}` : `at most ${hi}${unit}`;
}

function constraintsOf(schema: JsonSchema): string[] {
  const out: string[] = [];
  const chars = range(schema.minLength, schema.maxLength, " characters");
  if (chars) out.push(chars);
  const items = range(schema.minItems, schema.maxItems, " items");
  if (items) out.push(items);
  const value = range(schema.minimum, schema.maximum, "");
  if (value) out.push(value);
  if (Array.isArray(schema.enum)) out.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  if ("const" in schema) out.push(`always ${JSON.stringify(schema.const)}`);
  if (typeof schema.format === "string") out.push(schema.format);
  if (typeof schema.pattern === "string") out.push(`pattern ${schema.pattern}`);
  if ("default" in schema) out.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.additionalProperties === false) out.push("no other fields");
  return out;
}

/** Reads `schema` (following `$ref`s to `depth` levels of fields). */
export function viewSchema(doc: OpenApiDocument, schema: JsonSchema | undefined, depth = 6, seen: ReadonlySet<string> = new Set()): SchemaView {
  if (!schema) return { type: "any", constraints: [], fields: [] };
  if (typeof schema.$ref === "string") {
    const name = refName(schema.$ref);
    const target = doc.components.schemas[name];
    if (!target || seen.has(name)) return { type: name, ref: name, constraints: [], fields: [] };
    const inner = viewSchema(doc, target, depth, new Set([...seen, name]));
    const isObject = inner.type === "object";
    return { ...inner, type: isObject ? name : inner.type, ref: name, ...(schema.description ? { description: schema.description as string } : {}) };
  }
  const description = typeof schema.description === "string" ? schema.description : undefined;
  const constraints = constraintsOf(schema);
  const base = { ...(description ? { description } : {}), constraints };

  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union)) {
    const views = union.map((branch) => viewSchema(doc, branch, depth, seen));
    const fields = views.find((v) => v.fields.length > 0)?.fields ?? [];
    const type = [...new Set(views.map((v) => v.type))].join(" | ");
    return { ...base, type, fields, constraints: [...constraints, ...views.flatMap((v) => v.constraints)] };
  }

  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === "string" ? [schema.type] : [];
  if (types.includes("array")) {
    const items = viewSchema(doc, schema.items as JsonSchema | undefined, depth, seen);
    const rest = types.filter((t) => t !== "array");
    return {
      ...base,
      type: [`array of ${items.type}`, ...rest].join(" | "),
      fields: items.fields,
      constraints: [...constraints, ...items.constraints.filter((c) => c.startsWith("one of"))],
    };
  }
  if (types.includes("object") || schema.properties) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const fields =
      depth <= 0
        ? []
        : Object.entries(properties).map(([name, property]) => ({ name, required: required.has(name), ...viewSchema(doc, property, depth - 1, seen) }));
    const map = schema.additionalProperties && typeof schema.additionalProperties === "object" && Object.keys(properties).length === 0;
    return {
      ...base,
      type: map
        ? "object (any keys)"
        : types
            .filter((t) => t !== "object")
            .concat("object")
            .join(" | "),
      fields,
    };
  }
  if (types.length === 0 && "const" in schema) return { ...base, type: typeof schema.const, fields: [] };
  return { ...base, type: types.length > 0 ? types.join(" | ") : "any", fields: [] };
}

/** A value that fits `schema`, for examples: the schema's own example, else one made from its types. */
export function sampleOf(doc: OpenApiDocument, schema: JsonSchema | undefined, depth = 4): unknown {
  if (!schema) return null;
  if (typeof schema.$ref === "string") return sampleOf(doc, doc.components.schemas[refName(schema.$ref)], depth);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) return sampleOf(doc, union[0], depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object": {
      if (depth <= 0) return {};
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).filter(([name]) => required.has(name));
      return Object.fromEntries(properties.map(([name, property]) => [name, sampleOf(doc, property, depth - 1)]));
    }
    case "array":
      return [sampleOf(doc, schema.items as JsonSchema, depth - 1)];
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? schema.minimum : 1;
    case "boolean":
      return true;
    case "string":
      return schema.format === "date-time" ? "2026-11-23T10:00:00Z" : schema.format === "email" ? "ada@example.com" : "text";
    default:
      return null;
  }
}
