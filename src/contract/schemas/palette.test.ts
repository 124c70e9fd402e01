import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../errors.js";
import { parseInput } from "../validation.js";
import { paletteField } from "./palette.js";

const body = z.strictObject({ palette: paletteField.optional() });

/** The 400's param and message for `palette` = value. */
function refusal(value: unknown): { param?: string; message: string } {
  try {
    parseInput(body, { palette: value });
  } catch (error) {
    if (error instanceof AppError) return { param: error.param, message: error.message };
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(value)}`);
}

const hexes = (n: number) => Array.from({ length: n }, (_, i) => `#0000${i.toString(16).padStart(2, "0")}`);

describe("paletteField", () => {
  it("accepts the names and 2–64 #rrggbb colours", () => {
    for (const value of ["pico-8", "nes", ["#000000", "#FFFFFF"], hexes(64)]) expect(parseInput(body, { palette: value })).toEqual({ palette: value });
  });

  it("teaches on each refusal, naming the field or the colour", () => {
    expect(refusal("pico8")).toEqual({ param: "palette", message: expect.stringContaining('Did you mean "pico-8"?') });
    expect(refusal("sepia").message).toContain("pico-8, endesga-32, db32, sweetie-16, gameboy, nes, resurrect-64");
    expect(refusal(["#000000"])).toEqual({ param: "palette", message: expect.stringContaining("at least 2 colours; this one has 1") });
    expect(refusal(hexes(65)).message).toContain("at most 64 colours; this one has 65");
    expect(refusal(["#000000", "#fff"])).toEqual({ param: "palette.1", message: expect.stringContaining('"#ffffff"') });
    expect(refusal(["#000000", 7]).message).toContain("Colour 1 is 7");
    expect(refusal(["#000000", "#abcdef", "#ABCDEF"])).toEqual({ param: "palette.2", message: expect.stringContaining("repeats colour 1") });
    expect(refusal(12).message).toContain("a palette name (pico-8");
  });
});
