import { describe, expect, it } from "vitest";
import { interpretPrompt, toneOf } from "./prompt.js";

describe("interpretPrompt", () => {
  it("recognises colours, subjects and styles, with synonyms and plurals", () => {
    const spec = interpretPrompt({ prompt: "A Golden, GLOWING Swords with crystals!" });
    expect(spec.colors).toEqual(["gold"]);
    expect(spec.subjects).toEqual(["sword"]);
    expect(spec.materials).toEqual(["gold", "crystal"]);
    expect(spec.styles).toEqual(["glowing"]);
    expect(spec.text).toBe("a golden, glowing swords with crystals!");
  });

  it("keeps colours in mention order and puts generic subjects after specific ones", () => {
    const spec = interpretPrompt({ prompt: "green slime monster with purple spots" });
    expect(spec.colors).toEqual(["green", "purple"]);
    expect(spec.subjects).toEqual(["slime", "monster"]);
    expect(spec.otherWords).toEqual(["spots"]);
  });

  it("handles negations of the styles it supports", () => {
    expect(interpretPrompt({ prompt: "shield, no badge" }).negated).toEqual(["badge"]);
    expect(interpretPrompt({ prompt: "minimal key" }).negated).toEqual(["badge"]);
    const spec = interpretPrompt({ prompt: "sword without any outline, not dark" });
    expect(spec.negated).toEqual(["outline", "dark"]);
    expect(spec.styles).toEqual([]);
    expect(interpretPrompt({ prompt: "a non-glowing gem" }).negated).toEqual(["glowing"]);
  });

  it("lets a later contradicting style win within a prompt", () => {
    const spec = interpretPrompt({ prompt: "dark, actually bright red potion" });
    expect(spec.styles).toEqual(["bright"]);
    expect(toneOf(spec)).toBe("bright");
  });

  it("turns 8-bit into the retro style", () => {
    expect(interpretPrompt({ prompt: "8-bit hero" }).styles).toEqual(["retro"]);
  });

  it("survives empty, unknown and odd input", () => {
    for (const prompt of ["", "   ", "zorblax quux", "🐉🔥 123 !!!", "x".repeat(5000)]) {
      const spec = interpretPrompt({ prompt });
      expect(spec.colors).toEqual([]);
      expect(spec.subjects).toEqual([]);
    }
    expect(interpretPrompt({}).text).toBe("");
    expect(interpretPrompt({ prompt: "zorblax quux" }).otherWords).toEqual(["zorblax", "quux"]);
  });

  describe("conversations", () => {
    it("lets a later colour replace the earlier ones and keeps the subject", () => {
      const spec = interpretPrompt({
        messages: [
          { role: "user", content: "a red and gold dragon" },
          { role: "assistant", content: "Here is a green dragon!" },
          { role: "user", content: "make it blue" },
        ],
      });
      expect(spec.colors).toEqual(["blue"]);
      expect(spec.subjects).toEqual(["dragon"]);
    });

    it("lets a later subject replace the earlier one unless the turn adds it", () => {
      const replaced = interpretPrompt({
        messages: [
          { role: "user", content: "red dragon" },
          { role: "user", content: "now a knight instead" },
        ],
      });
      expect(replaced.subjects).toEqual(["knight"]);
      expect(replaced.colors).toEqual(["red"]);
      const added = interpretPrompt({
        messages: [
          { role: "user", content: "blue shield" },
          { role: "user", content: "add a star" },
        ],
      });
      expect(added.subjects).toEqual(["shield", "star"]);
    });

    it("accumulates styles, replaces contradicting ones and applies negations", () => {
      const spec = interpretPrompt({
        messages: [
          { role: "user", content: "dark mossy stone" },
          { role: "user", content: "cracked too" },
          { role: "user", content: "brighter please, and no moss" },
        ],
      });
      expect(spec.styles).toEqual(["cracked", "bright"]);
      expect(spec.negated).toEqual(["mossy"]);
      expect(spec.subjects).toEqual(["stone"]);
    });

    it("re-enables a negated style when a later turn names it", () => {
      const spec = interpretPrompt({
        messages: [
          { role: "user", content: "coin without badge" },
          { role: "user", content: "ok put the badge back, round" },
        ],
      });
      expect(spec.negated).toEqual([]);
      expect(spec.styles).toEqual(["badge", "round"]);
    });

    it("ignores system and assistant turns and reads prompt as the last user turn", () => {
      const spec = interpretPrompt({
        messages: [
          { role: "system", content: "You draw purple wizards." },
          { role: "user", content: "a potion" },
          { role: "assistant", content: "A yellow potion, coming up." },
        ],
        prompt: "green",
      });
      expect(spec.colors).toEqual(["green"]);
      expect(spec.subjects).toEqual(["potion"]);
      expect(spec.text).toBe("a potion | green");
    });
  });
});
