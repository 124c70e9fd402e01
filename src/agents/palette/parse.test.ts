import { describe, expect, it } from "vitest";
import { resolvePalette, suggestPaletteName } from "./parse.js";

describe("resolvePalette", () => {
  it("resolves a named palette to its colours, in order", () => {
    const result = resolvePalette("gameboy");
    expect(result).toEqual({
      ok: true,
      palette: {
        name: "gameboy",
        colors: [
          { r: 15, g: 56, b: 15 },
          { r: 48, g: 98, b: 48 },
          { r: 139, g: 172, b: 15 },
          { r: 155, g: 188, b: 15 },
        ],
      },
    });
  });

  it("accepts 2–64 #rrggbb colours in either case, without a name", () => {
    const result = resolvePalette(["#FF004D", "#29adff"]);
    expect(result).toEqual({
      ok: true,
      palette: {
        colors: [
          { r: 255, g: 0, b: 77 },
          { r: 41, g: 173, b: 255 },
        ],
      },
    });
    const many = Array.from({ length: 64 }, (_, i) => `#0000${i.toString(16).padStart(2, "0")}`);
    expect(resolvePalette(many).ok).toBe(true);
  });

  it("names the palettes when the name is unknown, and guesses a near miss", () => {
    const result = resolvePalette("vaporwave");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe("unknown_name");
    expect(result.error.path).toEqual([]);
    for (const name of ["pico-8", "endesga-32", "db32", "sweetie-16", "gameboy", "nes", "resurrect-64"]) expect(result.error.message).toContain(name);
    const near = resolvePalette("PICO8");
    expect(!near.ok && near.error.message).toContain('Did you mean "pico-8"?');
    expect(suggestPaletteName("Endesga 32")).toBe("endesga-32");
    expect(suggestPaletteName("DawnBringer32")).toBe("db32");
    expect(suggestPaletteName("sepia")).toBeUndefined();
  });

  it("refuses fewer than 2 and more than 64 colours, saying how many there were", () => {
    const one = resolvePalette(["#000000"]);
    expect(one).toMatchObject({ ok: false, error: { code: "too_few_colors", path: [] } });
    expect(!one.ok && one.error.message).toContain("at least 2 colours; this one has 1");
    const tooMany = resolvePalette(Array.from({ length: 65 }, (_, i) => `#0000${i.toString(16).padStart(2, "0")}`));
    expect(tooMany).toMatchObject({ ok: false, error: { code: "too_many_colors" } });
    expect(!tooMany.ok && tooMany.error.message).toContain("at most 64 colours; this one has 65");
  });

  it("names the malformed colour's index and the expected form", () => {
    for (const [bad, hint] of [
      ["#fff", '"#ffffff"'],
      ["ff004d", '"#ff004d"'],
      ["red", "#rrggbb"],
      ["#ff004dff", "#rrggbb"],
    ] as const) {
      const result = resolvePalette(["#000000", "#ffffff", bad]);
      expect(result).toMatchObject({ ok: false, error: { code: "malformed_color", path: [2] } });
      expect(!result.ok && result.error.message).toContain("Colour 2");
      expect(!result.ok && result.error.message).toContain(hint);
    }
  });

  it("names a duplicate and the colour it repeats, ignoring case", () => {
    const result = resolvePalette(["#000000", "#ff004d", "#FF004D"]);
    expect(result).toMatchObject({ ok: false, error: { code: "duplicate_color", path: [2] } });
    expect(!result.ok && result.error.message).toBe("Colour 2 (#ff004d) repeats colour 1: give each colour once.");
  });

  it("refuses a value that is neither a name nor a list", () => {
    const result = resolvePalette(42 as unknown as string[]);
    expect(result).toMatchObject({ ok: false, error: { code: "wrong_type" } });
  });
});
