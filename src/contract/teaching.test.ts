import { describe, expect, it } from "vitest";
import { closestField, editDistance, unknownFieldMessage, wrongTypeMessage } from "./teaching.js";

const generateFields = ["prompt", "messages", "agentId", "transparent", "seed", "width", "height"];

describe("errors that teach", () => {
  it("measures edits with transpositions as one", () => {
    expect(editDistance("promt", "prompt")).toBe(1);
    expect(editDistance("hieght", "height")).toBe(1);
    expect(editDistance("widht", "width")).toBe(1);
    expect(editDistance("seed", "seed")).toBe(0);
  });

  it.each([
    ["promt", "prompt"],
    ["Prompt", "prompt"],
    ["widht", "width"],
    ["hieght", "height"],
    ["trasparent", "transparent"],
    ["sead", "seed"],
    ["agentid", "agentId"],
  ])("suggests %s → %s", (given, known) => {
    expect(closestField(given, generateFields)).toBe(known);
  });

  it("suggests nothing for short or distant names", () => {
    expect(closestField("n", generateFields)).toBeUndefined();
    expect(closestField("xyz", generateFields)).toBeUndefined();
    expect(closestField("quality", generateFields)).toBeUndefined();
  });

  it("says what to send for the aliases of other image APIs, only on the generation body", () => {
    expect(unknownFieldMessage("size", "256x128", generateFields)).toContain('use width and height (e.g. "width": 256, "height": 128)');
    expect(unknownFieldMessage("n", 4, generateFields)).toContain("one asset per call; call again for more");
    expect(unknownFieldMessage("model", "dall-e-3", generateFields)).toContain("use agentId (GET /api/ai/agents lists them)");
    expect(unknownFieldMessage("negativePrompt", "x", generateFields)).toContain("not supported; describe what you want in prompt");
    expect(unknownFieldMessage("agent_id", "icon", generateFields)).toContain("use agentId");
    expect(unknownFieldMessage("__proto__", {}, generateFields)).toMatch(/^Unknown field "__proto__"\. The fields are/);
    // The key-creation body has no width: "size" there is just unknown.
    expect(unknownFieldMessage("size", 1, ["name", "scopes", "expiresAt"])).toBe('Unknown field "size". The fields are: name, scopes, expiresAt.');
  });

  it("names the expected type and the usual slips", () => {
    expect(wrongTypeMessage("string", 42, ["prompt"])).toBe("Must be a string, not a number.");
    expect(wrongTypeMessage("boolean", "true", ["transparent"])).toBe('Must be a boolean: send true without quotes, not the string "true".');
    expect(wrongTypeMessage("boolean", "false", ["transparent"])).toContain("send false without quotes");
    expect(wrongTypeMessage("number", "64", ["width"])).toContain("send 64 without quotes");
    expect(wrongTypeMessage("int", 1.5, ["seed"])).toBe("Must be an integer (a whole number), not 1.5.");
    expect(wrongTypeMessage("object", "x", ["messages", 0])).toContain("Each message is an object {role, content}");
    expect(wrongTypeMessage("array", "x", ["messages"])).toContain("use prompt instead");
    expect(wrongTypeMessage("string", null, ["prompt"])).toContain("not null");
    expect(wrongTypeMessage("string", undefined, ["email"])).toBe("This field is required.");
  });
});

describe("sheet words at the top of the body", () => {
  it.each(["animations", "directions", "fps", "sprite_sheet", "spriteSheet", "frames"])("%s is taught to go in sheet", (field) => {
    const message = unknownFieldMessage(field, ["walk"], [...generateFields, "sheet"]);
    expect(message).toContain('sheet: {"animations"');
  });
});
