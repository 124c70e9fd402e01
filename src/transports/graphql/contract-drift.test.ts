import { getNamedType, isInputObjectType, isListType, isNonNullType, type GraphQLInputField, type GraphQLArgument, type GraphQLInputType } from "graphql";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { grantRequest } from "../../contract/schemas/credits.js";
import { generateRequest } from "../../contract/schemas/generation.js";
import { createKeyRequest } from "../../contract/schemas/keys.js";
import { kitItem, kitRequest } from "../../contract/schemas/kit.js";
import { createProjectRequest } from "../../contract/schemas/projects.js";
import { schema } from "./schema/index.js";

/**
 * GraphQL's inputs and the contract's zod schemas must not drift: the same field names, the same
 * optionality, compatible types. (GenerateInput and CreateApiKeyInput are derived from the schemas;
 * arguments written by hand, like grantCredits', are checked against theirs.)
 */
type Shape = Record<string, z.ZodType>;
const shapeOf = (s: z.ZodObject) => (s as unknown as { shape: Shape }).shape;
const optional = (s: z.ZodType) => (s as unknown as { safeParse(v: unknown): { success: boolean } }).safeParse(undefined).success;

function describeField(type: GraphQLInputType): string {
  const inner = isNonNullType(type) ? type.ofType : type;
  return isListType(inner) ? `[${getNamedType(inner).name}]` : getNamedType(inner).name;
}

function compare(fields: readonly (GraphQLInputField | GraphQLArgument)[], shape: Shape) {
  expect(fields.map((f) => f.name).sort()).toEqual(Object.keys(shape).sort());
  for (const field of fields) {
    const zodField = shape[field.name]!;
    // Optional in zod ⇔ nullable in GraphQL (GraphQL's nulls are "absent" to the use-cases).
    expect(isNonNullType(field.type), field.name).toBe(!optional(zodField));
  }
}

describe("GraphQL inputs follow the contract's schemas", () => {
  it("GenerateInput is POST /api/v1/generate's body", () => {
    const type = schema.getType("GenerateInput");
    if (!isInputObjectType(type)) throw new Error("GenerateInput missing");
    const fields = Object.values(type.getFields());
    compare(fields, shapeOf(generateRequest));
    expect(Object.fromEntries(fields.map((f) => [f.name, describeField(f.type)]))).toEqual({
      prompt: "String",
      messages: "[MessageInput]",
      agentId: "String",
      transparent: "Boolean",
      seed: "Int",
      width: "Int",
      height: "Int",
      strict: "Boolean",
      dryRun: "Boolean",
      sheet: "SheetInput",
      tileset: "TilesetInput",
      palette: "JSON",
      image: "String",
      projectId: "String",
      badge: "String",
    });
    const message = schema.getType("MessageInput");
    if (!isInputObjectType(message)) throw new Error("MessageInput missing");
    expect(Object.keys(message.getFields()).sort()).toEqual(["content", "role"]);
  });

  it("GenerateKitInput is POST /api/v1/kits's body", () => {
    const type = schema.getType("GenerateKitInput");
    const item = schema.getType("KitItemInput");
    if (!isInputObjectType(type) || !isInputObjectType(item)) throw new Error("GenerateKitInput missing");
    compare(Object.values(type.getFields()), shapeOf(kitRequest));
    compare(Object.values(item.getFields()), shapeOf(kitItem));
    const fields = Object.fromEntries(Object.values(type.getFields()).map((f) => [f.name, describeField(f.type)]));
    expect(fields).toMatchObject({ items: "[KitItemInput]", scale: "Int", palette: "JSON", atlas: "AtlasOptionsInput", dryRun: "Boolean" });
  });

  it("CreateProjectInput is POST /api/v1/projects's body", () => {
    const type = schema.getType("CreateProjectInput");
    if (!isInputObjectType(type)) throw new Error("CreateProjectInput missing");
    compare(Object.values(type.getFields()), shapeOf(createProjectRequest));
  });

  it("CreateApiKeyInput is POST /api/keys's body", () => {
    const type = schema.getType("CreateApiKeyInput");
    if (!isInputObjectType(type)) throw new Error("CreateApiKeyInput missing");
    compare(Object.values(type.getFields()), shapeOf(createKeyRequest));
  });

  it("grantCredits and adjustCredits take the grant schema's fields", () => {
    for (const name of ["grantCredits", "adjustCredits"]) {
      const field = schema.getMutationType()!.getFields()[name]!;
      compare(field.args, shapeOf(grantRequest));
    }
  });
});
