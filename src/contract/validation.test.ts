import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "./errors.js";
import { generateRequest } from "./schemas/generation.js";
import { parseInput, withoutOptionalNulls } from "./validation.js";

describe("null for an optional field", () => {
  const schema = z.strictObject({
    name: z.string(),
    palette: z.string().optional(),
    expiresAt: z.string().nullable().optional(),
    nested: z.strictObject({ fps: z.number().optional() }).optional(),
    items: z.array(z.strictObject({ size: z.number().default(3) })).optional(),
  });

  it("is the field left out, at any depth, in arrays too", () => {
    expect(parseInput(schema, { name: "a", palette: null, nested: { fps: null }, items: [{ size: null }] })).toEqual({
      name: "a",
      nested: {},
      items: [{ size: 3 }],
    });
  });

  it("stays null where the schema takes null as a value", () => {
    expect(parseInput(schema, { name: "a", expiresAt: null })).toEqual({ name: "a", expiresAt: null });
  });

  it("is a wrong type for a required field, named as such", () => {
    expect(() => parseInput(schema, { name: null })).toThrow(AppError);
    try {
      parseInput(schema, { name: null });
    } catch (error) {
      expect((error as AppError).param).toBe("name");
      expect((error as AppError).message).not.toMatch(/required/i);
    }
  });

  it("leaves unknown fields for the schema to refuse, and returns the same object when nothing changed", () => {
    const value = { name: "a" };
    expect(withoutOptionalNulls(schema, value)).toBe(value);
    expect(() => parseInput(schema, { name: "a", colour: null })).toThrow(/colour/);
  });

  it("a generation request with palette, sheet and seed null is one without them", () => {
    const parsed = parseInput(generateRequest, { prompt: "knight", palette: null, sheet: null, seed: null, transparent: null });
    expect(parsed).toEqual(parseInput(generateRequest, { prompt: "knight" }));
  });
});
