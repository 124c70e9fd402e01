import { describe, expect, it } from "vitest";
import { interpretPrompt } from "../prompt.js";
import { broaderSubjects, GENERIC_SUBJECTS, SUBJECT_WORDS, SUBJECTS, subjectWordClashes } from "./subjects.js";

describe("subject tables", () => {
  it("agree: no word names two subjects", () => {
    expect(subjectWordClashes()).toEqual([]);
  });

  it("link every 'is a' to a subject that exists, without loops", () => {
    for (const [name, entry] of SUBJECTS) {
      if (entry.isA !== undefined) expect(SUBJECTS.has(entry.isA), `${name} is a ${entry.isA}`).toBe(true);
      const chain = broaderSubjects(name);
      expect(new Set(chain).size, chain.join(" → ")).toBe(chain.length);
    }
  });

  it("map every canonical name to itself and mark the generic ones", () => {
    for (const name of SUBJECTS.keys()) expect(SUBJECT_WORDS.get(name)).toBe(name);
    expect(GENERIC_SUBJECTS.has("monster")).toBe(true);
    expect(GENERIC_SUBJECTS.has("knight")).toBe(false);
  });
});

describe("materials and effects", () => {
  it("modify the subject named with them", () => {
    const spec = interpretPrompt({ prompt: "fire mage" });
    expect(spec.subjects).toEqual(["wizard"]);
    expect(spec.effects).toEqual(["fire"]);
    expect(interpretPrompt({ prompt: "wooden shield" })).toMatchObject({ subjects: ["shield"], materials: ["wood"] });
    expect(interpretPrompt({ prompt: "poison dagger" })).toMatchObject({ subjects: ["dagger"], effects: ["poison"] });
    expect(interpretPrompt({ prompt: "stone brick" })).toMatchObject({ subjects: ["brick"], materials: ["stone"] });
  });

  it("are the subject when nothing else is named", () => {
    expect(interpretPrompt({ prompt: "fire" })).toMatchObject({ subjects: ["flame"], effects: [] });
    expect(interpretPrompt({ prompt: "stone" })).toMatchObject({ subjects: ["stone"], materials: [] });
    // a material that is no subject stays a material
    expect(interpretPrompt({ prompt: "golden" })).toMatchObject({ subjects: [], materials: ["gold"], colors: ["gold"] });
  });

  it("follow a conversation like colours: a later turn replaces them", () => {
    const spec = interpretPrompt({
      messages: [
        { role: "user", content: "a wooden shield" },
        { role: "user", content: "make it iron" },
      ],
    });
    expect(spec).toMatchObject({ subjects: ["shield"], materials: ["iron"] });
  });
});
