import { describe, expect, it } from "vitest";
import { godotString, plainText, xmlAttribute } from "./text.js";

describe("user text in files", () => {
  it("removes control characters and line separators, folding whitespace", () => {
    expect(plainText("grass\u0000\u0007\u001b[31m\r\n\tdirt\u007f\u0085\u2028x")).toBe("grass [31m dirt x");
    expect(plainText("  a   b  ")).toBe("a b");
    expect(plainText("lone \ud800 surrogate \uffff")).toBe("lone surrogate");
    expect(plainText("emoji 🌿 stays")).toBe("emoji 🌿 stays");
  });
  it("escapes XML attributes after cleaning", () => {
    expect(xmlAttribute(`a"b'<c>&\u0001d`)).toBe("a&quot;b&apos;&lt;c&gt;&amp; d");
  });
  it("escapes Godot strings after cleaning", () => {
    expect(godotString('say "hi"\\\nnow')).toBe('"say \\"hi\\"\\\\ now"');
  });
});
