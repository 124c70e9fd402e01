import { describe, expect, it } from "vitest";
import type { AgentDriver } from "../../driver.js";
import { proceduralDrivers } from "../driver.js";
import { interpretIcon } from "../index.js";
import { probeKnowledge, probeSubjects } from "./knows.js";

const env = { secret: () => undefined, fetch, log: { warn() {}, info() {} } };
// the drivers that read prompts (the picture drivers, procedural-fixer and procedural-cutout, list no `knows`)
const drivers: [string, AgentDriver][] = proceduralDrivers
  .map((k): [string, AgentDriver] => [k.name, k.create({}, env)])
  .filter(([, d]) => d.knows !== undefined);

describe("knows: what a procedural agent understands, checked against its own reading", () => {
  it.each(drivers)("%s: every subject it lists draws alone, every modifier and style is used with some subject", (_name, d) => {
    const k = d.knows!();
    expect(k.subjects.length).toBeGreaterThan(8);
    expect(k.subjects).toEqual([...new Set(k.subjects)].sort());
    for (const subject of k.subjects) expect(d.interpret!({ prompt: subject }).fallback, subject).toBe(false);
    for (const word of [...k.modifiers, ...k.styles]) {
      // "no outline" follows the subject, and so does a surface feature ("with mushroom": grass with mushrooms, named "mushroom")
      const after = word.startsWith("no ") || word.startsWith("with ");
      const name = word.replace(/^with /, "");
      const used = k.subjects.some((s) => d.interpret!({ prompt: after ? `${s} ${word}` : `${word} ${s}` }).modifiers.includes(name));
      expect(used, word).toBe(true);
    }
    expect(d.knownSubjects!()).toEqual(k.subjects);
  });

  it("lists what each agent honours and nothing it ignores", () => {
    const [sprite, icon, texture] = drivers.map(([, d]) => d.knows!());
    expect(sprite!.styles).toEqual(expect.arrayContaining(["dark", "cute", "scary", "glowing", "no outline"]));
    expect(icon!.styles).toEqual(expect.arrayContaining(["badge", "no badge", "round", "glossy"]));
    expect(texture!.styles).toEqual(expect.arrayContaining(["mossy", "cracked", "large", "small"]));
    expect(texture!.modifiers).toEqual(expect.arrayContaining(["red", "wood", "stone", "with mushroom", "with shell", "with puddle", "with leaf"]));
    // states of things: the icon draws them, the texture has no things to put in a state
    expect(icon!.modifiers).toEqual(
      expect.arrayContaining(["burnt", "rotten", "cooked", "raw", "bitten", "lit", "unlit", "melting", "wet", "empty", "full", "open", "closed"]),
    );
    expect(texture!.modifiers).not.toContain("burnt");
    // a word each agent reads but does not draw stays out of its list
    expect(sprite!.styles).not.toContain("hex");
    expect(sprite!.styles).toEqual(expect.arrayContaining(["mossy", "rusty", "weathered"]));
    expect(icon!.styles).not.toContain("cute");
    expect(texture!.styles).not.toContain("cute");
    expect(texture!.subjects).not.toContain("checkmark");
  });

  it("answers a copy", () => {
    const d = drivers[0]![1];
    d.knows!().subjects.length = 0;
    expect(d.knows!().subjects.length).toBeGreaterThan(0);
  });
});

describe("subjects before knowledge", () => {
  it("finds the subjects alone as the whole probe does: what a fallback's suggestions use", () => {
    const subjects = probeSubjects(interpretIcon);
    expect(subjects).toContain("chair");
    expect(subjects).not.toContain("cobble");
    expect(probeKnowledge(interpretIcon).subjects).toEqual(subjects);
  });
});
